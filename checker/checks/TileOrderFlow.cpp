//===--- TileOrderFlow.cpp - how a kernel maps its workgroup id to tiles ---===//
///
/// \file
/// The entry points of TileOrderFlow.h and the last steps of the flow of a
/// kernel (TileOrderKernelFlow.h): the operands read from kernel pointer
/// parameters, the panel read that depends on one tile coordinate, the
/// splits of an id grouped by grid dimensions, and the mappings that need
/// the remap.
///
//===----------------------------------------------------------------------===//
#include "checks/TileOrderFlow.h"
#include "checks/TileOrderKernelFlow.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace wavecheck::tile_order::detail {

/// A pointer parameter of the kernel, or a local pointer set from one.
bool KernelFlow::isOperandPointer(const Expr *E, unsigned Links) const {
  E = E->IgnoreParenCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return false;
  if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
    return P->getType()->isPointerType() && P->getDeclContext() == Kernel;
  const VarDecl *V = localVarRef(DRE);
  auto It = V ? Inits.find(V) : Inits.end();
  if (!Links || It == Inits.end() || !V->getType()->isPointerType())
    return false;
  const Expr *Init = It->second->IgnoreParenCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(Init);
      BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub))
    return isOperandPointer(BO->getLHS(), Links - 1) || isOperandPointer(BO->getRHS(), Links - 1);
  return isOperandPointer(Init, Links - 1);
}

/// When \p E is pointer arithmetic on an operand pointer (`A + off`,
/// `A + base + off`, `off + A`), appends every offset added to \p Offsets
/// and the arithmetic nodes to \p Inner.
bool KernelFlow::pointerChain(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Offsets,
                              llvm::SmallPtrSetImpl<const Stmt *> &Inner) const {
  E = E->IgnoreParenCasts();
  if (isOperandPointer(E))
    return true;
  auto BO = binaryView(E);
  if (!BO || (BO->Op != BO_Add && BO->Op != BO_Sub))
    return false;
  if (pointerChain(BO->LHS, Offsets, Inner)) {
    Offsets.push_back(BO->RHS);
  } else if (BO->Op == BO_Add && pointerChain(BO->RHS, Offsets, Inner)) {
    Offsets.push_back(BO->LHS);
  } else {
    return false;
  }
  Inner.insert(E);
  return true;
}

/// True when the index \p E adds a term that is no tile coordinate and no
/// constant (`+ k`, `+ threadIdx.x`): it walks a panel. `ids[token]` or
/// `scale[row]` read one element per tile row instead.
bool KernelFlow::hasFreeTerm(const Expr *E) const {
  auto BO = binaryView(E->IgnoreParenImpCasts());
  if (BO && (BO->Op == BO_Add || BO->Op == BO_Sub))
    return hasFreeTerm(BO->LHS) || hasFreeTerm(BO->RHS);
  return maskOf(E) == 0 && !constantValue(E, Ctx);
}

/// True when the free terms of the index \p E (hasFreeTerm()) are the thread
/// index alone (`head * head_size + tid`): each workgroup reads one vector of
/// one element per thread, no panel worth keeping in one L2.
bool KernelFlow::onlyThreadTerm(const Expr *E) const {
  llvm::SmallVector<const Expr *, 4> Free, Work{E};
  while (!Work.empty()) {
    const Expr *X = Work.pop_back_val()->IgnoreParenImpCasts();
    auto BO = binaryView(X);
    if (BO && (BO->Op == BO_Add || BO->Op == BO_Sub)) {
      Work.push_back(BO->LHS);
      Work.push_back(BO->RHS);
    } else if (maskOf(X) == 0 && !constantValue(X, Ctx)) {
      Free.push_back(X);
    }
  }
  return Free.size() == 1 && (isThreadIdxRead(Free[0]) ||
                              (isa<DeclRefExpr>(Free[0]) && isThreadIndexDerived(Free[0])));
}

