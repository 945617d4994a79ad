//===--- XcdSvgTest.cpp - the structure of wavesan xcd's SVG picture -------===//
//
// The picture is parsed as XML with libxml2 and its structure checked with XPath:
// element counts, ids, titles, the viewBox and a few cell colours worked out by hand.
//
//===----------------------------------------------------------------------===//
#include "wavesan/xcd.h"

#include <gtest/gtest.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include <memory>

using namespace wavesan::xcd;

namespace {

/// A parsed SVG with XPath queries in the SVG namespace (prefix "s").
class Svg {
public:
  explicit Svg(const std::string &Text)
      : Doc(xmlReadMemory(Text.data(), static_cast<int>(Text.size()), "picture.svg", nullptr,
                          XML_PARSE_NONET)) {
    if (Doc) {
      Ctx = xmlXPathNewContext(Doc);
      xmlXPathRegisterNs(Ctx, BAD_CAST "s", BAD_CAST "http://www.w3.org/2000/svg");
    }
  }
  ~Svg() {
    if (Ctx)
      xmlXPathFreeContext(Ctx);
    if (Doc)
      xmlFreeDoc(Doc);
  }
  bool parsed() const { return Doc != nullptr; }
  double number(const std::string &XPath) const {
    xmlXPathObjectPtr O = xmlXPathEvalExpression(BAD_CAST XPath.c_str(), Ctx);
    double V = O ? xmlXPathCastToNumber(O) : -1;
    xmlXPathFreeObject(O);
    return V;
  }
  std::string string(const std::string &XPath) const {
    xmlXPathObjectPtr O = xmlXPathEvalExpression(BAD_CAST XPath.c_str(), Ctx);
    xmlChar *S = O ? xmlXPathCastToString(O) : nullptr;
    std::string V = S ? reinterpret_cast<const char *>(S) : "<no result>";
    xmlFree(S);
    xmlXPathFreeObject(O);
    return V;
  }

private:
  xmlDocPtr Doc;
  xmlXPathContextPtr Ctx = nullptr;
};

GemmShape grid(uint64_t Tiles, uint64_t Tile) {
  GemmShape S;
  S.M = S.N = Tiles * Tile;
  S.K = 64;
  S.TileM = S.TileN = Tile;
  S.KStep = 64;
  S.ElemBytes = 2;
  return S;
}

} // namespace

// 4x4 tiles, 8 XCDs, four orders. Layout (xcd_svg.cpp): heatmaps at y 80 (220 px), legend
// at 320, per-XCD bars at 400 (200 px), totals at 400 + 200 + 70 = 670, 24 px per order,
// their axis 2 px below and 50 px for it: height 670 + 4 x 24 + 2 + 50 = 818.
TEST(XcdSvg, StructureOfFourOrders) {
  const GemmShape S = grid(4, 256);
  const XcdConfig C;
  const std::string Text = renderSvg(S, C, compareOrders(S, C, {}, "", 2));
  Svg P(Text);
  ASSERT_TRUE(P.parsed()) << Text.substr(0, 400);
  EXPECT_EQ(P.string("/s:svg/@viewBox"), "0 0 1000 818");
  EXPECT_EQ(P.string("/s:svg/@width"), "1000");
  EXPECT_EQ(P.number("count(/s:svg/s:g)"), 9); // 4 heatmaps, legend, two bar charts, two axes
  const char *Names[] = {"row-major", "remap", "GROUP_M=2", "remap + GROUP_M=2"};
  for (int I = 0; I < 4; ++I) {
    const std::string G = "//s:g[@id='heatmap-" + std::to_string(I) + "']";
    EXPECT_EQ(P.number("count(" + G + "/s:rect)"), 16) << G;
    EXPECT_EQ(P.string(G + "/s:title"), std::string("tile -> XCD: ") + Names[I]);
  }
  // Row-major: tile t on XCD t % 8; cells are drawn row by row, so rect i is tile i.
  // Tile 5 -> XCD 5 (#edc948), tile 9 -> XCD 1 (#f28e2b).
  EXPECT_EQ(P.string("//s:g[@id='heatmap-0']/s:rect[6]/@fill"), "#edc948");
  EXPECT_EQ(P.string("//s:g[@id='heatmap-0']/s:rect[10]/@fill"), "#f28e2b");
  // Remap, 16 workgroups, per_xcd = 2: workgroup p computes (p % 8) * 2 + p / 8, so tile t
  // is on XCD t / 2: tile 5 -> XCD 2 (#e15759), tile 15 -> XCD 7 (#ff9da7).
  EXPECT_EQ(P.string("//s:g[@id='heatmap-1']/s:rect[6]/@fill"), "#e15759");
  EXPECT_EQ(P.string("//s:g[@id='heatmap-1']/s:rect[16]/@fill"), "#ff9da7");

  EXPECT_EQ(P.number("count(//s:g[@id='legend']/s:rect)"), 8);
  EXPECT_EQ(P.string("//s:g[@id='legend']/s:text[1]"), "XCD 0");
  EXPECT_EQ(P.string("//s:g[@id='legend']/s:text[8]"), "XCD 7");
  // 8 XCDs x 4 orders bars, each with a tooltip; 4 total bars.
  EXPECT_EQ(P.number("count(//s:g[@id='bars-per-xcd']/s:rect)"), 32);
  EXPECT_EQ(P.number("count(//s:g[@id='bars-per-xcd']/s:rect/s:title)"), 32);
  EXPECT_EQ(P.number("count(//s:g[@id='bars-total']/s:rect)"), 4);
  EXPECT_EQ(P.string("//s:g[@id='bars-total']/s:text[2]"), "row-major");
  EXPECT_EQ(P.string("//s:text[@id='title']"),
            "wavesan xcd: GEMM 1024x1024x64, 256x256 tiles, K step 64, 2-byte elements; 8 XCDs, "
            "4.00 MiB L2 each");
}

