#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace wavecheck {

std::pair<const Stmt *, const Stmt *>
climbWhile(const Stmt *S, ASTContext &Ctx, llvm::function_ref<bool(const Stmt *)> Through) {
  const Stmt *Cur = S;
  while (true) {
    DynTypedNodeList Ps = Ctx.getParents(*Cur);
    const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    if (!P || !Through(P))
      return {Cur, P};
    Cur = P;
  }
}

const Stmt *semanticParent(const Stmt *S, ASTContext &Ctx, const Stmt **Child) {
  auto [Top, P] = climbWhile(S, Ctx, [](const Stmt *P) {
    return isa<ParenExpr, ImplicitCastExpr>(P);
  });
  if (P && Child)
    *Child = Top;
  return P;
}

const Stmt *enclosingStatement(const Stmt *S, ASTContext &Ctx) {
  return climbWhile(S, Ctx, [](const Stmt *P) {
           return !isa<CompoundStmt, ForStmt, WhileStmt, DoStmt, IfStmt>(P);
         }).first;
}

const FunctionDecl *enclosingFunction(const Stmt *S, ASTContext &Ctx,
                                      bool InnermostLambda) {
  DynTypedNodeList Ps = Ctx.getParents(*S);
  while (!Ps.empty()) {
    if (const auto *LE = Ps[0].get<LambdaExpr>(); LE && InnermostLambda)
      return LE->getCallOperator();
    if (const auto *FD = Ps[0].get<FunctionDecl>())
      return FD;
    if (const auto *St = Ps[0].get<Stmt>())
      Ps = Ctx.getParents(*St);
    else if (const auto *D = Ps[0].get<Decl>())
      Ps = Ctx.getParents(*D);
    else
      return nullptr;
  }
  return nullptr;
}

const FunctionDecl *owningFunctionOfDecl(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      return owningFunction(FD);
  return nullptr;
}

const FunctionDecl *owningFunction(const FunctionDecl *FD) {
  if (FD && FD->getTemplateInstantiationPattern())
    FD = FD->getTemplateInstantiationPattern();
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD); MD && MD->getParent()->isLambda())
    return owningFunctionOfDecl(MD->getParent());
  return FD ? FD->getCanonicalDecl() : nullptr;
}

bool isDeviceFunction(const FunctionDecl *FD) {
  return FD && llvm::any_of(FD->redecls(), [](const FunctionDecl *D) {
           return D->hasAttr<CUDADeviceAttr>() || D->hasAttr<CUDAGlobalAttr>();
         });
}

bool isHostDeviceFunction(const FunctionDecl *FD) {
  return isDeviceFunction(FD) && llvm::any_of(FD->redecls(), [](const FunctionDecl *D) {
           return D->hasAttr<CUDAHostAttr>();
         });
}

const FunctionDecl *enclosingDeviceFunction(const Stmt *S, ASTContext &Ctx) {
  const FunctionDecl *Fn = owningFunction(enclosingFunction(S, Ctx));
  return isDeviceFunction(Fn) ? Fn : nullptr;
}

bool inSystemHeader(SourceLocation Loc, const SourceManager &SM) {
  return Loc.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(Loc));
}

bool inSystemCode(SourceLocation Loc, const SourceManager &SM) {
  return Loc.isInvalid() || inSystemHeader(Loc, SM) || SM.isInSystemMacro(Loc);
}

bool inMacro(SourceRange R) {
  return R.getBegin().isMacroID() || R.getEnd().isMacroID();
}

CharSourceRange fileRange(SourceRange R, const ASTContext &Ctx) {
  return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R),
                                  Ctx.getSourceManager(), Ctx.getLangOpts());
}

void forEachStmt(const Stmt *S, llvm::function_ref<void(const Stmt *)> Fn) {
  if (!S)
    return;
  Fn(S);
  for (const Stmt *C : S->children())
    forEachStmt(C, Fn);
}

static bool is32BitIntegerType(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType();
  return T->isIntegerType() && !T->isBooleanType() && Ctx.getTypeSize(T) == 32;
}

/// What a 32 in `/`, `%`, `>>` or `&` makes of a bit index into 32-bit words.
enum class WordPart { None, Word, Bit };