/// The first read of an operand (a subscript of, or an offset added to, a
/// kernel pointer) whose address depends on exactly one tile coordinate;
/// plain stores and single elements (hasFreeTerm()) do not count.
const Expr *KernelFlow::findPanelRead(const Stmt *Body) const {
  const Expr *Found = nullptr;
  llvm::SmallPtrSet<const Stmt *, 16> Inner;
  auto OneCoordinate = [](unsigned M) { return M == QuotientBit || M == RemainderBit; };
  forEachLive(Body, [&](const Stmt *S) {
    const auto *E = dyn_cast<Expr>(S);
    if (Found || !E || StoreTargets.contains(E) || Inner.contains(E))
      return;
    llvm::SmallVector<const Expr *, 4> Offsets;
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      if (isOperandPointer(ASE->getBase()) && hasFreeTerm(ASE->getIdx()) &&
          !onlyThreadTerm(ASE->getIdx()) &&
          OneCoordinate(maskOf(ASE->getBase()) | maskOf(ASE->getIdx())))
        Found = E;
    } else if (auto CA = binaryView(E); CA && (CA->Op == BO_AddAssign || CA->Op == BO_SubAssign)) {
      if (isOperandPointer(CA->LHS) && OneCoordinate(maskOf(CA->RHS)))
        Found = E;
    } else if (binaryView(E) && pointerChain(E, Offsets, Inner)) {
      unsigned M = 0;
      for (const Expr *Off : Offsets)
        M |= maskOf(Off);
      if (OneCoordinate(M))
        Found = E;
    }
  });
  return Found;
}

/// Whether two splits divide by the same tile-grid width (a row-major
/// order) rather than by different ones (a grouped order).
bool KernelFlow::sameWidth(const Split &SA, const Split &SB) const {
  const Expr *A = SA.Divisor, *B = SB.Divisor;
  if (!A || !B)
    return true;
  if (SA.Width || SB.Width)
    return SA.Width == SB.Width;
  const SourceManager &SM = Ctx.getSourceManager();
  auto Text = [&](const Expr *E) {
    std::string T = Lexer::getSourceText(fileRange(E->getSourceRange(), Ctx), SM,
                                         Ctx.getLangOpts())
                        .str();
    llvm::erase_if(T, [](char C) { return C == ' ' || C == '(' || C == ')'; });
    return T;
  };
  return Text(A) == Text(B);
}

/// The splits of an id not part of a remap, grouped by the id's grid
/// dimensions.
void KernelFlow::collectSplits(const Stmt *Body,
                               std::map<unsigned, llvm::SmallVector<Split, 4>> &Groups) {
  forEachLive(Body, [&](const Stmt *S) {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (!BO || InRemap.contains(BO))
      return;
    BinaryOperatorKind Op = BO->getOpcode();
    bool ConstRhs = constantValue(BO->getRHS(), Ctx).has_value();
    unsigned Bit = Op == BO_Div || (Op == BO_Shr && ConstRhs)   ? QuotientBit
                   : Op == BO_Rem || (Op == BO_And && ConstRhs) ? RemainderBit
                                                                : 0;
    IdRef Id = Bit ? idOf(BO->getLHS()) : IdRef();
    if (!Id.Raw)
      return;
    std::optional<int64_t> Width = constantValue(BO->getRHS(), Ctx);
    if (Width && Op == BO_Shr)
      Width = *Width >= 0 && *Width < 63 ? std::optional<int64_t>(int64_t(1) << *Width)
                                         : std::nullopt;
    else if (Width && Op == BO_And)
      Width = *Width + 1;
    Groups[Id.Dims].push_back({BO, BO->getRHS(), Bit, Id, Width});
  });
  // `pid - q * n` with q a quotient of the id: the remainder, spelled out.
  for (auto &[Dims, Splits] : Groups) {
    ActiveDims = Dims;
    NodeBits.clear();
    for (const Split &Sp : Splits)
      NodeBits[Sp.Node] = Sp.Bit;
    computeVarMasks();
    llvm::SmallVector<Split, 2> More;
    forEachLive(Body, [&](const Stmt *S) {
      const auto *BO = dyn_cast<BinaryOperator>(S);
      if (!BO || BO->getOpcode() != BO_Sub || InRemap.contains(BO))
        return;
      IdRef Id = idOf(BO->getLHS());
      if (Id.Raw && Id.Dims == Dims && (maskOf(BO->getRHS()) & QuotientBit))
        More.push_back({BO, nullptr, RemainderBit, Id, std::nullopt});
    });
    Splits.append(More.begin(), More.end());
  }
}

