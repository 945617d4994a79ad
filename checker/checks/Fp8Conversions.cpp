//===--- Fp8Conversions.cpp - bytes of one FP8 format read as the other ----===//
///
/// \file
/// For fp8-format-target-mismatch: pointer and reference casts, byte copies,
/// bit casts and unions between the two FP8 formats, the bytes a pointer
/// views (bytesSource()), and FP8 data passed as bytes to a parameter that a
/// function views as the other format.
///
//===----------------------------------------------------------------------===//
#include "checks/Fp8FormatTargetMismatchCheck.h"
#include "checks/Fp8Types.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace wavecheck {

using fp8::Origin;
using fp8::Spelling;
using namespace fp8::detail;

/// Locals followed back to their initialiser when looking for the bytes a
/// pointer views.
static constexpr unsigned MaxByteLinks = 4;

/// True when local \p V is given a new value after its declaration by a
/// plain assignment (`p = other;`): its initialiser no longer tells what it
/// points at; or when bytes are written through it (`p[i] = fix(p[i])`): the
/// buffer may be converted in place. Stepping it (`++p`, `p += n`) keeps it
/// in the same buffer.
static bool reassigned(const VarDecl *V, const Expr *Use, ASTContext &Ctx) {
  const FunctionDecl *Fn = enclosingFunction(Use, Ctx);
  bool Found = false;
  auto Through = [&](const Expr *L) {
    L = L->IgnoreParenImpCasts();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(L))
      return localVarRef(ASE->getBase()) == V;
    const auto *UO = dyn_cast<UnaryOperator>(L);
    if (!UO || UO->getOpcode() != UO_Deref)
      return false;
    const Expr *P = UO->getSubExpr()->IgnoreParenImpCasts();
    while (const auto *BO = dyn_cast<BinaryOperator>(P))
      P = BO->getLHS()->IgnoreParenImpCasts();
    return localVarRef(P) == V;
  };
  forEachStmt(Fn ? Fn->getBody() : nullptr, [&](const Stmt *S) {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    Found |= BO && BO->getOpcode() == BO_Assign && localVarRef(BO->getLHS()) == V;
    Found |= BO && BO->isAssignmentOp() && Through(BO->getLHS());
    const auto *UO = dyn_cast<UnaryOperator>(S);
    Found |= UO && UO->getOpcode() == UO_AddrOf && localVarRef(UO->getSubExpr()) == V;
  });
  return Found;
}

/// The expression whose bytes \p E reads: through parentheses, implicit
/// casts, explicit casts to pointers that are not FP8 (`(void *)p`,
/// `reinterpret_cast<uint8_t *>(p)`), pointer arithmetic (`p + off`,
/// `&p[i]`), element reads (`p[i]`, `*p`: the buffer read) and local
/// pointers set once (`const uint8_t *p = (const uint8_t *)ocp;`).
static const Expr *bytesSource(const Expr *E, ASTContext &Ctx) {
  unsigned Links = MaxByteLinks;
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (fp8TypeOf(E->getType()))
      return E;
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E); C && C->getType()->isPointerType()) {
      E = C->getSubExpr();
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->getType()->isPointerType() &&
        (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref)) {
      E = UO->getSubExpr();
      continue;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      E = ASE->getBase();
      continue;
    }
    const VarDecl *V = localVarRef(E);
    if (V && Links && V->getType()->isPointerType() && V->getInit() && !reassigned(V, E, Ctx)) {
      --Links;
      E = V->getInit();
      continue;
    }
    return E;
  }
}

void Fp8FormatTargetMismatchCheck::reportConversion(SourceRange Span,
                                                    llvm::StringRef Verb, QualType From,
                                                    QualType To) {
  const Spelling *F = fp8TypeOf(From), *T = fp8TypeOf(To);
  SourceLocation Loc = Span.getBegin();
  if (!F || !T || F->Format == T->Format || inSystemCode(Loc, *SM))
    return;
  // The types named here are the conversion, not a run-time format choice.
  auto [File, B] = SM->getDecomposedLoc(SM->getExpansionLoc(Loc));
  auto [File2, E] = SM->getDecomposedLoc(SM->getExpansionLoc(Span.getEnd()));
  if (File == File2)
    Converted.push_back({File, B, E});
  bool Union = Verb == "overlays";
  diag(SM->getFileLoc(Loc), "%0 %1 FP8 bytes %2 %3 ('%4' %5 '%6'): %7; convert the "
                            "values through float instead")
      << Verb << fp8::formatName(F->Format)
      << (Verb == "copies" ? "into" : Union ? "with" : "as") << fp8::formatName(T->Format)
      << F->Name << (Union ? "and" : "to") << T->Name << fp8::consequence(F->Format, F->Fam);
}

