//===--- WaveFindings.cpp - the findings of a difference between runs ----===//
///
/// \file
/// reportDifferences turns what compareRuns found (model/WaveCompare.h)
/// into the model's findings: wave64-lane-mask-width,
/// wave64-partial-reduction and wave64-hardcoded-warp-size, with the
/// threads whose inputs a value lacks or gains and notes at the cross-lane
/// operations on its way.
///
//===----------------------------------------------------------------------===//
#include "model/WaveCompare.h"

namespace wavecheck::model::detail {

namespace {

/// "threads 32-63 and 96-127" for a sorted set of work-items.
std::string describeThreads(const std::set<unsigned> &T) {
  std::vector<std::pair<unsigned, unsigned>> Runs;
  for (unsigned X : T)
    if (!Runs.empty() && Runs.back().second + 1 == X)
      Runs.back().second = X;
    else
      Runs.push_back({X, X});
  std::string S = T.size() == 1 ? "thread " : "threads ";
  for (size_t I = 0; I < Runs.size(); ++I) {
    if (I == 4) {
      S += ", ...";
      break;
    }
    if (I)
      S += I + 1 == Runs.size() ? " and " : ", ";
    S += std::to_string(Runs[I].first);
    if (Runs[I].second != Runs[I].first)
      S += "-" + std::to_string(Runs[I].second);
  }
  return S;
}

/// Notes at the cross-lane operations a stored value went through (the first
/// MaxExchangeNotes of them).
constexpr unsigned MaxExchangeNotes = 4;
void addExchanges(ModelFinding &F, const std::vector<const Instruction *> &Xs) {
  for (size_t I = 0; I < Xs.size() && I < MaxExchangeNotes; ++I)
    F.Notes.push_back({chainOf(Xs[I]), "a cross-lane operation on the value's way"});
}

} // namespace

void reportDifferences(const Differences &D, const ElementTable &E, ModuleReport &R,
                       function_ref<void(ModelFinding &)> Tier) {
  for (const UndefinedOp *U : D.Undefined) {
    ModelFinding F;
    F.Check = "wave64-lane-mask-width";
    F.At = chainOf(U->At);
    F.Message = "with 64-lane wavefronts this " + U->What +
                "; with 32 lanes it is defined (a full-wave mask built by shifting by the "
                "wave size)";
    Tier(F);
    R.Findings.push_back(std::move(F));
  }
  for (const Instruction *S : D.Order) {
    const PerStore &P = D.ByStore.at(S);
    ModelFinding F;
    F.At = chainOf(S);
    std::string Places = P.Places == 1 ? "the value stored here"
                                       : "the values stored here (" + std::to_string(P.Places) +
                                             " places)";
    if (P.Uninit && P.Missing.empty()) {
      F.Check = "wave64-hardcoded-warp-size";
      F.Message = "with 64-lane wavefronts " + Places +
                  " is computed from LDS that no lane wrote; with 32 lanes every entry it "
                  "reads is written (a per-warp table filled for 32-lane warps)";
    } else if (!P.Extra.empty()) {
      F.Check = "wave64-hardcoded-warp-size";
      F.Message = "with 64-lane wavefronts " + Places + " combines the inputs of " +
                  describeThreads(P.Extra) + " instead of " + describeThreads(P.Missing) +
                  ", which it combines with 32 lanes (lanes grouped by 32 exchange with the "
                  "other half of the wavefront)";
    } else {
      F.Check = "wave64-partial-reduction";
      F.Message = "with 64-lane wavefronts " + Places + " lacks the inputs of " +
                  describeThreads(P.Missing) +
                  ", which it combines with 32 lanes (the exchange stops short of 64 lanes)";
    }
    addExchanges(F, P.Exchanges);
    Tier(F);
    R.Findings.push_back(std::move(F));
  }
  // Inputs lost where each run also stores what the other never does (the
  // work of a workgroup follows the wave size): no finding, but still a
  // difference for a fixed copy.
  if (!D.Order.empty() || !D.Lost64.any() || !D.LostStore || D.TileFollowsWave)
    return;
  ModelFinding F;
  F.At = chainOf(D.LostStore);
  if (D.Dropped.any()) {
    F.Check = "wave64-partial-reduction";
    F.Message = "with 64-lane wavefronts the inputs of " +
                describeThreads(readersOf(D.Dropped, E)) +
                " are read but reach no store to global memory; with 32 lanes they are "
                "combined into the values stored here (the exchange stops short of 64 lanes)";
  } else {
    F.Check = "wave64-hardcoded-warp-size";
    F.Message = "with 64-lane wavefronts the inputs that " +
                describeThreads(readersOf(D.Lost64, E)) +
                " read with 32 lanes are never read, and what they feed is never stored (work "
                "is divided by a count of 32-lane warps)";
  }
  addExchanges(F, D.LostExchanges);
  Tier(F);
  R.Findings.push_back(std::move(F));
}

} // namespace wavecheck::model::detail
