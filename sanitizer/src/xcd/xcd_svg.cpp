//===--- xcd_svg.cpp - the SVG picture of the XCD model ---------------------===//
///
/// \file
/// wavesan/xcd.h renderSvg(): hand-written SVG 1.1 text (fmt), one heatmap of
/// tile -> XCD per order, an 8-colour legend, a bar chart of bytes fetched
/// into each XCD's L2 per order and one of the totals. Every text is
/// XML-escaped. docs/wavesan-xcd.md ("Reading the picture").
///
//===----------------------------------------------------------------------===//
#include "wavesan/xcd.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace wavesan::xcd {

namespace {

/// Tableau 10's first eight colours: one per XCD (XCD x uses XcdColours[x % 8]).
constexpr std::array<const char *, 8> XcdColours = {
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7"};
/// Colours of the orders in the bar charts (ColorBrewer Dark2).
constexpr std::array<const char *, 4> OrderColours = {"#1b9e77", "#d95f02", "#7570b3",
                                                      "#e7298a"};
constexpr const char *NoXcdColour = "#dddddd";

constexpr int Width = 1000, Margin = 20, Panel = 220, Gap = 20;
constexpr int MaxDrawn = 128; // tiles per side drawn before sampling

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

std::string mib(uint64_t B) { return fmt::format("{:.2f} MiB", double(B) / (1024.0 * 1024)); }

} // namespace

std::string renderSvg(const GemmShape &S, const XcdConfig &C,
                      const std::vector<OrderResult> &Results) {
  S.validate();
  C.validate();
  const uint64_t TM = S.tilesM(), TN = S.tilesN();
  const uint64_t Step = (std::max(TM, TN) + MaxDrawn - 1) / MaxDrawn;
  const uint64_t DrawnM = (TM + Step - 1) / Step, DrawnN = (TN + Step - 1) / Step;
  const double Cell = double(Panel) / double(std::max(DrawnM, DrawnN));
  const size_t NumOrders = std::min<size_t>(Results.size(), OrderColours.size());

  const int HeatTop = 80, LegendTop = HeatTop + Panel + 20;
  const int BarsTop = LegendTop + 70, BarsHeight = 200;
  const int TotalsTop = BarsTop + BarsHeight + 70;
  const int TotalsHeight = int(NumOrders) * 24;
  const int Height = TotalsTop + TotalsHeight + 40;

  std::string O;
  O += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  O += fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}\" "
                   "height=\"{}\" viewBox=\"0 0 {} {}\" font-family=\"sans-serif\" "
                   "font-size=\"12\">\n",
                   Width, Height, Width, Height);
  const std::string Title = fmt::format(
      "wavesan xcd: GEMM {}x{}x{}, {}x{} tiles, K step {}, {}-byte elements; {} XCDs, {} L2 each",
      S.M, S.N, S.K, S.TileM, S.TileN, S.KStep, S.ElemBytes, C.NumXcds, mib(C.L2Bytes));
  O += fmt::format("<title>{}</title>\n", esc(Title));
  O += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  O += fmt::format("<text id=\"title\" x=\"{}\" y=\"30\" font-size=\"15\" "
                   "font-weight=\"bold\">{}</text>\n",
                   Margin, esc(Title));
  O += fmt::format("<text x=\"{}\" y=\"50\">Tile -&gt; XCD (row-major tile grid, tile row 0 "
                   "at the top{})</text>\n",
                   Margin,
                   Step > 1 ? fmt::format("; 1 in {} tile rows and columns drawn", Step) : "");

  // Heatmaps: one panel per order.
  for (size_t I = 0; I < NumOrders; ++I) {
    const OrderResult &R = Results[I];
    const int X0 = Margin + int(I) * (Panel + Gap);
    O += fmt::format("<g id=\"heatmap-{}\" class=\"heatmap\">\n<title>{}</title>\n", I,
                     esc("tile -> XCD: " + R.Name));
    O += fmt::format("<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>\n", X0, HeatTop - 8,
                     esc(R.Name));
    for (uint64_t DR = 0; DR < DrawnM; ++DR)
      for (uint64_t DC = 0; DC < DrawnN; ++DC) {
        const uint64_t Tile = DR * Step * TN + DC * Step;
        const uint32_t X = Tile < R.XcdOfTile.size() ? R.XcdOfTile[Tile] : 0xffffffffu;
        O += fmt::format("<rect x=\"{:.2f}\" y=\"{:.2f}\" width=\"{:.2f}\" height=\"{:.2f}\" "
                         "fill=\"{}\"/>\n",
                         X0 + DC * Cell, HeatTop + DR * Cell, Cell, Cell,
                         X == 0xffffffffu ? NoXcdColour : XcdColours[X % 8]);
      }
    O += "</g>\n";
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

  // Bars: bytes fetched per XCD, one bar per order in each XCD's group.
  uint64_t MaxXcd = 1, MaxTotal = 1;
  for (size_t I = 0; I < NumOrders; ++I) {
    MaxTotal = std::max(MaxTotal, Results[I].Total.BytesFetched);
    for (const L2Stats &St : Results[I].PerXcd)
      MaxXcd = std::max(MaxXcd, St.BytesFetched);
  }
  O += "<g id=\"bars-per-xcd\">\n<title>bytes fetched into L2 per XCD</title>\n";
  O += fmt::format("<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Bytes fetched into each "
                   "XCD's L2 (tallest bar {})</text>\n",
                   Margin, BarsTop - 30, mib(MaxXcd));
  for (size_t I = 0; I < NumOrders; ++I)
    O += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"{}\">&#9632; {}</text>\n",
                     Margin + int(I) * 240, BarsTop - 12, OrderColours[I], esc(Results[I].Name));
  const double GroupW = double(Width - 2 * Margin) / std::max(1u, C.NumXcds);
  const double BarW = GroupW * 0.8 / std::max<size_t>(1, NumOrders);
  for (unsigned X = 0; X < C.NumXcds; ++X) {
    const double GX = Margin + X * GroupW;
    for (size_t I = 0; I < NumOrders; ++I) {
      const L2Stats &St = Results[I].PerXcd[X];
      const double H = BarsHeight * double(St.BytesFetched) / double(MaxXcd);
      O += fmt::format("<rect x=\"{:.2f}\" y=\"{:.2f}\" width=\"{:.2f}\" height=\"{:.2f}\" "
                       "fill=\"{}\"><title>{}</title></rect>\n",
                       GX + I * BarW, BarsTop + BarsHeight - H, BarW, H, OrderColours[I],
                       esc(fmt::format("{}, XCD {}: {} fetched, hit rate {:.1f}%",
                                       Results[I].Name, X, mib(St.BytesFetched),
                                       100.0 * St.hitRate())));
    }
    if (C.NumXcds <= 32)
      O += fmt::format("<text x=\"{:.2f}\" y=\"{}\">XCD {}</text>\n", GX, BarsTop + BarsHeight + 15,
                       X);
  }
  O += "</g>\n";

  // Totals: one horizontal bar per order.
  O += "<g id=\"bars-total\">\n<title>bytes fetched into all L2s</title>\n";
  O += fmt::format("<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Total bytes fetched into "
                   "L2 (all XCDs)</text>\n",
                   Margin, TotalsTop - 12);
  for (size_t I = 0; I < NumOrders; ++I) {
    const OrderResult &R = Results[I];
    const double W = 560.0 * double(R.Total.BytesFetched) / double(MaxTotal);
    const int Y = TotalsTop + int(I) * 24;
    const std::string Label = fmt::format("{}: {}, hit rate {:.1f}%", R.Name,
                                          mib(R.Total.BytesFetched), 100.0 * R.Total.hitRate());
    O += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.2f}\" height=\"18\" fill=\"{}\">"
                     "<title>{}</title></rect>\n",
                     Margin + 200, Y, W, OrderColours[I], esc(Label));
    O += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", Margin, Y + 13, esc(R.Name));
    O += fmt::format("<text x=\"{:.2f}\" y=\"{}\">{}</text>\n", Margin + 205 + W, Y + 13,
                     esc(mib(R.Total.BytesFetched)));
  }
  O += "</g>\n</svg>\n";
  return O;
}

} // namespace wavesan::xcd
