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

class KernelFlow {
public:
  KernelFlow(const FunctionDecl *Kernel, ASTContext &Ctx, unsigned NumXcds)
      : Kernel(Kernel), Ctx(Ctx), Remap(Ctx, NumXcds) {}
  llvm::SmallVector<TileMapping, 1> run();

private:
  void collectLocals(const Stmt *Body);
  IdRef idOf(const Expr *E, unsigned Links = MaxLinks) const;
  void findRemaps(const Stmt *S);
  unsigned maskOf(const Expr *E) const;
  void computeVarMasks();
  bool isOperandPointer(const Expr *E, unsigned Links = MaxLinks) const;
  bool pointerChain(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Offsets,
                    llvm::SmallPtrSetImpl<const Stmt *> &Inner) const;
  bool hasFreeTerm(const Expr *E) const;
  const Expr *findPanelRead(const Stmt *Body) const;
  bool onlyThreadTerm(const clang::Expr *E) const;
  bool sameWidth(const Split &A, const Split &B) const;

  const FunctionDecl *Kernel;
  ASTContext &Ctx;
  XcdRemapRecognizer Remap;
  llvm::DenseMap<const VarDecl *, const Expr *> Inits;
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

void KernelFlow::collectLocals(const Stmt *Body) {
  forEachStmt(Body, [&](const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->hasLocalStorage() && V->getInit())
          Inits[V] = V->getInit();
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp()) {
      if (BO->getOpcode() == BO_Assign)
        StoreTargets.insert(BO->getLHS()->IgnoreParenImpCasts());
      if (const VarDecl *V = localVarRef(BO->getLHS())) {
        Modified.insert(V);
        Stores[V].push_back(BO->getRHS());
      }
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp()) {
      if (const VarDecl *V = localVarRef(UO->getSubExpr()))
        Modified.insert(V);
    }
  });
}

IdRef KernelFlow::idOf(const Expr *E, unsigned Links) const {
  if (!E)
    return {};
  E = E->IgnoreParenCasts();
  if (unsigned Dims = linearBlockIdDims(E))
    return {E, nullptr, Dims};
  const VarDecl *V = localVarRef(E);
  auto It = V ? Inits.find(V) : Inits.end();
  if (!Links || It == Inits.end() || Modified.contains(V))
    return {};
  IdRef R = idOf(It->second, Links - 1);
  if (R.Raw && !R.Var)
    R.Var = V;
  return R;
}

/// Finds the remaps in \p S, outermost first: a call or macro named remap
/// or xcd, or a call of a remap function (isRemapFunction()), that mentions
/// an id; the remap arithmetic inline. Their nodes, and the parts of inline
/// arithmetic held in locals, are marked InRemap.
void KernelFlow::findRemaps(const Stmt *S) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    auto IsId = [&](const Expr *X) { return idOf(X).Raw != nullptr; };
    const auto *Call = dyn_cast<CallExpr>(E);
    bool Named = (Call && (isRemapName(calleeName(Call)) ||
                           Remap.isRemapFunction(Call->getDirectCallee()))) ||
                 inRemapMacro(E->getBeginLoc(), Ctx);
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
    if ((Named && !Dims.empty()) || Remap.isRemapArithmetic(E, IsId, Parts)) {
      for (const Expr *P : Parts)
        AddId(cast<BinaryOperator>(P)->getLHS());
      Remaps.push_back({E, Dims});
      forEachStmt(E, [&](const Stmt *X) { InRemap.insert(X); });
      InRemap.insert(Parts.begin(), Parts.end());
      return;
    }
  }
  for (const Stmt *C : S->children())
    findRemaps(C);
}

/// The coordinate bits \p E derives from. A divisor or modulus is a size,
/// not a coordinate: `(pid % npig) / group_size_m` is a remainder only.
unsigned KernelFlow::maskOf(const Expr *E) const {
  if (!E)
    return 0;
  if (auto It = NodeBits.find(E); It != NodeBits.end())
    return It->second;
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_Div || Op == BO_Rem || Op == BO_Shr ||
        (Op == BO_And && constantValue(BO->getRHS(), Ctx)))
      return maskOf(BO->getLHS());
  }
  if (const VarDecl *V = localVarRef(E)) {
    auto It = VarMasks.find(V);
    return It == VarMasks.end() ? 0 : It->second;
  }
  unsigned M = 0;
  for (const Stmt *C : E->children())
    M |= maskOf(dyn_cast_or_null<Expr>(C));
  return M;
}

void KernelFlow::computeVarMasks() {
  VarMasks.clear();
  for (unsigned Round = 0; Round < MaxRounds; ++Round) {
    bool Changed = false;
    auto Update = [&](const VarDecl *V, const Expr *E) {
      unsigned &M = VarMasks[V];
      unsigned New = M | maskOf(E);
      Changed |= New != M;
      M = New;
    };
    for (auto &[V, Init] : Inits)
      Update(V, Init);
    for (auto &[V, Rhs] : Stores)
      for (const Expr *E : Rhs)
        Update(V, E);
    if (!Changed)
      return;
  }
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
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub))
    return false;
  if (pointerChain(BO->getLHS(), Offsets, Inner)) {
    Offsets.push_back(BO->getRHS());
  } else if (BO->getOpcode() == BO_Add && pointerChain(BO->getRHS(), Offsets, Inner)) {
    Offsets.push_back(BO->getLHS());
  } else {
    return false;
  }
  Inner.insert(BO);
  return true;
}

