//===--- TileOrderFlow.cpp - how a kernel maps its workgroup id to tiles ---===//
#include "checks/TileOrderFlow.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>
#include <map>

using namespace clang;

namespace wavecheck {

namespace {
/// What a value is derived from: the quotient or the remainder of the id by
/// the tile-grid width. A value with one bit is one tile coordinate; a panel
/// indexed by one coordinate only is shared by the tiles of a row or column.
constexpr unsigned QuotientBit = 1;
constexpr unsigned RemainderBit = 2;
/// Rounds of the fixpoint over local variables; each round follows one more
/// link (pid -> group_id -> first_pid_m -> pid_m -> row -> a_ptr needs 5).
constexpr unsigned MaxRounds = 16;
/// Links followed through local initialisers when looking for an id.
constexpr unsigned MaxLinks = 4;
/// Helper calls followed below the kernel (a helper calling a helper).
constexpr unsigned MaxCallDepth = 2;

/// \p E without parentheses, implicit casts, temporaries and copies.
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

/// The function a call runs when its body is the user's: a `__device__`
/// helper, a lambda's call operator, a member function.
const FunctionDecl *userCallee(const CallExpr *Call, const SourceManager &SM) {
  const FunctionDecl *FD = Call->getDirectCallee();
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  if (!Def || !Def->hasBody() || inSystemCode(Def->getLocation(), SM))
    return nullptr;
  return Def;
}

/// A linear workgroup id reached from an expression: the raw id as written
/// and the local whose initialiser it is (nullptr when used directly).
struct IdRef {
  const Expr *Raw = nullptr;
  const VarDecl *Var = nullptr;
  unsigned Dims = 0;
};

/// One `/`, `%`, `>>`, `&` (or `pid - q * n`) of an id.
struct Split {
  const Expr *Node;
  const Expr *Divisor; ///< nullptr for `pid - q * n`
  unsigned Bit;        ///< QuotientBit or RemainderBit
  IdRef Id;
  /// The tile-grid width when constant: the divisor, 2^s for `>> s`, c + 1
  /// for `& c`.
  std::optional<int64_t> Width;
};

/// Field-wise coordinate bits of a value of record type.
using FieldMasks = llvm::DenseMap<const FieldDecl *, unsigned>;

/// What a call of a helper (a `__device__` function, a lambda, a member
/// function) makes of the ids it is given or captures: the coordinate bits
/// of its result, as a scalar or per field of a returned struct.
struct CallResult {
  unsigned Mask = 0;   ///< scalar result
  FieldMasks Fields;   ///< record result
  unsigned Bits = 0;   ///< every coordinate the helper splits off
  unsigned Dims = 0;   ///< GridDims of the id it splits
  bool Grouped = false;
  llvm::SmallVector<IdRef, 2> Ids; ///< the ids, as the kernel writes them
};

class KernelFlow {
public:
  KernelFlow(const FunctionDecl *Kernel, ASTContext &Ctx, unsigned NumXcds)
      : Kernel(Kernel), Ctx(Ctx), NumXcds(NumXcds), Remap(Ctx, NumXcds) {}
  llvm::SmallVector<TileMapping, 1> run();
  /// Every remap in the function, also in branches that are never taken.
  llvm::SmallVector<const Expr *, 2> allRemaps();

private:
  /// A flow for the body of a helper called from \p Parent: \p Params
  /// binds parameters to the ids passed, \p This is the object a member
  /// function is called on.
  KernelFlow(const FunctionDecl *Fn, const KernelFlow *Parent, unsigned Depth)
      : Kernel(Fn), Ctx(Parent->Ctx), NumXcds(Parent->NumXcds), Remap(Ctx, NumXcds),
        Parent(Parent), Depth(Depth) {}
  CallResult summarise();