// Text is escaped: a recorded order's name with XML specials survives a parse unchanged.
// Two orders (GROUP_M 0): height 670 + 2 x 24 + 2 + 50 = 770.
TEST(XcdSvg, EscapesNames) {
  const GemmShape S = grid(4, 256);
  const XcdConfig C;
  const std::string Name = "a<b & \"c\" 'd'>";
  const std::string Text = renderSvg(S, C, compareOrders(S, C, rowMajorOrder(S), Name, 0));
  Svg P(Text);
  ASSERT_TRUE(P.parsed()) << Text.substr(0, 400);
  EXPECT_EQ(P.string("/s:svg/@viewBox"), "0 0 1000 770");
  EXPECT_EQ(P.string("//s:g[@id='heatmap-0']/s:title"), "tile -> XCD: " + Name);
  EXPECT_EQ(P.string("//s:g[@id='heatmap-1']/s:title"), "tile -> XCD: " + Name + " + remap");
  EXPECT_EQ(P.number("count(//s:g[starts-with(@id, 'heatmap-')])"), 2);
}

// 300 x 300 tiles: blocks of ceil(300 / 64) = 5 x 5 tiles, 60 x 60 cells, and a caption
// saying so. Row-major on 8 XCDs: tile (r, c) is workgroup 300 r + c, on XCD (300 r + c) % 8
// = (4 r + c) % 8. The first block, rows 0-4 x columns 0-4, holds XCDs 0-4, 4-7 and 0,
// 0-4, 4-7 and 0, 0-4: XCDs 0 and 4 five times each (once per row), the others two or three
// times: a tie, drawn as the lower XCD 0 (#4e79a7) with opacity 5 / 25 = 0.20. The
// enlarged corner has 16 x 16 cells, one per tile: cell 2 of row 1 (rect 16 + 3 = 19) is
// tile (1, 2) on XCD 6 (#b07aa1), full colour.
TEST(XcdSvg, LargeGridsAreAggregated) {
  const GemmShape S = grid(300, 16);
  XcdConfig C;
  const std::string Text = renderSvg(S, C, compareOrders(S, C, {}, "", 0));
  Svg P(Text);
  ASSERT_TRUE(P.parsed());
  EXPECT_EQ(P.number("count(//s:g[@id='heatmap-0']/s:rect)"), 3600);
  EXPECT_EQ(P.string("//s:g[@id='heatmap-0']/s:rect[1]/@fill"), "#4e79a7");
  EXPECT_EQ(P.string("//s:g[@id='heatmap-0']/s:rect[1]/@fill-opacity"), "0.20");
  EXPECT_EQ(P.string("//s:g[@id='heatmap-caption']/s:text[1]"),
            "300 x 300 tiles: each cell aggregates 5 x 5 tiles (5 tile rows x 5 tile columns; "
            "fewer at the edges),");
  EXPECT_EQ(P.number("count(//s:g[@id='zoom-0']/s:rect)"), 256);
  EXPECT_EQ(P.string("//s:g[@id='zoom-0']/s:rect[19]/@fill"), "#b07aa1");
  EXPECT_EQ(P.string("//s:g[@id='zoom-0']/s:rect[19]/@fill-opacity"), "");
  // 1 x 200 tiles: each side is aggregated on its own, 1 x 4 tiles per cell, 50 cells of
  // 220 / 50 = 4 px in one row; the enlarged corner is tile row 0 x tile columns 0-15.
  const GemmShape Thin = [] {
    GemmShape T = grid(1, 256);
    T.N = 200 * 256;
    return T;
  }();
  const std::string ThinText = renderSvg(Thin, C, compareOrders(Thin, C, {}, "", 0));
  Svg Q(ThinText);
  ASSERT_TRUE(Q.parsed());
  EXPECT_EQ(Q.number("count(//s:g[@id='heatmap-0']/s:rect)"), 50);
  EXPECT_EQ(Q.string("//s:g[@id='heatmap-0']/s:rect[50]/@x"), std::to_string(20 + 49 * 4));
  EXPECT_EQ(Q.string("//s:g[@id='heatmap-caption']/s:text[1]"),
            "1 x 200 tiles: each cell aggregates 1 x 4 tiles (1 tile row x 4 tile columns; "
            "fewer at the edges),");
  EXPECT_EQ(Q.string("//s:g[@id='heatmap-caption']/s:text[3]"),
            "Enlarged below: tile row 0 x tile columns 0-15, one cell per tile.");
  EXPECT_EQ(Q.number("count(//s:g[@id='zoom-1']/s:rect)"), 16);
}

