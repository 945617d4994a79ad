//===--- HardcodedWarpSizeCandidates.cpp - the 32s in their roles ----------===//
///
/// \file
/// For wave64-hardcoded-warp-size: the candidates check() collects, one
/// member function per role a 32 plays (lane and warp ids, warp counts,
/// strides, shuffle widths and gathers, per-warp tables, tile widths,
/// per-lane array extents), and the candidates assembled at the end of the
/// translation unit from the tables and tiles recorded on the way.
///
//===----------------------------------------------------------------------===//
#include "checks/HardcodedWarpSizeState.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"
#include "checks/WorkgroupIds.h"

#include "llvm/ADT/SmallPtrSet.h"
#include <set>

using namespace clang;

namespace wavecheck {
using namespace hardcoded_warp_size;
using namespace hardcoded_warp_size::detail;

void HardcodedWarpSizeCheck::State::arithmetic(const BinaryOperator *BO) {
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  std::optional<int64_t> V = valueOf(R);
  BinaryOperatorKind Op = BO->getOpcode();
  bool Lane = (Op == BO_Rem && V == CudaWarpSize) || (Op == BO_And && V == CudaLaneMask);
  bool Warp = (Op == BO_Div && V == CudaWarpSize) || (Op == BO_Shr && V == CudaWarpShift);
  if (!Lane && !Warp)
    return;
  bool Thread = isThreadIndexDerived(L);
  const FunctionDecl *Fn = enclosingDeviceFunction(BO, *Ctx);
  if (!Fn || (Lane && !Thread) || (!Thread && !mentionsBlockDim(L)) ||
      isBitsPerWordUse(BO, *Ctx))
    return;
  Role Ro = Lane ? Role::Lane : Thread ? Role::WarpId : Role::WarpCount;
  llvm::SmallVector<Edit, 3> Edits{
      {R->getSourceRange(), Op == BO_And ? waveSize(BO, true, true) : waveSize(BO)}};
  const auto *Inner = dyn_cast<BinaryOperator>(L->IgnoreImpCasts());
  if (Op == BO_Shr) // `tid >> 5` becomes `tid / warpSize`
    Edits.push_back({BO->getOperatorLoc(), "/"});
  // `a + tid >> 5` is `(a + tid) >> 5`: keep that grouping under `/`.
  if (Op == BO_Shr && Inner && (Inner->isAdditiveOp() || Inner->isShiftOp()))
    Edits.push_back({L->getSourceRange(), "(" + text(L->getSourceRange()) + ")"});
  // `(blockDim.x + 31) / 32` rounds up: that 31 is the wave size minus one.
  if (const auto *Add = dyn_cast<BinaryOperator>(L->IgnoreParenImpCasts()))
    if (Ro == Role::WarpCount && Add->getOpcode() == BO_Add &&
        isa<IntegerLiteral>(Add->getRHS()->IgnoreImpCasts()) &&
        constantValue(Add->getRHS(), *Ctx) == CudaLaneMask)
      Edits.push_back({Add->getRHS()->getSourceRange(), waveSize(BO, true)});
  add(Ro, Fn, R, quote(BO->getSourceRange()), Edits);
}

const Expr *HardcodedWarpSizeCheck::State::strideFactor32(const Expr *E, const Expr *Init) const {
  if (constantValue(E, *Ctx) == CudaWarpSize)
    return E;
  const auto *Mul = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  const auto *Start = dyn_cast_or_null<BinaryOperator>(Init ? Init->IgnoreParenImpCasts()
                                                            : nullptr);
  if (!Mul || Mul->getOpcode() != BO_Mul || !Start || Start->getOpcode() != BO_Mul)
    return nullptr;
  std::optional<int64_t> PerLane;
  for (auto [L, K] : {std::pair(Start->getLHS(), Start->getRHS()),
                      std::pair(Start->getRHS(), Start->getLHS())})
    if (std::optional<int64_t> V = constantValue(K, *Ctx); V && mentionsLaneId(L, *Ctx))
      PerLane = V;
  for (auto [Factor, Other] : {std::pair(Mul->getLHS(), Mul->getRHS()),
                               std::pair(Mul->getRHS(), Mul->getLHS())})
    if (PerLane && constantValue(Factor, *Ctx) == CudaWarpSize &&
        constantValue(Other, *Ctx) == PerLane)
      return Factor;
  return nullptr;
}

void HardcodedWarpSizeCheck::State::stride(const BinaryOperator *Inc) {
  const VarDecl *VD = localVarRef(Inc->getLHS());
  const Expr *By32 = VD ? strideFactor32(Inc->getRHS(), VD->getInit()) : nullptr;
  if (By32 && mentionsLaneId(VD->getInit(), *Ctx))
    add(Role::Stride, enclosingDeviceFunction(Inc, *Ctx), By32,
        quote(Inc->getSourceRange()), {{By32->getSourceRange(), waveSize(Inc)}});
}

void HardcodedWarpSizeCheck::State::call(const CallExpr *Call) {
  std::optional<ShuffleCall> Sh = asShuffle(Call);
  if (!Sh)
    return;
  WidthKind W = classifyWidth(Sh->Width, *Ctx);
  if (W == WidthKind::Lanes32)
    add(Role::Width, enclosingDeviceFunction(Call, *Ctx), Sh->Width, calleeName(Call).str(),
        {{Sh->Width->getSourceRange(), waveSize(Call)}});
  const Expr *Mask = laneMaskedBelow32(Sh->LaneArg, *Ctx);
  if (W == WidthKind::FullWave && Sh->Kind == ShuffleKind::Idx && Mask &&
      add(Role::Gather, enclosingDeviceFunction(Call, *Ctx), Mask,
          quote(Sh->LaneArg->getSourceRange()), {}))
    Findings.back().Gather = Call;
}

void HardcodedWarpSizeCheck::State::table(const ArraySubscriptExpr *Sub, const VarDecl *VD) {
  VD = VD->getCanonicalDecl();
  const Expr *Idx = Sub->getIdx();
  if (isWrittenElement(Sub, *Ctx)) {
    if (isWarpId(Idx, *Ctx) && !warpIdComputedWith32(Idx, *Ctx))
      PerWaveTables.insert(VD);
    else
      OtherWrites.insert(VD);
    return;
  }
  const VarDecl *I = localVarRef(Idx);
  DynTypedNodeList Ps = I ? Ctx->getParents(*I) : DynTypedNodeList(DynTypedNode());
  const auto *DS = I && !Ps.empty() ? Ps[0].get<DeclStmt>() : nullptr;
  DynTypedNodeList Ls = DS ? Ctx->getParents(*DS) : DynTypedNodeList(DynTypedNode());
  const auto *Loop = DS && !Ls.empty() ? Ls[0].get<ForStmt>() : nullptr;
  const auto *Cond = Loop && Loop->getInit() == DS && Loop->getCond()
                         ? dyn_cast<BinaryOperator>(Loop->getCond()->IgnoreParenImpCasts())
                         : nullptr;
  if (!Cond || !I->getInit() || constantValue(I->getInit(), *Ctx) != 0 ||
      Cond->getOpcode() != BO_LT || localVarRef(Cond->getLHS()) != I ||
      valueOf(Cond->getRHS()) != CudaWarpSize)
    return;
  if (const FunctionDecl *Fn = enclosingDeviceFunction(Sub, *Ctx))
    TableReads.push_back({VD, Cond->getRHS(), Cond, Fn});
}

void HardcodedWarpSizeCheck::State::tileConst(const IntegerLiteral *Lit) {
  const Stmt *Child = nullptr;
  const auto *Mul = dyn_cast_or_null<BinaryOperator>(semanticParent(Lit, *Ctx, &Child));
  if (!Mul || Mul->getOpcode() != BO_Mul)
    return;
  const Expr *Other = Mul->getLHS()->IgnoreParenImpCasts() == Lit ? Mul->getRHS() : Mul->getLHS();
  std::optional<int64_t> K = constantValue(Other, *Ctx);
  const Stmt *Top = Mul;
  while (true) { // up through parentheses and implicit casts to the variable
    DynTypedNodeList Ps = Ctx->getParents(*Top);
    if (Ps.empty())
      return;
    if (const auto *VD = Ps[0].get<VarDecl>()) {
      if (K && *K > 1 && VD->getType().isConstQualified() && VD->getInit() &&
          VD->getInit()->IgnoreParenImpCasts() == Mul)
        TileConsts.push_back({VD->getCanonicalDecl(), Lit, Mul, *K});
      return;
    }
    const Stmt *P = Ps[0].get<Stmt>();
    if (!isa_and_nonnull<ParenExpr, ImplicitCastExpr>(P))
      return;
    Top = P;
  }
}

void HardcodedWarpSizeCheck::State::tileUse(const Expr *E) {
  const FunctionDecl *Fn = enclosingDeviceFunction(E, *Ctx);
  if (!Fn)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return;
    ConstUses[Fn].insert(VD->getCanonicalDecl());
    const Stmt *Child = nullptr;
    const auto *Mul = dyn_cast_or_null<BinaryOperator>(semanticParent(DRE, *Ctx, &Child));
    if (Mul && Mul->getOpcode() == BO_Mul &&
        isWorkgroupIdRead(Mul->getLHS() == Child ? Mul->getRHS() : Mul->getLHS()))
      BlockTiles[Fn].insert(VD->getCanonicalDecl());
    return;
  }
  const auto *Mul = cast<BinaryOperator>(E);
  for (auto [Lane, Other] : {std::pair(Mul->getLHS(), Mul->getRHS()),
                             std::pair(Mul->getRHS(), Mul->getLHS())})
    if (std::optional<int64_t> K = constantValue(Other, *Ctx);
        K && isLaneId(Lane, *Ctx, /*BareThreadIndex=*/false) &&
        !laneIdComputedWith32(Lane, *Ctx))
      LaneProducts[Fn].push_back(*K);
}

