//===--- wavesan/xcd.h - XCD dispatch and per-XCD L2 model for tiled GEMM ---===//
///
/// \file
/// A model of where a tiled GEMM's operand traffic goes on a chiplet GPU
/// (AMD Instinct MI300X, gfx942): workgroups are dispatched round-robin over
/// the XCDs (SPX mode: workgroup i runs on XCD i % NumXcds) and every XCD has
/// its own L2 (4 MB on MI300X), modelled as an LRU cache. For a tile order (which
/// output tile each workgroup computes) it counts the bytes fetched into each
/// L2 and the hit rates, and compares the order with the XCD remap
/// (wavecheck/xcd_remap.h, remap_pid_for_xcds) and with GROUP_M grouping.
/// docs/wavesan-xcd.md describes the model, its assumptions and what it leaves
/// out (Infinity Cache, timing). Hardware figures (8 XCDs x 38 CUs, 4 MB L2 per
/// XCD: ROCm "MI300 series microarchitecture") and the remap: docs/hardware.md.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace wavesan::xcd {

/// The GEMM C[M x N] = A[M x K] * B[K x N], computed in output tiles of
/// TileM x TileN, each looping over K in steps of KStep. Every K step of tile
/// (r, c) reads the A slice (r, k) (TileM x KStep elements) and the B slice
/// (c, k) (KStep x TileN elements). Edge tiles and the last K step may be
/// partial; their slices are counted with their real size.
struct GemmShape {
  uint64_t M = 0, N = 0, K = 0; ///< elements; each >= 1
  uint64_t TileM = 0, TileN = 0; ///< output tile, elements; each >= 1
  uint64_t KStep = 0;            ///< elements of K per step (BLOCK_K); >= 1
  uint64_t ElemBytes = 2;        ///< bytes per A/B element: 2 for BF16/FP16, 1 FP8, 4 FP32

  /// Ceiling divisions that cannot overflow (M near 2^64 gave 0 tiles); 0 for a 0 tile.
  uint64_t tilesM() const { return TileM ? M / TileM + (M % TileM != 0) : 0; }
  uint64_t tilesN() const { return TileN ? N / TileN + (N % TileN != 0) : 0; }
  uint64_t tiles() const { return tilesM() * tilesN(); }
  uint64_t kSteps() const { return KStep ? K / KStep + (K % KStep != 0) : 0; }
  /// Throws std::invalid_argument naming the field when a value is 0, the
  /// tile count exceeds 2^32 - 1, the bytes all workgroups read (operandBytes)
  /// exceed 2^64 - 1, or modelBytes() exceeds MaxModelBytes.
  void validate() const;
};

/// The bytes every workgroup of \p S reads over the whole GEMM, the largest sum the
/// model counts: element bytes x K x (M x tiles N + N x tiles M) (each tile reads its
/// A rows and B columns over all of K). false when that overflows 64 bits (\p Out is
/// then unchanged).
bool operandBytes(const GemmShape &S, uint64_t &Out);

/// The most memory the model may need for one shape: 1 GiB (docs/wavesan-xcd.md,
/// "Scale"). The bench case (16384^2, 128x128 tiles, K 16384) needs 1.5 MiB.
constexpr uint64_t MaxModelBytes = 1ull << 30;

/// Bytes the model allocates for \p S, estimated from the counts before anything is
/// allocated: 32 per tile (compareOrders keeps up to three 4-byte tile orders and four
/// 4-byte tile -> XCD tables alive, plus a recorded order) + 16 per operand slice (the
/// LRU list of one XCD: two 4-byte links and an 8-byte size per slice, (tiles M +
/// tiles N) x K steps slices). Saturates at UINT64_MAX. Does not validate \p S.
uint64_t modelBytes(const GemmShape &S);

/// The machine. Defaults: MI300X in SPX mode (8 XCDs x 38 CUs, 4 MB L2 per
/// XCD; docs/hardware.md).
struct XcdConfig {
  unsigned NumXcds = 8;                 ///< XCDs workgroups are dispatched over; >= 1
  uint64_t L2Bytes = 4ull << 20;        ///< L2 capacity per XCD, bytes; >= 1
  /// Workgroups resident at once on one XCD (they advance through the K steps
  /// together). Default 38: one workgroup per CU, the usual occupancy of a
  /// 256x256 or 128x128 BF16 GEMM tile (38 CUs per XCD, docs/hardware.md).
  unsigned ResidentPerXcd = 38;
  /// Throws std::invalid_argument naming the field when a value is 0.
  void validate() const;
};

/// A tile order: element p is the output tile workgroup p computes, as a
/// row-major tile index (tile row * tilesN + tile column). Workgroup p is the
/// linear workgroup id in dispatch order (blockIdx.x, or y * gridDim.x + x).
using TileOrder = std::vector<uint32_t>;

/// A tile order as a function: (workgroup id, number of workgroups) -> tile.
using TileOrderFn = std::function<uint64_t(uint64_t Pid, uint64_t NumPids)>;

