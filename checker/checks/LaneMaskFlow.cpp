//===--- LaneMaskFlow.cpp - where lane masks go ---------------------------===//
#include "checks/LaneMaskFlow.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace wavecheck {

static constexpr BitCount BitCounts[] = {
    {"__popc", "__popcll", 0},         {"__ffs", "__ffsll", 1},
    {"__clz", "__clzll", 2},           {"__builtin_popcount", "__builtin_popcountll", 0},
    {"__builtin_ffs", "__builtin_ffsll", 1}, {"__builtin_ctz", "__builtin_ctzll", 1},
    {"__builtin_clz", "__builtin_clzll", 2}};

const BitCount *bitCount(llvm::StringRef Name) {
  for (const BitCount &B : BitCounts)
    if (B.Narrow == Name)
      return &B;
  return nullptr;
}

bool isNarrowInt(QualType T, const ASTContext &Ctx) {
  if (T.isNull() || T->isDependentType())
    return false;
  T = T.getNonReferenceType().getCanonicalType();
  return isa<BuiltinType>(T) && T->isIntegerType() && !T->isBooleanType() &&
         Ctx.getTypeSize(T) < MaskBits;
}

bool sameExpr(const Expr *A, const Stmt *B) {
  const auto *BE = dyn_cast_or_null<Expr>(B);
  return A && BE && A->IgnoreParenImpCasts() == BE->IgnoreParenImpCasts();
}

/// The type `__ballot` returns. Also for a `uint32_t` variable: `uint64_t` is
/// `unsigned long` on amdgcn and x86-64 Linux, and `__ffsll`, overloaded for
/// `long long` and `unsigned long long`, is ambiguous for it.
static constexpr llvm::StringLiteral MaskType = "unsigned long long";

/// A fix-it widening the integer type written at \p TL (a builtin such as
/// `unsigned int`, or a <cstdint> name such as `uint32_t`) to MaskType.
static std::optional<FixItHint> widenTypeLoc(TypeLoc TL, const ASTContext &Ctx,
                                             bool Parenthesize = false) {
  static const llvm::Regex Spelling(
      "^((std::)?u?int(8|16|32)_t|((unsigned|signed|int|short|char|long) ?)+)$");
  SourceRange R = TL.getUnqualifiedLoc().getSourceRange();
  if (R.isInvalid() || inMacro(R))
    return std::nullopt;
  CharSourceRange Range = CharSourceRange::getTokenRange(R);
  if (!Spelling.match(Lexer::getSourceText(Range, Ctx.getSourceManager(), Ctx.getLangOpts())))
    return std::nullopt;
  return FixItHint::CreateReplacement(
      Range, Parenthesize ? ("(" + MaskType + ")").str() : MaskType.str());
}

std::optional<FixItHint> widenCast(const ExplicitCastExpr *Cast,
                                          const ASTContext &Ctx) {
  const TypeSourceInfo *TSI = Cast->getTypeInfoAsWritten();
  const auto *Functional = dyn_cast<CXXFunctionalCastExpr>(Cast);
  if (!TSI || (Functional && Functional->isListInitialization()))
    return std::nullopt;
  return widenTypeLoc(TSI->getTypeLoc(), Ctx, /*Parenthesize=*/Functional != nullptr);
}

/// True when `x & E` fits in 32 bits whatever x is: E is a non-negative
/// 32-bit constant or of an unsigned type of at most 32 bits.
static bool fitsInHalf(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (std::optional<int64_t> V = constantValue(E, Ctx))
    return *V >= 0 && *V <= static_cast<int64_t>(llvm::maskTrailingOnes<uint64_t>(HalfBits));
  QualType T = E->getType();
  return !T->isDependentType() && T->isUnsignedIntegerType() &&
         Ctx.getTypeSize(T) <= HalfBits;
}

/// True when \p E is (in parentheses) the operand of a 32-bit bit scan.
static bool feedsBitCount(const Expr *E, ASTContext &Ctx) {
  const auto *Call = dyn_cast_or_null<CallExpr>(semanticParent(E, Ctx));
  return Call && bitCount(calleeName(Call)) && sameExpr(writtenArg(Call, 0), E);
}

