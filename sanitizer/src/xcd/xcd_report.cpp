//===--- xcd_report.cpp - text tables and the one-tile-row worked example -===//
///
/// \file
/// wavesan/xcd.h: formatComparison(), kStepTraffic(), seedExample() and
/// formatSeedExample(). docs/wavesan-xcd.md.
///
//===----------------------------------------------------------------------===//
#include "wavesan/xcd.h"

#include "xcd_svg_parts.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <wavecommon/targets.h>

namespace wavesan::xcd {

namespace {

using detail::bytesText;
using detail::ratioText;

/// "RxC": the tile rows x tile columns the tiles span.
std::string spanText(const GemmShape &S, const std::vector<uint32_t> &Tiles) {
  std::set<uint64_t> Rows, Cols;
  for (uint32_t T : Tiles) {
    Rows.insert(T / S.tilesN());
    Cols.insert(T % S.tilesN());
  }
  return fmt::format("{}x{}", Rows.size(), Cols.size());
}

/// The first \p Count tiles XCD 0 computes under \p O (workgroups 0, X, 2X, ...).
std::vector<uint32_t> firstTilesOfXcd0(const TileOrder &O, unsigned NumXcds, unsigned Count) {
  std::vector<uint32_t> Tiles;
  for (size_t P = 0; P < O.size() && Tiles.size() < Count; P += NumXcds)
    Tiles.push_back(O[P]);
  return Tiles;
}

/// Where \p Tiles run under \p O: (tile, XCD of the workgroup that computes it).
std::vector<std::pair<uint32_t, unsigned>> placement(const TileOrder &O, unsigned NumXcds,
                                                     const std::vector<uint32_t> &Tiles) {
  std::vector<std::pair<uint32_t, unsigned>> Out;
  for (uint32_t T : Tiles)
    for (size_t P = 0; P < O.size(); ++P)
      if (O[P] == T) {
        Out.emplace_back(T, static_cast<unsigned>(P % NumXcds));
        break;
      }
  return Out;
}

} // namespace

KStepTraffic kStepTraffic(const GemmShape &S,
                          const std::vector<std::pair<uint32_t, unsigned>> &Placement) {
  S.validate();
  std::set<unsigned> Xcds;
  std::set<std::pair<unsigned, uint64_t>> A, B; // (XCD, tile row) and (XCD, tile column)
  KStepTraffic T;
  for (auto [Tile, Xcd] : Placement) {
    if (Tile >= S.tiles())
      throw std::invalid_argument("placement: tile " + std::to_string(Tile) + "; expected < " +
                                  std::to_string(S.tiles()));
    Xcds.insert(Xcd);
    const uint64_t Row = Tile / S.tilesN(), Col = Tile % S.tilesN();
    const uint64_t D = std::min(S.KStep, S.K) * S.ElemBytes;
    if (A.emplace(Xcd, Row).second)
      T.Bytes += std::min(S.TileM, S.M - Row * S.TileM) * D;
    if (B.emplace(Xcd, Col).second)
      T.Bytes += std::min(S.TileN, S.N - Col * S.TileN) * D;
  }
  T.XcdsUsed = Xcds.size();
  T.ASlices = A.size();
  T.BSlices = B.size();
  return T;
}

std::vector<SeedExampleRow> seedExample() {
  // The worked example: BF16, 256 x 256 output tiles, K step 64 (one step is enough: every K step
  // reads new slices); an 8 x 8 tile grid so that the remap's per-XCD block
  // (64 / 8 = 8 tiles) is one tile row.
  GemmShape S;
  S.M = S.N = 2048;
  S.K = 64;
  S.TileM = S.TileN = 256;
  S.KStep = 64;
  S.ElemBytes = 2;
  // The MI300X's XCD count (the target table); 8 tiles = the example's tile row.
  constexpr unsigned Xcds = wavecommon::Gfx942.NumXcds, Tiles = 8;
  const TileOrder Row = rowMajorOrder(S), Remap = remapOrder(Row, Xcds);
  const TileOrder Grouped = groupedOrder(S, 2), RemapGrouped = remapOrder(Grouped, Xcds);
  const std::vector<uint32_t> TileRow = firstTilesOfXcd0(Remap, Xcds, Tiles);
  const std::vector<uint32_t> Block = firstTilesOfXcd0(RemapGrouped, Xcds, Tiles);
  std::vector<SeedExampleRow> Out;
  auto add = [&](const char *Name, const TileOrder &O, const std::vector<uint32_t> &Ts) {
    auto P = placement(O, Xcds, Ts);
    Out.push_back({Name, spanText(S, Ts), kStepTraffic(S, P), std::move(P)});
  };
  add("row-major", Row, TileRow);
  add("remap", Remap, TileRow);
  add("remap + GROUP_M=2", RemapGrouped, Block);
  add("GROUP_M=2, no remap", Grouped, Block);
  return Out;
}

std::string formatSeedExample(const std::vector<SeedExampleRow> &Rows) {
  std::string Out =
      "worked example (L2 traffic for one tile row of a GEMM): BF16 (2 bytes), "
      "256x256 output tiles,\n"
      "K step 64: each A slice (256x64) and B slice (64x256) is 32 KiB. Eight neighbouring "
      "tiles resident at\n"
      "once in an 8x8-tile grid (M = N = 2048, 64 workgroups), 8 XCDs (SPX: workgroup i on "
      "XCD i % 8).\n\n";
  Out += fmt::format("{:<22}{:>6}{:>7}{:>10}{:>10}{:>21}  {}\n", "order", "tiles", "XCDs",
                     "A slices", "B slices", "into L2 per K step", "vs row-major");
  const double Base = Rows.empty() ? 0.0 : double(Rows.front().Traffic.Bytes);
  for (const SeedExampleRow &R : Rows)
    Out += fmt::format("{:<22}{:>6}{:>7}{:>10}{:>10}{:>17} KiB  {}\n", R.Order, R.Tiles,
                       R.Traffic.XcdsUsed, R.Traffic.ASlices, R.Traffic.BSlices,
                       R.Traffic.Bytes / 1024, ratioText(Base, double(R.Traffic.Bytes)));
  Out += "\nrow-major spreads the row over 8 XCDs: 8 x (32 + 32) KiB; the remap keeps it on one "
         "XCD:\n32 + 8 x 32 KiB; with GROUP_M=2 a 2x4 block: 2 x 32 + 4 x 32 KiB "
         "(1.78x and 2.67x less).\n";
  return Out;
}

RowExample rowExample(const GemmShape &S, const XcdConfig &C) {
  S.validate();
  C.validate();
  RowExample E;
  E.Tiles = std::min<uint64_t>(C.NumXcds, S.tilesN());
  std::vector<std::pair<uint32_t, unsigned>> Spread, One;
  for (uint32_t T = 0; T < E.Tiles; ++T) {
    Spread.emplace_back(T, T);
    One.emplace_back(T, 0u);
  }
  E.Spread = kStepTraffic(S, Spread);
  E.OneXcd = kStepTraffic(S, One);
  return E;
}

std::string remapGapNote(const GemmShape &S, const XcdConfig &C,
                         const std::vector<OrderResult> &Results) {
  if (Results.size() < 2 || Results[0].Name != "row-major" || Results[1].Name != "remap" ||
      Results[1].Total.BytesFetched == 0)
    return "";
  const RowExample E = rowExample(S, C);
  const double Model =
      double(Results[0].Total.BytesFetched) / double(Results[1].Total.BytesFetched);
  if (E.gain() < ExampleGainMin || Model >= ModelGainMax)
    return "";
  const uint64_t TN = S.tilesN();
  const unsigned X = C.NumXcds;
  std::string Note = fmt::format(
      "note: the one-tile-row estimate ({} neighbouring tiles of one tile row in one K step: "
      "on {} XCDs under round-robin, on one XCD under the remap) gives {:.2f}x less traffic "
      "into L2 with the remap; the full model (the table above) gives {}. ",
      E.Tiles, E.Tiles, E.gain(), ratioText(double(Results[0].Total.BytesFetched),
                                             double(Results[1].Total.BytesFetched)));
  if (TN % X == 0)
    Note += fmt::format(
        "The estimate counts one tile row in isolation; with {} tile columns, round-robin "
        "dispatch over the {} XCDs already gives each XCD a column stripe (XCD x: tile "
        "columns x, x+{}, x+{}, ...) whose B tiles stay in its L2, so the remap has little "
        "left to gain.",
        TN, X, X, 2 * X);
  else
    Note += fmt::format(
        "The estimate counts one tile row in isolation; in the full model each XCD runs {} "
        "workgroups at a time, and with {} tile columns round-robin dispatch already gives "
        "the tiles an XCD holds at once shared operand slices in its L2, so the remap has "
        "little left to gain.",
        C.ResidentPerXcd, TN);
  if (Model < 1 / ModelGainMax)
    Note += " Here it even fetches more: its consecutive tiles along a tile row read more "
            "distinct B slices per XCD.";
  // Wrapped at 96 columns, like the tables.
  std::string Out, Line;
  for (size_t P = 0; P < Note.size();) {
    size_t Q = Note.find(' ', P);
    if (Q == std::string::npos)
      Q = Note.size();
    const std::string Word = Note.substr(P, Q - P);
    if (!Line.empty() && Line.size() + 1 + Word.size() > 96) {
      Out += Line + "\n";
      Line.clear();
    }
    Line += (Line.empty() ? "" : " ") + Word;
    P = Q + 1;
  }
  return Out + Line + "\n";
}

std::string formatComparison(const GemmShape &S, const XcdConfig &C,
                             const std::vector<OrderResult> &Results) {
  std::string Out = fmt::format(
      "GEMM {} x {} x {} (M x N x K), {}x{} tiles, K step {}, {}-byte elements: {} x {} = {} "
      "tiles, {} K steps\n",
      S.M, S.N, S.K, S.TileM, S.TileN, S.KStep, S.ElemBytes, S.tilesM(), S.tilesN(), S.tiles(),
      S.kSteps());
  Out += fmt::format("machine: {} XCDs (SPX: workgroup i on XCD i % {}), {} LRU L2 per XCD, "
                     "{} workgroups resident per XCD\n\n",
                     C.NumXcds, C.NumXcds, bytesText(double(C.L2Bytes)), C.ResidentPerXcd);
  Out += fmt::format("{:<26}{:>18}{:>16}{:>13}  {}\n", "order", "fetched into L2", "per K step",
                     "L2 hit rate", "vs first");
  const double Base = Results.empty() ? 0.0 : double(Results.front().Total.BytesFetched);
  for (const OrderResult &R : Results)
    Out += fmt::format("{:<26}{:>18}{:>16}{:>12.1f}%  {}\n", R.Name,
                       bytesText(double(R.Total.BytesFetched)), bytesText(R.bytesPerKStep()),
                       100.0 * R.Total.hitRate(), ratioText(Base, double(R.Total.BytesFetched)));
  if (const std::string Note = remapGapNote(S, C, Results); !Note.empty())
    Out += "\n" + Note;
  Out += "\nbytes fetched into each XCD's L2 (hit rate):\n";
  Out += fmt::format("{:<6}", "XCD");
  for (const OrderResult &R : Results)
    Out += fmt::format("{:>26}", R.Name);
  Out += "\n";
  for (unsigned X = 0; X < C.NumXcds; ++X) {
    Out += fmt::format("{:<6}", X);
    for (const OrderResult &R : Results) {
      const L2Stats &St = R.PerXcd[X];
      Out += fmt::format("{:>26}", fmt::format("{} ({:.1f}%)", bytesText(double(St.BytesFetched)),
                                               100.0 * St.hitRate()));
    }
    Out += "\n";
  }
  return Out;
}

} // namespace wavesan::xcd
