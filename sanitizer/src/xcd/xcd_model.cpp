//===--- xcd_model.cpp - tile orders and the per-XCD LRU L2 simulation -----===//
///
/// \file
/// wavesan/xcd.h: GemmShape/XcdConfig checks, the orders (row-major, GROUP_M,
/// the XCD remap from wavecheck/xcd_remap.h) and simulate(), the LRU L2 of
/// every XCD over whole operand slices. docs/wavesan-xcd.md.
///
//===----------------------------------------------------------------------===//
#include "wavesan/xcd.h"

#include "wavecheck/xcd_remap.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <wavecommon/targets.h>

namespace wavesan::xcd {

// XcdConfig's defaults (wavesan/xcd.h, an installed header that includes only the
// standard library) are the MI300X figures of the target table.
static_assert(XcdConfig{}.NumXcds == wavecommon::Gfx942.NumXcds,
              "XcdConfig::NumXcds default: the target table's gfx942 XCD count");
static_assert(XcdConfig{}.L2Bytes == wavecommon::Gfx942.L2BytesPerXcd,
              "XcdConfig::L2Bytes default: the target table's gfx942 L2 per XCD");
static_assert(XcdConfig{}.ResidentPerXcd == wavecommon::Gfx942.computeUnitsPerXcd(),
              "XcdConfig::ResidentPerXcd default: one workgroup per CU of a gfx942 XCD");
// The remap header's default XCD count (wavecheck/xcd_remap.h, C++11 and no
// library, for users' kernels) is the same figure.
static_assert(wavecheck_xcd_detail::DefaultNumXcds == wavecommon::Gfx942.NumXcds,
              "remap_pid_for_xcds default: the target table's gfx942 XCD count");

namespace {

void requirePositive(uint64_t V, const char *Name) {
  if (V == 0)
    throw std::invalid_argument(std::string(Name) + " is 0; expected a positive number");
}

/// Slice records the simulation may allocate (16 bytes each, per XCD in turn).
constexpr uint64_t MaxSlices = 1ull << 28;
/// modelBytes(): bytes per tile (up to eight 4-byte tables) and per slice (LRU links + size).
constexpr uint64_t BytesPerTile = 32, BytesPerSlice = 16;

/// One XCD's L2: an LRU list over slice ids (an intrusive doubly-linked list in
/// flat arrays; index Sentinel is the list head, Next = towards LRU).
class LruL2 {
public:
  LruL2(uint64_t NumSlices, uint64_t Capacity)
      : Sentinel(static_cast<uint32_t>(NumSlices)), Capacity(Capacity),
        Prev(NumSlices + 1, None), Next(NumSlices + 1, None), SizeOf(NumSlices, 0) {
    Prev[Sentinel] = Next[Sentinel] = Sentinel;
  }

