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

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseSet.h"
#include <map>
#include <optional>
#include <vector>

namespace wavecheck {

struct TargetProfile;

class LaneMaskWidthCheck : public clang::tidy::ClangTidyCheck {
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
  /// Where a value ends up and the integer type it takes there.
  struct Sink {
    enum Kind { Init, Assign, Arg, Return, Cast } K;
    clang::QualType To;
    const void *Node;                     ///< for reporting a sink once
    const clang::VarDecl *Var = nullptr;  ///< Init / Assign to a local
    const clang::ExplicitCastExpr *CastE = nullptr;
  };
  /// What the local variables of one function carry.
  struct FunctionFacts {
    std::vector<std::pair<const clang::VarDecl *, const clang::Expr *>> Flows;
    llvm::DenseSet<const clang::VarDecl *> Mask;  ///< hold a lane mask
    llvm::DenseSet<const clang::VarDecl *> Split; ///< also read as `v >> 32`
  };

  void checkNarrowing(const clang::Expr *Source, const TargetProfile &T,
                      clang::ASTContext &Ctx);
  void checkBitCount(const clang::CallExpr *Call, llvm::StringRef Wide,
                     const TargetProfile &T, clang::ASTContext &Ctx);
  void checkShift(const clang::BinaryOperator *Shift, const TargetProfile &T,
                  clang::ASTContext &Ctx);
  void checkSyncMask(const clang::CallExpr *Call, const TargetProfile &T,
                     clang::ASTContext &Ctx);

  std::optional<Sink> sinkOf(const clang::Expr *E, clang::ASTContext &Ctx,
                             bool ThroughAnd) const;
  bool widenVar(const clang::VarDecl *VD, clang::ASTContext &Ctx,
                llvm::SmallVectorImpl<clang::FixItHint> &Fixes);
  const FunctionFacts *factsFor(const clang::VarDecl *VD);
  bool isMaskValue(const clang::Expr *E);
  bool isDeliberateHalf(const clang::Expr *E);

  const std::string OffloadArch; ///< global option set per pass by the driver
  clang::ASTContext *AST = nullptr; ///< the translation unit being checked
  std::map<const clang::FunctionDecl *, FunctionFacts> Facts;
  llvm::DenseSet<const void *> ReportedSinks;
  llvm::DenseSet<const clang::VarDecl *> FixedVars;
};

} // namespace wavecheck

#endif