void HardcodedWarpSizeCheck::State::tileCandidates() {
  for (const TileConst &T : TileConsts)
    for (const auto &[Fn, Uses] : ConstUses)
      if (Uses.contains(T.Var) && LaneProducts.count(Fn) &&
          llvm::is_contained(LaneProducts.find(Fn)->second, T.K)) {
        add(Role::TileWidth, Fn, T.Lit, quote(T.Mul->getSourceRange()), {});
        break;
      }
  std::set<const VarDecl *> Done;
  for (const TileConst &T : TileConsts)
    Done.insert(T.Var);
  for (const auto &[Fn, Tiles] : BlockTiles) {
    auto Products = LaneProducts.find(Fn);
    if (Products == LaneProducts.end())
      continue;
    for (const VarDecl *VD : Tiles) {
      const auto *Lit =
          VD->getInit() ? dyn_cast<IntegerLiteral>(VD->getInit()->IgnoreParenImpCasts()) : nullptr;
      if (!Lit || Done.count(VD) || Lit->getBeginLoc().isMacroID())
        continue;
      int64_t V = int64_t(Lit->getValue().getLimitedValue(1u << 30));
      if (V <= CudaWarpSize || V % CudaWarpSize ||
          !llvm::is_contained(Products->second, V / CudaWarpSize))
        continue;
      Done.insert(VD);
      add(Role::TileWidth, Fn, Lit,
          VD->getName().str() + " = " + std::to_string(V) + " = 32 x " +
              std::to_string(V / CudaWarpSize),
          {});
    }
  }
}

