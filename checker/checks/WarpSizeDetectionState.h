//===--- WarpSizeDetectionState.h - wave64-warp-size-detection state -------===//
///
/// \file
/// What wave64-warp-size-detection gathers over one translation unit
/// (WarpSizeDetectionCheck::State): the preprocessor facts, function bodies,
/// integer constants and uses of `warpSize`. check() fills it
/// (WarpSizeDetectionCheck.cpp); onEndOfTranslationUnit() decides on it
/// (WarpSizeDetectionReport.cpp). Internal to the check.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_WARPSIZEDETECTIONSTATE_H
#define WAVECHECK_CHECKS_WARPSIZEDETECTIONSTATE_H

#include "checks/ConstantContext.h"
#include "checks/WarpSizeDetectionCheck.h"
#include "checks/WarpSizePP.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace wavecheck {
namespace warp_size_detection::detail {

/// True for `__global__` functions and functions written `__device__`. The
/// device attributes clang implies (constexpr functions) leave a function
/// host code as well.
bool runsOnDevice(const clang::FunctionDecl *FD);

} // namespace warp_size_detection::detail

struct WarpSizeDetectionCheck::State {
  PPFacts PP;
  clang::ASTContext *Ctx = nullptr;
  /// A function body as offsets in one file, and whether it is device code.
  struct Body {
    clang::FileID File;
    unsigned Begin, End;
    bool Device;
  };
  /// An integer constant (`const`, `constexpr`) and its initialiser.
  struct Constant {
    const clang::VarDecl *VD;
    clang::SourceRange Init; ///< file locations
    std::optional<int64_t> Value;
    /// What the initialiser takes its value from apart from macros: the
    /// declarations of the constants it reads (a trait's static member) and
    /// the return statements of the functions it calls (a constexpr
    /// function), with their names. An arch test around one chooses it.
    std::vector<std::pair<clang::SourceLocation, std::string>> Sources;
  };
  struct WarpSizeUse {
    clang::SourceLocation Loc;
    ConstantContext Context;
    clang::CharSourceRange Range; ///< what the fix-it replaces; invalid: no fix-it
  };
  std::vector<Body> Bodies;
  std::vector<Constant> Constants;
  std::vector<std::pair<clang::SourceLocation, const clang::VarDecl *>> ConstantRefs;
  llvm::DenseSet<clang::SourceLocation::UIntTy> WarpSizeInAst; ///< spelling locations
  std::vector<WarpSizeUse> ConstantUses;
  std::vector<clang::SourceLocation> HostUses;
  std::vector<std::pair<clang::SourceLocation, const char *>> RemovedUses;

  const clang::SourceManager &sm() const { return Ctx->getSourceManager(); }

  // Where code is (collected by check(), WarpSizeDetectionCheck.cpp).

  void addBody(const clang::Stmt *B, bool Device);

  /// True when \p Ref, a reference to `warpSize`, is in host code: a function
  /// not written `__device__`/`__global__`, or a lambda that is host-only.
  bool inHostCode(const clang::Expr *Ref) const;

  // Where a use is, and why a wave size is wrong there
  // (WarpSizeDetectionReport.cpp).

  /// Whether the innermost function body around \p Loc is device code;
  /// std::nullopt outside function bodies.
  std::optional<bool> deviceAt(clang::SourceLocation Loc) const;

  bool contains(clang::SourceRange R, clang::SourceLocation Loc) const;

  /// "the #if at line 3 " + what it does, for a wave size it chose wrongly;
  /// \p It names the value in the text ("it", "that").
  std::string reason(const ArchCondition &C, const TargetProfile &T, bool Host,
                     clang::SourceLocation ReportLoc, llvm::StringRef It) const;
};

} // namespace wavecheck

#endif
