//===--- xcd_svg.cpp - the SVG picture of the XCD model ---------------------===//
///
/// \file
/// wavesan/xcd.h renderSvg(): hand-written SVG 1.1 text (fmt), one heatmap of
/// tile -> XCD per order, an 8-colour legend, a bar chart of bytes fetched
/// into each XCD's L2 per order and one of the totals, each on a byte axis with
/// labelled ticks in the unit the text table prints (KiB, MiB, GiB). Every text
/// is XML-escaped. docs/wavesan-xcd.md ("Reading the picture").
///
//===----------------------------------------------------------------------===//
#include "wavesan/xcd.h"

#include "xcd_svg_parts.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <vector>

namespace wavesan::xcd {

namespace {

using detail::bytesText;
using detail::esc;
using detail::svgOpen;
using detail::NoXcdColour;
using detail::XcdColours;

/// Colours of the orders in the bar charts (ColorBrewer Dark2).
constexpr std::array<const char *, 4> OrderColours = {"#1b9e77", "#d95f02", "#7570b3",
                                                      "#e7298a"};

constexpr int Width = 1000, Margin = 20, Panel = 220, Gap = 20;
/// The per-XCD bars start right of their axis labels; the totals' bars after the names.
constexpr int BarsLeft = Margin + 70, TotalsLeft = Margin + 200, TotalsWidth = 560;
/// Heatmap cells per side at most: a larger tile grid is drawn in blocks of F x F tiles.
constexpr uint64_t MaxCells = 64;
/// The enlarged corner of an aggregated heatmap: up to ZoomTiles x ZoomTiles tiles.
constexpr uint64_t ZoomTiles = 16;
constexpr int ZoomCell = 8;
constexpr uint32_t NoXcd = 0xffffffffu;

const char *colourOf(uint32_t Xcd) { return Xcd == NoXcd ? NoXcdColour : XcdColours[Xcd % 8]; }

/// The heatmap cells of tile rows 0 .. \p Rows - 1 x tile columns 0 .. \p Cols - 1 of \p R's
/// tile -> XCD map (\p TN tile columns in all) in blocks of \p FM x \p FN tiles, cell (row,
/// column) at (\p X0 + column x \p Cell, \p Y0 + row x \p Cell), row by row. A cell takes
/// the colour of the XCD that computes most of its tiles (the lowest such XCD on a tie; a
/// tile no workgroup computes counts as grey) with fill-opacity = that XCD's share of the
/// tiles when below 1.
std::string heatmapCells(const OrderResult &R, uint64_t Rows, uint64_t Cols, uint64_t TN,
                         uint64_t FM, uint64_t FN, int X0, int Y0, int Cell) {
  std::string O;
  std::vector<uint32_t> Block;
  const auto xcdOf = [&](uint64_t Tile) {
    return Tile < R.XcdOfTile.size() ? R.XcdOfTile[Tile] : NoXcd;
  };
  for (uint64_t Row = 0; Row * FM < Rows; ++Row)
    for (uint64_t Col = 0; Col * FN < Cols; ++Col) {
      Block.clear();
      for (uint64_t TR = Row * FM; TR < std::min(Rows, (Row + 1) * FM); ++TR)
        for (uint64_t TC = Col * FN; TC < std::min(Cols, (Col + 1) * FN); ++TC)
          Block.push_back(xcdOf(TR * TN + TC));
      std::sort(Block.begin(), Block.end());
      uint32_t Best = Block.front();
      size_t BestCount = 0;
      for (size_t I = 0; I < Block.size();) {
        size_t J = I;
        while (J < Block.size() && Block[J] == Block[I])
          ++J;
        if (J - I > BestCount)
          Best = Block[I], BestCount = J - I;
        I = J;
      }
      const std::string Opacity =
          BestCount < Block.size()
              ? fmt::format(" fill-opacity=\"{:.2f}\"", double(BestCount) / double(Block.size()))
              : std::string();
      O += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"{}/>\n",
                       X0 + int(Col) * Cell, Y0 + int(Row) * Cell, Cell, Cell, colourOf(Best),
                       Opacity);
    }
  return O;
}

/// "tile rows 0-15", or "tile row 0" for one.
std::string rangeText(const char *What, uint64_t Count) {
  return Count == 1 ? fmt::format("{} 0", What) : fmt::format("{}s 0-{}", What, Count - 1);
}

} // namespace

