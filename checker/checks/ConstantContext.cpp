//===--- ConstantContext.cpp - where a constant expression is required ----===//
#include "checks/ConstantContext.h"
#include "checks/NodeContext.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace wavecheck {

/// How far lexicalContext() looks back: a declaration or a case label is a
/// few tokens long; past this the token is taken to be in no constant context.
static constexpr size_t MaxLookback = 64;
/// Parents climbed from an expression to find its context: expressions nest
/// a few levels below the declaration, template argument or type they are in.
static constexpr unsigned MaxClimb = 16;

static bool isIdent(const RawToken &T, llvm::StringRef Name) {
  return T.Tok.is(tok::raw_identifier) && T.Tok.getRawIdentifier() == Name;
}

/// Identifiers that end an expression's left side rather than name a type:
/// `return a[i]`, `case`, `sizeof a[i]`, `new T[n]` (a run-time size).
static bool isExpressionKeyword(const RawToken &T) {
  for (llvm::StringRef K : {"return", "case", "sizeof", "new", "delete", "throw", "else", "do",
                            "co_return", "co_yield"})
    if (isIdent(T, K))
      return true;
  return false;
}

/// True when the `[` at \p J opens a declarator's extent (`float s[...]`,
/// `int t[4][...]`), not a subscript (`&s_data[...]`, `a[i][...]`): the name
/// before it (past earlier extents) follows a type name, not an operator.
static bool opensExtent(llvm::ArrayRef<RawToken> Toks, size_t J) {
  size_t K = J;
  while (K > 0 && Toks[K - 1].Tok.is(tok::r_square)) { // an earlier `[...]`
    unsigned Depth = 0;
    for (K = K - 1; K > 0; --K) {
      if (Toks[K].Tok.is(tok::r_square))
        ++Depth;
      else if (Toks[K].Tok.is(tok::l_square) && --Depth == 0)
        break;
    }
  }
  if (K < 2 || Toks[K - 1].Tok.isNot(tok::raw_identifier))
    return false;
  const RawToken &Before = Toks[K - 2];
  return (Before.Tok.is(tok::raw_identifier) && !isExpressionKeyword(Before)) ||
         Before.Tok.isOneOf(tok::greater, tok::greatergreater);
}

/// True when the `<` at \p J opens template arguments (`f<warpSize>(x)`),
/// not a comparison (`tid < n / warpSize`): a name precedes it and a `>`
/// closes it before the expression could end.
static bool opensTemplateArgs(llvm::ArrayRef<RawToken> Toks, size_t J) {
  if (J == 0 || Toks[J - 1].Tok.isNot(tok::raw_identifier))
    return false;
  unsigned Paren = 0;
  for (size_t K = J + 1; K < Toks.size() && K - J <= MaxLookback; ++K) {
    switch (Toks[K].Tok.getKind()) {
    case tok::l_paren:
    case tok::l_square:
      ++Paren;
      break;
    case tok::r_paren:
    case tok::r_square:
      if (Paren-- == 0)
        return false;
      break;
    case tok::greater:
    case tok::greatergreater:
      if (Paren == 0)
        return true;
      break;
    case tok::semi:
    case tok::l_brace:
    case tok::r_brace:
    case tok::question:
    case tok::ampamp:
    case tok::pipepipe:
    case tok::equal:
      return false;
    default:
      break;
    }
  }
  return false;
}

ConstantContext lexicalContext(llvm::ArrayRef<RawToken> Toks, size_t I) {
  unsigned Paren = 0, Square = 0, Angle = 0; // closers passed on the way back
  for (size_t J = I; J-- > 0 && I - J <= MaxLookback;) {
    const RawToken &T = Toks[J];
    if (!T.Directive.empty())
      return ConstantContext::None;
    switch (T.Tok.getKind()) {
    case tok::r_paren:
      ++Paren;
      break;
    case tok::r_square:
      ++Square;
      break;
    case tok::greater:
      ++Angle;
      break;
    case tok::greatergreater:
      Angle += 2;
      break;
    case tok::l_square:
      if (!Square)
        return opensExtent(Toks, J) ? ConstantContext::ArrayExtent : ConstantContext::None;
      --Square;
      break;
    case tok::less:
      if (!Angle) {
        if (opensTemplateArgs(Toks, J))
          return ConstantContext::TemplateArg;
        break; // a comparison: look further out
      }
      --Angle;
      break;
    case tok::l_paren:
      if (Paren) {
        --Paren;
        break;
      }
      if (J > 0 &&
          (isIdent(Toks[J - 1], "static_assert") || isIdent(Toks[J - 1], "_Static_assert")))
        return ConstantContext::StaticAssert;
      if (J > 0 && (isIdent(Toks[J - 1], "alignas") || isIdent(Toks[J - 1], "aligned") ||
                    isIdent(Toks[J - 1], "__launch_bounds__")))
        return ConstantContext::Attribute;
      if (J > 1 && isIdent(Toks[J - 1], "constexpr") && isIdent(Toks[J - 2], "if"))
        return ConstantContext::Other; // `if constexpr (...)`
      break;                           // grouping or a call: look further out
    case tok::raw_identifier:
      if (isIdent(T, "case"))
        return ConstantContext::CaseLabel;
      if (isIdent(T, "constexpr") || isIdent(T, "constinit"))
        return ConstantContext::ConstexprInit;
      break;
    case tok::l_brace:
      // `enum E { A = warpSize }`: the brace opens an enumeration.
      for (size_t K = J; K-- > 0 && J - K <= 4;)
        if (isIdent(Toks[K], "enum"))
          return ConstantContext::Enumerator;
      return ConstantContext::None;
    case tok::semi:
    case tok::r_brace:
      return ConstantContext::None;
    default:
      break;
    }
  }
  return ConstantContext::None;
}