  /// Reads slice \p Id of \p Bytes; \returns true on a hit.
  bool access(uint32_t Id, uint64_t Bytes) {
    if (Prev[Id] != None) { // resident: move to the front
      unlink(Id);
      pushFront(Id);
      return true;
    }
    if (Bytes > Capacity)
      return false; // streamed through, not kept
    while (Used + Bytes > Capacity) {
      uint32_t Victim = Prev[Sentinel];
      Used -= SizeOf[Victim];
      unlink(Victim);
      Prev[Victim] = Next[Victim] = None;
    }
    SizeOf[Id] = Bytes;
    Used += Bytes;
    pushFront(Id);
    return false;
  }

private:
  static constexpr uint32_t None = std::numeric_limits<uint32_t>::max();
  void unlink(uint32_t Id) {
    Next[Prev[Id]] = Next[Id];
    Prev[Next[Id]] = Prev[Id];
  }
  void pushFront(uint32_t Id) {
    Prev[Id] = Sentinel;
    Next[Id] = Next[Sentinel];
    Prev[Next[Sentinel]] = Id;
    Next[Sentinel] = Id;
  }
  uint32_t Sentinel;
  uint64_t Capacity, Used = 0;
  std::vector<uint32_t> Prev, Next;
  std::vector<uint64_t> SizeOf;
};

} // namespace

void GemmShape::validate() const {
  requirePositive(M, "M");
  requirePositive(N, "N");
  requirePositive(K, "K");
  requirePositive(TileM, "tile M");
  requirePositive(TileN, "tile N");
  requirePositive(KStep, "K step");
  requirePositive(ElemBytes, "element bytes");
  if (tilesM() > 0xffffffffull / tilesN())
    throw std::invalid_argument("the GEMM has " + std::to_string(tilesM()) + " x " +
                                std::to_string(tilesN()) +
                                " tiles; expected at most 2^32 - 1 tiles");
  // Every byte count the model forms (a slice, a workgroup's reads, the totals) is at most
  // this sum: when it fits in 64 bits, none of them wraps (they printed 0 B).
  if (uint64_t Bytes = 0; !operandBytes(*this, Bytes))
    throw std::invalid_argument(fmt::format(
        "the GEMM {} x {} x {} of {}-byte elements reads element bytes x K x (M x {} tiles N "
        "+ N x {} tiles M) bytes of operands, more than 2^64 - 1 (18446744073709551615); "
        "expected a shape whose reads fit in 64 bits: use smaller M, N, K or element size",
        M, N, K, ElemBytes, tilesN(), tilesM()));
  if (const uint64_t Need = modelBytes(*this); Need > MaxModelBytes) {
    const uint64_t Panels = tilesM() + tilesN();
    const std::string Slices = kSteps() > UINT64_MAX / Panels
                                   ? std::string("2^64 or more")
                                   : std::to_string(Panels * kSteps());
    const std::string Size = Need == UINT64_MAX
                                 ? std::string("2^64 B or more")
                                 : fmt::format("{:.1f} GiB", double(Need) / double(1ull << 30));
    throw std::invalid_argument(fmt::format(
        "the model needs about {} ({} B x {} tiles + {} B x {} operand slices); expected at "
        "most 1 GiB: use larger tiles or a larger K step",
        Size, BytesPerTile, tiles(), BytesPerSlice, Slices));
  }
}

bool operandBytes(const GemmShape &S, uint64_t &Out) {
  uint64_t A = 0, B = 0, Sum = 0, PerK = 0, Total = 0;
  if (__builtin_mul_overflow(S.M, S.tilesN(), &A) || __builtin_mul_overflow(S.N, S.tilesM(), &B) ||
      __builtin_add_overflow(A, B, &Sum) || __builtin_mul_overflow(Sum, S.K, &PerK) ||
      __builtin_mul_overflow(PerK, S.ElemBytes, &Total))
    return false;
  Out = Total;
  return true;
}

uint64_t modelBytes(const GemmShape &S) {
  if (S.TileM == 0 || S.TileN == 0 || S.KStep == 0)
    return 0;
  const uint64_t TM = S.tilesM(), TN = S.tilesN(), KS = S.kSteps();
  constexpr uint64_t Max = UINT64_MAX;
  if (TN != 0 && TM > Max / TN)
    return Max;
  const uint64_t Tiles = TM * TN;
  if (TM + TN < TM || KS > Max / BytesPerSlice / std::max<uint64_t>(1, TM + TN) ||
      Tiles > Max / BytesPerTile)
    return Max;
  const uint64_t A = Tiles * BytesPerTile, B = (TM + TN) * KS * BytesPerSlice;
  return A > Max - B ? Max : A + B;
}

void XcdConfig::validate() const {
  requirePositive(NumXcds, "number of XCDs");
  requirePositive(L2Bytes, "L2 size");
  requirePositive(ResidentPerXcd, "workgroups resident per XCD");
}

L2Stats &L2Stats::operator+=(const L2Stats &O) {
  Workgroups += O.Workgroups;
  Accesses += O.Accesses;
  Hits += O.Hits;
  BytesRead += O.BytesRead;
  BytesFetched += O.BytesFetched;
  return *this;
}

TileOrder makeOrder(const TileOrderFn &Fn, uint64_t NumPids, uint64_t NumTiles) {
  if (NumPids > 0xffffffffull)
    throw std::invalid_argument("tile order: " + std::to_string(NumPids) +
                                " workgroups; expected at most 2^32 - 1");
  TileOrder O(NumPids);
  for (uint64_t P = 0; P < NumPids; ++P) {
    uint64_t T = Fn(P, NumPids);
    if (T >= NumTiles)
      throw std::invalid_argument("tile order: workgroup " + std::to_string(P) +
                                  " computes tile " + std::to_string(T) + "; expected < " +
                                  std::to_string(NumTiles) + " (the number of tiles)");
    O[P] = static_cast<uint32_t>(T);
  }
  return O;
}

TileOrder rowMajorOrder(const GemmShape &S) {
  S.validate();
  return makeOrder([](uint64_t P, uint64_t) { return P; }, S.tiles(), S.tiles());
}

TileOrder groupedOrder(const GemmShape &S, uint64_t GroupM) {
  S.validate();
  if (GroupM == 0)
    throw std::invalid_argument("GROUP_M is 0; expected at least 1 tile row per group");
  const uint64_t TM = S.tilesM(), TN = S.tilesN();
  GroupM = std::min(GroupM, TM); // a group of more rows than there are: one group of all
  return makeOrder(
      [&](uint64_t Pid, uint64_t) {
        // Triton matmul tutorial, "L2 cache optimizations".
        const uint64_t InGroup = GroupM * TN;
        const uint64_t FirstM = Pid / InGroup * GroupM;
        const uint64_t SizeM = std::min(TM - FirstM, GroupM);
        const uint64_t Row = FirstM + (Pid % InGroup) % SizeM;
        const uint64_t Col = (Pid % InGroup) / SizeM;
        return Row * TN + Col;
      },
      S.tiles(), S.tiles());
}

TileOrder remapOrder(const TileOrder &Base, unsigned NumXcds) {
  TileOrder O(Base.size());
  const auto N = static_cast<unsigned>(Base.size());
  for (unsigned P = 0; P < N; ++P)
    O[P] = Base[remap_pid_for_xcds(P, N, NumXcds)];
  return O;
}

OrderResult simulate(const GemmShape &S, const XcdConfig &C, const TileOrder &Order,
                     std::string Name) {
  S.validate();
  C.validate();
  const uint64_t TM = S.tilesM(), TN = S.tilesN(), KS = S.kSteps();
  if (KS > MaxSlices / (TM + TN))
    throw std::invalid_argument(
        "the model needs (" + std::to_string(TM) + " + " + std::to_string(TN) + ") x " +
        std::to_string(KS) + " operand slices ((tiles M + tiles N) x K steps); expected at "
        "most 2^28: use larger tiles or a larger K step");
  const uint64_t NumSlices = (TM + TN) * KS;
  for (size_t P = 0; P < Order.size(); ++P)
    if (Order[P] >= S.tiles())
      throw std::invalid_argument("tile order '" + Name + "': workgroup " + std::to_string(P) +
                                  " computes tile " + std::to_string(Order[P]) +
                                  "; expected < " + std::to_string(S.tiles()));

  OrderResult R;
  R.Name = std::move(Name);
  R.KSteps = KS;
  R.PerXcd.assign(C.NumXcds, L2Stats{});
  R.XcdOfTile.assign(S.tiles(), 0xffffffffu);
  for (size_t P = 0; P < Order.size(); ++P)
    R.XcdOfTile[Order[P]] = static_cast<uint32_t>(P % C.NumXcds);

  // Bytes of a slice: TileM (or the edge rows) x KStep (or the last step) x ElemBytes.
  auto rows = [&](uint64_t R0) { return std::min(S.TileM, S.M - R0 * S.TileM); };
  auto cols = [&](uint64_t C0) { return std::min(S.TileN, S.N - C0 * S.TileN); };
  auto depth = [&](uint64_t K0) { return std::min(S.KStep, S.K - K0 * S.KStep); };

  std::vector<uint32_t> Batch;
  for (unsigned X = 0; X < C.NumXcds; ++X) {
    L2Stats &St = R.PerXcd[X];
    if (X >= Order.size())
      continue;
    LruL2 L2(NumSlices, C.L2Bytes);
    for (uint64_t First = X; First < Order.size();) {
      Batch.clear();
      for (; First < Order.size() && Batch.size() < C.ResidentPerXcd; First += C.NumXcds)
        Batch.push_back(Order[First]);
      St.Workgroups += Batch.size();
      for (uint64_t K0 = 0; K0 < KS; ++K0) {
        const uint64_t D = depth(K0) * S.ElemBytes;
        for (uint32_t T : Batch) {
          const uint64_t Row = T / TN, Col = T % TN;
          const uint64_t ABytes = rows(Row) * D, BBytes = cols(Col) * D;
          const bool AHit = L2.access(static_cast<uint32_t>(Row * KS + K0), ABytes);
          const bool BHit = L2.access(static_cast<uint32_t>((TM + Col) * KS + K0), BBytes);
          St.Accesses += 2;
          St.Hits += AHit + BHit;
          St.BytesRead += ABytes + BBytes;
          St.BytesFetched += (AHit ? 0 : ABytes) + (BHit ? 0 : BBytes);
        }
      }
    }
  }
  for (const L2Stats &St : R.PerXcd)
    R.Total += St;
  return R;
}

std::vector<OrderResult> compareOrders(const GemmShape &S, const XcdConfig &C,
                                       const TileOrder &Given, const std::string &GivenName,
                                       uint64_t GroupM) {
  S.validate();
  C.validate();
  const TileOrder Base = Given.empty() ? rowMajorOrder(S) : Given;
  const std::string BaseName = Given.empty() ? "row-major" : GivenName;
  std::vector<OrderResult> Out;
  Out.push_back(simulate(S, C, Base, BaseName));
  Out.push_back(simulate(S, C, remapOrder(Base, C.NumXcds),
                         Given.empty() ? "remap" : BaseName + " + remap"));
  if (GroupM) {
    const TileOrder G = groupedOrder(S, GroupM);
    const std::string GName = "GROUP_M=" + std::to_string(GroupM);
    Out.push_back(simulate(S, C, G, GName));
    Out.push_back(simulate(S, C, remapOrder(G, C.NumXcds), "remap + " + GName));
  }
  return Out;
}

} // namespace wavesan::xcd
