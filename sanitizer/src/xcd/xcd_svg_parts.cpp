//===--- xcd_svg_parts.cpp - units, escaping and axes of the XCD pictures --===//
///
/// \file
/// xcd_svg_parts.h: bytesText() (also the text tables' unit), esc(), and the
/// byte axes of the bar charts. docs/wavesan-xcd.md ("Reading the picture").
///
//===----------------------------------------------------------------------===//
#include "xcd_svg_parts.h"

#include <fmt/format.h>

#include <cmath>

namespace wavesan::xcd::detail {

std::string bytesText(double B) {
  if (B < 1024.0)
    return fmt::format("{:.0f} B", B);
  if (B < 1024.0 * 1024)
    return fmt::format("{:.1f} KiB", B / 1024);
  if (B < 1024.0 * 1024 * 1024)
    return fmt::format("{:.2f} MiB", B / (1024.0 * 1024));
  return fmt::format("{:.2f} GiB", B / (1024.0 * 1024 * 1024));
}

std::string ratioText(double Base, double V) {
  if (V <= 0 || Base <= 0)
    return "-";
  const double R = Base / V;
  if (R >= 0.995 && R < 1.005)
    return "1.00x";
  return R > 1 ? fmt::format("{:.2f}x less", R) : fmt::format("{:.2f}x more", 1 / R);
}

std::string esc(const std::string &S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    case '\'': Out += "&apos;"; break;
    default: Out += C;
    }
  }
  return Out;
}

std::string ByteAxis::label(double Units) const {
  return fmt::format("{:g} {}", Units, Unit);
}

ByteAxis byteAxis(double MaxBytes) {
  ByteAxis A;
  // The unit bytesText() picks for the largest value.
  if (MaxBytes >= 1024.0 * 1024 * 1024)
    A.UnitBytes = 1024.0 * 1024 * 1024, A.Unit = "GiB";
  else if (MaxBytes >= 1024.0 * 1024)
    A.UnitBytes = 1024.0 * 1024, A.Unit = "MiB";
  else if (MaxBytes >= 1024.0)
    A.UnitBytes = 1024.0, A.Unit = "KiB";
  const double Max = MaxBytes / A.UnitBytes;
  if (!(Max > 0)) // nothing fetched: an axis 0 .. 1 unit
    return A;
  // At most six intervals of 1, 2 or 5 x 10^e units (Max / 6 <= Step).
  const double Raw = Max / 6;
  const double Mag = std::pow(10.0, std::floor(std::log10(Raw)));
  const double Norm = Raw / Mag;
  A.Step = (Norm <= 1 ? 1 : Norm <= 2 ? 2 : Norm <= 5 ? 5 : 10) * Mag;
  A.End = std::ceil(Max / A.Step - 1e-9) * A.Step;
  return A;
}

namespace {
int steps(const ByteAxis &A) { return static_cast<int>(std::lround(A.End / A.Step)); }
} // namespace

std::string verticalAxisSvg(const ByteAxis &A, double X, double Top, double Height,
                            const std::string &Id) {
  std::string O = fmt::format("<g id=\"{}\" class=\"axis\" stroke-width=\"1\">\n", esc(Id));
  O += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
                   "stroke=\"black\"/>\n",
                   X, Top, X, Top + Height);
  for (int I = 0, N = steps(A); I <= N; ++I) {
    const double Y = Top + Height - Height * I / N;
    O += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
                     "stroke=\"black\"/>\n",
                     X - 5, Y, X, Y);
    O += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{}"
                     "</text>\n",
                     X - 8, Y + 4, esc(A.label(A.Step * I)));
  }
  return O + "</g>\n";
}

std::string horizontalAxisSvg(const ByteAxis &A, double Left, double Y, double Width,
                              const std::string &Id) {
  std::string O = fmt::format("<g id=\"{}\" class=\"axis\" stroke-width=\"1\">\n", esc(Id));
  O += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
                   "stroke=\"black\"/>\n",
                   Left, Y, Left + Width, Y);
  for (int I = 0, N = steps(A); I <= N; ++I) {
    const double X = Left + Width * I / N;
    O += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
                     "stroke=\"black\"/>\n",
                     X, Y, X, Y + 5);
    O += fmt::format("<text class=\"tick\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}"
                     "</text>\n",
                     X, Y + 18, esc(A.label(A.Step * I)));
  }
  return O + "</g>\n";
}

std::string svgOpen(int Width, int Height, int Margin, const std::string &Title) {
  std::string O = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  O += fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}\" "
                   "height=\"{}\" viewBox=\"0 0 {} {}\" font-family=\"sans-serif\" "
                   "font-size=\"12\">\n",
                   Width, Height, Width, Height);
  O += fmt::format("<title>{}</title>\n", esc(Title));
  O += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  O += fmt::format("<text id=\"title\" x=\"{}\" y=\"30\" font-size=\"15\" "
                   "font-weight=\"bold\">{}</text>\n",
                   Margin, esc(Title));
  return O;
}

} // namespace wavesan::xcd::detail
