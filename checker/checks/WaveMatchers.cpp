#include "checks/WaveMatchers.h"
#include "checks/NodeContext.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace wavecheck {

llvm::StringRef calleeName(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    if (const IdentifierInfo *II = FD->getIdentifier())
      return II->getName();
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(Callee))
    if (ULE->getName().isIdentifier())
      return ULE->getName().getAsIdentifierInfo()->getName();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    if (const IdentifierInfo *II = DRE->getDecl()->getIdentifier())
      return II->getName();
  return {};
}

SourceLocation calleeNameLoc(const CallExpr *Call) {
  const Expr *E = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getLocation();
  if (const auto *OE = dyn_cast<OverloadExpr>(E))
    return OE->getNameLoc();
  return Call->getBeginLoc();
}

const Expr *writtenArg(const CallExpr *Call, unsigned I) {
  if (I >= Call->getNumArgs())
    return nullptr;
  const Expr *A = Call->getArg(I);
  if (isa<CXXDefaultArgExpr>(A))
    return nullptr;
  return A;
}

std::optional<ShuffleCall> asShuffle(const CallExpr *Call) {
  llvm::StringRef Name = calleeName(Call);
  ShuffleCall S;
  S.Call = Call;
  S.Sync = Name.consume_back("_sync");
  std::optional<ShuffleKind> Kind =
      llvm::StringSwitch<std::optional<ShuffleKind>>(Name)
          .Case("__shfl", ShuffleKind::Idx)
          .Case("__shfl_up", ShuffleKind::Up)
          .Case("__shfl_down", ShuffleKind::Down)
          .Case("__shfl_xor", ShuffleKind::Xor)
          .Default(std::nullopt);
  if (!Kind)
    return std::nullopt;
  S.Kind = *Kind;
  unsigned First = S.Sync ? 1 : 0;
  if (Call->getNumArgs() < First + 2)
    return std::nullopt;
  S.Mask = S.Sync ? writtenArg(Call, 0) : nullptr;
  S.Value = writtenArg(Call, First);
  S.LaneArg = writtenArg(Call, First + 1);
  S.Width = writtenArg(Call, First + 2);
  return S;
}

void collectShuffles(const Stmt *S, llvm::SmallVectorImpl<ShuffleCall> &Out) {
  for (const Stmt *Child : S->children())
    if (Child)
      collectShuffles(Child, Out);
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (std::optional<ShuffleCall> Shfl = asShuffle(Call))
      Out.push_back(*Shfl);
}

bool isHardwareWaveBuiltin(llvm::StringRef Name) {
  Name.consume_back("_sync");
  return llvm::StringSwitch<bool>(Name)
      .Cases({"__ballot", "__activemask", "__any", "__all", "__syncwarp"}, true)
      .Cases({"__match_any", "__match_all", "__lane_id"}, true)
      .Default(false);
}

bool isMaskProducingBuiltin(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases({"__ballot", "__ballot_sync", "__activemask"}, true)
      .Cases({"__match_any", "__match_any_sync", "__match_all_sync"}, true)
      .Default(false);
}

bool isSyncBuiltin(llvm::StringRef Name) {
  return Name.starts_with("__") && Name.ends_with("_sync");
}

bool takesLaneMask(llvm::StringRef Name) {
  return isSyncBuiltin(Name) || Name == "__syncwarp";
}

std::optional<int64_t> constantValue(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
    return V->getExtValue();
  return std::nullopt;
}

bool isWarpSizeRef(const Expr *E) {
  if (!E)
    return false;
  // ROCm 7's warpSize (and the stand-in's) is an object read through a
  // user-defined conversion: look through it as well as through casts.
  E = E->IgnoreUnlessSpelledInSource()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl()->getName() == "warpSize";
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return calleeName(Call) == "__builtin_amdgcn_wavefrontsize";
  return false;
}

WidthKind classifyWidth(const Expr *Width, const ASTContext &Ctx) {
  if (!Width || isWarpSizeRef(Width))
    return WidthKind::FullWave;
  if (std::optional<int64_t> V = constantValue(Width, Ctx)) {
    if (*V == 32)
      return WidthKind::Lanes32;
    if (*V >= 64)
      return WidthKind::FullWave;
  }
  return WidthKind::Other;
}

static bool isThreadIndexName(llvm::StringRef N) {
  std::string L = N.lower();
  return L == "tid" || L == "thread_id" || L == "threadid" || L == "thread_idx" ||
         L == "tidx" || L == "tx" || L == "lane" || L == "laneid" ||
         L == "lane_id" || L == "lane_idx" || L == "local_id";
}

