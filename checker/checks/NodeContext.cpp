#include "checks/NodeContext.h"

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

const FunctionDecl *enclosingDeviceFunction(const Stmt *S, ASTContext &Ctx) {
  const FunctionDecl *Fn = owningFunction(enclosingFunction(S, Ctx));
  return isDeviceFunction(Fn) ? Fn : nullptr;
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
      return !isDeviceFunction(owningFunction(FD));
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

} // namespace wavecheck