/// `x / 32`, `x >> 5` give a word, `x % 32`, `x & 31` a bit; so does a local
/// variable initialised from one (followed MaxDerivationDepth levels).
static WordPart wordPartOf(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    std::optional<int64_t> R = constantValue(BO->getRHS(), Ctx);
    BinaryOperatorKind Op = BO->getOpcode();
    if ((Op == BO_Div && R == 32) || (Op == BO_Shr && R == 5))
      return WordPart::Word;
    if ((Op == BO_Rem && R == 32) || (Op == BO_And && R == 31))
      return WordPart::Bit;
    return WordPart::None;
  }
  const VarDecl *V = localVarRef(E);
  return V && Depth && V->getInit() ? wordPartOf(V->getInit(), Ctx, Depth - 1)
                                    : WordPart::None;
}

/// True when somewhere in \p Root a 32-bit integer is read at a word index
/// (`bits[i / 32]`, `bits[word]` with `word = i >> 5`).
static bool indexesWordArray(const Stmt *Root, ASTContext &Ctx) {
  bool Found = false;
  forEachStmt(Root, [&](const Stmt *S) {
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(S);
    Found |= ASE && is32BitIntegerType(ASE->getType(), Ctx) &&
             wordPartOf(ASE->getIdx(), Ctx, MaxDerivationDepth) == WordPart::Word;
  });
  return Found;
}

/// True when somewhere in \p Root a 32-bit integer is shifted by a bit index
/// (`1u << (i % 32)`, `1u << bit` with `bit = i & 31`).
static bool shiftsWordByBit(const Stmt *Root, ASTContext &Ctx) {
  bool Found = false;
  forEachStmt(Root, [&](const Stmt *S) {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    Found |= BO && BO->isShiftOp() && is32BitIntegerType(BO->getLHS()->getType(), Ctx) &&
             wordPartOf(BO->getRHS(), Ctx, MaxDerivationDepth) == WordPart::Bit;
  });
  return Found;
}

/// The direct forms: \p E subscripts a 32-bit integer array, or is the shift
/// amount of a 32-bit value in a statement that indexes such an array.
/// \p NeedBitShift asks a subscript for a bit shift in its statement too.
static bool isDirectBitsPerWordUse(const Expr *E, ASTContext &Ctx, bool NeedBitShift) {
  const Stmt *P = semanticParent(E, Ctx);
  if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(P))
    if (ASE->getIdx()->IgnoreParenImpCasts() == E && is32BitIntegerType(ASE->getType(), Ctx))
      return !NeedBitShift || shiftsWordByBit(enclosingStatement(E, Ctx), Ctx);
  if (const auto *Shift = dyn_cast_or_null<BinaryOperator>(P))
    if (Shift->isShiftOp() && Shift->getRHS()->IgnoreParenImpCasts() == E &&
        is32BitIntegerType(Shift->getLHS()->getType(), Ctx))
      return indexesWordArray(enclosingStatement(E, Ctx), Ctx);
  return false;
}

bool isBitsPerWordUse(const Expr *E, ASTContext &Ctx) {
  if (isDirectBitsPerWordUse(E, Ctx, /*NeedBitShift=*/false))
    return true;
  // `int word = i >> 5; int bit = i & 31; ... bits[word] |= 1u << bit;`:
  // follow the local that \p E initialises to its uses. A word variable
  // counts only where a bit shift sits in the same statement, as
  // `counts[warp]` alone is a per-warp counter as much as a word.
  auto [Top, P] = climbWhile(E, Ctx, [](const Stmt *S) {
    return isa<ParenExpr, ImplicitCastExpr>(S);
  });
  if (P)
    return false;
  DynTypedNodeList Ps = Ctx.getParents(*Top);
  const VarDecl *V = Ps.empty() ? nullptr : Ps[0].get<VarDecl>();
  const FunctionDecl *Fn = V ? enclosingFunction(E, Ctx) : nullptr;
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || !Fn || !V->getInit() ||
      V->getInit()->IgnoreParenImpCasts() != E)
    return false;
  bool Found = false;
  forEachStmt(Fn->getBody(), [&](const Stmt *S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S);
    Found = Found || (DRE && DRE->getDecl() == V &&
                      isDirectBitsPerWordUse(DRE, Ctx, /*NeedBitShift=*/true));
  });
  return Found;
}

} // namespace wavecheck
