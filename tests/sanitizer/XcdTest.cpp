//===--- XcdTest.cpp - wavesan/xcd.h: orders, LRU L2 model, worked example===//
//
// Every expected value is worked out by hand in the comment next to it.
//
//===----------------------------------------------------------------------===//
#include "wavesan/xcd.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

using namespace wavesan::xcd;

namespace {

constexpr uint64_t KiB = 1024;

GemmShape shape(uint64_t M, uint64_t N, uint64_t K, uint64_t Tile, uint64_t KStep) {
  GemmShape S;
  S.M = M;
  S.N = N;
  S.K = K;
  S.TileM = S.TileN = Tile;
  S.KStep = KStep;
  S.ElemBytes = 2;
  return S;
}

XcdConfig machine(unsigned Xcds, uint64_t L2, unsigned Resident) {
  XcdConfig C;
  C.NumXcds = Xcds;
  C.L2Bytes = L2;
  C.ResidentPerXcd = Resident;
  return C;
}

} // namespace

// The worked example of docs/hardware.md (BF16, 256x256 tiles, K step 64: 256*64*2 = 32768 B = 32 KiB
// per A or B slice). Row-major: the 8 tiles of a tile row go to 8 XCDs, each fetching its
// own A and B slice: 8 x (32 + 32) = 512 KiB. Remap: one XCD holds the 1x8 row, one A
// slice and 8 B slices: 32 + 8 x 32 = 288 KiB (512/288 = 1.78x). Remap + GROUP_M=2: a
// 2x4 block on one XCD, 2 A + 4 B slices: 2 x 32 + 4 x 32 = 192 KiB (512/192 = 2.67x).
TEST(Xcd, SeedExampleMatchesTheArithmetic) {
  const std::vector<SeedExampleRow> Rows = seedExample();
  ASSERT_EQ(Rows.size(), 4u);
  EXPECT_EQ(Rows[0].Order, "row-major");
  EXPECT_EQ(Rows[0].Tiles, "1x8");
  EXPECT_EQ(Rows[0].Traffic.XcdsUsed, 8u);
  EXPECT_EQ(Rows[0].Traffic.ASlices, 8u);
  EXPECT_EQ(Rows[0].Traffic.BSlices, 8u);
  EXPECT_EQ(Rows[0].Traffic.Bytes, 512 * KiB);

  EXPECT_EQ(Rows[1].Order, "remap");
  EXPECT_EQ(Rows[1].Tiles, "1x8");
  EXPECT_EQ(Rows[1].Traffic.XcdsUsed, 1u);
  EXPECT_EQ(Rows[1].Traffic.ASlices, 1u);
  EXPECT_EQ(Rows[1].Traffic.BSlices, 8u);
  EXPECT_EQ(Rows[1].Traffic.Bytes, 288 * KiB);

  EXPECT_EQ(Rows[2].Order, "remap + GROUP_M=2");
  EXPECT_EQ(Rows[2].Tiles, "2x4");
  EXPECT_EQ(Rows[2].Traffic.XcdsUsed, 1u);
  EXPECT_EQ(Rows[2].Traffic.ASlices, 2u);
  EXPECT_EQ(Rows[2].Traffic.BSlices, 4u);
  EXPECT_EQ(Rows[2].Traffic.Bytes, 192 * KiB);

  // GROUP_M=2 without the remap: workgroups 0..7 compute the 2x4 block, round-robin puts
  // them on 8 XCDs: 8 x (32 + 32) = 512 KiB again (round-robin dispatch defeats
  // grouped tile orders).
  EXPECT_EQ(Rows[3].Traffic.XcdsUsed, 8u);
  EXPECT_EQ(Rows[3].Traffic.Bytes, 512 * KiB);

  const std::string Text = formatSeedExample(Rows);
  EXPECT_NE(Text.find("512 KiB  1.00x"), std::string::npos) << Text;
  EXPECT_NE(Text.find("288 KiB  1.78x less"), std::string::npos) << Text;
  EXPECT_NE(Text.find("192 KiB  2.67x less"), std::string::npos) << Text;
}