void HardcodedWarpSizeCheck::State::tableCandidates() {
  llvm::SmallPtrSet<const BinaryOperator *, 8> Seen;
  for (const TableRead &T : TableReads) {
    const ConstantArrayType *CAT = Ctx->getAsConstantArrayType(T.Array->getType());
    if (!CAT || CAT->getSize() != CudaWarpSize || !PerWaveTables.contains(T.Array) ||
        OtherWrites.contains(T.Array) || !Seen.insert(T.Cond).second)
      continue;
    add(Role::TableRows, T.Fn, T.Bound, quote(T.Cond->getSourceRange()), {});
  }
}

void HardcodedWarpSizeCheck::State::array(const VarDecl *VD) {
  const ConstantArrayType *CAT = Ctx->getAsConstantArrayType(VD->getType());
  const FunctionDecl *Fn = owningFunctionOfDecl(VD);
  if (!CAT || CAT->getSize() != CudaWarpSize || !VD->getTypeSourceInfo() ||
      !(isDeviceFunction(Fn) || (!Fn && VD->hasAttr<CUDASharedAttr>())))
    return;
  auto ATL = VD->getTypeSourceInfo()->getTypeLoc().getAsAdjusted<ConstantArrayTypeLoc>();
  if (const Expr *Size = ATL ? ATL.getSizeExpr() : nullptr)
    add(Role::Extent, Fn, Size, (VD->getName() + "[" + quote(Size->getSourceRange()) + "]").str(),
        {{Size->getSourceRange(), Constant}}, VD->getCanonicalDecl());
}

} // namespace wavecheck
