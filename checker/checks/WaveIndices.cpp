//===--- WaveIndices.cpp - thread, lane and warp indices -------------------===//
///
/// \file
/// The recognisers of WaveMatchers.h that judge indices: reads of the HIP
/// built-in variables (`threadIdx`, `blockDim`), values derived from the
/// thread index (also through lambda parameters), lane ids and warp ids
/// (counted in wavefronts or computed with 32), the rows of a block laid
/// out by `blockDim.x`, and array elements written at an index.
///
//===----------------------------------------------------------------------===//
#include "checks/WaveMatchers.h"
#include "checks/NodeContext.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace wavecheck {

static bool isThreadIndexName(llvm::StringRef N) {
  std::string L = N.lower();
  return L == "tid" || L == "thread_id" || L == "threadid" || L == "thread_idx" ||
         L == "tidx" || L == "tx" || L == "lane" || L == "laneid" ||
         L == "lane_id" || L == "lane_idx" || L == "local_id";
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

/// For a read `V.m` of a member of a HIP built-in variable (a plain member,
/// or an MS property whose base hides behind an OpaqueValueExpr), the name
/// of V; \p Member is set to m. Empty for anything else.
static llvm::StringRef builtinVarRead(const Expr *E, llvm::StringRef *Member = nullptr) {
  E = skipConversions(E);
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E))
    E = POE->getSyntacticForm()->IgnoreParens();
  const Expr *Base = nullptr;
  const NamedDecl *M = nullptr;
  if (const auto *P = dyn_cast<MSPropertyRefExpr>(E))
    Base = P->getBaseExpr()->IgnoreParenImpCasts(), M = P->getPropertyDecl();
  else if (const auto *ME = dyn_cast<MemberExpr>(E))
    Base = ME->getBase()->IgnoreParenImpCasts(), M = ME->getMemberDecl();
  if (const auto *OVE = dyn_cast_or_null<OpaqueValueExpr>(Base))
    Base = OVE->getSourceExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Base);
  if (!DRE || !DRE->getDecl()->getIdentifier())
    return {};
  if (Member)
    *Member = M && M->getIdentifier() ? M->getName() : llvm::StringRef();
  return DRE->getDecl()->getName();
}

bool isThreadIdxRead(const Expr *E) { return builtinVarRead(E) == "threadIdx"; }

const Expr *findBlockRowIndex(const Stmt *S) {
  const Expr *Found = nullptr;
  forEachStmt(S, [&](const Stmt *C) {
    const auto *E = dyn_cast<Expr>(C);
    if (Found || !E || !isa<MSPropertyRefExpr, MemberExpr, CallExpr>(E))
      return;
    llvm::StringRef Member;
    llvm::StringRef Var = builtinVarRead(E, &Member);
    bool Row = (Var == "threadIdx" || Var == "blockDim") && (Member == "y" || Member == "z");
    if (const auto *Call = dyn_cast<CallExpr>(E))
      Row = calleeName(Call) == "__builtin_amdgcn_workitem_id_y" ||
            calleeName(Call) == "__builtin_amdgcn_workitem_id_z";
    if (Row)
      Found = E;
  });
  return Found;
}

static bool isThreadIndexDerivedImpl(const Expr *E, unsigned Depth);