// Over 64 program ids the mapping is a permutation, with XCD 0 computing logical
// tiles 0 to 7 and XCD 1 tiles 8 to 15 (docs/hardware.md).
TEST(Xcd, RemapGivesEachXcdAContiguousBlock) {
  const TileOrder O = remapOrder(rowMajorOrder(shape(2048, 2048, 64, 256, 64)), 8);
  ASSERT_EQ(O.size(), 64u);
  for (uint32_t I = 0; I < 8; ++I) {
    EXPECT_EQ(O[8 * I], I) << "XCD 0's workgroup " << 8 * I;
    EXPECT_EQ(O[8 * I + 1], 8 + I) << "XCD 1's workgroup " << 8 * I + 1;
  }
  // The tail: 10 workgroups, per_xcd = 1: ids 0..7 -> (p % 8) * 1 + p / 8 = p; 8, 9 unchanged.
  const TileOrder Tail = remapOrder(TileOrder{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}, 8);
  EXPECT_EQ(Tail, (TileOrder{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
}

// Triton's grouped order on 4x4 tiles, GROUP_M=2: a group is 2 rows x 4 columns = 8 ids,
// walked down the group's column first: (0,0) (1,0) (0,1) (1,1) ... = tiles 0 4 1 5 2 6 3 7.
// 3x2 tiles, GROUP_M=2: group 0 = rows 0-1 (ids 0-3: 0 2 1 3), group 1 has one row
// (size_m = 1): ids 4, 5 -> tiles 4, 5.
TEST(Xcd, GroupedOrderFollowsTriton) {
  EXPECT_EQ(groupedOrder(shape(1024, 1024, 64, 256, 64), 2),
            (TileOrder{0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15}));
  EXPECT_EQ(groupedOrder(shape(768, 512, 64, 256, 64), 2), (TileOrder{0, 2, 1, 3, 4, 5}));
  EXPECT_EQ(groupedOrder(shape(768, 512, 64, 256, 64), 1), rowMajorOrder(shape(768, 512, 64, 256, 64)));
  EXPECT_THROW(groupedOrder(shape(768, 512, 64, 256, 64), 0), std::invalid_argument);
  // GROUP_M beyond the 3 tile rows: one group of all rows, ids walk columns of 3:
  // (0,0) (1,0) (2,0) (0,1) (1,1) (2,1) = tiles 0 2 4 1 3 5.
  EXPECT_EQ(groupedOrder(shape(768, 512, 64, 256, 64), 100), (TileOrder{0, 2, 4, 1, 3, 5}));
}

// 2x2 tiles of 256, K = 128 in 2 steps of 64: slices of 32 KiB. One XCD, all four tiles
// resident: per K step 8 reads of 2 A + 2 B distinct slices: 4 misses, 4 hits. Total
// 16 reads, 8 hits (50 %), fetched 2 steps x 4 x 32 KiB = 256 KiB.
TEST(Xcd, OneXcdAllResidentSharesSlices) {
  const GemmShape S = shape(512, 512, 128, 256, 64);
  const OrderResult R = simulate(S, machine(1, 4 << 20, 4), rowMajorOrder(S), "row-major");
  EXPECT_EQ(R.Total.Accesses, 16u);
  EXPECT_EQ(R.Total.Hits, 8u);
  EXPECT_EQ(R.Total.BytesFetched, 256 * KiB);
  EXPECT_EQ(R.Total.BytesRead, 16 * 32 * KiB);
  EXPECT_DOUBLE_EQ(R.Total.hitRate(), 0.5);
  EXPECT_DOUBLE_EQ(R.bytesPerKStep(), 128.0 * KiB);
}

// Same GEMM, 2 XCDs, one workgroup at a time. XCD 0 runs tiles 0 (row 0, col 0) then 2
// (row 1, col 0): tile 2's B slices (col 0, k 0..1) are still in L2 -> 2 hits of 8;
// fetched 6 x 32 = 192 KiB. XCD 1 (tiles 1, 3) the same. With an L2 of 64 KiB (2 slices)
// tile 2's B slices were evicted by tile 0's second K step: 0 hits, 8 x 32 = 256 KiB.
TEST(Xcd, RoundRobinAndEviction) {
  const GemmShape S = shape(512, 512, 128, 256, 64);
  const OrderResult Big = simulate(S, machine(2, 4 << 20, 1), rowMajorOrder(S), "rm");
  ASSERT_EQ(Big.PerXcd.size(), 2u);
  for (unsigned X = 0; X < 2; ++X) {
    EXPECT_EQ(Big.PerXcd[X].Workgroups, 2u);
    EXPECT_EQ(Big.PerXcd[X].Accesses, 8u);
    EXPECT_EQ(Big.PerXcd[X].Hits, 2u);
    EXPECT_EQ(Big.PerXcd[X].BytesFetched, 192 * KiB);
  }
  EXPECT_EQ(Big.Total.BytesFetched, 384 * KiB);
  EXPECT_EQ(Big.XcdOfTile, (std::vector<uint32_t>{0, 1, 0, 1}));

  const OrderResult Small = simulate(S, machine(2, 64 * KiB, 1), rowMajorOrder(S), "rm");
  EXPECT_EQ(Small.Total.Hits, 0u);
  EXPECT_EQ(Small.Total.BytesFetched, 512 * KiB);
}

// LRU, not FIFO: 2x2 tiles, one K step, one XCD, one workgroup at a time, L2 of 3 slices
// (96 KiB), order tiles 0, 1, 2, 1. Reads (cache contents MRU first after each):
//   tile 0 (row 0, col 0): A0 miss, B0 miss                       [B0 A0]
//   tile 1 (row 0, col 1): A0 hit, B1 miss                        [B1 A0 B0]
//   tile 2 (row 1, col 0): A1 miss evicts B0 (the LRU), B0 miss evicts A0   [B0 A1 B1]
//   tile 1:                A0 miss evicts B1, B1 miss evicts A1   [B1 A0 B0]
// 1 hit of 8 reads, fetched 7 x 32 KiB. (FIFO would evict A0, B0, ... by insertion and hit
// A0, B0 and B1: 3.)
TEST(Xcd, L2IsLeastRecentlyUsed) {
  const GemmShape S = shape(512, 512, 64, 256, 64);
  const OrderResult R = simulate(S, machine(1, 96 * KiB, 1), TileOrder{0, 1, 2, 1}, "lru");
  EXPECT_EQ(R.Total.Accesses, 8u);
  EXPECT_EQ(R.Total.Hits, 1u);
  EXPECT_EQ(R.Total.BytesFetched, 7 * 32 * KiB);
}

// Edge tiles and the last K step are counted with their real size: M = 300 (tile rows of
// 256 and 44), N = 256, K = 100 (steps of 64 and 36), 2-byte elements, one XCD, both tiles
// resident. Step 0: A0 256*64*2 = 32768, A1 44*64*2 = 5632, B0 64*256*2 = 32768 (read
// twice, fetched once). Step 1: A0 256*36*2 = 18432, A1 44*36*2 = 3168, B0 36*256*2 =
// 18432. Fetched 32768 + 5632 + 32768 + 18432 + 3168 + 18432 = 111200.
TEST(Xcd, PartialTilesAndKSteps) {
  GemmShape S = shape(300, 256, 100, 256, 64);
  const OrderResult R = simulate(S, machine(1, 4 << 20, 2), rowMajorOrder(S), "edge");
  EXPECT_EQ(R.Total.BytesFetched, 111200u);
  EXPECT_EQ(R.Total.Hits, 2u);
  EXPECT_EQ(R.KSteps, 2u);
}

TEST(Xcd, CompareOrdersNamesAndRemapsTheGivenOrder) {
  const GemmShape S = shape(2048, 2048, 128, 256, 64);
  const XcdConfig C = machine(8, 4 << 20, 8);
  auto R = compareOrders(S, C, {}, "", 2);
  ASSERT_EQ(R.size(), 4u);
  EXPECT_EQ(R[0].Name, "row-major");
  EXPECT_EQ(R[1].Name, "remap");
  EXPECT_EQ(R[2].Name, "GROUP_M=2");
  EXPECT_EQ(R[3].Name, "remap + GROUP_M=2");
  // The remap of the row-major 8x8 grid: XCD x computes tile row x.
  for (uint32_t T = 0; T < 64; ++T)
    EXPECT_EQ(R[1].XcdOfTile[T], T / 8) << "tile " << T;
  // A given order is remapped the same way: grouped order given -> its remap equals
  // "remap + GROUP_M=2".
  auto G = compareOrders(S, C, groupedOrder(S, 2), "recorded", 0);
  ASSERT_EQ(G.size(), 2u);
  EXPECT_EQ(G[0].Name, "recorded");
  EXPECT_EQ(G[1].Name, "recorded + remap");
  EXPECT_EQ(G[1].Total.BytesFetched, R[3].Total.BytesFetched);
}

TEST(Xcd, BadInputsNameTheField) {
  GemmShape S = shape(512, 512, 64, 256, 64);
  S.KStep = 0;
  try {
    simulate(S, XcdConfig{}, {}, "x");
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument &E) {
    EXPECT_NE(std::string(E.what()).find("K step is 0"), std::string::npos) << E.what();
  }
  S.KStep = 64;
  XcdConfig C;
  C.NumXcds = 0;
  EXPECT_THROW(simulate(S, C, {}, "x"), std::invalid_argument);
  try {
    simulate(S, XcdConfig{}, TileOrder{0, 4}, "mine");
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument &E) {
    EXPECT_NE(std::string(E.what()).find("workgroup 1 computes tile 4; expected < 4"),
              std::string::npos)
        << E.what();
  }
  // (1 + 1) tiles x 2^28 K steps of 1 = 2^29 slices: refused, not allocated.
  EXPECT_THROW(simulate(shape(256, 256, 1ull << 28, 256, 1), XcdConfig{}, {0}, "x"),
               std::invalid_argument);
}

// Ceilings that cannot wrap, and the operand-byte sum the model's counters stay under.
TEST(Xcd, SizesNear2To64DoNotWrap) {
  GemmShape S = shape(512, 512, 64, 256, 64);
  // 4 tiles, each reading a 256 x 64 A slice and a 64 x 256 B slice of 2-byte elements:
  // 4 x 2 x 16384 x 2 = 262144 bytes.
  uint64_t Bytes = 0;
  ASSERT_TRUE(operandBytes(S, Bytes));
  EXPECT_EQ(Bytes, 262144u);
  EXPECT_EQ(simulate(S, XcdConfig{}, rowMajorOrder(S), "x").Total.BytesRead, 262144u);
  S.M = UINT64_MAX; // (2^64 - 1) / 256 = 2^56 - 1, remainder 255: 2^56 tile rows
  EXPECT_EQ(S.tilesM(), 1ull << 56);
  S.M = 512;
  S.K = UINT64_MAX; // K steps of 64: 2^58
  EXPECT_EQ(S.kSteps(), 1ull << 58);
  EXPECT_FALSE(operandBytes(S, Bytes));
  EXPECT_THROW(S.validate(), std::invalid_argument);
  S.K = 64;
  S.TileM = S.TileN = S.KStep = UINT64_MAX; // one partial tile, one partial K step
  EXPECT_EQ(S.tiles(), 1u);
  EXPECT_EQ(S.kSteps(), 1u);
  ASSERT_TRUE(operandBytes(S, Bytes));
  EXPECT_EQ(Bytes, 2u * 64 * (512 + 512)); // the whole of A and B once
}

TEST(Xcd, OrderTextRoundTripsAndRejectsBadLines) {
  const TileOrder O{3, 0, 2, 1};
  EXPECT_EQ(parseOrder(formatOrder(O), 4, "o.txt"), O);
  EXPECT_EQ(parseOrder("# c\n1 0\n\n0 1  # tail\n", 2, "o.txt"), (TileOrder{1, 0}));
  auto message = [](const std::string &Text) {
    try {
      parseOrder(Text, 4, "o.txt");
    } catch (const std::invalid_argument &E) {
      return std::string(E.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("0 1\n0 2\n"), "o.txt:2: workgroup 0 is listed twice");
  EXPECT_EQ(message("0 9\n"), "o.txt:1: tile 9 is out of range; expected < 4 (the GEMM's tiles)");
  EXPECT_EQ(message("1 1\n"), "o.txt: workgroup 0 is missing; expected every workgroup 0..1");
  EXPECT_EQ(message("0 x\n"), "o.txt:1: expected '<workgroup> <tile>' (two non-negative "
                              "integers); the tile is missing or not a number");
  EXPECT_EQ(message("0 1 2\n"), "o.txt:1: expected '<workgroup> <tile>'; extra text after the tile");
  EXPECT_EQ(message(""), "o.txt: no '<workgroup> <tile>' lines");
  // A recorded order is a permutation of the tiles: a tile computed twice (and so another
  // never) or a grid of fewer workgroups than tiles would be modelled silently otherwise.
  EXPECT_EQ(message("0 0\n1 1\n2 1\n3 3\n"),
            "o.txt:3: tile 1 is computed twice (workgroups 1 and 2); expected every tile "
            "exactly once");
  EXPECT_EQ(message("0 0\n1 1\n"),
            "o.txt: 2 workgroups for 4 tiles; expected one workgroup per tile (the first "
            "tile no workgroup computes is 2)");
  // A workgroup id beyond the tile count is refused at its line (and not allocated for:
  // "4294967294 0" used to size a 32 GiB table).
  EXPECT_EQ(message("4294967294 0\n"),
            "o.txt:1: workgroup 4294967294 is out of range; expected < 4 (one workgroup per "
            "tile)");
}

// The model's memory is estimated from the shape before anything is allocated: 65535 x
// 65535 tiles of 1 x 1 (2^32 - 131071 tiles, under the 2^32 - 1 tile limit) would need
// about 32 B x 4.29e9 = 128 GiB of tile orders; refused with a message naming the estimate.
TEST(Xcd, ModelMemoryIsCappedBeforeAllocating) {
  const GemmShape Huge = shape(65535, 65535, 64, 1, 64);
  EXPECT_GT(modelBytes(Huge), MaxModelBytes);
  try {
    rowMajorOrder(Huge);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument &E) {
    EXPECT_NE(std::string(E.what()).find("expected at most 1 GiB"), std::string::npos)
        << E.what();
  }
  EXPECT_THROW(compareOrders(Huge, XcdConfig{}, {}, "", 8), std::invalid_argument);
  // The bench case, 16384^2 in 128 x 128 tiles, K 16384: 128 x 128 = 16384 tiles and
  // (128 + 128) x 256 = 65536 slices: 32 x 16384 + 16 x 65536 = 1.5 MiB, far inside 1 GiB.
  EXPECT_EQ(modelBytes(shape(16384, 16384, 16384, 128, 64)), 32u * 16384 + 16u * 65536);
}

// The worked example's per-K-step figures (512 / 288 / 192 KiB, kStepTraffic's set counting) from the
// L2 simulator itself. Configuration: BF16, 256 x 256 tiles, K step 64 (32 KiB slices),
// an 8 x 8 tile grid on 8 XCDs with 8 workgroups resident per XCD; K = 256 gives 4 K steps,
// each reading new slices, so every K step fetches the same bytes.
//  - row-major: the example's eight tiles of one row are workgroups 0..7, one per XCD; run
//    alone (the first 8 workgroups of the grid) each XCD fetches 1 A + 1 B slice:
//    8 x 64 KiB = 512 KiB per K step.
//  - remap: XCD 0 computes tile row 0 (workgroups 0, 8, ..., 56): 1 A + 8 B = 288 KiB.
//  - remap + GROUP_M=2: XCD 0 computes a 2 x 4 block: 2 A + 4 B = 192 KiB.
//  - GROUP_M=2 without the remap: workgroups 0..7 are that 2 x 4 block, one tile per XCD:
//    8 x 64 KiB = 512 KiB.
// The example's row-major figure is a snapshot of one tile row; the full 64-workgroup grid
// under row-major gives XCD x the tile column x (8 A + 1 B = 288 KiB per XCD, the
// "accidental grouping" docs/wavesan-xcd.md describes), so the whole-grid totals of
// row-major and remap are equal here (8 x 288 = 2304 KiB per K step): checked last.
TEST(Xcd, SimulatorGivesTheSeedFiguresPerKStep) {
  const GemmShape S = shape(2048, 2048, 256, 256, 64);
  const XcdConfig C = machine(8, 4 << 20, 8);
  const TileOrder Row = rowMajorOrder(S), Grouped = groupedOrder(S, 2);
  const TileOrder FirstRow(Row.begin(), Row.begin() + 8);
  const TileOrder FirstBlock(Grouped.begin(), Grouped.begin() + 8);
  const OrderResult RowSnap = simulate(S, C, FirstRow, "row-major, workgroups 0..7");
  ASSERT_EQ(RowSnap.KSteps, 4u);
  EXPECT_EQ(RowSnap.bytesPerKStep(), 512.0 * KiB);
  const OrderResult Remap = simulate(S, C, remapOrder(Row, 8), "remap");
  EXPECT_EQ(Remap.PerXcd[0].BytesFetched / Remap.KSteps, 288 * KiB);
  const OrderResult RemapGrouped = simulate(S, C, remapOrder(Grouped, 8), "remap + G2");
  EXPECT_EQ(RemapGrouped.PerXcd[0].BytesFetched / RemapGrouped.KSteps, 192 * KiB);
  const OrderResult GroupedSnap = simulate(S, C, FirstBlock, "G2, workgroups 0..7");
  EXPECT_EQ(GroupedSnap.bytesPerKStep(), 512.0 * KiB);
  // Whole grid: row-major and remap both 2304 KiB per K step.
  EXPECT_EQ(simulate(S, C, Row, "row-major").bytesPerKStep(), 2304.0 * KiB);
  EXPECT_EQ(Remap.bytesPerKStep(), 2304.0 * KiB);
}

// The one-tile-row estimate: 128 x 128 BF16 tiles, K step 64: 16 KiB slices. 8 tiles on 8
// XCDs: 8 x (16 + 16) = 256 KiB; on one XCD: 16 + 8 x 16 = 144 KiB (1.78x). With 3 tile
// columns only 3 tiles: 3 x 32 = 96 KiB vs 16 + 3 x 16 = 64 KiB (1.5x).
TEST(Xcd, RowExampleCountsOneTileRow) {
  GemmShape S = shape(16384, 16384, 16384, 128, 64);
  RowExample E = rowExample(S, XcdConfig{});
  EXPECT_EQ(E.Tiles, 8u);
  EXPECT_EQ(E.Spread.Bytes, 256 * KiB);
  EXPECT_EQ(E.Spread.XcdsUsed, 8u);
  EXPECT_EQ(E.OneXcd.Bytes, 144 * KiB);
  EXPECT_EQ(E.OneXcd.ASlices, 1u);
  EXPECT_EQ(E.OneXcd.BSlices, 8u);
  S.N = 3 * 128;
  E = rowExample(S, XcdConfig{});
  EXPECT_EQ(E.Tiles, 3u);
  EXPECT_EQ(E.Spread.Bytes, 96 * KiB);
  EXPECT_EQ(E.OneXcd.Bytes, 64 * KiB);
}

// The note's thresholds: the estimate (1.78x here) shows a gain; the model shows none while
// row-major / remap < 1.10: 100 / 91 = 1.099 gets the note, 100 / 90 = 1.111 does not.
// 32 tile columns (a multiple of 8): the column-stripe explanation; 33: the other one. A
// remap fetching more (100 / 120) adds the sentence saying so.
TEST(Xcd, RemapGapNoteThresholds) {
  GemmShape S = shape(2048, 8192, 64, 256, 64);
  const XcdConfig C;
  auto results = [](uint64_t RowMajor, uint64_t Remap) {
    std::vector<OrderResult> R(2);
    R[0].Name = "row-major";
    R[1].Name = "remap";
    R[0].Total.BytesFetched = RowMajor;
    R[1].Total.BytesFetched = Remap;
    return R;
  };
  // The note is wrapped at 96 columns: compare it as one line.
  auto flat = [](std::string T) {
    std::replace(T.begin(), T.end(), '\n', ' ');
    return T;
  };
  const std::string Near = flat(remapGapNote(S, C, results(100, 91)));
  EXPECT_NE(Near.find("gives 1.78x less traffic"), std::string::npos) << Near;
  EXPECT_NE(Near.find("1.10x less."), std::string::npos) << Near;
  EXPECT_NE(Near.find("with 32 tile columns"), std::string::npos) << Near;
  EXPECT_EQ(Near.find("even fetches more"), std::string::npos) << Near;
  EXPECT_EQ(remapGapNote(S, C, results(100, 90)), "");
  EXPECT_NE(remapGapNote(S, C, results(100, 120)).find("Here it even fetches more"),
            std::string::npos);
  std::vector<OrderResult> Recorded = results(100, 100);
  Recorded[0].Name = "recorded";
  EXPECT_EQ(remapGapNote(S, C, Recorded), "");
  S.N = 33 * 256;
  const std::string Odd = flat(remapGapNote(S, C, results(100, 100)));
  EXPECT_NE(Odd.find("each XCD runs 38 workgroups at a time, and with 33 tile columns"),
            std::string::npos)
      << Odd;
  EXPECT_EQ(Odd.find("column stripe"), std::string::npos) << Odd;
  // One XCD: the estimate shows no gain (1 tile, 1.00x), so no note.
  XcdConfig One;
  One.NumXcds = 1;
  EXPECT_EQ(remapGapNote(S, One, results(100, 100)), "");
}
