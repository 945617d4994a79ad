//===--- TileOrderMasks.cpp - which tile coordinates values derive from ----===//
///
/// \file
/// For xcd-tile-order (TileOrderKernelFlow.h): the coordinate bits of a
/// value (quotient or remainder of the id by the tile-grid width), of the
/// fields of a record value and of local variables (a fixpoint over their
/// initialisers), and what the helpers a kernel calls with an id make of it.
///
//===----------------------------------------------------------------------===//
#include "checks/TileOrderKernelFlow.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ExprCXX.h"
#include <functional>

using namespace clang;

namespace wavecheck::tile_order::detail {

/// The coordinate bits \p E derives from. A divisor or modulus is a size,
/// not a coordinate: `(pid % npig) / group_size_m` is a remainder only.
unsigned KernelFlow::maskOf(const Expr *E) const {
  if (!E)
    return 0;
  if (auto It = NodeBits.find(E); It != NodeBits.end())
    return It->second;
  if (auto It = Calls.find(E); It != Calls.end())
    return It->second.Dims == ActiveDims ? It->second.Mask : 0;
  if (auto BO = binaryView(E)) {
    BinaryOperatorKind Op = BO->Op;
    if (Op == BO_Div || Op == BO_Rem || Op == BO_Shr ||
        (Op == BO_And && constantValue(BO->RHS, Ctx)))
      return maskOf(BO->LHS);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      return fieldMask(ME->getBase(), F);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *BD = dyn_cast<BindingDecl>(DRE->getDecl())) // `auto [m, n] = tile(pid);`
      return maskOf(BD->getBinding());
  if (const VarDecl *V = localVarRef(E)) {
    auto It = VarMasks.find(V);
    return It == VarMasks.end() ? 0 : It->second;
  }
  unsigned M = 0;
  const Stmt *Dead = deadChild(E);
  for (const Stmt *C : E->children())
    if (C != Dead)
      M |= maskOf(dyn_cast_or_null<Expr>(C));
  return M;
}

/// The coordinate bits of each field of the record value \p E: a braced
/// list, a helper's result, a local struct.
FieldMasks KernelFlow::fieldsOf(const Expr *E) const {
  FieldMasks Out;
  E = strip(E);
  if (!E)
    return Out;
  if (auto It = Calls.find(E); It != Calls.end()) {
    if (It->second.Dims == ActiveDims)
      Out = It->second.Fields;
    return Out;
  }
  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    const RecordDecl *RD = ILE->getType()->getAsRecordDecl();
    if (RD && !RD->isUnion())
      for (const FieldDecl *F : RD->fields())
        if (const Expr *I = fieldInit(ILE, F))
          Out[F] = maskOf(I);
    return Out;
  }
  if (const VarDecl *V = localVarRef(E))
    if (auto It = VarFields.find(V); It != VarFields.end())
      Out = It->second;
  return Out;
}

/// The coordinate bits of field \p F of \p Base.
unsigned KernelFlow::fieldMask(const Expr *Base, const FieldDecl *F) const {
  const Expr *B = strip(Base);
  if (const VarDecl *V = localVarRef(B)) {
    auto It = VarFields.find(V);
    if (It != VarFields.end() && It->second.count(F))
      return It->second.lookup(F);
    if (It != VarFields.end())
      return 0;
    auto M = VarMasks.find(V);
    return M == VarMasks.end() ? 0 : M->second;
  }
  if (Calls.count(B) || isa<InitListExpr>(B))
    return fieldsOf(B).lookup(F);
  return maskOf(Base);
}

