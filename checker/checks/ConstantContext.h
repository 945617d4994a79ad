//===--- ConstantContext.h - where a constant expression is required ------===//
///
/// \file
/// Where an expression must be a constant expression, so that ROCm 7's
/// `warpSize` (no longer constexpr) is an error there: array extents,
/// template arguments, `static_assert`, case labels, `constexpr` and static
/// initialisers, attribute arguments, bit-field widths and enumerators. Judged
/// from the AST, or, for code the parser dropped because it did not compile
/// (`int a[warpSize];` leaves an invalid declaration without its extent),
/// from the raw tokens before it.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_CONSTANTCONTEXT_H
#define WAVECHECK_CHECKS_CONSTANTCONTEXT_H

#include "checks/WarpSizePP.h"

namespace clang {
class ASTContext;
class Expr;
class Stmt;
} // namespace clang

namespace wavecheck {

/// Where a constant expression is required.
enum class ConstantContext {
  None,          ///< a run-time value is fine
  ArrayExtent,   ///< `float s[warpSize]`
  TemplateArg,   ///< `Tile<warpSize>`, `f<warpSize>()`
  StaticAssert,  ///< `static_assert(warpSize == 64)`
  CaseLabel,     ///< `case warpSize:`
  ConstexprInit, ///< `constexpr int W = warpSize;`
  StaticInit,    ///< initialiser of a namespace-scope or static variable
  Attribute,     ///< `alignas(warpSize)`, `__launch_bounds__(warpSize)`
  BitField,      ///< `unsigned lane : warpSize;`
  Enumerator,    ///< `enum { W = warpSize };`
  Other          ///< another constant expression (`if constexpr`)
};

/// The constant context around the code token \p I of \p Toks, judged from
/// the tokens before it alone: for code the parser dropped because it did
/// not compile (`int a[warpSize];` with ROCm 7 headers). Walks back over
/// balanced brackets to the nearest `[`, `<`, `case`, `constexpr`,
/// `static_assert(`, `alignas(`, `__launch_bounds__(` or enumeration brace,
/// stopping at `;`, `{`, `}` or a directive.
ConstantContext lexicalContext(llvm::ArrayRef<RawToken> Toks, size_t I);

/// The constant context of \p E from its parents in the AST; None when its
/// value may be computed at run time.
ConstantContext constantContext(const clang::Expr *E, clang::ASTContext &Ctx);

/// True when \p S must stay a constant expression, so that ROCm 7's
/// `warpSize` (not constexpr) cannot replace it: an array extent, template
/// argument, case label, `static_assert`, `constexpr` or global initialiser,
/// attribute argument, or anything in host code or in a `__host__
/// __device__` function (isHostDeviceFunction()), where the host pass has no
/// `warpSize` at all.
/// (constantContext() names the context of a `warpSize` use; this answers
/// whether a replacement of \p S must be a constant, which also holds in code
/// the host pass compiles.)
bool requiresConstant(const clang::Stmt *S, clang::ASTContext &Ctx);

/// How a message names \p C: "an array extent", "a template argument"...
const char *contextPhrase(ConstantContext C);

} // namespace wavecheck

#endif