const VarDecl *localVarRef(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) ? V : nullptr;
}

bool isLiteral(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Not) &&
           isLiteral(UO->getSubExpr());
  return isa<IntegerLiteral>(E);
}

/// Looks through parentheses, implicit casts and user-defined conversions:
/// ROCm 5's `threadIdx.x` is an object read through `operator unsigned()`.
static const Expr *skipConversions(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
    if (!MC || !isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
      return E;
    E = MC->getImplicitObjectArgument();
  }
}

bool isThreadIdxRead(const Expr *E) {
  E = skipConversions(E);
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E))
    E = POE->getSyntacticForm()->IgnoreParens();
  const Expr *Base = nullptr;
  if (const auto *P = dyn_cast<MSPropertyRefExpr>(E))
    Base = P->getBaseExpr()->IgnoreParenImpCasts();
  else if (const auto *M = dyn_cast<MemberExpr>(E))
    Base = M->getBase()->IgnoreParenImpCasts();
  if (const auto *OVE = dyn_cast_or_null<OpaqueValueExpr>(Base))
    Base = OVE->getSourceExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Base);
  return DRE && DRE->getDecl()->getIdentifier() && DRE->getDecl()->getName() == "threadIdx";
}

static bool isThreadIndexDerivedImpl(const Expr *E, unsigned Depth) {
  if (!E)
    return false;
  E = skipConversions(E);
  // `threadIdx.x` is an MS property read: its base is an OpaqueValueExpr.
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E))
    return isThreadIndexDerivedImpl(OVE->getSourceExpr(), Depth);
  // A value loaded at a thread-indexed address is data, not an index.
  const auto *U = dyn_cast<UnaryOperator>(E);
  if (isa<ArraySubscriptExpr>(E) || (U && U->getOpcode() == UO_Deref))
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    llvm::StringRef N = D->getName();
    if (N == "threadIdx" || N == "__lane_id")
      return true;
    const auto *VD = dyn_cast<VarDecl>(D);
    if (VD && isa<ParmVarDecl>(VD))
      return isThreadIndexName(VD->getName());
    return Depth && localVarRef(DRE) && isThreadIndexDerivedImpl(VD->getInit(), Depth - 1);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) { // no other call yields an index
    llvm::StringRef N = calleeName(Call);
    return N == "__lane_id" || N.starts_with("__builtin_amdgcn_workitem_id") ||
           N.starts_with("__builtin_amdgcn_mbcnt");
  }
  return llvm::any_of(E->children(), [&](const Stmt *C) {
    return isThreadIndexDerivedImpl(dyn_cast_or_null<Expr>(C), Depth);
  });
}

bool isThreadIndexDerived(const Expr *E) {
  return isThreadIndexDerivedImpl(E, MaxDerivationDepth);
}

static bool isLaneIdImpl(const Expr *E, const ASTContext &Ctx, bool BareThreadIndex,
                         unsigned Depth) {
  if (!E)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    std::optional<int64_t> R = constantValue(BO->getRHS(), Ctx);
    if (BO->getOpcode() == BO_Rem && (R == 32 || R == 64 || isWarpSizeRef(BO->getRHS())))
      return true;
    if (BO->getOpcode() == BO_And) {
      if (R == 31 || R == 63)
        return true;
      if (const auto *Sub = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts()))
        if (Sub->getOpcode() == BO_Sub && isWarpSizeRef(Sub->getLHS()))
          return true;
    }
    return false;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return calleeName(Call) == "__lane_id" ||
           calleeName(Call).starts_with("__builtin_amdgcn_mbcnt");
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (DRE->getDecl()->getName() == "__lane_id")
      return true;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return false;
    if (llvm::StringRef(VD->getName().lower()).contains("lane"))
      return true;
    return Depth && localVarRef(DRE) && VD->getInit() &&
           isLaneIdImpl(VD->getInit(), Ctx, BareThreadIndex, Depth - 1);
  }
  if (isa<MemberExpr, MSPropertyRefExpr, PseudoObjectExpr>(E))
    return BareThreadIndex && isThreadIndexDerived(E);
  return false;
}

bool isLaneId(const Expr *E, const ASTContext &Ctx, bool BareThreadIndex) {
  return isLaneIdImpl(E, Ctx, BareThreadIndex, MaxDerivationDepth);
}