  const Stmt *deadChild(const Stmt *S) const;
  void forEachLive(const Stmt *S, llvm::function_ref<void(const Stmt *)> Fn) const;
  const Expr *liveCore(const Expr *E) const;
  void collectLocals(const Stmt *Body);
  IdRef idOf(const Expr *E, unsigned Links = MaxLinks) const;
  IdRef idOfField(const Expr *Base, const FieldDecl *F, unsigned Links) const;
  unsigned returnsIdDims(const CallExpr *Call) const;
  void findRemaps(const Stmt *S, bool Live = true);
  void computeCalls(const Stmt *Body);
  unsigned maskOf(const Expr *E) const;
  FieldMasks fieldsOf(const Expr *E) const;
  unsigned fieldMask(const Expr *Base, const FieldDecl *F) const;
  void computeVarMasks();
  void collectSplits(const Stmt *Body, std::map<unsigned, llvm::SmallVector<Split, 4>> &Groups);
  /// The body's locals, remaps and helper calls, and its splits grouped by
  /// the grid dimensions they read (helpers' results included).
  std::map<unsigned, llvm::SmallVector<Split, 4>> analyseBody(const Stmt *Body);
  bool isOperandPointer(const Expr *E, unsigned Links = MaxLinks) const;
  bool pointerChain(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Offsets,
                    llvm::SmallPtrSetImpl<const Stmt *> &Inner) const;
  bool hasFreeTerm(const Expr *E) const;
  const Expr *findPanelRead(const Stmt *Body) const;
  bool onlyThreadTerm(const clang::Expr *E) const;
  bool sameWidth(const Split &A, const Split &B) const;

  const FunctionDecl *Kernel;
  ASTContext &Ctx;
  unsigned NumXcds;
  XcdRemapRecognizer Remap;
  const KernelFlow *Parent = nullptr; ///< the caller, for a helper's flow
  unsigned Depth = MaxCallDepth;      ///< helper levels still followed
  llvm::DenseMap<const ParmVarDecl *, IdRef> ParamIds; ///< a helper's id parameters
  const Expr *This = nullptr; ///< object of a member function call, in the caller
  llvm::DenseMap<const VarDecl *, const Expr *> Inits;
  /// Stores to a field of a local struct (`t.row = pid / n;`).
  std::map<std::pair<const VarDecl *, const FieldDecl *>, llvm::SmallVector<const Expr *, 1>>
      FieldStores;
  llvm::DenseMap<const Expr *, CallResult> Calls; ///< helper calls given an id
  unsigned ActiveDims = 0; ///< the ids whose decomposition is being judged
  llvm::SmallVector<const Expr *, 2> DeadRemaps; ///< remaps in branches never taken
  /// Any call named remap is one, also of an id assigned in place (a
  /// template pattern's `if constexpr (kRemap) pid = remap(pid, n);`).
  bool AnyNamedCall = false;
  llvm::DenseMap<const VarDecl *, FieldMasks> VarFields;
  /// Helpers that return an id as it is (returnsIdDims()), by callee.
  mutable llvm::DenseMap<const FunctionDecl *, unsigned> ReturnsId;
  llvm::MapVector<const VarDecl *, llvm::SmallVector<const Expr *, 2>> Stores;
  llvm::DenseSet<const VarDecl *> Modified;
  llvm::DenseSet<const Expr *> StoreTargets; ///< left of a plain `=`
  /// Each remap found, with the GridDims of the ids it remaps.
  llvm::SmallVector<std::pair<const Expr *, llvm::SmallVector<unsigned, 1>>, 2> Remaps;
  llvm::DenseSet<const Stmt *> InRemap;
  llvm::DenseMap<const Stmt *, unsigned> NodeBits; ///< splits of one id
  llvm::DenseMap<const VarDecl *, unsigned> VarMasks;
};

} // namespace

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

/// The initialiser \p Init gives field \p F: an element of a braced list.
static const Expr *fieldInit(const Expr *Init, const FieldDecl *F) {
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