void KernelFlow::computeVarMasks() {
  VarMasks.clear();
  VarFields.clear();
  for (unsigned Round = 0; Round < MaxRounds; ++Round) {
    bool Changed = false;
    auto Update = [&](const VarDecl *V, const Expr *E) {
      unsigned &M = VarMasks[V];
      unsigned New = M | maskOf(E);
      Changed |= New != M;
      M = New;
    };
    auto UpdateField = [&](const VarDecl *V, const FieldDecl *F, unsigned Bits) {
      unsigned &M = VarFields[V][F];
      unsigned New = M | Bits;
      Changed |= New != M;
      M = New;
    };
    for (auto &[V, Init] : Inits) {
      if (V->getType()->isRecordType() && !V->getType()->isUnionType()) {
        // A struct: its fields apart (`TileCoord t = tileOf(pid);`).
        VarFields.try_emplace(V);
        for (auto [F, Bits] : fieldsOf(Init))
          UpdateField(V, F, Bits);
        continue;
      }
      Update(V, Init);
    }
    for (auto &[V, Rhs] : Stores)
      for (const Expr *E : Rhs)
        Update(V, E);
    for (auto &[VF, Rhs] : FieldStores)
      for (const Expr *E : Rhs)
        UpdateField(VF.first, VF.second, maskOf(E));
    if (!Changed)
      return;
  }
}

/// Flows for the helpers the function calls with an id (as an argument, a
/// capture or the object of a member function): what their results hold.
void KernelFlow::computeCalls(const Stmt *Body) {
  if (!Depth)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  forEachLive(Body, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *Callee = Call && !InRemap.contains(Call) ? userCallee(Call, SM) : nullptr;
    if (!Callee || Callee == Kernel || Callee->hasAttr<CUDAGlobalAttr>())
      return;
    KernelFlow Sub(Callee, this, Depth - 1);
    // A lambda or member operator() takes its object as argument 0.
    unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
    for (unsigned I = 0; I < Callee->getNumParams() && I + Shift < Call->getNumArgs(); ++I)
      if (IdRef R = idOf(Call->getArg(I + Shift)); R.Raw)
        Sub.ParamIds[Callee->getParamDecl(I)] = R;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
      Sub.This = MC->getImplicitObjectArgument();
    // Only helpers that can see an id: given one, a lambda (its captures),
    // a member function (its object's fields).
    const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
    if (Sub.ParamIds.empty() && !Sub.This && !(MD && MD->getParent()->isLambda()))
      return;
    CallResult Res = Sub.summarise();
    if (Res.Bits)
      Calls[Call] = std::move(Res);
  });
}

/// Runs a helper's flow: its splits of the ids it was given, and the
/// coordinate bits of what it returns.
CallResult KernelFlow::summarise() {
  CallResult Res;
  const Stmt *Body = Kernel->getBody();
  std::map<unsigned, llvm::SmallVector<Split, 4>> Groups = analyseBody(Body);
  if (Groups.size() != 1)
    return Res; // none, or ids of two grids: not followed
  auto &[Dims, Splits] = *Groups.begin();
  ActiveDims = Dims;
  NodeBits.clear();
  for (const Split &Sp : Splits)
    NodeBits[Sp.Node] = Sp.Bit;
  computeVarMasks();
  Res.Dims = Dims;
  for (const Split &Sp : Splits) {
    Res.Bits |= Sp.Bit;
    Res.Grouped |= !sameWidth(Sp, Splits.front());
    if (llvm::none_of(Res.Ids, [&](const IdRef &R) { return R.Raw == Sp.Id.Raw; }))
      Res.Ids.push_back(Sp.Id);
  }
  for (auto &[C, R] : Calls) {
    Res.Bits |= R.Bits;
    Res.Grouped |= R.Grouped;
    for (const IdRef &I : R.Ids)
      if (llvm::none_of(Res.Ids, [&](const IdRef &X) { return X.Raw == I.Raw; }))
        Res.Ids.push_back(I);
  }
  // What it returns; returns of lambdas nested in it are theirs.
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || isa<LambdaExpr>(S))
      return;
    if (const auto *Ret = dyn_cast<ReturnStmt>(S); Ret && Ret->getRetValue()) {
      Res.Mask |= maskOf(Ret->getRetValue());
      for (auto [F, B] : fieldsOf(Ret->getRetValue()))
        Res.Fields[F] |= B;
    }
    const Stmt *Dead = deadChild(S);
    for (const Stmt *C : S->children())
      if (C != Dead)
        Walk(C);
  };
  Walk(Body);
  // The coordinates that reach the caller.
  Res.Bits = Res.Mask;
  for (auto &[F, B] : Res.Fields)
    Res.Bits |= B;
  return Res;
}

} // namespace wavecheck::tile_order::detail