static bool isLaneLikeImpl(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_Rem || Op == BO_And)
      return isLaneId(BO, Ctx);
    if (Op != BO_Add && Op != BO_Sub && Op != BO_Xor && Op != BO_Or)
      return false;
    bool L = isLaneLikeImpl(BO->getLHS(), Ctx, Depth);
    bool R = isLaneLikeImpl(BO->getRHS(), Ctx, Depth);
    return (L && (R || constantValue(BO->getRHS(), Ctx))) ||
           (R && constantValue(BO->getLHS(), Ctx));
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || llvm::StringRef(V->getName().lower()).contains("lane"))
      return V != nullptr;
    if (isa<ParmVarDecl>(V))
      return isThreadIndexDerived(DRE);
    return localVarRef(DRE) && Depth && V->getInit() &&
           isLaneLikeImpl(V->getInit(), Ctx, Depth - 1);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return isLaneId(Call, Ctx) || calleeName(Call).starts_with("__builtin_amdgcn_workitem_id");
  return isThreadIdxRead(E);
}

bool isLaneLike(const Expr *E, const ASTContext &Ctx) {
  return isLaneLikeImpl(E, Ctx, MaxDerivationDepth);
}

bool mentionsLaneId(const Expr *E, const ASTContext &Ctx) {
  return E && (isLaneId(E, Ctx) || isThreadIndexDerived(E) ||
               llvm::any_of(E->children(), [&](const Stmt *C) {
                 return mentionsLaneId(dyn_cast_or_null<Expr>(C), Ctx);
               }));
}

static bool isWarpIdImpl(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
  if (!E)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    std::optional<int64_t> R = constantValue(BO->getRHS(), Ctx);
    bool Div = BO->getOpcode() == BO_Div &&
               (R == 32 || R == 64 || isWarpSizeRef(BO->getRHS()));
    bool Shr = BO->getOpcode() == BO_Shr && (R == 5 || R == 6);
    return (Div || Shr) && isThreadIndexDerived(BO->getLHS());
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return false;
    std::string L = VD->getName().lower();
    if (llvm::StringRef(L).contains("warp") || llvm::StringRef(L).contains("wave") ||
        L == "wid")
      return true;
    if (Depth && localVarRef(DRE) && VD->getInit())
      return isWarpIdImpl(VD->getInit(), Ctx, Depth - 1);
  }
  return false;
}

bool isWarpId(const Expr *E, const ASTContext &Ctx) {
  return isWarpIdImpl(E, Ctx, MaxDerivationDepth);
}

bool mentionsBlockDim(const Stmt *S) {
  if (const auto *OVE = dyn_cast_or_null<OpaqueValueExpr>(S))
    return mentionsBlockDim(OVE->getSourceExpr());
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S))
    return DRE->getDecl()->getName() == "blockDim";
  return S && llvm::any_of(S->children(), mentionsBlockDim);
}

static bool is32BitIntegerType(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType();
  return T->isIntegerType() && !T->isBooleanType() && Ctx.getTypeSize(T) == 32;
}

static bool indexesWordArray(const Stmt *Root, ASTContext &Ctx) {
  if (!Root)
    return false;
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Root)) {
    const auto *Idx = dyn_cast<BinaryOperator>(ASE->getIdx()->IgnoreParenImpCasts());
    if (Idx && is32BitIntegerType(ASE->getType(), Ctx)) {
      std::optional<int64_t> R = constantValue(Idx->getRHS(), Ctx);
      if ((Idx->getOpcode() == BO_Div && R == 32) ||
          (Idx->getOpcode() == BO_Shr && R == 5))
        return true;
    }
  }
  for (const Stmt *C : Root->children())
    if (indexesWordArray(C, Ctx))
      return true;
  return false;
}

bool isBitsPerWordUse(const Expr *E, ASTContext &Ctx) {
  const Stmt *Child = nullptr;
  const Stmt *P = semanticParent(E, Ctx, &Child);
  if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(P))
    if (ASE->getIdx()->IgnoreParenImpCasts() == E &&
        is32BitIntegerType(ASE->getType(), Ctx))
      return true;
  if (const auto *Shift = dyn_cast_or_null<BinaryOperator>(P))
    if (Shift->isShiftOp() && Shift->getRHS()->IgnoreParenImpCasts() == E &&
        is32BitIntegerType(Shift->getLHS()->getType(), Ctx))
      return indexesWordArray(enclosingStatement(E, Ctx), Ctx);
  return false;
}

} // namespace wavecheck