void MaskFlow::reset() {
  AST = nullptr;
  Facts.clear();
  FixedVars.clear();
}

std::optional<MaskSink> sinkOf(const Expr *E, ASTContext &Ctx, bool ShiftMode) {
  const Stmt *Cur = E;
  while (true) {
    DynTypedNodeList Ps = Ctx.getParents(*Cur);
    if (Ps.empty())
      return std::nullopt;
    if (const auto *VD = Ps[0].get<VarDecl>()) {
      if (!sameExpr(VD->getInit(), Cur))
        return std::nullopt;
      bool Deduced = VD->getType()->getContainedDeducedType(); // takes any width
      return MaskSink{MaskSink::Init, Deduced ? QualType() : VD->getType(), VD, VD};
    }
    const Stmt *P = Ps[0].get<Stmt>();
    if (!P)
      return std::nullopt;
    const Stmt *Child = Cur;
    Cur = P;
    if (isa<ParenExpr, ImplicitCastExpr, FullExpr, MaterializeTemporaryExpr>(P))
      continue;
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->getOpcode() == UO_Not)
        continue;
      return std::nullopt;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
      if (sameExpr(CO->getCond(), Child))
        return std::nullopt;
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      const Expr *Other = sameExpr(BO->getLHS(), Child) ? BO->getRHS() : BO->getLHS();
      switch (BO->getOpcode()) {
      case BO_And:
        if (!ShiftMode && fitsInHalf(Other, Ctx))
          return std::nullopt; // the result fits: nothing is dropped here
        continue;
      case BO_Or:
      case BO_Xor:
        continue;
      case BO_Sub: // `(1u << lane) - 1`
        if (ShiftMode && sameExpr(BO->getLHS(), Child))
          continue;
        return std::nullopt;
      case BO_Assign:
      case BO_AndAssign:
      case BO_OrAssign:
      case BO_XorAssign:
        if (!sameExpr(BO->getRHS(), Child))
          return std::nullopt;
        return MaskSink{MaskSink::Assign, BO->getLHS()->getType(), BO, localVarRef(BO->getLHS())};
      default:
        return std::nullopt;
      }
    }
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(P)) {
      QualType To = Cast->getType();
      if (To->isDependentType() || !To->isIntegerType() || To->isBooleanType())
        return std::nullopt;
      if (!isNarrowInt(To, Ctx))
        continue; // a widening cast passes the mask on
      if (feedsBitCount(Cast, Ctx))
        return std::nullopt; // `__popc((unsigned)m)`: reported as a bit count
      return MaskSink{MaskSink::Cast, To, Cast, nullptr, Cast};
    }
    if (const auto *Call = dyn_cast<CallExpr>(P)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (!FD || isa<CXXOperatorCallExpr>(Call) || bitCount(calleeName(Call)))
        return std::nullopt; // a bit count is reported as such
      for (unsigned I = 0; I < Call->getNumArgs() && I < FD->getNumParams(); ++I)
        if (sameExpr(Call->getArg(I), Child))
          return MaskSink{MaskSink::Arg, FD->getParamDecl(I)->getType(), Call->getArg(I)};
      return std::nullopt;
    }
    if (isa<ReturnStmt>(P)) { // the return type of the innermost lambda or function
      const FunctionDecl *F = enclosingFunction(P, Ctx, /*InnermostLambda=*/true);
      return MaskSink{MaskSink::Return, F ? F->getReturnType() : QualType(), P};
    }
    return std::nullopt;
  }
}