/// True when the index \p E adds a term that is no tile coordinate and no
/// constant (`+ k`, `+ threadIdx.x`): it walks a panel. `ids[token]` or
/// `scale[row]` read one element per tile row instead.
bool KernelFlow::hasFreeTerm(const Expr *E) const {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub))
    return hasFreeTerm(BO->getLHS()) || hasFreeTerm(BO->getRHS());
  return maskOf(E) == 0 && !constantValue(E, Ctx);
}

/// True when the free terms of the index \p E (hasFreeTerm()) are the thread
/// index alone (`head * head_size + tid`): each workgroup reads one vector of
/// one element per thread, no panel worth keeping in one L2.
bool KernelFlow::onlyThreadTerm(const Expr *E) const {
  llvm::SmallVector<const Expr *, 4> Free, Work{E};
  while (!Work.empty()) {
    const Expr *X = Work.pop_back_val()->IgnoreParenImpCasts();
    const auto *BO = dyn_cast<BinaryOperator>(X);
    if (BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
      Work.push_back(BO->getLHS());
      Work.push_back(BO->getRHS());
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
  forEachStmt(Body, [&](const Stmt *S) {
    const auto *E = dyn_cast<Expr>(S);
    if (Found || !E || StoreTargets.contains(E) || Inner.contains(E))
      return;
    llvm::SmallVector<const Expr *, 4> Offsets;
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      if (isOperandPointer(ASE->getBase()) && hasFreeTerm(ASE->getIdx()) &&
          !onlyThreadTerm(ASE->getIdx()) &&
          OneCoordinate(maskOf(ASE->getBase()) | maskOf(ASE->getIdx())))
        Found = E;
    } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(E)) {
      if ((CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign) &&
          isOperandPointer(CA->getLHS()) && OneCoordinate(maskOf(CA->getRHS())))
        Found = E;
    } else if (isa<BinaryOperator>(E) && pointerChain(E, Offsets, Inner)) {
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

llvm::SmallVector<TileMapping, 1> KernelFlow::run() {
  const Stmt *Body = Kernel->getBody();
  collectLocals(Body);
  findRemaps(Body);

  // Splits of an id not part of a remap, grouped by the id's grid dimensions.
  std::map<unsigned, llvm::SmallVector<Split, 4>> Groups;
  forEachStmt(Body, [&](const Stmt *S) {
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

  llvm::SmallVector<TileMapping, 1> Out;
  for (auto &[Dims, Splits] : Groups) {
    NodeBits.clear();
    for (const Split &Sp : Splits)
      NodeBits[Sp.Node] = Sp.Bit;
    computeVarMasks();
    // `pid - q * n` with q a quotient of the id: the remainder, spelled out.
    forEachStmt(Body, [&](const Stmt *S) {
      const auto *BO = dyn_cast<BinaryOperator>(S);
      if (!BO || BO->getOpcode() != BO_Sub || InRemap.contains(BO))
        return;
      IdRef Id = idOf(BO->getLHS());
      if (Id.Raw && Id.Dims == Dims && (maskOf(BO->getRHS()) & QuotientBit))
        Splits.push_back({BO, nullptr, RemainderBit, Id, std::nullopt});
    });
    for (const Split &Sp : Splits)
      NodeBits[Sp.Node] = Sp.Bit;
    computeVarMasks();

    unsigned Bits = 0;
    for (const Split &Sp : Splits)
      Bits |= Sp.Bit;
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
    for (const Split &Sp : Splits) {
      if (!llvm::is_contained(M.Roots, Sp.Id.Raw))
        M.Roots.push_back(Sp.Id.Raw);
      M.Grouped |= !sameWidth(Sp, Splits.front());
    }
    // A remainder split again (`(pid % per_group) / rows`): a grouped order.
    forEachStmt(Body, [&](const Stmt *S) {
      const auto *BO = dyn_cast<BinaryOperator>(S);
      if (BO && (BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Rem) &&
          !NodeBits.contains(BO) && !InRemap.contains(BO))
        M.Grouped |= maskOf(BO->getLHS()) == RemainderBit;
    });
    llvm::sort(M.Roots, Before);
    for (const Split &Sp : Splits)
      if (Sp.Id.Raw == M.Roots.front())
        M.IdVar = Sp.Id.Var;
    for (const auto &[R, RemapDims] : Remaps)
      if (!M.UnusedRemap && llvm::is_contained(RemapDims, Dims))
        M.UnusedRemap = R;
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

} // namespace wavecheck