// 128 x 128 tiles (16384 x 16384 at 128 x 128): 2 x 2 tiles per cell, 64 x 64 cells per
// order, 3 px each. Row-major puts tile column c on XCD c % 8 (128 columns), so block
// (0, 0) holds XCDs 0, 1, 0, 1: a tie, drawn as XCD 0 (#4e79a7) at opacity 0.50. The remap
// gives XCD x the contiguous tiles 2048 x .. 2048 x + 2047 (16 tile rows), so block (0, 0)
// is all XCD 0 (no opacity) and block row 8 (rect 8 x 64 + 1 = 513, tile row 16) all XCD 1
// (#f28e2b). Four orders: 4 x 4096 cells plus 4 x 256 enlarged ones, under 2 MB.
TEST(XcdSvg, FineTilesStayReadableAndSmall) {
  GemmShape S = grid(128, 128);
  XcdConfig C;
  const std::string Text = renderSvg(S, C, compareOrders(S, C, {}, "", 8));
  EXPECT_LT(Text.size(), 2u * 1000 * 1000);
  Svg P(Text);
  ASSERT_TRUE(P.parsed());
  for (int I = 0; I < 4; ++I)
    EXPECT_EQ(P.number("count(//s:g[@id='heatmap-" + std::to_string(I) + "']/s:rect)"), 4096);
  EXPECT_EQ(P.string("//s:g[@id='heatmap-0']/s:rect[1]/@fill"), "#4e79a7");
  EXPECT_EQ(P.string("//s:g[@id='heatmap-0']/s:rect[1]/@fill-opacity"), "0.50");
  EXPECT_EQ(P.string("//s:g[@id='heatmap-0']/s:rect[1]/@width"), "3");
  EXPECT_EQ(P.string("//s:g[@id='heatmap-1']/s:rect[1]/@fill"), "#4e79a7");
  EXPECT_EQ(P.string("//s:g[@id='heatmap-1']/s:rect[1]/@fill-opacity"), "");
  EXPECT_EQ(P.string("//s:g[@id='heatmap-1']/s:rect[513]/@fill"), "#f28e2b");
  EXPECT_NE(P.string("//s:g[@id='heatmap-caption']/s:text[1]").find("each cell aggregates 2 x 2 "
                                                                    "tiles"),
            std::string::npos);
  // Row-major's enlarged corner: tile (0, 5) on XCD 5 (#edc948), one cell per tile.
  EXPECT_EQ(P.string("//s:g[@id='zoom-0']/s:rect[6]/@fill"), "#edc948");
}

