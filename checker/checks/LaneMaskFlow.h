//===--- LaneMaskFlow.h - where lane masks go, for wave64-lane-mask-width --===//
///
/// \file
/// The dataflow behind wave64-lane-mask-width: which local variables of a
/// function hold a 64-bit lane mask (followed through assignments, `&`, `|`,
/// `^`, `~` and casts), which are split on purpose into 32-bit halves, where
/// a value ends up (its sink: a variable, an argument, a return, a cast) and
/// the fix-its that widen the variables and casts on the way.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_LANEMASKFLOW_H
#define WAVECHECK_CHECKS_LANEMASKFLOW_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseSet.h"
#include <map>
#include <optional>
#include <vector>

namespace wavecheck {

/// Width of a HIP lane mask: `__ballot` and friends return `unsigned long
/// long`, also on wave32 targets (HIP documentation, warp cross-lane functions).
constexpr unsigned MaskBits = 64;
/// Width of a CUDA mask and of the operand of `__popc`/`__ffs`/`__clz`; also
/// the shift that extracts the high half in a deliberate lo/hi split.
constexpr unsigned HalfBits = 32;

/// A 32-bit bit-scan builtin, its 64-bit form and the verb of the message.
struct BitCount {
  llvm::StringRef Narrow, Wide;
  int Verb; ///< 0 counts, 1 searches, 2 counts leading zeros in
};

/// The bit scan \p Name is (`__popc`, `__ffs`, `__clz`, `__builtin_popcount`,
/// `__builtin_ffs`, `__builtin_ctz`, `__builtin_clz`); nullptr for others.
const BitCount *bitCount(llvm::StringRef Name);

/// An integer narrower than a lane mask (bool, enums and dependent types
/// excluded); references are looked through.
bool isNarrowInt(clang::QualType T, const clang::ASTContext &Ctx);

/// True when \p A and \p B are the same expression after parentheses and
/// implicit casts; false when either is nullptr or \p B is no expression.
bool sameExpr(const clang::Expr *A, const clang::Stmt *B);

/// Where a value ends up and the integer type it takes there.
struct MaskSink {
  enum Kind { Init, Assign, Arg, Return, Cast } K;
  clang::QualType To;                   ///< null: `auto`, takes any width
  const void *Node;                     ///< for reporting a sink once
  const clang::VarDecl *Var = nullptr;  ///< Init / Assign to a local
  const clang::ExplicitCastExpr *CastE = nullptr;
};

/// The sink of \p E: up through parentheses, implicit and widening casts,
/// `~`, `?:`, `|`, `^` and `&` (unless the other operand fits in 32 bits) to
/// a variable's initialiser, an assignment, a call argument, a `return` or a
/// narrowing cast. In \p ShiftMode (a mask built by a shift) `&` always
/// passes and `x - 1` on the left does too. std::nullopt where the value is
/// used otherwise, or goes into a bit scan (reported as such).
std::optional<MaskSink> sinkOf(const clang::Expr *E, clang::ASTContext &Ctx,
                               bool ShiftMode);

/// A fix-it widening the type of a narrowing cast to `unsigned long long`;
/// `T(x)` becomes `(unsigned long long)(x)`, as a multi-word type cannot be
/// a functional cast. std::nullopt when the type is spelled in a macro or is
/// no plain integer type, and for a list initialisation `T{x}`.
std::optional<clang::FixItHint> widenCast(const clang::ExplicitCastExpr *Cast,
                                          const clang::ASTContext &Ctx);

/// The lane masks of one translation unit: per function, computed on first
/// use and kept until reset().
class MaskFlow {
public:
  /// Forgets every fact: call at the start of each translation unit.
  void reset();
  /// The translation unit being checked; set before any other call.
  void setContext(clang::ASTContext &Ctx) { AST = &Ctx; }

  /// True when \p E is a lane mask: a mask-producing builtin, a local holding
  /// one, or `~`, `&`, `|`, `^`, `?:`, `,` and integer casts of those.
  bool isMaskValue(const clang::Expr *E);
  /// True when \p E names a local variable also read as `v >> 32`: its
  /// narrowing is a deliberate lo/hi split.
  bool isDeliberateHalf(const clang::Expr *E);
  /// Adds to \p Fixes the fix-it widening local \p VD to `unsigned long
  /// long`, and those of the narrow locals it is copied into; false when it
  /// cannot be widened (a parameter, a shared declaration, a macro type).
  bool widenVar(const clang::VarDecl *VD,
                llvm::SmallVectorImpl<clang::FixItHint> &Fixes);

private:
  /// What the local variables of one function carry.
  struct FunctionFacts {
    std::vector<std::pair<const clang::VarDecl *, const clang::Expr *>> Flows;
    llvm::DenseSet<const clang::VarDecl *> Mask;  ///< hold a lane mask
    llvm::DenseSet<const clang::VarDecl *> Split; ///< also read as `v >> 32`
  };
  const FunctionFacts *factsFor(const clang::VarDecl *VD);

  clang::ASTContext *AST = nullptr;
  std::map<const clang::FunctionDecl *, FunctionFacts> Facts;
  llvm::DenseSet<const clang::VarDecl *> FixedVars; ///< widened by a fix-it
};

} // namespace wavecheck

#endif
