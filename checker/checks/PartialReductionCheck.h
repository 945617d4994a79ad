//===--- PartialReductionCheck.h - wave64-partial-reduction -----------------===//
///
/// \file
/// Flags shuffle reductions and scans written for a 32-lane CUDA warp that,
/// over a full 64-lane wavefront, never fold lanes 32-63 into lanes 0-31:
///  - a halving ladder (a loop or unrolled `__shfl_xor`/`__shfl_down` calls)
///    whose first offset is 16; fix-it: start at `warpSize / 2` (loops) or
///    add a guarded `warpSize / 2` step in front (unrolled ladders);
///  - a doubling `__shfl_up` scan (or butterfly) bounded by 32 (`d < 32`,
///    `d <= 16`); fix-it: bound it by `warpSize` (`warpSize / 2`);
///  - lane 31 taken as the last lane: `__shfl(v, 31)` and `lane == 31` guards
///    in a function that shuffles over the full wave; fix-it: `warpSize - 1`.
/// A ladder or scan written for 32 lanes is correct on wave64 when its result
/// is consumed per 32-lane group (`lane = tid % 32`, a leader at group lane 0
/// or 31): each half of the wavefront computes its own group. It is reported
/// only where the code around it (the function, what it calls, the kernels
/// that call it: LaneGroups.h) groups lanes by the wavefront (`tid %
/// warpSize`, `__lane_id()`, `blockDim.x / warpSize`) or uses an operation
/// spanning both halves; the fix-it only where no 32-lane grouping is used
/// there either. Shuffles with an explicit width below 64 (32-lane logical
/// warps, 16-lane segments) are left alone, and wave32 targets give no finding. In a
/// function that lays the block out in rows (`threadIdx.y`, `blockDim.y`)
/// there is no fix-it: rows of 32 threads share a wave64 in pairs and should
/// become 32-lane logical warps instead (a note says so).
///
/// For the user-facing documentation see rules/wave64-partial-reduction.md.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_PARTIALREDUCTIONCHECK_H
#define WAVECHECK_CHECKS_PARTIALREDUCTIONCHECK_H

#include "checks/LaneGroups.h"
#include "checks/WaveCheck.h"
#include <memory>

namespace wavecheck {


class PartialReductionCheck : public WaveCheck {
public:
  PartialReductionCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  std::optional<clang::TraversalKind> getCheckTraversalKind() const override {
    return clang::TK_IgnoreUnlessSpelledInSource;
  }

private:
  using Result = clang::ast_matchers::MatchFinder::MatchResult;
  void checkLoop(const Result &R, const TargetProfile &T);
  void checkUnrolled(const Result &R, const TargetProfile &T);
  void checkLastLane(const Result &R, const TargetProfile &T);
  void noteRows(const clang::Expr *Row, const Result &R);
  /// What the code around \p At does with the lanes (LaneGroups), built
  /// once per translation unit.
  LaneGroupFacts around(const clang::Stmt *At, const Result &R);
  /// The note naming what makes a 32-lane result wrong here.
  void noteWhy(const LaneGroupFacts &F);
  void onEndOfTranslationUnit() override { Groups.reset(); }

  std::unique_ptr<LaneGroups> Groups;

};

} // namespace wavecheck

#endif