/// Builds the order of \p Fn for \p NumPids workgroups. Throws
/// std::invalid_argument when a returned tile is >= \p NumTiles.
TileOrder makeOrder(const TileOrderFn &Fn, uint64_t NumPids, uint64_t NumTiles);

/// Writes \p O as text: a comment line, then one line "<workgroup> <tile>" per
/// workgroup (tile = tile row * tilesN + tile column). `wavesan xcd --order`
/// reads it back.
std::string formatOrder(const TileOrder &O);
/// Parses formatOrder()'s text (lines "<workgroup> <tile>", '#' comments,
/// blank lines). The order must be a permutation of the tiles: workgroups
/// 0..NumTiles-1 each exactly once, every tile < \p NumTiles exactly once.
/// Throws std::invalid_argument naming \p Source and the line otherwise (a
/// tile computed twice, a workgroup out of range or listed twice), or the
/// count when workgroups are missing.
TileOrder parseOrder(const std::string &Text, uint64_t NumTiles, const std::string &Source);

/// Workgroup p computes tile p (the plain row-major program-id mapping).
TileOrder rowMajorOrder(const GemmShape &S);
/// Triton's grouped ordering (matmul tutorial, "L2 cache optimizations"):
/// groups of \p GroupM tile rows, walked column by column inside a group:
///   in_group = GroupM * tilesN; first_m = (pid / in_group) * GroupM;
///   size_m = min(tilesM - first_m, GroupM);
///   row = first_m + (pid % in_group) % size_m; col = (pid % in_group) / size_m.
/// \p GroupM >= 1 (1 is row-major); throws std::invalid_argument otherwise.
TileOrder groupedOrder(const GemmShape &S, uint64_t GroupM);
/// \p Base applied to the remapped id: tile of workgroup p = Base[remap(p)],
/// remap = remap_pid_for_xcds(p, Base.size(), NumXcds) (wavecheck/xcd_remap.h,
/// docs/hardware.md): XCD x computes a contiguous block of Base's tiles.
TileOrder remapOrder(const TileOrder &Base, unsigned NumXcds);

/// Counters of one XCD's L2 (or their sum). Bytes fetched = the bytes of the
/// missed slices (traffic into L2 from Infinity Cache / HBM).
struct L2Stats {
  uint64_t Workgroups = 0;
  uint64_t Accesses = 0, Hits = 0; ///< operand slice reads by workgroups
  uint64_t BytesRead = 0;          ///< bytes of all slice reads (hits and misses)
  uint64_t BytesFetched = 0;       ///< bytes of missed slices: traffic into L2
  double hitRate() const { return Accesses ? double(Hits) / double(Accesses) : 0.0; }
  L2Stats &operator+=(const L2Stats &O);
};

/// The model's result for one order.
struct OrderResult {
  std::string Name;            ///< "row-major", "remap", "GROUP_M=8", ...
  std::vector<L2Stats> PerXcd; ///< NumXcds entries
  L2Stats Total;
  /// XCD that computes each tile (row-major tile index); 0xffffffff for a
  /// tile no workgroup computes.
  std::vector<uint32_t> XcdOfTile;
  uint64_t KSteps = 0;
  /// Bytes fetched into all L2s per K step (Total.BytesFetched / KSteps).
  double bytesPerKStep() const {
    return KSteps ? double(Total.BytesFetched) / double(KSteps) : 0.0;
  }
};

/// Simulates \p Order on \p C: workgroup p runs on XCD p % NumXcds; each XCD
/// runs its workgroups in id order, ResidentPerXcd at a time; a batch advances
/// through the K steps together, each workgroup reading its A slice then its B
/// slice per step. Each XCD's L2 is LRU over whole operand slices (the unit a
/// K step reads; a slice larger than the L2 is fetched and not kept). \p Order
/// may be partial or repeat tiles (a snapshot of some workgroups); tiles no
/// workgroup computes have XcdOfTile 0xffffffff. Throws std::invalid_argument
/// for an invalid shape/config (including modelBytes() > MaxModelBytes), a
/// tile index >= tiles(), or more than 2^28 slice records.
OrderResult simulate(const GemmShape &S, const XcdConfig &C, const TileOrder &Order,
                     std::string Name);

/// The side-by-side comparison: \p Given (row-major when empty, named
/// \p GivenName), Given with the remap, GROUP_M grouping, remap + grouping.
/// \p GroupM 0 leaves the two grouped orders out.
std::vector<OrderResult> compareOrders(const GemmShape &S, const XcdConfig &C,
                                       const TileOrder &Given, const std::string &GivenName,
                                       uint64_t GroupM);

/// A text table of \p Results: per order, total bytes fetched into L2, per K
/// step, hit rate, ratio to the first order; then remapGapNote() when it has one;
/// then bytes per XCD.
std::string formatComparison(const GemmShape &S, const XcdConfig &C,
                             const std::vector<OrderResult> &Results);