/// True when \p P is a parameter of a lambda written in a function and a
/// call of that lambda there passes a thread index for it: `auto laneOf =
/// [](unsigned t) { return t % 32; }; laneOf(threadIdx.x)`, whatever the
/// parameter is called. Generic lambdas count through their instantiations.
static bool isLambdaParamFedThreadIndex(const ParmVarDecl *P, unsigned Depth) {
  const auto *Op = dyn_cast_or_null<CXXMethodDecl>(P->getDeclContext());
  if (!Depth || !Op || !Op->getParent()->isLambda())
    return false;
  const CXXRecordDecl *Lambda = Op->getParent();
  const auto *Outer = dyn_cast_or_null<FunctionDecl>(Lambda->getDeclContext());
  if (!Outer || !Outer->getBody())
    return false;
  unsigned Index = P->getFunctionScopeIndex();
  bool Found = false;
  forEachStmt(Outer->getBody(), [&](const Stmt *S) {
    const auto *Call = dyn_cast<CXXOperatorCallExpr>(S);
    if (Found || !Call || Call->getOperator() != OO_Call)
      return;
    const auto *Callee = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
    if (!Callee || Callee->getParent() != Lambda || Index + 1 >= Call->getNumArgs())
      return; // argument 0 is the lambda object
    Found = isThreadIndexDerivedImpl(Call->getArg(Index + 1), Depth - 1);
  });
  return Found;
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
      return isThreadIndexName(VD->getName()) ||
             isLambdaParamFedThreadIndex(cast<ParmVarDecl>(VD), Depth);
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
    if (namesLane(VD->getName()))
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
    if (!V)
      return false;
    // A local with an initialiser is what it is initialised with, whatever
    // its name: `lane = rand() % dims` is a data value, not a lane id.
    if (localVarRef(DRE) && V->getInit() && Depth)
      return isLaneLikeImpl(V->getInit(), Ctx, Depth - 1);
    if (namesLane(V->getName()))
      return true;
    if (isa<ParmVarDecl>(V))
      return isThreadIndexDerived(DRE);
    return false;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return isLaneId(Call, Ctx) || calleeName(Call).starts_with("__builtin_amdgcn_workitem_id") ||
           ((!Call->getDirectCallee() || !Call->getDirectCallee()->getBuiltinID()) &&
            namesLane(calleeName(Call))); // a helper such as `getLaneId()`
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
    if (namesWarp(VD->getName()) || VD->getName().lower() == "wid")
      return true;
    if (Depth && localVarRef(DRE) && VD->getInit())
      return isWarpIdImpl(VD->getInit(), Ctx, Depth - 1);
  }
  return false;
}

bool isWarpId(const Expr *E, const ASTContext &Ctx) {
  return isWarpIdImpl(E, Ctx, MaxDerivationDepth);
}

const BinaryOperator *warpIdComputedWith32(const Expr *E, const ASTContext &Ctx,
                                           unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  if (const VarDecl *V = localVarRef(E))
    return Depth && V->getInit() ? warpIdComputedWith32(V->getInit(), Ctx, Depth - 1)
                                 : nullptr;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  std::optional<int64_t> R = BO ? constantValue(BO->getRHS(), Ctx) : std::nullopt;
  bool By32 = BO && ((BO->getOpcode() == BO_Div && R == 32) ||
                     (BO->getOpcode() == BO_Shr && R == 5));
  return By32 && isThreadIndexDerived(BO->getLHS()) ? BO : nullptr;
}

const BinaryOperator *laneIdComputedWith32(const Expr *E, const ASTContext &Ctx,
                                           unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  if (const VarDecl *V = localVarRef(E))
    return Depth && V->getInit() ? laneIdComputedWith32(V->getInit(), Ctx, Depth - 1)
                                 : nullptr;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  std::optional<int64_t> R = BO ? constantValue(BO->getRHS(), Ctx) : std::nullopt;
  bool By32 = BO && ((BO->getOpcode() == BO_Rem && R == 32) ||
                     (BO->getOpcode() == BO_And && R == 31));
  return By32 && isThreadIndexDerived(BO->getLHS()) ? BO : nullptr;
}

bool isWrittenElement(const ArraySubscriptExpr *Sub, ASTContext &Ctx) {
  const Stmt *Cur = Sub;
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    DynTypedNodeList Ps = Ctx.getParents(*Cur);
    const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    if (!P)
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(P))
      return BO->isAssignmentOp() && BO->getLHS()->IgnoreParenImpCasts() == Cur;
    if (const auto *UO = dyn_cast<UnaryOperator>(P))
      return UO->isIncrementDecrementOp();
    const auto *Outer = dyn_cast<ArraySubscriptExpr>(P);
    if (Outer && Outer->getBase()->IgnoreParenImpCasts() != Cur)
      return false; // Cur is an index, not the array
    if (!Outer && !isa<ParenExpr, ImplicitCastExpr>(P))
      return false;
    Cur = P;
  }
  return false;
}

bool mentionsBlockDim(const Stmt *S) {
  if (const auto *OVE = dyn_cast_or_null<OpaqueValueExpr>(S))
    return mentionsBlockDim(OVE->getSourceExpr());
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S))
    return DRE->getDecl()->getName() == "blockDim";
  return S && llvm::any_of(S->children(), mentionsBlockDim);
}

} // namespace wavecheck
