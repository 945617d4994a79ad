//===--- xcd_svg_example.cpp - the worked example as an SVG picture --------===//
///
/// \file
/// wavesan/xcd.h renderSeedExampleSvg(): for each row of seedExample() the 8x8
/// tile grid with the eight counted tiles coloured by XCD (each cell also names
/// its XCD), the slices they read, and a bar chart of the bytes into L2 per K
/// step with a KiB axis, the unit of the text table. docs/wavesan-xcd.md.
///
//===----------------------------------------------------------------------===//
#include "wavesan/xcd.h"

#include "xcd_svg_parts.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace wavesan::xcd {

using detail::esc;
using detail::svgOpen;

std::string renderSeedExampleSvg(const std::vector<SeedExampleRow> &Rows) {
  constexpr int Grid = 8; // the example's 8x8 tile grid (M = N = 2048, 256x256 tiles)
  constexpr int Width = 1000, Margin = 20, CellPx = 24, Panel = Grid * CellPx, PanelGap = 48;
  constexpr int PanelTop = 110, LegendTop = PanelTop + Panel + 60, BarsTop = LegendTop + 70;
  constexpr int RowH = 28, LabelW = 190, BarsW = 560;
  if (Rows.size() > 4)
    throw std::invalid_argument("renderSeedExampleSvg: " + std::to_string(Rows.size()) +
                                " rows; expected at most 4");
  const int AxisY = BarsTop + int(Rows.size()) * RowH + 4;
  const int Height = AxisY + 50;

  const std::string Title = "wavesan xcd: L2 traffic of one K step for eight neighbouring "
                            "tiles (worked example)";
  std::string O = svgOpen(Width, Height, Margin, Title);
  O += fmt::format(
      "<text x=\"{}\" y=\"50\">BF16, 256x256 output tiles, K step 64: each A slice (256x64) "
      "and B slice (64x256) is 32 KiB. An 8x8-tile grid (M = N = 2048), 8 XCDs "
      "(workgroup i on XCD i % 8).</text>\n",
      Margin);
  O += fmt::format("<text x=\"{}\" y=\"66\">Coloured: the eight tiles counted, by the XCD "
                   "that computes them (the number in the cell); grey: the rest of the grid."
                   "</text>\n<text x=\"{}\" y=\"82\">Each XCD fetches, once, the A slice of "
                   "every tile row and the B slice of every tile column its tiles touch."
                   "</text>\n",
                   Margin, Margin);

  for (size_t I = 0; I < Rows.size(); ++I) {
    const SeedExampleRow &R = Rows[I];
    const int X0 = Margin + int(I) * (Panel + PanelGap);
    std::vector<int> XcdOf(Grid * Grid, -1);
    for (auto [Tile, Xcd] : R.Placement)
      if (Tile < XcdOf.size())
        XcdOf[Tile] = int(Xcd);
    O += fmt::format("<g id=\"example-{}\" class=\"example\">\n<title>{}</title>\n", I,
                     esc(R.Order + ": " + R.Tiles + " tiles"));
    O += fmt::format("<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>\n", X0,
                     PanelTop - 8, esc(R.Order));
    for (int T = 0; T < Grid * Grid; ++T) {
      const int CX = X0 + (T % Grid) * CellPx, CY = PanelTop + (T / Grid) * CellPx;
      O += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
                       "stroke=\"white\"/>\n",
                       CX, CY, CellPx, CellPx,
                       XcdOf[T] < 0 ? detail::NoXcdColour : detail::XcdColours[XcdOf[T] % 8]);
      if (XcdOf[T] >= 0)
        O += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\">{}"
                         "</text>\n",
                         CX + CellPx / 2, CY + CellPx / 2 + 4, XcdOf[T]);
    }
    O += fmt::format("<text x=\"{}\" y=\"{}\">{} tiles on {} XCD{}</text>\n", X0,
                     PanelTop + Panel + 18, esc(R.Tiles), R.Traffic.XcdsUsed,
                     R.Traffic.XcdsUsed == 1 ? "" : "s");
    O += fmt::format("<text x=\"{}\" y=\"{}\">{} A + {} B slices: {} KiB</text>\n", X0,
                     PanelTop + Panel + 34, R.Traffic.ASlices, R.Traffic.BSlices,
                     R.Traffic.Bytes / 1024);
    O += "</g>\n";
  }

  O += "<g id=\"legend\">\n<title>XCD colours</title>\n";
  for (int X = 0; X < 8; ++X) {
    const int LX = Margin + X * 110;
    O += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{}\"/>\n", LX,
                     LegendTop, detail::XcdColours[X]);
    O += fmt::format("<text x=\"{}\" y=\"{}\">XCD {}</text>\n", LX + 20, LegendTop + 12, X);
  }
  O += "</g>\n";

  uint64_t Max = 1;
  for (const SeedExampleRow &R : Rows)
    Max = std::max(Max, R.Traffic.Bytes);
  const detail::ByteAxis Axis = detail::byteAxis(double(Max));
  const double Base = Rows.empty() ? 0.0 : double(Rows.front().Traffic.Bytes);
  const int BarsLeft = Margin + LabelW;
  O += "<g id=\"bars\">\n<title>bytes into L2 per K step</title>\n";
  O += fmt::format("<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Into L2 per K step "
                   "(all XCDs)</text>\n",
                   Margin, BarsTop - 12);
  for (size_t I = 0; I < Rows.size(); ++I) {
    const SeedExampleRow &R = Rows[I];
    const double W = BarsW * Axis.fraction(double(R.Traffic.Bytes));
    const int Y = BarsTop + int(I) * RowH;
    const std::string Value = fmt::format("{} KiB, {} vs row-major", R.Traffic.Bytes / 1024,
                                          detail::ratioText(Base, double(R.Traffic.Bytes)));
    O += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", Margin, Y + 14, esc(R.Order));
    O += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.2f}\" height=\"20\" fill=\"#7f7f7f\">"
                     "<title>{}</title></rect>\n",
                     BarsLeft, Y, W, esc(R.Order + ": " + Value));
    O += fmt::format("<text class=\"value\" x=\"{:.2f}\" y=\"{}\">{}</text>\n",
                     BarsLeft + W + 6, Y + 14, esc(Value));
  }
  O += "</g>\n";
  O += detail::horizontalAxisSvg(Axis, BarsLeft, AxisY, BarsW, "bars-axis");
  O += "</svg>\n";
  return O;
}

} // namespace wavesan::xcd