/// The traffic into the L2s in one K step of tiles resident at the same time:
/// per XCD, the distinct A slices and B slices its tiles read, times their
/// bytes (each K step reads new slices, so nothing is in L2 yet). Placement:
/// (row-major tile index, XCD) pairs.
struct KStepTraffic {
  uint64_t XcdsUsed = 0, ASlices = 0, BSlices = 0, Bytes = 0;
};
KStepTraffic kStepTraffic(const GemmShape &S,
                          const std::vector<std::pair<uint32_t, unsigned>> &Placement);

/// The worked example of one tile row (docs/hardware.md, "The worked example"): BF16,
/// 256x256 output tiles, K step 64, so each A and B slice is 32 KiB; eight
/// neighbouring tiles; an 8x8-tile grid (M = N = 2048) of 64 workgroups on 8
/// XCDs. Rows: the 1x8 tile row under row-major dispatch (on 8 XCDs), the
/// tiles XCD 0 computes first under the remap (the 1x8 row on one XCD), and
/// under remap + GROUP_M=2 (a 2x4 block on one XCD).
struct SeedExampleRow {
  std::string Order, Tiles; ///< "row-major", "1x8"
  KStepTraffic Traffic;
  /// The counted tiles and the XCD each runs on: (row-major tile index in the
  /// 8x8 grid, XCD).
  std::vector<std::pair<uint32_t, unsigned>> Placement;
};
std::vector<SeedExampleRow> seedExample();
std::string formatSeedExample(const std::vector<SeedExampleRow> &Rows);
/// The worked example as an SVG picture (`wavesan xcd --seed-example --svg`): per
/// row, the 8x8 tile grid with the counted tiles coloured by the XCD that computes
/// them (the others grey) and the slices they read, and a bar chart of the traffic
/// into L2 per K step with a KiB axis. Element ids: "example-<i>" (one per row),
/// "legend", "bars", "bars-axis". \p Rows as seedExample() returns them.
std::string renderSeedExampleSvg(const std::vector<SeedExampleRow> &Rows);

/// The one-tile-row estimate for \p S on \p C: the first n = min(NumXcds, tilesN)
/// tiles of tile row 0 in one K step, Spread = on n XCDs (round-robin: tile i on
/// XCD i), OneXcd = all on XCD 0 (the remap's contiguous block). With 256x256 BF16
/// tiles and 8 XCDs: 8 x (32 + 32) = 512 KiB vs 32 + 8 x 32 = 288 KiB, 1.78x.
struct RowExample {
  uint64_t Tiles = 0;
  KStepTraffic Spread, OneXcd;
  /// Spread bytes / OneXcd bytes (1 when OneXcd is 0).
  double gain() const {
    return OneXcd.Bytes ? double(Spread.Bytes) / double(OneXcd.Bytes) : 1.0;
  }
};
RowExample rowExample(const GemmShape &S, const XcdConfig &C);

/// Thresholds of remapGapNote(): the example shows a gain when the remap fetches
/// at least ExampleGainMin x less; the full model shows none when it fetches less
/// than ModelGainMax x less (or more).
constexpr double ExampleGainMin = 1.25, ModelGainMax = 1.10;

/// A short note (ending in a newline) when the one-tile-row estimate promises a
/// gain from the remap that the full model does not show: rowExample(S,
/// C).gain() >= ExampleGainMin while row-major / remap bytes fetched (\p Results
/// [0] named "row-major", [1] "remap", as compareOrders() returns them without a
/// given order) is below ModelGainMax. Gives both figures and why they differ in
/// two sentences. "" otherwise (also for a recorded order).
std::string remapGapNote(const GemmShape &S, const XcdConfig &C,
                         const std::vector<OrderResult> &Results);

/// An SVG picture (standalone XML, viewable in a browser) of \p Results: a
/// heatmap of tile -> XCD per order (8-colour legend; more XCDs reuse colours
/// modulo 8) and a bar chart of bytes fetched into L2 per XCD and in total per
/// order, each on a byte axis with labelled ticks in the unit the text table
/// prints the largest value in (KiB, MiB, GiB); bar labels and tooltips print
/// bytes as the table does. Element ids: "heatmap-<i>", "legend", "bars-per-xcd",
/// "bars-per-xcd-axis", "bars-total", "bars-total-axis". A grid with more than
/// 64 tile rows or columns is drawn in blocks of ceil(tiles M / 64) x
/// ceil(tiles N / 64) tiles (at most 64 x 64 cells per order, coloured by the
/// XCD computing most of the block, opacity = its share), with a caption
/// ("heatmap-caption") saying so and the corner of up to 16 x 16 tiles drawn
/// one cell per tile ("zoom-<i>"); the picture stays under 2 MB.
std::string renderSvg(const GemmShape &S, const XcdConfig &C,
                      const std::vector<OrderResult> &Results);

} // namespace wavesan::xcd
