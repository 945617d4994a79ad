//===--- shuffle.cpp - shuffle results: the fast resolutions -----------------===//
///
/// \file
/// Shuffle source lanes and results for the common cases of a wave's
/// resolution (waveops.cpp, Worker::resolveWave): a full wave at one shuffle
/// call (resolveFullShuffle), and any group of lanes with one kind, width and
/// operand (shuffleUniform). The index arithmetic follows HIP's
/// amd_warp_functions.h; tests/sanitizer/EmuShuffleTest.cpp pins it lane by
/// lane.
///
//===----------------------------------------------------------------------===//
#include "engine.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace wavesan::emu::detail {

namespace {
/// Shuffle source lanes for one kind, width \p W and operand \p A (HIP's
/// amd_warp_functions.h index arithmetic); false when a source is inactive.
template <WaveOpKind K>
bool shuffleSources(const uint64_t *V, unsigned WS, int W, int A, uint64_t Active,
                    uint64_t *Results) {
  for (uint64_t Bits = Active; Bits; Bits &= Bits - 1) {
    const int Self = std::countr_zero(Bits);
    int Index;
    if constexpr (K == WaveOpKind::Shfl) {
      Index = (A & (W - 1)) + (Self & ~(W - 1));
    } else if constexpr (K == WaveOpKind::ShflUp) {
      Index = Self - A;
      if (Index < (Self & ~(W - 1)))
        Index = Self;
    } else if constexpr (K == WaveOpKind::ShflDown) {
      Index = Self + A;
      if ((Self & (W - 1)) + A >= W)
        Index = Self;
    } else {
      Index = Self ^ A;
      if (Index >= ((Self + W) & ~(W - 1)))
        Index = Self;
    }
    const unsigned Src = static_cast<unsigned>(Index) & (WS - 1);
    if (!(Active >> Src & 1)) [[unlikely]]
      return false;
    Results[Self] = V[Src];
  }
  return true;
}
} // namespace

// The common shuffle: one call site, every lane with the same kind, a valid
// width and an in-range operand, every source lane active. Computes the
// results and \returns true; otherwise false (the general loop then computes
// them and reports).
bool Worker::shuffleFast(const Lane *Base, const uint64_t *V, unsigned N, unsigned WS,
                         uint64_t Active,
                         uint64_t *Results) {
  (void)N;
  const Lane &F = Base[std::countr_zero(Active)];
  const WaveOpKind K = F.Op->Kind;
  const int W = F.Op->Width, A = F.Op->Arg;
  for (uint64_t Bits = Active; Bits; Bits &= Bits - 1) {
    const Lane &Ln = Base[std::countr_zero(Bits)];
    if (Ln.Op->Kind != K || Ln.Op->Width != W || Ln.Op->Arg != A)
      return false;
  }
  return shuffleUniform(V, WS, K, W, A, Active, Results);
}

// Shuffle results when every lane in \p Active has kind \p K, width \p W and
// operand \p A; false when the width or operand is invalid or a source lane
// is inactive (the general loop then reports).
bool Worker::shuffleUniform(const uint64_t *V, unsigned WS, WaveOpKind K, int W, int A,
                            uint64_t Active, uint64_t *Results) {
  if (W <= 0 || W > static_cast<int>(WS) || (W & (W - 1)) != 0 || A < 0 || A >= W)
    return false;
  switch (K) {
  case WaveOpKind::Shfl:
    return shuffleSources<WaveOpKind::Shfl>(V, WS, W, A, Active, Results);
  case WaveOpKind::ShflUp:
    return shuffleSources<WaveOpKind::ShflUp>(V, WS, W, A, Active, Results);
  case WaveOpKind::ShflDown:
    return shuffleSources<WaveOpKind::ShflDown>(V, WS, W, A, Active, Results);
  case WaveOpKind::ShflXor:
    return shuffleSources<WaveOpKind::ShflXor>(V, WS, W, A, Active, Results);
  default:
    return false;
  }
}

namespace {
/// Shuffle results of a full wave (every lane active, \p WS of them) for one
/// kind, a valid width \p W and operand \p A: plain loops over the values
/// gathered from the lane records (every source index is in the wave).
/// The same results as block moves per W-lane segment (the common widths and
/// offsets of reduction ladders make this a few memmoves), in place in \p V.
void shuffleFullWave(WaveOpKind K, uint64_t *V, unsigned WS, int W, int A) {
  const size_t Move = static_cast<size_t>(W - A) * sizeof *V;
  for (int Seg = 0; Seg < static_cast<int>(WS); Seg += W) {
    uint64_t *S = V + Seg;
    switch (K) {
    case WaveOpKind::Shfl: // every lane reads the segment's lane A
      std::fill(S, S + W, S[A]);
      break;
    case WaveOpKind::ShflUp: // lanes A.. read lane - A; lanes below A keep their own
      std::memmove(S + A, S, Move);
      break;
    case WaveOpKind::ShflDown: // lanes ..W-A-1 read lane + A; the rest keep their own
      std::memmove(S, S + A, Move);
      break;
    default: { // lane ^ A stays in the segment (A < W)
      uint64_t T[64];
      std::memcpy(T, S, static_cast<size_t>(W) * sizeof *V);
      for (int I = 0; I < W; ++I)
        S[I] = T[I ^ A];
      break;
    }
    }
  }
}
} // namespace

// The commonest resolution: every lane of a full wave at one shuffle call with
// one kind, width and operand, all valid, no mask excluding a lane, nothing
// held: results computed with no per-lane checks. \returns false otherwise.
bool Worker::resolveFullShuffle(Wave &Wv, Lane *Arriving) {
  const unsigned WS = L->WaveSize;
  if (!(Wv.Uniform && Wv.Pending == WS && Wv.Count == WS && Wv.Held == 0 && isShuffle(Wv.Kind)))
    return false;
  const int W = Wv.Width, A = Wv.Arg;
  if (W <= 0 || W > static_cast<int>(WS) || (W & (W - 1)) != 0 || A < 0 || A >= W)
    return false;
  Lane *const Base = &Block.Lanes[Wv.First];
  const WaveOpCall &C = *Base[0].Op;
  const uint64_t All = WS == 64 ? ~0ull : ((1ull << WS) - 1);
  if (C.HasMask && (All & ~C.Mask) != 0)
    return false;
  uint64_t *const V = &Vals[Wv.First];
  shuffleFullWave(Wv.Kind, V, WS, W, A);
  ++Stats.WaveOps;
  Stats.WaveOpCalls += WS;
  // Every lane but the arriving one becomes ready, in lane order. Op is left
  // as is: it is read only in state WaveOp. Locals: no reloads of the ring
  // through the lane stores.
  Lane **const Ring = Ready.get();
  unsigned Tail = ReadyTail;
  for (unsigned I = 0; I < WS; ++I) {
    Lane *Ln = Base + I;
    Ln->State = LaneState::Ready;
    Ring[Tail & (RingSize - 1)] = Ln;
    ReadyCtx[Tail & (RingSize - 1)] = Ln->Ctx; // the only copy while ready
    Ln->Ctx = nullptr;
    Tail += Ln != Arriving;
  }
  ReadyTail = Tail;
  Stats.Switches += WS - 1; // one switch to each lane made ready (WorkerHot::pushReady)
  Arriving->State = LaneState::Running;
  Wv.Runnable += WS;
  Wv.Pending = 0;
  return true;
}

} // namespace wavesan::emu::detail