llvm::SmallVector<const Expr *, 2> KernelFlow::allRemaps() {
  const Stmt *Body = Kernel->getBody();
  AnyNamedCall = true;
  collectLocals(Body);
  findRemaps(Body);
  llvm::SmallVector<const Expr *, 2> Out;
  for (const auto &[R, Dims] : Remaps)
    Out.push_back(R);
  Out.append(DeadRemaps.begin(), DeadRemaps.end());
  return Out;
}

std::map<unsigned, llvm::SmallVector<Split, 4>> KernelFlow::analyseBody(const Stmt *Body) {
  collectLocals(Body);
  findRemaps(Body);
  computeCalls(Body);
  std::map<unsigned, llvm::SmallVector<Split, 4>> Groups;
  collectSplits(Body, Groups);
  for (auto &[C, R] : Calls)
    Groups[R.Dims];
  return Groups;
}

llvm::SmallVector<TileMapping, 1> KernelFlow::run() {
  const Stmt *Body = Kernel->getBody();
  std::map<unsigned, llvm::SmallVector<Split, 4>> Groups = analyseBody(Body);

  llvm::SmallVector<TileMapping, 1> Out;
  for (auto &[Dims, Splits] : Groups) {
    ActiveDims = Dims;
    NodeBits.clear();
    for (const Split &Sp : Splits)
      NodeBits[Sp.Node] = Sp.Bit;
    computeVarMasks();

    unsigned Bits = 0;
    for (const Split &Sp : Splits)
      Bits |= Sp.Bit;
    for (auto &[C, R] : Calls)
      if (R.Dims == Dims)
        Bits |= R.Bits;
    const Expr *Panel = findPanelRead(Body);
    if (Bits != (QuotientBit | RemainderBit) || !Panel)
      continue;

    TileMapping M;
    M.Dims = Dims;
    M.PanelRead = Panel;
    const SourceManager &SM = Ctx.getSourceManager();
    auto Before = [&](const Expr *A, const Expr *B) {
      return SM.isBeforeInTranslationUnit(SM.getFileLoc(A->getBeginLoc()),
                                          SM.getFileLoc(B->getBeginLoc()));
    };
    llvm::SmallVector<IdRef, 4> Ids;
    for (const Split &Sp : Splits) {
      Ids.push_back(Sp.Id);
      M.Grouped |= !sameWidth(Sp, Splits.front());
    }
    for (auto &[C, R] : Calls)
      if (R.Dims == Dims) {
        Ids.append(R.Ids.begin(), R.Ids.end());
        M.Grouped |= R.Grouped;
      }
    for (const IdRef &I : Ids)
      if (!llvm::is_contained(M.Roots, I.Raw))
        M.Roots.push_back(I.Raw);
    // A remainder split again (`(pid % per_group) / rows`): a grouped order.
    forEachLive(Body, [&](const Stmt *S) {
      const auto *BO = dyn_cast<BinaryOperator>(S);
      if (BO && (BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Rem) &&
          !NodeBits.contains(BO) && !InRemap.contains(BO))
        M.Grouped |= maskOf(BO->getLHS()) == RemainderBit;
    });
    llvm::sort(M.Roots, Before);
    for (const IdRef &I : Ids)
      if (I.Raw == M.Roots.front())
        M.IdVar = I.Var;
    for (const auto &[R, RemapDims] : Remaps)
      if (!M.UnusedRemap && llvm::is_contained(RemapDims, Dims))
        M.UnusedRemap = R;
    if (!DeadRemaps.empty())
      M.DeadRemap = DeadRemaps.front();
    Out.push_back(std::move(M));
  }
  return Out;
}

} // namespace wavecheck::tile_order::detail

namespace wavecheck {
using namespace tile_order::detail;

llvm::SmallVector<TileMapping, 1>
findUnremappedTileMappings(const FunctionDecl *Kernel, ASTContext &Ctx, unsigned NumXcds) {
  if (!Kernel || !Kernel->hasBody())
    return {};
  return KernelFlow(Kernel, Ctx, NumXcds).run();
}

llvm::SmallVector<const Expr *, 2> findXcdRemaps(const FunctionDecl *Fn, ASTContext &Ctx,
                                                 unsigned NumXcds) {
  if (!Fn || !Fn->hasBody())
    return {};
  return KernelFlow(Fn, Ctx, NumXcds).allRemaps();
}

} // namespace wavecheck
