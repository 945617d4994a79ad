//===--- xcd_svg_parts.h - pieces shared by the XCD model's text and SVG ---===//
///
/// \file
/// Internal to wavesan-xcd: the byte units of the text tables (bytesText), XML
/// escaping, the XCD colours, and the value axis of the SVG bar charts, so that
/// a picture states its values in the unit the text output uses for them.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace wavesan::xcd::detail {

/// Bytes as the text tables print them: "512 B", "288.0 KiB", "2.25 MiB", "32.47 GiB"
/// (binary units; the unit is the largest one the value reaches).
std::string bytesText(double Bytes);

/// \p V against \p Base as the tables print it: "1.00x" (within 0.5 %), "1.78x less"
/// (V = Base / 1.78), "2.04x more"; "-" when either is not positive.
std::string ratioText(double Base, double V);

/// \p S with the five XML special characters escaped.
std::string esc(const std::string &S);

/// The start of an SVG picture of \p Width x \p Height pixels: the XML
/// declaration, the <svg> element, \p Title as its <title> and as a bold heading at
/// (\p Margin, 30), and a white background. The caller closes it with "</svg>".
std::string svgOpen(int Width, int Height, int Margin, const std::string &Title);

/// Tableau 10's first eight colours: XCD x is drawn in XcdColours[x % 8].
inline constexpr std::array<const char *, 8> XcdColours = {
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7"};
/// A tile no workgroup computes (or, in the worked example, a tile not counted).
inline constexpr const char *NoXcdColour = "#dddddd";

/// A value axis for bytes: the unit bytesText would print the largest value in,
/// ticks at 0, Step, 2 Step, ... up to End (all in that unit), Step a 1, 2 or 5
/// times a power of ten giving at most six intervals.
struct ByteAxis {
  double UnitBytes = 1;    ///< bytes per unit: 1, 1024, 1024^2 or 1024^3
  std::string Unit = "B";  ///< "B", "KiB", "MiB", "GiB"
  double Step = 1, End = 1; ///< in units; End > 0 is a whole number of steps
  /// Fraction of the axis length \p Bytes covers (0 .. 1).
  double fraction(double Bytes) const { return Bytes / (End * UnitBytes); }
  /// Tick labels "0 KiB", "100 KiB", "1.5 GiB".
  std::string label(double Units) const;
};
ByteAxis byteAxis(double MaxBytes);

/// An SVG group id=\p Id drawing \p A vertically: a line from (\p X, \p Top) down to
/// (\p X, \p Top + \p Height), ticks with labels to its left (0 at the bottom).
std::string verticalAxisSvg(const ByteAxis &A, double X, double Top, double Height,
                            const std::string &Id);
/// The same horizontally: from (\p Left, \p Y) to (\p Left + \p Width, \p Y), labels below.
std::string horizontalAxisSvg(const ByteAxis &A, double Left, double Y, double Width,
                              const std::string &Id);

} // namespace wavesan::xcd::detail