/// Bytes of one format read as the other, wrong on every target: pointer and
/// reference casts, byte copies, bit casts and unions.
void Fp8FormatTargetMismatchCheck::checkConversion(const MatchResult &R) {
  if (const auto *C = R.Nodes.getNodeAs<ExplicitCastExpr>("cast")) {
    QualType To = C->getTypeAsWritten();
    // `__builtin_bit_cast(T, v)` and `reinterpret_cast<T &>(v)`: v's bytes.
    if (isa<BuiltinBitCastExpr>(C) || To->isReferenceType())
      return reportConversion(C->getSourceRange(), "reinterprets",
                              bytesSource(C->getSubExpr(), *R.Context)->getType(), To);
    if (To->isPointerType()) {
      const Expr *Src = bytesSource(C->getSubExpr(), *R.Context);
      reportConversion(C->getSourceRange(), "reinterprets", Src->getType(), To);
      // A byte or `void *` parameter viewed as FP8: what callers pass in is
      // judged at the end of the translation unit.
      const auto *DRE = dyn_cast<DeclRefExpr>(Src);
      const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
      if (P && !fp8TypeOf(P->getType()) && fp8TypeOf(To) && !inSystemCode(C->getBeginLoc(), *SM))
        ParamViews.push_back({P, fp8TypeOf(To), SM->getFileLoc(C->getBeginLoc())});
    }
    return;
  }
  if (const auto *Call = R.Nodes.getNodeAs<CallExpr>("call")) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || inSystemCode(Call->getBeginLoc(), *SM))
      return;
    // A lambda's (or any) call operator takes its object as argument 0.
    unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD) ? 1 : 0;
    for (unsigned I = 0; I + Shift < Call->getNumArgs() && I < FD->getNumParams(); ++I) {
      const ParmVarDecl *P = FD->getParamDecl(I);
      const Expr *Arg = Call->getArg(I + Shift);
      if (!P->getType()->isPointerType() || fp8TypeOf(P->getType()))
        continue;
      if (const Spelling *S = fp8TypeOf(bytesSource(Arg, *R.Context)->getType()))
        ParamArgs.push_back({P, S, Arg});
    }
    return;
  }
  if (const auto *Call = R.Nodes.getNodeAs<CallExpr>("copy")) {
    if (calleeName(Call) == "bit_cast") {
      if (Call->getNumArgs() == 1)
        reportConversion(Call->getSourceRange(), "reinterprets",
                         bytesSource(Call->getArg(0), *R.Context)->getType(),
                         Call->getType());
    } else if (Call->getNumArgs() >= 2) {
      reportConversion(Call->getSourceRange(), "copies",
                       bytesSource(Call->getArg(1), *R.Context)->getType(),
                       bytesSource(Call->getArg(0), *R.Context)->getType());
    }
    return;
  }
  const auto *U = R.Nodes.getNodeAs<RecordDecl>("union");
  const FieldDecl *First = nullptr;
  for (const FieldDecl *F : U->fields()) {
    const Spelling *S = fp8TypeOf(F->getType());
    if (!S)
      continue;
    if (!First)
      First = F;
    else if (fp8TypeOf(First->getType())->Format != S->Format)
      return reportConversion({U->getLocation(), U->getEndLoc()}, "overlays",
                              First->getType(), F->getType());
  }
}

/// FP8 data of one format passed as bytes (`void *`, `uint8_t *`) to a
/// function that views that parameter as the other format. A function that
/// views it as both (a format chosen at run time) is left alone.
void Fp8FormatTargetMismatchCheck::reportParamViews() {
  for (const ParamArg &A : ParamArgs) {
    const ParamView *View = nullptr;
    bool Both = false;
    for (const ParamView &V : ParamViews) {
      if (V.Param->getCanonicalDecl() != A.Param->getCanonicalDecl() &&
          V.Param != A.Param)
        continue;
      Both |= View && View->As->Format != V.As->Format;
      if (!View)
        View = &V;
    }
    if (!View || Both || View->As->Format == A.From->Format ||
        View->As->Fam != A.From->Fam)
      continue;
    SourceLocation Loc = SM->getFileLoc(A.Arg->getBeginLoc());
    const auto *Fn = dyn_cast<FunctionDecl>(A.Param->getDeclContext());
    diag(Loc, "passes %0 FP8 bytes ('%1') as '%2' to %3, which reads them as %4 ('%5'): "
              "%6; convert the values through float instead")
        << fp8::formatName(A.From->Format) << A.From->Name
        << A.Param->getType().getAsString(PrintingPolicy(Ctx->getLangOpts()))
        << (!Fn ? std::string("the callee")
            : isa<CXXMethodDecl>(Fn) && cast<CXXMethodDecl>(Fn)->getParent()->isLambda()
                ? std::string("a lambda")
                : "'" + Fn->getNameAsString() + "'")
        << fp8::formatName(View->As->Format) << View->As->Name
        << fp8::consequence(A.From->Format, A.From->Fam);
    diag(View->Loc, "the parameter is read as %0 FP8 here", DiagnosticIDs::Note)
        << fp8::formatName(View->As->Format);
  }
}

} // namespace wavecheck
