//===--- WarpSizeDetectionCheck.h - wave64-warp-size-detection -------------===//
///
/// \file
/// Flags compile-time wave sizes that resolve wrongly for the target of the
/// pass (device or host), and the spellings that no longer give one:
///  - a wave-size macro or constant (`WARP_SIZE`, `kWaveSize`) set to 32 or 64
///    in the branch of an `#if`/`#ifdef` on gfx macros (`__gfx90a__`,
///    `__GFX9__`), `__HIP_DEVICE_COMPILE__`, `__AMDGCN__` or the HIP platform
///    that the pass takes, when that value is not the target's wave size: at
///    the value in the device pass; in the host pass, where no gfx macro is
///    defined, at each use in host code (launch math);
///  - each use of `__AMDGCN_WAVEFRONT_SIZE` (deprecated in LLVM in late 2024,
///    removed in October 2025, and 64 in every host pass);
///  - `warpSize` where a constant expression is required (array extent,
///    template argument, `static_assert`, case label, `constexpr`
///    initialiser), which ROCm 7 rejects; fix-it: the option
///    `ConstantWaveSize`, default the target's wave size as a literal;
///  - `warpSize` read in host code.
/// Messages of the first form name the target and the pass.
///
/// For the user-facing documentation see rules/wave64-warp-size-detection.md.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_WARPSIZEDETECTIONCHECK_H
#define WAVECHECK_CHECKS_WARPSIZEDETECTIONCHECK_H

#include "checks/WaveCheck.h"
#include <memory>

namespace wavecheck {


class WarpSizeDetectionCheck : public WaveCheck {
public:
  WarpSizeDetectionCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  ~WarpSizeDetectionCheck() override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const clang::SourceManager &SM, clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  std::optional<clang::TraversalKind> getCheckTraversalKind() const override {
    return clang::TK_IgnoreUnlessSpelledInSource;
  }

  /// Per-translation-unit facts from the preprocessor and the AST, decided
  /// and cleared in onEndOfTranslationUnit().
  struct State;

private:
  void reportRemovedMacro(State &St);
  void reportWarpSize(State &St);
  void reportChosen(State &St);
  void reportHostBranchInDevicePass(State &St, const TargetProfile &T,
                                    const char *HostMsg);

  std::unique_ptr<State> S;
};

} // namespace wavecheck

#endif