// The worked example's picture: per row the 8x8 grid (64 cells), the counted tiles coloured
// by XCD. Row-major: tiles 0..7 on XCDs 0..7; remap: tiles 0..7 all on XCD 0; remap +
// GROUP_M=2: the 2x4 block, tiles 0-3 and 8-11, on XCD 0. Cells are drawn row by row, so
// rect i + 1 is tile i. Bars 512, 288, 192, 512 KiB on an axis of 100 KiB steps up to
// 600 KiB (512 / 6 = 85.3 rounds up to the step 100).
TEST(XcdSvg, WorkedExample) {
  const std::string Text = renderSeedExampleSvg(seedExample());
  Svg P(Text);
  ASSERT_TRUE(P.parsed()) << Text.substr(0, 400);
  EXPECT_EQ(P.number("count(//s:g[@class='example'])"), 4);
  for (int I = 0; I < 4; ++I)
    EXPECT_EQ(P.number("count(//s:g[@id='example-" + std::to_string(I) + "']/s:rect)"), 64);
  const std::string Grey = "#dddddd", Xcd0 = "#4e79a7", Xcd5 = "#edc948";
  EXPECT_EQ(P.string("//s:g[@id='example-0']/s:rect[1]/@fill"), Xcd0);
  EXPECT_EQ(P.string("//s:g[@id='example-0']/s:rect[6]/@fill"), Xcd5);
  EXPECT_EQ(P.string("//s:g[@id='example-0']/s:rect[9]/@fill"), Grey);
  EXPECT_EQ(P.string("//s:g[@id='example-1']/s:rect[6]/@fill"), Xcd0);
  EXPECT_EQ(P.string("//s:g[@id='example-1']/s:rect[9]/@fill"), Grey);
  EXPECT_EQ(P.string("//s:g[@id='example-2']/s:rect[4]/@fill"), Xcd0);
  EXPECT_EQ(P.string("//s:g[@id='example-2']/s:rect[5]/@fill"), Grey);
  EXPECT_EQ(P.string("//s:g[@id='example-2']/s:rect[12]/@fill"), Xcd0);
  EXPECT_EQ(P.number("count(//s:g[@id='example-2']/s:rect[@fill='#4e79a7'])"), 8);
  EXPECT_EQ(P.string("//s:g[@id='example-1']/s:text[last()]"), "1 A + 8 B slices: 288 KiB");
  EXPECT_EQ(P.string("//s:g[@id='example-2']/s:text[last()]"), "2 A + 4 B slices: 192 KiB");

  EXPECT_EQ(P.number("count(//s:g[@id='bars']/s:rect)"), 4);
  EXPECT_EQ(P.string("//s:g[@id='bars']/s:text[@class='value'][2]"),
            "288 KiB, 1.78x less vs row-major");
  EXPECT_EQ(P.number("count(//s:g[@id='bars-axis']/s:text[@class='tick'])"), 7);
  EXPECT_EQ(P.string("//s:g[@id='bars-axis']/s:text[1]"), "0 KiB");
  EXPECT_EQ(P.string("//s:g[@id='bars-axis']/s:text[7]"), "600 KiB");
  // The 512 KiB bar spans 512 / 600 of the 560 px axis.
  EXPECT_NEAR(P.number("//s:g[@id='bars']/s:rect[1]/@width"), 560.0 * 512 / 600, 0.01);
}

// The bars are labelled in the text table's units and drawn on axes with labelled ticks.
// 8x8 tiles of 256, K 64 (one step of 32 KiB slices), 8 resident: every XCD fetches
// 9 slices = 288 KiB (the text: "288.0 KiB"), 2304 KiB = 2.25 MiB in all. Per-XCD axis: the
// unit of 288 KiB is KiB, 288 / 6 = 48 rounds up to steps of 50, ticks 0 .. 300 KiB, so a
// 288 KiB bar is 200 x 288 / 300 = 192 px tall. Totals axis: 2.25 / 6 = 0.375 MiB rounds up
// to 0.5, ticks 0 .. 2.5 MiB; the 2.25 MiB bar is 560 x 2.25 / 2.5 = 504 px wide.
TEST(XcdSvg, BarsUseTheTextUnitsOnLabelledAxes) {
  const GemmShape S = grid(8, 256);
  XcdConfig C;
  C.ResidentPerXcd = 8;
  const std::string Text = renderSvg(S, C, compareOrders(S, C, {}, "", 0));
  Svg P(Text);
  ASSERT_TRUE(P.parsed()) << Text.substr(0, 400);
  EXPECT_EQ(P.string("//s:g[@id='bars-per-xcd']/s:rect[1]/s:title"),
            "row-major, XCD 0: 288.0 KiB fetched, hit rate 43.8%");
  EXPECT_NEAR(P.number("//s:g[@id='bars-per-xcd']/s:rect[1]/@height"), 192.0, 0.01);
  const std::string XAxis = "//s:g[@id='bars-per-xcd-axis']/s:text[@class='tick']";
  EXPECT_EQ(P.number("count(" + XAxis + ")"), 7);
  EXPECT_EQ(P.string("(" + XAxis + ")[1]"), "0 KiB");
  EXPECT_EQ(P.string("(" + XAxis + ")[2]"), "50 KiB");
  EXPECT_EQ(P.string("(" + XAxis + ")[7]"), "300 KiB");
  EXPECT_EQ(P.string("//s:g[@id='bars-total']/s:text[@class='value'][1]"), "2.25 MiB");
  EXPECT_NEAR(P.number("//s:g[@id='bars-total']/s:rect[1]/@width"), 504.0, 0.01);
  const std::string TAxis = "//s:g[@id='bars-total-axis']/s:text[@class='tick']";
  EXPECT_EQ(P.number("count(" + TAxis + ")"), 6);
  EXPECT_EQ(P.string("(" + TAxis + ")[2]"), "0.5 MiB");
  EXPECT_EQ(P.string("(" + TAxis + ")[6]"), "2.5 MiB");
  EXPECT_EQ(P.number("count(//s:g[@id='bars-total-axis']/s:line)"), 7); // axis + 6 ticks
}
