//===--- TileOrderIds.cpp - workgroup ids and their remaps -----------------===//
///
/// \file
/// For xcd-tile-order (TileOrderKernelFlow.h): which code of a kernel runs
/// (branches on a constant condition are judged as they run), its locals
/// and field stores, the linear workgroup ids an expression reaches
/// (through locals, parameters of helpers, struct fields and helpers that
/// return an id), and the XCD remaps applied to them.
///
//===----------------------------------------------------------------------===//
#include "checks/TileOrderKernelFlow.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ExprCXX.h"
#include <functional>

using namespace clang;

namespace wavecheck::tile_order::detail {

const Expr *strip(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = B->getSubExpr();
    else if (const auto *W = dyn_cast<ExprWithCleanups>(Next))
      Next = W->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Next))
      Next = FC->getSubExpr();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(Next);
             C && C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor())
      Next = C->getArg(0);
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

const FunctionDecl *userCallee(const CallExpr *Call, const SourceManager &SM) {
  const FunctionDecl *FD = Call->getDirectCallee();
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  if (!Def || !Def->hasBody() || inSystemCode(Def->getLocation(), SM))
    return nullptr;
  return Def;
}

/// The branch of \p S that never runs: the arm of an `if` or `?:` whose
/// condition is a constant (a trait of the instantiation, `if (kRemap)`).
/// An `if constexpr` of an instantiation has its discarded arm emptied by
/// clang already.
const Stmt *KernelFlow::deadChild(const Stmt *S) const {
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getConditionVariable() || If->getInit() || If->isConsteval())
      return nullptr;
    std::optional<int64_t> V = constantValue(If->getCond(), Ctx);
    return !V ? nullptr : *V ? If->getElse() : If->getThen();
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(S)) {
    std::optional<int64_t> V = constantValue(CO->getCond(), Ctx);
    return !V ? nullptr : *V ? CO->getFalseExpr() : CO->getTrueExpr();
  }
  return nullptr;
}

void KernelFlow::forEachLive(const Stmt *S, llvm::function_ref<void(const Stmt *)> Fn) const {
  if (!S)
    return;
  Fn(S);
  const Stmt *Dead = deadChild(S);
  for (const Stmt *C : S->children())
    if (C != Dead)
      forEachLive(C, Fn);
}

/// \p E without parentheses, casts and the arms of `?:` that never run.
const Expr *KernelFlow::liveCore(const Expr *E) const {
  while (E) {
    E = E->IgnoreParenCasts();
    const auto *CO = dyn_cast<ConditionalOperator>(E);
    const Stmt *Dead = CO ? deadChild(CO) : nullptr;
    if (!Dead)
      return E;
    E = Dead == CO->getTrueExpr() ? CO->getFalseExpr() : CO->getTrueExpr();
  }
  return E;
}

void KernelFlow::collectLocals(const Stmt *Body) {
  forEachLive(Body, [&](const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->hasLocalStorage() && V->getInit())
          Inits[V] = V->getInit();
    } else if (auto BO = binaryView(dyn_cast<Expr>(S)); BO && BO->isAssignment()) {
      if (BO->Op == BO_Assign)
        StoreTargets.insert(BO->LHS->IgnoreParenImpCasts());
      if (const VarDecl *V = localVarRef(BO->LHS)) {
        Modified.insert(V);
        Stores[V].push_back(BO->RHS);
      } else if (const auto *ME = dyn_cast<MemberExpr>(BO->LHS->IgnoreParenImpCasts())) {
        // `t.row = pid / n;`: a field of a local struct.
        const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
        if (const VarDecl *V = localVarRef(ME->getBase()); V && F) {
          FieldStores[{V, F}].push_back(BO->Op == BO_Assign ? BO->RHS : cast<Expr>(S));
          Modified.insert(V); // the struct as a whole is no id
        }
      }
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp()) {
      if (const VarDecl *V = localVarRef(UO->getSubExpr()))
        Modified.insert(V);
    }
  });
}

const Expr *fieldInit(const Expr *Init, const FieldDecl *F) {
  const auto *ILE = dyn_cast_or_null<InitListExpr>(strip(Init));
  if (!ILE || !F || F->getParent()->isUnion() || !ILE->getType()->isRecordType() ||
      ILE->getType()->getAsRecordDecl()->getCanonicalDecl() !=
          F->getParent()->getCanonicalDecl())
    return nullptr;
  if (ILE->isSemanticForm() == false && ILE->getSemanticForm())
    ILE = ILE->getSemanticForm();
  unsigned I = F->getFieldIndex();
  return I < ILE->getNumInits() ? ILE->getInit(I) : nullptr;
}

