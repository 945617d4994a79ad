//===--- HardcodedWarpSizeCheck.h - wave64-hardcoded-warp-size -------------===//
///
/// \file
/// Flags the literal 32 used as the wavefront size in device code: lane
/// indices (`tid % 32`, `tid & 31`), warp ids (`tid / 32`, `tid >> 5`), warp
/// counts (`blockDim.x / 32`), shuffle widths of 32 next to full-wave
/// operations, per-lane array extents `[32]` written at a lane id, loop
/// strides `+= 32` (`+= 32 * V`) over a lane-indexed variable, tiles of
/// `32 * K` elements walked by `lane * K`, loops over 32 slots of a table only
/// wavefronts write, and source lanes masked below 32 in a width-less gather.
/// Lambda parameters fed a thread index and struct fields of 32 count too. A macro or constant whose
/// value is 32 and which is used in one of these roles is reported once, at
/// its definition, with notes at its uses; one whose name does not say it is
/// the wave size (`TILE`, namesWaveSize()) is reported at each use without a
/// fix-it. An extent is per-lane when a lane id computed with 32 writes it.
/// Consistent 32-lane logical warps are correct on wave64: a 32 is reported
/// only where the code around it (LaneGroups.h) spans both 32-lane halves of
/// a wavefront (a ballot, a stored vote, `__shfl(v, 0)` without a width) or
/// groups lanes by the wavefront (`tid % warpSize`), with a note there; 32s
/// meaning bits per word, and 32s computed from other values (`WarpSize /
/// 2`), never are. A fix-it is offered only where no other literal 32, 31,
/// 16 or 5 of the code around stays unfixed, outside row layouts, and at a
/// definition only when every use of it is a reported one.
/// Fix-its use `warpSize` where a runtime value is legal and the constant of
/// the option `ConstantWaveSize` (default: the target's wave size) where a
/// constant is required (ROCm 7 made `warpSize` non-constexpr) and in
/// `__host__ __device__` functions (no `warpSize` on the host). Silent for
/// wave32 targets.
///
/// For the user-facing documentation see rules/wave64-hardcoded-warp-size.md.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_HARDCODEDWARPSIZECHECK_H
#define WAVECHECK_CHECKS_HARDCODEDWARPSIZECHECK_H

#include "checks/WaveCheck.h"
#include <memory>

namespace wavecheck {

class HardcodedWarpSizeCheck : public WaveCheck {
public:
  HardcodedWarpSizeCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  ~HardcodedWarpSizeCheck() override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const clang::SourceManager &SM, clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  std::optional<clang::TraversalKind> getCheckTraversalKind() const override {
    return clang::TK_IgnoreUnlessSpelledInSource;
  }

  /// Per-translation-unit facts: candidate findings, the macros and constants
  /// whose value is 32, and per-function shuffle facts. Decided and cleared in
  /// onEndOfTranslationUnit().
  struct State;

private:
  std::unique_ptr<State> S;
};

} // namespace wavecheck

#endif