std::string renderSvg(const GemmShape &S, const XcdConfig &C,
                      const std::vector<OrderResult> &Results) {
  S.validate();
  C.validate();
  const uint64_t TM = S.tilesM(), TN = S.tilesN();
  // FM x FN tiles per cell, at most MaxCells cells per side; whole pixels per cell keep
  // the file small (at most 4 x 64 x 64 cells of about 80 bytes).
  const uint64_t FM = (TM + MaxCells - 1) / MaxCells, FN = (TN + MaxCells - 1) / MaxCells;
  const uint64_t CellsM = (TM + FM - 1) / FM, CellsN = (TN + FN - 1) / FN;
  const bool Aggregated = FM > 1 || FN > 1;
  const int Cell = std::max(1, int(Panel / std::max(CellsM, CellsN)));
  const int HeatH = int(CellsM) * Cell; // a grid of few tile rows takes less height
  const uint64_t ZoomM = std::min(TM, ZoomTiles), ZoomN = std::min(TN, ZoomTiles);
  const size_t NumOrders = std::min<size_t>(Results.size(), OrderColours.size());

  // An aggregated grid gets a caption and the enlarged corner under the heatmaps.
  const int HeatTop = 80, CaptionY = HeatTop + HeatH + 16, ZoomTop = HeatTop + HeatH + 64;
  const int LegendTop = Aggregated ? ZoomTop + int(ZoomM) * ZoomCell + 20 : HeatTop + HeatH + 20;
  const int BarsTop = LegendTop + 80, BarsHeight = 200;
  const int TotalsTop = BarsTop + BarsHeight + 70;
  const int TotalsAxisY = TotalsTop + int(NumOrders) * 24 + 2;
  const int Height = TotalsAxisY + 50;

  const std::string Title = fmt::format(
      "wavesan xcd: GEMM {}x{}x{}, {}x{} tiles, K step {}, {}-byte elements; {} XCDs, {} L2 each",
      S.M, S.N, S.K, S.TileM, S.TileN, S.KStep, S.ElemBytes, C.NumXcds,
      bytesText(double(C.L2Bytes)));
  std::string O = svgOpen(Width, Height, Margin, Title);
  O += fmt::format("<text x=\"{}\" y=\"50\">Tile -&gt; XCD (row-major tile grid, tile row 0 "
                   "at the top)</text>\n",
                   Margin);

  // Heatmaps: one panel per order.
  for (size_t I = 0; I < NumOrders; ++I) {
    const OrderResult &R = Results[I];
    const int X0 = Margin + int(I) * (Panel + Gap);
    O += fmt::format("<g id=\"heatmap-{}\" class=\"heatmap\">\n<title>{}</title>\n", I,
                     esc("tile -> XCD: " + R.Name));
    O += fmt::format("<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>\n", X0, HeatTop - 8,
                     esc(R.Name));
    O += heatmapCells(R, TM, TN, TN, FM, FN, X0, HeatTop, Cell);
    O += "</g>\n";
  }
  if (Aggregated) {
    const std::string Corner =
        rangeText("tile row", ZoomM) + " x " + rangeText("tile column", ZoomN);
    O += fmt::format(
        "<g id=\"heatmap-caption\">\n<text x=\"{}\" y=\"{}\">{} x {} tiles: each cell aggregates "
        "{} x {} tiles ({} tile row{} x {} tile column{}; fewer at the edges),</text>\n"
        "<text x=\"{}\" y=\"{}\">coloured by the XCD that computes most of them, with "
        "opacity = the share of them it computes (a cell split over XCDs is paler).</text>\n"
        "<text x=\"{}\" y=\"{}\">Enlarged below: {}, one cell per tile.</text>\n</g>\n",
        Margin, CaptionY, TM, TN, FM, FN, FM, FM == 1 ? "" : "s", FN, FN == 1 ? "" : "s", Margin,
        CaptionY + 16, Margin, CaptionY + 32, Corner);
    for (size_t I = 0; I < NumOrders; ++I) {
      O += fmt::format("<g id=\"zoom-{}\" class=\"zoom\">\n<title>{}</title>\n", I,
                       esc("tile -> XCD: " + Results[I].Name + ", " + Corner));
      // The zoom is the corner of the grid, one tile per cell: heatmapCells with F = 1.
      O += heatmapCells(Results[I], ZoomM, ZoomN, TN, 1, 1, Margin + int(I) * (Panel + Gap),
                        ZoomTop, ZoomCell);
      O += "</g>\n";
    }
  }

  // Legend: one swatch per XCD colour.
  const unsigned Swatches = std::min(C.NumXcds, 8u);
  O += "<g id=\"legend\">\n<title>XCD colours</title>\n";
  for (unsigned X = 0; X < Swatches; ++X) {
    const int LX = Margin + int(X) * 110;
    O += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{}\"/>\n", LX,
                     LegendTop, XcdColours[X]);
    O += fmt::format("<text x=\"{}\" y=\"{}\">XCD {}{}</text>\n", LX + 20, LegendTop + 12, X,
                     C.NumXcds > 8 ? " (mod 8)" : "");
  }
  O += "</g>\n";

  // Bars: bytes fetched per XCD, one bar per order in each XCD's group, on an axis in
  // the unit the text table uses for the largest of them.
  uint64_t MaxXcd = 0, MaxTotal = 0;
  for (size_t I = 0; I < NumOrders; ++I) {
    MaxTotal = std::max(MaxTotal, Results[I].Total.BytesFetched);
    for (const L2Stats &St : Results[I].PerXcd)
      MaxXcd = std::max(MaxXcd, St.BytesFetched);
  }
  const detail::ByteAxis XcdAxis = detail::byteAxis(double(MaxXcd));
  O += "<g id=\"bars-per-xcd\">\n<title>bytes fetched into L2 per XCD</title>\n";
  O += fmt::format("<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Bytes fetched into each "
                   "XCD's L2 ({})</text>\n",
                   Margin, BarsTop - 40, XcdAxis.Unit);
  for (size_t I = 0; I < NumOrders; ++I)
    O += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"{}\">&#9632; {}</text>\n",
                     Margin + int(I) * 240, BarsTop - 20, OrderColours[I], esc(Results[I].Name));
  const double GroupW = double(Width - BarsLeft - Margin) / std::max(1u, C.NumXcds);
  const double BarW = GroupW * 0.8 / std::max<size_t>(1, NumOrders);
  for (unsigned X = 0; X < C.NumXcds; ++X) {
    const double GX = BarsLeft + X * GroupW;
    for (size_t I = 0; I < NumOrders; ++I) {
      const L2Stats &St = Results[I].PerXcd[X];
      const double H = BarsHeight * XcdAxis.fraction(double(St.BytesFetched));
      O += fmt::format("<rect x=\"{:.2f}\" y=\"{:.2f}\" width=\"{:.2f}\" height=\"{:.2f}\" "
                       "fill=\"{}\"><title>{}</title></rect>\n",
                       GX + I * BarW, BarsTop + BarsHeight - H, BarW, H, OrderColours[I],
                       esc(fmt::format("{}, XCD {}: {} fetched, hit rate {:.1f}%",
                                       Results[I].Name, X, bytesText(double(St.BytesFetched)),
                                       100.0 * St.hitRate())));
    }
    if (C.NumXcds <= 32)
      O += fmt::format("<text x=\"{:.2f}\" y=\"{}\">XCD {}</text>\n", GX, BarsTop + BarsHeight + 15,
                       X);
  }
  O += "</g>\n";
  O += detail::verticalAxisSvg(XcdAxis, BarsLeft - 4, BarsTop, BarsHeight, "bars-per-xcd-axis");

  // Totals: one horizontal bar per order, on an axis below them.
  const detail::ByteAxis TotalAxis = detail::byteAxis(double(MaxTotal));
  O += "<g id=\"bars-total\">\n<title>bytes fetched into all L2s</title>\n";
  O += fmt::format("<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Total bytes fetched into "
                   "L2, all XCDs ({})</text>\n",
                   Margin, TotalsTop - 12, TotalAxis.Unit);
  for (size_t I = 0; I < NumOrders; ++I) {
    const OrderResult &R = Results[I];
    const double W = TotalsWidth * TotalAxis.fraction(double(R.Total.BytesFetched));
    const int Y = TotalsTop + int(I) * 24;
    const std::string Value = bytesText(double(R.Total.BytesFetched));
    const std::string Label =
        fmt::format("{}: {}, hit rate {:.1f}%", R.Name, Value, 100.0 * R.Total.hitRate());
    O += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.2f}\" height=\"18\" fill=\"{}\">"
                     "<title>{}</title></rect>\n",
                     TotalsLeft, Y, W, OrderColours[I], esc(Label));
    O += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", Margin, Y + 13, esc(R.Name));
    O += fmt::format("<text class=\"value\" x=\"{:.2f}\" y=\"{}\">{}</text>\n",
                     TotalsLeft + 5 + W, Y + 13, esc(Value));
  }
  O += "</g>\n";
  O += detail::horizontalAxisSvg(TotalAxis, TotalsLeft, TotalsAxisY, TotalsWidth,
                                 "bars-total-axis");
  O += "</svg>\n";
  return O;
}

} // namespace wavesan::xcd