const char *contextPhrase(ConstantContext C) {
  switch (C) {
  case ConstantContext::ArrayExtent:
    return "an array extent";
  case ConstantContext::TemplateArg:
    return "a template argument";
  case ConstantContext::StaticAssert:
    return "a 'static_assert' condition";
  case ConstantContext::CaseLabel:
    return "a case label";
  case ConstantContext::ConstexprInit:
    return "a 'constexpr' initialiser";
  case ConstantContext::StaticInit:
    return "the initialiser of a static variable";
  case ConstantContext::Attribute:
    return "an attribute argument";
  case ConstantContext::BitField:
    return "a bit-field width";
  case ConstantContext::Enumerator:
    return "an enumerator value";
  default:
    return "a constant expression";
  }
}

/// True when \p Child is written between the angle brackets of \p Parent,
/// a name with explicit template arguments (`scaled<warpSize>`); in a call
/// clang could not resolve, they hang directly under the lookup expression.
static bool inTemplateArgs(const Stmt *Parent, const Stmt *Child, const SourceManager &SM) {
  SourceLocation L, R;
  if (const auto *E = dyn_cast_or_null<DeclRefExpr>(Parent))
    L = E->getLAngleLoc(), R = E->getRAngleLoc();
  else if (const auto *E = dyn_cast_or_null<OverloadExpr>(Parent))
    L = E->getLAngleLoc(), R = E->getRAngleLoc();
  else if (const auto *E = dyn_cast_or_null<MemberExpr>(Parent))
    L = E->getLAngleLoc(), R = E->getRAngleLoc();
  else if (const auto *E = dyn_cast_or_null<DependentScopeDeclRefExpr>(Parent))
    L = E->getLAngleLoc(), R = E->getRAngleLoc();
  else if (const auto *E = dyn_cast_or_null<CXXDependentScopeMemberExpr>(Parent))
    L = E->getLAngleLoc(), R = E->getRAngleLoc();
  if (L.isInvalid() || R.isInvalid() || !Child)
    return false;
  SourceLocation C = Child->getBeginLoc();
  return !SM.isBeforeInTranslationUnit(C, L) && !SM.isBeforeInTranslationUnit(R, C);
}

ConstantContext constantContext(const Expr *E, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*E);
  bool Constant = false; // passed a ConstantExpr: clang evaluated it as a constant
  for (unsigned Depth = 0; Depth < MaxClimb; ++Depth) {
    DynTypedNodeList Ps = Ctx.getParents(Node);
    if (Ps.empty())
      break;
    const DynTypedNode &P = Ps[0];
    if (P.get<TemplateArgumentLoc>() || P.get<TemplateArgument>())
      return ConstantContext::TemplateArg;
    if (const auto *TL = P.get<TypeLoc>()) {
      if (TL->getAs<ArrayTypeLoc>())
        return ConstantContext::ArrayExtent;
      // `Tile<warpSize> t;`: the argument hangs under the type it names.
      if (TL->getAs<TemplateSpecializationTypeLoc>())
        return ConstantContext::TemplateArg;
      return ConstantContext::None; // decltype(...) and the like
    }
    if (P.get<StaticAssertDecl>())
      return ConstantContext::StaticAssert;
    if (const auto *VD = P.get<VarDecl>()) {
      if (VD->isConstexpr())
        return ConstantContext::ConstexprInit;
      return VD->hasGlobalStorage() && !isa<ParmVarDecl>(VD) ? ConstantContext::StaticInit
                                                             : ConstantContext::None;
    }
    if (const auto *FD = P.get<FieldDecl>())
      return FD->isBitField() && !FD->hasInClassInitializer() ? ConstantContext::BitField
                                                              : ConstantContext::None;
    if (P.get<EnumConstantDecl>())
      return ConstantContext::Enumerator;
    if (P.get<Attr>())
      return ConstantContext::Attribute;
    if (const auto *CS = P.get<CaseStmt>())
      return Node.get<Stmt>() != CS->getSubStmt() ? ConstantContext::CaseLabel
                                                  : ConstantContext::None;
    const auto *S = P.get<Stmt>();
    if (inTemplateArgs(S, Node.get<Stmt>(), Ctx.getSourceManager()))
      return ConstantContext::TemplateArg;
    Constant |= isa_and_nonnull<ConstantExpr>(S);
    if (!isa_and_nonnull<Expr>(S))
      break;
    Node = P;
  }
  return Constant ? ConstantContext::Other : ConstantContext::None;
}

bool requiresConstant(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Ps = Ctx.getParents(*S);
  const Stmt *Child = S;
  while (!Ps.empty()) {
    if (const auto *P = Ps[0].get<Stmt>()) {
      // Not an operand of its parent: a template argument or a type in it.
      bool Operand = !Child || llvm::any_of(P->children(), [&](const Stmt *C) {
        const auto *E = dyn_cast_or_null<Expr>(C);
        return C == Child || (E && E->IgnoreUnlessSpelledInSource() == Child);
      });
      const auto *Case = dyn_cast<CaseStmt>(P);
      if (!Operand || isa<ConstantExpr>(P) || (Case && Child != Case->getSubStmt()))
        return true;
      Child = P;
      Ps = Ctx.getParents(*P);
    } else if (const auto *FD = Ps[0].get<FunctionDecl>()) {
      const FunctionDecl *Fn = owningFunction(FD);
      return !isDeviceFunction(Fn) || isHostDeviceFunction(Fn);
    } else if (const auto *VD = Ps[0].get<VarDecl>();
               VD && !VD->isConstexpr() && VD->hasLocalStorage()) {
      Child = nullptr;
      Ps = Ctx.getParents(*VD);
    } else {
      return true;
    }
  }
  return true;
}

} // namespace wavecheck
