//===--- WaveCompare.cpp - the runs at wave 32 and at wave 64 compared ----===//
///
/// \file
/// sameOutcome tells whether two runs left the same in memory; compareRuns
/// finds what differs between a wave-32 and a wave-64 run that the code's
/// own lane mapping does not explain: shifts undefined at wave 64 only,
/// stored values that lack inputs, inputs that reach no store at wave 64
/// (model/WaveCompare.h; docs/wave-model.md).
///
//===----------------------------------------------------------------------===//
#include "model/WaveCompare.h"

#include <algorithm>
#include <cmath>

namespace wavecheck::model::detail {

std::set<unsigned> readersOf(const BitVector &Elems, const ElementTable &E) {
  std::set<unsigned> T;
  for (unsigned I : Elems.set_bits())
    if (I >= ElementTable::FirstInput)
      T.insert(E.reader(I));
  return T;
}

namespace {

/// The inputs in A and not in B (the marks below FirstInput left out).
BitVector minus(BitVector A, BitVector B) {
  unsigned N = std::max({A.size(), B.size(), ElementTable::FirstInput});
  A.resize(N);
  B.resize(N);
  B.flip();
  A &= B;
  A.reset(0, ElementTable::FirstInput);
  return A;
}

bool has(const BitVector &B, unsigned I) { return B.size() > I && B[I]; }

/// Floats stored by the two runs agree when they differ by no more than a
/// relative 1e-6: atomics may add in another order at wave 64 (float
/// addition is not associative), which rounds differently by a few ulps of
/// a float (2^-23 is about 1.2e-7).
constexpr double SameFloatTolerance = 1e-6;

bool sameBits(BitVector A, BitVector B) {
  unsigned N = std::max(A.size(), B.size());
  A.resize(N);
  B.resize(N);
  return A == B;
}

} // namespace

bool sameOutcome(const RunOutcome &A, const RunOutcome &B) {
  if (A.Global.size() != B.Global.size() || A.Undefined.size() != B.Undefined.size() ||
      !sameBits(A.InputsRead, B.InputsRead))
    return false;
  for (auto X = A.Global.begin(), Y = B.Global.begin(); X != A.Global.end(); ++X, ++Y) {
    const StoredValue &P = X->second, &Q = Y->second;
    if (X->first != Y->first || P.Raced != Q.Raced || P.IsFloat != Q.IsFloat ||
        !sameBits(P.Taint, Q.Taint))
      return false;
    // A value computed from memory no lane wrote, even in both runs, says
    // the run is not the one the kernel was written for (a table filled by
    // more work-items than the model ran): no verdict.
    if (has(P.Taint, ElementTable::Uninit))
      return false;
    if (P.IsFloat) {
      if (P.Float != Q.Float && !(std::isnan(P.Float) && std::isnan(Q.Float)) &&
          !(std::fabs(P.Float - Q.Float) <=
            SameFloatTolerance * std::max(std::fabs(P.Float), std::fabs(Q.Float))))
        return false;
    } else if (P.Bits != Q.Bits) {
      return false;
    }
  }
  return true;
}

Differences compareRuns(const RunOutcome &R32, const RunOutcome &R64,
                        function_ref<const RunOutcome &()> Next, const ElementTable &E,
                        bool SameModule) {
  Differences D;
  // 1. Shifts by the width or more, at wave 64 only.
  std::set<const Instruction *> Undef32, Seen;
  for (const UndefinedOp &U : R32.Undefined)
    Undef32.insert(U.At);
  for (const UndefinedOp &U : R64.Undefined) {
    bool At32 = SameModule ? Undef32.count(U.At) != 0 : !R32.Undefined.empty();
    if (!At32 && Seen.insert(U.At).second)
      D.Undefined.push_back(&U);
  }

  // 2. The same global place, stored in both runs.
  auto Grow = [](BitVector &A, const BitVector &B) {
    if (A.size() < B.size())
      A.resize(B.size());
    BitVector C = B;
    C.resize(A.size());
    A |= C;
  };
  // A place two work-items store without an atomic holds the last writer's
  // value, in an order the model does not know: left out of both runs.
  std::set<std::pair<unsigned, uint64_t>> Raced;
  auto AddRaces = [&](const RunOutcome &Run) {
    for (const auto &[Key, V] : Run.Global)
      if (V.Raced)
        Raced.insert(Key);
  };
  AddRaces(R32);
  AddRaces(R64);
  auto UnionOf = [&](const RunOutcome &Run, BitVector &U) {
    for (const auto &[Key, V] : Run.Global)
      if (!Raced.count(Key))
        Grow(U, V.Taint);
  };
  BitVector Union32, Union64;
  UnionOf(R32, Union32);
  // A kernel written for 64 lanes: its wave-32 run loses what the wave-64
  // run keeps. Not a finding of this model.
  BitVector Own64; // block 0's alone
  UnionOf(R64, Own64);
  BitVector Lost32 = minus(Own64, Union32);
  Union64 = Own64;
  // The next workgroup at wave 64, run only when block 0 at wave 64 leaves
  // inputs of its wave-32 run unstored: where a block's share of the work
  // is counted in wavefronts, the next block does what block 0 did at wave
  // 32 beyond its own share. Only the union (3. below) looks at it.
  const RunOutcome *Next64 = nullptr;
  if (minus(Union32, Own64).any()) {
    Next64 = &Next();
    if (!Next64->Modelled) {
      D.NextNotModelled = Next64->NotModelled;
      return D;
    }
    AddRaces(*Next64);
    UnionOf(*Next64, Union64);
  }
  BitVector Lost64 = minus(Union32, Union64);
  D.WrittenFor64 = Lost32.any() && !Lost64.any();
  if (D.WrittenFor64)
    return D;
  // Each run stores inputs the other never does: the tile a workgroup covers
  // follows the wave size (`lane * V` columns, `threadIdx.x / warpSize`
  // rows), as in code launched with a block size made of wavefronts. The
  // same block size at both widths is then not what the code runs with.
  D.TileFollowsWave = Lost32.any() && Lost64.any();
  for (const auto &[Key, V64] : R64.Global) {
    auto It = R32.Global.find(Key);
    if (It == R32.Global.end() || Raced.count(Key))
      continue;
    const StoredValue &V32 = It->second;
    // A place indexed by the wave size holds another lane group's result in
    // each run: judged by the union below.
    if (V32.WaveAddress || V64.WaveAddress)
      continue;
    bool Uninit = has(V64.Taint, ElementTable::Uninit) && !has(V32.Taint, ElementTable::Uninit);
    BitVector Missing, Extra;
    // A value assembled from per-wavefront slots is judged by the union
    // below, except that it must not read slots nobody wrote.
    if (!has(V32.Taint, ElementTable::WaveSlot) && !has(V64.Taint, ElementTable::WaveSlot)) {
      Missing = minus(V32.Taint, V64.Taint);
      Extra = minus(V64.Taint, V32.Taint);
    }
    // A value that carries other lanes' inputs instead (a broadcast from
    // lane 0 of the wavefront rather than of the 32-lane warp) is what
    // wave-agnostic code means by "the warp's lane 0": without the lane
    // groups the code itself forms, the model cannot tell intent from bug,
    // so it leaves these to the AST tier (which sees the groups written
    // with 32).
    if (Extra.any() && !Uninit) {
      D.CrossedGroups = true;
      continue;
    }
    if (!Missing.any() && !Uninit)
      continue;
    auto [PS, New] = D.ByStore.try_emplace(V64.Store);
    if (New)
      D.Order.push_back(V64.Store);
    for (unsigned T : readersOf(Missing, E))
      PS->second.Missing.insert(T);
    for (unsigned T : readersOf(Extra, E))
      PS->second.Extra.insert(T);
    PS->second.Uninit |= Uninit;
    for (const Instruction *X : V64.Exchanges)
      if (llvm::find(PS->second.Exchanges, X) == PS->second.Exchanges.end())
        PS->second.Exchanges.push_back(X);
    ++PS->second.Places;
  }
  if (!D.Order.empty() || !Lost64.any())
    return D;

  // 3. Inputs that reach global memory at wave 32 and nowhere at wave 64.
  D.Lost64 = Lost64;
  // Blame the store that carried them at wave 32.
  for (const auto &[Key, V32] : R32.Global) {
    if (Raced.count(Key))
      continue;
    BitVector Common = V32.Taint;
    Common.resize(std::max(Common.size(), Lost64.size()));
    BitVector L64 = Lost64;
    L64.resize(Common.size());
    Common &= L64;
    if (Common.any()) {
      D.LostStore = V32.Store;
      D.LostExchanges = V32.Exchanges;
      break;
    }
  }
  // Read at wave 64 but dropped on the way (a reduction that stops short),
  // or never read (rows divided among a count of 32-lane warps).
  BitVector Read64 = R64.InputsRead;
  if (Next64)
    Grow(Read64, Next64->InputsRead);
  Read64.resize(std::max(Read64.size(), Lost64.size()));
  D.Dropped = Lost64;
  D.Dropped.resize(Read64.size());
  D.Dropped &= Read64;
  return D;
}

} // namespace wavecheck::model::detail
