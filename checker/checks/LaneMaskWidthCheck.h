//===--- LaneMaskWidthCheck.h - wave64-lane-mask-width ---------------------===//
///
/// \file
/// Flags 64-bit lane masks narrowed to, or built in, 32 bits on a wave64
/// target (gfx9: gfx90a, gfx942, gfx950), where lanes 32-63 then vanish:
///  - the result of `__ballot`, `__ballot_sync`, `__activemask`, `__match_any*`
///    (or a 64-bit local variable holding one) stored in, assigned to, passed
///    as, returned as or cast to an integer narrower than 64 bits; fix-it: widen
///    the variable's declared type or the cast's type;
///  - `__popc`, `__ffs`, `__clz` (and their `__builtin_*` forms) applied to a
///    value that is, or flows from, such a mask through local variables and
///    `&`, `|`, `^`, `~`; fix-it: the `ll` form;
///  - masks built by shifting a 32-bit constant by a lane id (`1u << lane`,
///    `~(-1 << lane)`, `0xffffffff >> (32 - lane)`); fix-it: a 64-bit constant;
///  - a mask narrower than 64 bits passed to a `*_sync` builtin or
///    `__syncwarp`; fix-it: `0xffffffffffffffffull` for an all-ones constant.
/// Each link of a chain (ballot -> 32-bit variable -> `__popc`) is reported.
/// Halves split on purpose (a variable also read as `m >> 32`) are left alone,
/// as are bit-per-word shifts. Silent for wave32 targets.
///
/// For the user-facing documentation see rules/wave64-lane-mask-width.md.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_LANEMASKWIDTHCHECK_H
#define WAVECHECK_CHECKS_LANEMASKWIDTHCHECK_H

#include "checks/LaneMaskFlow.h"
#include "checks/WaveCheck.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>

namespace wavecheck {


class LaneMaskWidthCheck : public WaveCheck {
public:
  LaneMaskWidthCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onStartOfTranslationUnit() override;
  std::optional<clang::TraversalKind> getCheckTraversalKind() const override {
    return clang::TK_IgnoreUnlessSpelledInSource;
  }

private:
  void checkNarrowing(const clang::Expr *Source, const TargetProfile &T,
                      clang::ASTContext &Ctx);
  void checkBitCount(const clang::CallExpr *Call, llvm::StringRef Wide,
                     const TargetProfile &T, clang::ASTContext &Ctx);
  void checkShift(const clang::BinaryOperator *Shift, const TargetProfile &T,
                  clang::ASTContext &Ctx);
  /// `(1 << w) - 1`, maybe shifted on (`((1 << w) - 1) << base`), computed
  /// in 32 bits and then widened into a 64-bit lane mask.
  void checkNarrowLowMask(const clang::BinaryOperator *Shift, const TargetProfile &T,
                          clang::ASTContext &Ctx);
  bool usedAsLaneMask(const clang::Expr *E, clang::ASTContext &Ctx);
  void checkSyncMask(const clang::CallExpr *Call, const TargetProfile &T,
                     clang::ASTContext &Ctx);

  MaskFlow Flow;                    ///< lane masks of the translation unit
  llvm::DenseSet<const void *> ReportedSinks; ///< MaskSink::Node reported
};

} // namespace wavecheck

#endif