bool MaskFlow::widenVar(const VarDecl *VD, llvm::SmallVectorImpl<FixItHint> &Fixes) {
  ASTContext &Ctx = *AST;
  if (!VD || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() || !VD->getTypeSourceInfo())
    return false;
  if (FixedVars.contains(VD))
    return true; // another finding already widens it
  DynTypedNodeList Ps = Ctx.getParents(*VD);
  const auto *DS = Ps.empty() ? nullptr : Ps[0].get<DeclStmt>();
  if (!DS || !DS->isSingleDecl())
    return false; // `unsigned a, m;`: the type is shared
  std::optional<FixItHint> Fix =
      widenTypeLoc(VD->getTypeSourceInfo()->getTypeLoc(), Ctx);
  if (!Fix)
    return false;
  // A helper returning the mask in 32 bits would narrow it again at the
  // return: widening the local alone changes nothing the caller sees.
  const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  bool ReturnedNarrow = false;
  if (F && isNarrowInt(F->getReturnType(), Ctx))
    forEachStmt(F->getBody(), [&](const Stmt *S) {
      const auto *Ret = dyn_cast<ReturnStmt>(S);
      ReturnedNarrow |= Ret && Ret->getRetValue() && localVarRef(Ret->getRetValue()) == VD;
    });
  if (ReturnedNarrow)
    return false;
  Fixes.push_back(*Fix);
  FixedVars.insert(VD);
  // Narrow copies of VD would now narrow a 64-bit mask: widen them as well.
  forEachStmt(F ? F->getBody() : nullptr, [&](const Stmt *S) {
    std::optional<MaskSink> Copy;
    if (localVarRef(dyn_cast<DeclRefExpr>(S)) == VD &&
        (Copy = sinkOf(cast<Expr>(S), Ctx, /*ShiftMode=*/false)) &&
        isNarrowInt(Copy->To, Ctx) && Copy->Var != VD)
      widenVar(Copy->Var, Fixes);
  });
  return true;
}

const MaskFlow::FunctionFacts *MaskFlow::factsFor(const VarDecl *VD) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!F || !F->getBody())
    return nullptr;
  auto [It, New] = Facts.try_emplace(F);
  FunctionFacts &FF = It->second; // std::map: stays valid while others are added
  if (!New)
    return &FF; // done, or in progress further up (then partial)
  forEachStmt(F->getBody(), [&](const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
          FF.Flows.push_back({V, V->getInit()});
      return;
    }
    const auto *BO = dyn_cast<BinaryOperator>(S);
    const VarDecl *V = BO ? localVarRef(BO->getLHS()) : nullptr;
    if (!V)
      return;
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_Assign || Op == BO_OrAssign || Op == BO_AndAssign || Op == BO_XorAssign)
      FF.Flows.push_back({V, BO->getRHS()});
    const auto *Amount = dyn_cast<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts());
    if ((Op == BO_Shr || Op == BO_ShrAssign) && Amount && Amount->getValue() == HalfBits)
      FF.Split.insert(V);
  });
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto [V, E] : FF.Flows) {
      if (V->getParentFunctionOrMethod() != F || FF.Mask.contains(V) ||
          (isNarrowInt(V->getType(), *AST) && isDeliberateHalf(E)) || !isMaskValue(E))
        continue;
      FF.Mask.insert(V);
      Changed = true;
    }
  }
  return &FF;
}

bool MaskFlow::isMaskValue(const Expr *E) {
  if (!E)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return isMaskProducingBuiltin(calleeName(Call));
  if (isa<DeclRefExpr>(E)) {
    const VarDecl *V = localVarRef(E);
    const FunctionFacts *FF = V ? factsFor(V) : nullptr;
    return FF && FF->Mask.contains(V);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Not && isMaskValue(UO->getSubExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma)
      return isMaskValue(BO->getRHS());
    return (BO->getOpcode() == BO_And || BO->getOpcode() == BO_Or ||
            BO->getOpcode() == BO_Xor) &&
           (isMaskValue(BO->getLHS()) || isMaskValue(BO->getRHS()));
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return isMaskValue(CO->getTrueExpr()) || isMaskValue(CO->getFalseExpr());
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
    QualType To = Cast->getType();
    if (!To->isDependentType() && (!To->isIntegerType() || To->isBooleanType()))
      return false;
    if (isNarrowInt(To, *AST) && isDeliberateHalf(Cast->getSubExpr()))
      return false;
    return isMaskValue(Cast->getSubExpr());
  }
  return false;
}

bool MaskFlow::isDeliberateHalf(const Expr *E) {
  const VarDecl *V = localVarRef(E ? E->IgnoreParenCasts() : nullptr);
  const FunctionFacts *FF = V ? factsFor(V) : nullptr;
  return FF && FF->Split.contains(V);
}

} // namespace wavecheck