IdRef KernelFlow::idOf(const Expr *E, unsigned Links) const {
  if (!E)
    return {};
  E = liveCore(E);
  if (unsigned Dims = linearBlockIdDims(E))
    return {E, nullptr, Dims};
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      return idOfField(ME->getBase(), F, Links);
  if (const auto *Call = dyn_cast<CallExpr>(E)) // `int pid = tileIndex();`
    if (unsigned Dims = returnsIdDims(Call))
      return {E, nullptr, Dims};
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr) {
    auto It = ParamIds.find(P);
    return It == ParamIds.end() ? IdRef() : It->second;
  }
  const VarDecl *V = localVarRef(E);
  auto It = V ? Inits.find(V) : Inits.end();
  if (V && It == Inits.end() && Parent && !Modified.contains(V))
    return Parent->idOf(E, Links); // captured by a lambda from its caller
  if (!Links || It == Inits.end() || Modified.contains(V))
    return {};
  IdRef R = idOf(It->second, Links - 1);
  if (R.Raw && !R.Var)
    R.Var = V;
  return R;
}

/// The grid dimensions of the id a helper returns as it is (`__device__ int
/// tileIndex() { return blockIdx.x; }`): every return statement returns the
/// same kind of id. 0 otherwise. The call itself is then the raw id, which a
/// fix-it wraps where it is called.
unsigned KernelFlow::returnsIdDims(const CallExpr *Call) const {
  const FunctionDecl *Callee = userCallee(Call, Ctx.getSourceManager());
  if (!Callee || !Depth)
    return 0;
  if (auto It = ReturnsId.find(Callee); It != ReturnsId.end())
    return It->second;
  ReturnsId[Callee] = 0; // recursion
  KernelFlow Sub(Callee, this, 0);
  Sub.collectLocals(Callee->getBody());
  unsigned Dims = 0;
  bool All = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || isa<LambdaExpr>(S))
      return;
    if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
      unsigned D = Ret->getRetValue() ? Sub.idOf(Ret->getRetValue()).Dims : 0;
      All &= D && (!Dims || D == Dims);
      Dims = D;
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Callee->getBody());
  return ReturnsId[Callee] = All ? Dims : 0;
}

/// The id held in field \p F of \p Base: a local struct initialised with a
/// braced list or whose field is stored once, or, in a member function,
/// the object it is called on.
IdRef KernelFlow::idOfField(const Expr *Base, const FieldDecl *F, unsigned Links) const {
  Base = strip(Base);
  if (isa<CXXThisExpr>(Base))
    return Parent && This ? Parent->idOfField(This, F, Links) : IdRef();
  const VarDecl *V = localVarRef(Base);
  if (!V || !Links)
    return {};
  if (!Inits.count(V) && Parent)
    return Parent->idOfField(Base, F, Links);
  llvm::SmallVector<const Expr *, 2> Sources;
  if (auto It = Inits.find(V); It != Inits.end())
    if (const Expr *I = fieldInit(It->second, F))
      Sources.push_back(I);
  if (auto It = FieldStores.find({V, F}); It != FieldStores.end())
    Sources.append(It->second.begin(), It->second.end());
  return Sources.size() == 1 ? idOf(Sources.front(), Links - 1) : IdRef();
}

/// Finds the remaps in \p S, outermost first: a call or macro named remap
/// or xcd, or a call of a remap function (isRemapFunction()), that mentions
/// an id; the remap arithmetic inline. Their nodes, and the parts of inline
/// arithmetic held in locals, are marked InRemap. Remaps in a branch that
/// never runs (\p Live false) are only recorded in DeadRemaps.
void KernelFlow::findRemaps(const Stmt *S, bool Live) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    auto IsId = [&](const Expr *X) { return idOf(X).Raw != nullptr; };
    const auto *Call = dyn_cast<CallExpr>(E);
    bool NamedCall = Call && (isRemapName(calleeName(Call)) ||
                              Remap.isRemapFunction(Call->getDirectCallee()));
    // A macro named for the remap that, in this instantiation, expands to
    // the id itself (`MAYBE_REMAP(pid)` with its condition false) is none.
    bool Named = NamedCall || (inRemapMacro(E->getBeginLoc(), Ctx) && !IsId(E));
    llvm::SmallVector<unsigned, 1> Dims;
    auto AddId = [&](const Expr *X) {
      if (unsigned D = idOf(X).Dims; D && !llvm::is_contained(Dims, D))
        Dims.push_back(D);
    };
    if (Named)
      forEachStmt(E, [&](const Stmt *X) {
        if (isa<Expr>(X))
          AddId(cast<Expr>(X));
      });
    llvm::SmallVector<const Expr *, 4> Parts;
    if ((Named && (!Dims.empty() || (NamedCall && AnyNamedCall))) ||
        Remap.isRemapArithmetic(E, IsId, Parts)) {
      if (!Live) {
        DeadRemaps.push_back(E);
        return;
      }
      for (const Expr *P : Parts)
        AddId(cast<BinaryOperator>(P)->getLHS());
      Remaps.push_back({E, Dims});
      forEachStmt(E, [&](const Stmt *X) { InRemap.insert(X); });
      InRemap.insert(Parts.begin(), Parts.end());
      return;
    }
  }
  const Stmt *Dead = Live ? deadChild(S) : nullptr;
  for (const Stmt *C : S->children())
    findRemaps(C, Live && C != Dead);
}

} // namespace wavecheck::tile_order::detail
