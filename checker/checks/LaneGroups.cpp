//===--- LaneGroups.cpp - which lane groups device code computes in -------===//
#include "checks/LaneGroups.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace wavecheck {
namespace {

/// CUDA's warp size and what lane and warp ids computed with it look like.
constexpr int64_t Lanes32 = 32, LaneMask32 = 31, WarpShift32 = 5;
/// The wave64 counterparts, counted only through a wave-size-named constant
/// (`WARP_SIZE`, `kWaveSize`): a literal 64 next to a thread index is as
/// often a block or tile size.
constexpr int64_t Lanes64 = 64, LaneMask64 = 63;
/// Longest code quoted in evidence.
constexpr size_t MaxQuoted = 40;
/// How far up the call graph and down again around() looks.
constexpr size_t MaxFunctions = 4096;

std::string quote(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = SM.getExpansionRange(E->getSourceRange());
  std::string Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  std::string Out;
  for (char C : Text) // one line, single spaces
    if (!std::isspace(static_cast<unsigned char>(C)) || (!Out.empty() && Out.back() != ' '))
      Out += std::isspace(static_cast<unsigned char>(C)) ? ' ' : C;
  return Out.size() <= MaxQuoted ? Out : Out.substr(0, MaxQuoted - 3) + "...";
}

void note(LaneEvidence &Slot, const Expr *E, const ASTContext &Ctx) {
  if (!Slot)
    Slot = {Ctx.getSourceManager().getFileLoc(E->getBeginLoc()), quote(E, Ctx)};
}

/// Records wave-sized grouping other than a widened mask.
void noteWave(LaneGroupFacts &F, const Expr *E, const ASTContext &Ctx) {
  if (F.WaveFromMaskOnly)
    F.Wave = {}, F.WaveFromMaskOnly = false;
  note(F.Wave, E, Ctx);
}

/// The name the user gave the value of \p E: the macro \p E is spelled as,
/// or the constant it names.
llvm::StringRef spelledName(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (E->getBeginLoc().isMacroID())
    return Lexer::getImmediateMacroName(E->getBeginLoc(), Ctx.getSourceManager(),
                                        Ctx.getLangOpts());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl()->getName();
  return {};
}

/// True when \p Name says it is the size of a warp or wavefront:
/// `WARP_SIZE`, `kWaveSize`, `WAVEFRONT_SIZE`, `warpsize`, `WARP_THREADS`,
/// `WS`; not a quantity per warp (`vals_per_warp`, `WARPS_PER_BLOCK`).
bool namesSizeOfWave(llvm::StringRef Name) {
  llvm::SmallVector<std::string, 4> W = identifierWords(Name);
  auto Wave = [](llvm::StringRef X) { return X == "warp" || X == "wave" || X == "wavefront"; };
  auto Size = [](llvm::StringRef X) {
    return X == "size" || X == "sz" || X == "width" || X == "threads" || X == "lanes";
  };
  for (size_t I = 0; I < W.size(); ++I) {
    llvm::StringRef X = W[I];
    if (X == "ws" || X == "warpsize" || X == "wavesize" || X == "wavefrontsize")
      return true;
    if (Wave(X) && I + 1 < W.size() && Size(W[I + 1]))
      return true;
  }
  return false;
}

/// A constant of value \p V named as the wave size (`WARP_SIZE` = 64).
bool isNamedWaveConstant(const Expr *E, int64_t V, const ASTContext &Ctx) {
  return constantValue(E, Ctx) == V && namesSizeOfWave(spelledName(E, Ctx));
}

/// `warpSize`, or a wave-size-named constant of 64.
bool isWaveSize(const Expr *E, const ASTContext &Ctx) {
  return isWarpSizeRef(E) || isNamedWaveConstant(E, Lanes64, Ctx);
}

/// `warpSize - 1`, or a wave-size-named constant of 63 (or 64 - 1).
bool isWaveMask(const Expr *E, const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (BO && BO->getOpcode() == BO_Sub && constantValue(BO->getRHS(), Ctx) == 1)
    return isWaveSize(BO->getLHS(), Ctx);
  return isNamedWaveConstant(E, LaneMask64, Ctx);
}

/// True when `warpSize` (or `__builtin_amdgcn_wavefrontsize()`) appears in
/// \p S.
bool mentionsWarpSize(const Stmt *S) {
  bool Found = false;
  forEachStmt(S, [&](const Stmt *N) {
    if (const auto *E = dyn_cast<Expr>(N))
      Found = Found || isWarpSizeRef(E);
  });
  return Found;
}

/// True when a lane id computed with 32 (`tid % 32`, `tid & 31`) appears in
/// \p E.
bool mentionsLane32(const Expr *E, const ASTContext &Ctx) {
  bool Found = false;
  forEachStmt(E, [&](const Stmt *N) {
    if (const auto *X = dyn_cast<Expr>(N))
      Found = Found || laneIdComputedWith32(X, Ctx) != nullptr;
  });
  return Found;
}

/// True when \p Call is only a condition: of an `if`, a loop or `?:`,
/// through `!`, `&&`, `||`, a comparison with a constant and casts. A vote
/// that steers control flow does not mix the two halves' data.
bool isOnlyCondition(const CallExpr *Call, ASTContext &Ctx) {
  const Stmt *Cur = Call;
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    DynTypedNodeList Ps = Ctx.getParents(*Cur);
    const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    if (!P)
      return false;
    if (const auto *If = dyn_cast<IfStmt>(P))
      return If->getCond() == Cur;
    if (const auto *W = dyn_cast<WhileStmt>(P))
      return W->getCond() == Cur;
    if (const auto *F = dyn_cast<ForStmt>(P))
      return F->getCond() == Cur;
    if (const auto *D = dyn_cast<DoStmt>(P))
      return D->getCond() == Cur;
    if (const auto *C = dyn_cast<ConditionalOperator>(P))
      return C->getCond() == Cur;
    if (const auto *U = dyn_cast<UnaryOperator>(P); U && U->getOpcode() != UO_LNot)
      return false;
    if (const auto *B = dyn_cast<BinaryOperator>(P)) {
      if (B->isComparisonOp()) {
        const Expr *Other = B->getLHS() == Cur ? B->getRHS() : B->getLHS();
        if (!constantValue(Other, Ctx))
          return false;
      } else if (!B->isLogicalOp()) {
        return false;
      }
    } else if (!isa<ParenExpr, ImplicitCastExpr, CStyleCastExpr, UnaryOperator>(P)) {
      return false;
    }
    Cur = P;
  }
  return false;
}

} // namespace

const Expr *laneMaskedBelow32(const Expr *LaneArg, const ASTContext &Ctx) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(LaneArg ? LaneArg->IgnoreParenImpCasts()
                                                            : nullptr);
  if (!BO || constantValue(BO, Ctx))
    return nullptr;
  std::optional<int64_t> R = constantValue(BO->getRHS(), Ctx);
  if ((BO->getOpcode() == BO_And && R == LaneMask32) || (BO->getOpcode() == BO_Rem && R == Lanes32))
    return BO->getRHS();
  return nullptr;
}

namespace {

/// The initialiser of the local \p E names, when it is one (a loop offset
/// `for (int o = warpSize / 2; ...)`); nullptr otherwise.
const Expr *localInit(const Expr *E) {
  const VarDecl *V = localVarRef(E);
  return V ? V->getInit() : nullptr;
}

} // namespace

class LaneGroupsBuilder : public RecursiveASTVisitor<LaneGroupsBuilder> {
public:
  LaneGroupsBuilder(LaneGroups &G, ASTContext &Ctx) : G(G), Ctx(Ctx) {}

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || !FD->getBody() ||
        inSystemHeader(FD->getLocation(), Ctx.getSourceManager()) || !isDeviceFunction(FD))
      return true;
    const FunctionDecl *Owner = owningFunction(FD);
    LaneGroups::Node &N = G.Nodes[Owner];
    forEachStmt(FD->getBody(), [&](const Stmt *S) {
      if (const auto *BO = dyn_cast<BinaryOperator>(S))
        arithmetic(BO, N.Facts);
      else if (const auto *Call = dyn_cast<CallExpr>(S))
        call(Owner, Call, N);
    });
    return true;
  }

  /// Records the reverse edges once every function is known.
  void finish() {
    for (auto &[Fn, N] : G.Nodes)
      for (const FunctionDecl *Callee : N.Callees)
        if (auto It = G.Nodes.find(Callee); It != G.Nodes.end() && Callee != Fn)
          It->second.Callers.push_back(Fn);
  }

private:
  void arithmetic(const BinaryOperator *BO, LaneGroupFacts &F) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op != BO_Rem && Op != BO_And && Op != BO_Div && Op != BO_Shr)
      return;
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    bool Thread = isThreadIndexDerived(L);
    bool Count = !Thread && (Op == BO_Div || Op == BO_Shr) && mentionsBlockDim(L);
    if (!Thread && !Count)
      return;
    if (((Op == BO_Rem || Op == BO_Div) && isWaveSize(R, Ctx)) ||
        (Op == BO_And && isWaveMask(R, Ctx)))
      return noteWave(F, BO, Ctx);
    std::optional<int64_t> V = constantValue(R, Ctx);
    bool By32 = ((Op == BO_Rem || Op == BO_Div) && V == Lanes32) ||
                (Op == BO_And && V == LaneMask32) || (Op == BO_Shr && V == WarpShift32);
    if (By32 && !isBitsPerWordUse(BO, Ctx))
      note(F.Group32, BO, Ctx);
  }

  void call(const FunctionDecl *Owner, const CallExpr *Call, LaneGroups::Node &N) {
    LaneGroupFacts &F = N.Facts;
    llvm::StringRef Name = calleeName(Call);
    if (std::optional<ShuffleCall> Sh = asShuffle(Call))
      return shuffle(*Sh, F);
    if (Name == "__lane_id" || Name.starts_with("__builtin_amdgcn_mbcnt")) {
      F.NoWaveOp = false;
      return noteWave(F, Call, Ctx);
    }
    bool Mask = isMaskProducingBuiltin(Name);
    llvm::StringRef Base = Name;
    Base.consume_back("_sync");
    bool Vote = Base == "__any" || Base == "__all" || Base == "__uni";
    if (Mask || Vote) {
      F.NoWaveOp = false;
      if (!isOnlyCondition(Call, Ctx))
        note(F.Crossing, Call, Ctx);
      return;
    }
    if (takesLaneMask(Name) || Name.starts_with("__builtin_amdgcn_")) {
      F.NoWaveOp = false;
      return;
    }
    if (const FunctionDecl *D = Call->getDirectCallee()) {
      if (!inSystemHeader(D->getLocation(), Ctx.getSourceManager()))
        N.Callees.push_back(owningFunction(D));
    } else if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(
                   Call->getCallee()->IgnoreParenImpCasts())) {
      for (const NamedDecl *D : ULE->decls()) // every candidate of a dependent call
        if (const FunctionDecl *FD = D->getAsFunction();
            FD && !inSystemHeader(D->getLocation(), Ctx.getSourceManager()))
          N.Callees.push_back(owningFunction(FD));
    }
    (void)Owner;
  }

  void shuffle(const ShuffleCall &S, LaneGroupFacts &F) {
    F.NoWaveOp = false;
    if (S.Mask && namesUpperHalf(S.Mask) && !F.Wave) {
      note(F.Wave, S.Mask, Ctx); // the port widened the mask to the wavefront
      F.WaveFromMaskOnly = true;
    }
    WidthKind W = classifyWidth(S.Width, Ctx);
    if (W == WidthKind::Lanes32)
      return note(F.Group32, S.Call, Ctx);
    if (W != WidthKind::FullWave || !S.LaneArg)
      return;
    std::optional<int64_t> Lane = constantValue(S.LaneArg, Ctx);
    if (S.Kind == ShuffleKind::Idx) {
      // Every lane reads lane c of the whole wavefront, or lane `tid % 32`
      // of its first half: lanes 32-63 read the other group. Harmless when
      // lane c and lane c + 32 hold the same value (it depends on the lane
      // only through a 32-lane id, otherwise on uniform values).
      bool Masked = laneMaskedBelow32(S.LaneArg, Ctx);
      if ((Lane || Masked || mentionsLane32(S.LaneArg, Ctx)) && !sameInBothHalves(S.Value, 0)) {
        note(F.Crossing, S.Call, Ctx);
        if (Masked)
          G.CrossingGathers.insert(S.Call);
      }
      return;
    }
    const Expr *Init = localInit(S.LaneArg);
    if (mentionsWarpSize(S.LaneArg) || (Init && mentionsWarpSize(Init)))
      return noteWave(F, S.Call, Ctx); // a ladder from `warpSize / 2`
    if ((Lane && *Lane >= Lanes32) ||
        (Init && constantValue(Init, Ctx).value_or(0) >= Lanes32))
      note(F.Crossing, S.Call, Ctx); // an offset of 32 moves data between halves
  }

  /// True when \p E has the same value in lane l and lane l + 32 of a
  /// wavefront: it reads the thread index only through a 32-lane id (`tid &
  /// 31`, `tid % 32`), and otherwise constants, kernel parameters, workgroup
  /// coordinates and sizes, and locals that are assigned once from such.
  /// Anything else (a load, a call, a local assigned twice) may differ.
  bool sameInBothHalves(const Expr *E, unsigned Depth) const {
    if (!E || Depth > 8)
      return false;
    E = E->IgnoreParenImpCasts();
    if (constantValue(E, Ctx) || isa<FloatingLiteral, CXXBoolLiteralExpr>(E))
      return true;
    if (laneIdComputedWith32(E, Ctx) && !isa<DeclRefExpr>(E))
      return true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V)
        return false;
      if (const auto *P = dyn_cast<ParmVarDecl>(V)) // a kernel argument is uniform
        return P->getParentFunctionOrMethod() &&
               cast<FunctionDecl>(P->getParentFunctionOrMethod())->hasAttr<CUDAGlobalAttr>();
      if (!V->hasLocalStorage() || !V->getInit() || assignedAfterInit(V))
        return false;
      return sameInBothHalves(V->getInit(), Depth + 1);
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) // blockIdx.x, gridDim.y, ...
      return mentionsBlockOrGrid(ME);
    if (const auto *PRE = dyn_cast<PseudoObjectExpr>(E))
      return mentionsBlockOrGrid(PRE);
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return !U->isIncrementDecrementOp() && sameInBothHalves(U->getSubExpr(), Depth + 1);
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      return !B->isAssignmentOp() && sameInBothHalves(B->getLHS(), Depth + 1) &&
             sameInBothHalves(B->getRHS(), Depth + 1);
    if (const auto *C = dyn_cast<ConditionalOperator>(E))
      return sameInBothHalves(C->getCond(), Depth + 1) &&
             sameInBothHalves(C->getTrueExpr(), Depth + 1) &&
             sameInBothHalves(C->getFalseExpr(), Depth + 1);
    return false;
  }

  /// `blockIdx`, `blockDim`, `gridDim` (also behind an MS property read).
  static bool mentionsBlockOrGrid(const Expr *E) {
    bool Found = false;
    forEachStmt(E, [&](const Stmt *S) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
        Found |= llvm::StringSwitch<bool>(DRE->getDecl()->getName())
                     .Cases({"blockIdx", "blockDim", "gridDim"}, true)
                     .Default(false);
      if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S))
        Found |= OVE->getSourceExpr() && mentionsBlockOrGrid(OVE->getSourceExpr());
    });
    return Found && !isThreadIdxRead(E);
  }

  /// True when the function of \p V assigns it after its declaration.
  bool assignedAfterInit(const VarDecl *V) const {
    const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    bool Found = false;
    forEachStmt(F ? F->getBody() : nullptr, [&](const Stmt *S) {
      if (const auto *B = dyn_cast<BinaryOperator>(S))
        Found |= B->isAssignmentOp() && localVarRef(B->getLHS()) == V;
      else if (const auto *U = dyn_cast<UnaryOperator>(S))
        Found |= U->isIncrementDecrementOp() && localVarRef(U->getSubExpr()) == V;
      else if (const auto *U2 = dyn_cast<UnaryOperator>(S); U2 && U2->getOpcode() == UO_AddrOf)
        Found |= localVarRef(U2->getSubExpr()) == V;
    });
    return Found || !F;
  }

  /// A `_sync` mask written to name lanes 32-63: a 64-bit value
  /// (`__activemask()`, an `unsigned long long` variable, `~0ull`), constant
  /// or not, above 32 bits. CUDA's `~0` or `-1` is an `int`: converted to the
  /// 64-bit parameter it sets every bit, but nobody widened it for wave64.
  bool namesUpperHalf(const Expr *Mask) const {
    return isWidenedMask(Mask, Ctx);
  }

  LaneGroups &G;
  ASTContext &Ctx;
};

LaneGroups::LaneGroups(ASTContext &Ctx) {
  LaneGroupsBuilder B(*this, Ctx);
  B.TraverseAST(Ctx); // the traversal scope: declarations outside system headers
  B.finish();
}

bool LaneGroups::crossesHalves(const CallExpr *Gather) const {
  return CrossingGathers.contains(Gather);
}

const LaneGroupFacts *LaneGroups::own(const FunctionDecl *Fn) const {
  auto It = Nodes.find(owningFunction(Fn));
  return It == Nodes.end() ? nullptr : &It->second.Facts;
}

static void merge(LaneGroupFacts &Into, const LaneGroupFacts &From) {
  if (!Into.Wave || (Into.WaveFromMaskOnly && From.Wave && !From.WaveFromMaskOnly)) {
    Into.Wave = From.Wave;
    Into.WaveFromMaskOnly = From.WaveFromMaskOnly;
  }
  if (!Into.Group32)
    Into.Group32 = From.Group32;
  if (!Into.Crossing)
    Into.Crossing = From.Crossing;
  Into.NoWaveOp &= From.NoWaveOp;
}

llvm::SmallVector<const FunctionDecl *, 8> LaneGroups::family(const FunctionDecl *Fn) const {
  llvm::SmallVector<const FunctionDecl *, 8> Out;
  Fn = owningFunction(Fn);
  if (!Fn)
    return Out;
  // Up: the functions without callers that reach Fn.
  llvm::SmallVector<const FunctionDecl *, 8> Roots, Work{Fn};
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen{Fn};
  while (!Work.empty() && Seen.size() < MaxFunctions) {
    const FunctionDecl *Cur = Work.pop_back_val();
    auto It = Nodes.find(Cur);
    if (It == Nodes.end() || It->second.Callers.empty()) {
      Roots.push_back(Cur);
      continue;
    }
    for (const FunctionDecl *C : It->second.Callers)
      if (Seen.insert(C).second)
        Work.push_back(C);
  }
  if (Roots.empty())
    Roots.push_back(Fn); // only cycles above
  // Down: everything the roots reach.
  Out.push_back(Fn);
  Seen.clear();
  Seen.insert(Fn);
  Work.clear();
  for (const FunctionDecl *R : Roots)
    if (Seen.insert(R).second)
      Out.push_back(R), Work.push_back(R);
  Work.push_back(Fn);
  while (!Work.empty() && Seen.size() < MaxFunctions) {
    auto It = Nodes.find(Work.pop_back_val());
    if (It == Nodes.end())
      continue;
    for (const FunctionDecl *C : It->second.Callees)
      if (Seen.insert(C).second)
        Out.push_back(C), Work.push_back(C);
  }
  return Out;
}

LaneGroupFacts LaneGroups::around(const FunctionDecl *Fn) const {
  LaneGroupFacts Out;
  for (const FunctionDecl *Member : family(Fn))
    if (const LaneGroupFacts *F = own(Member))
      merge(Out, *F);
  return Out;
}

LaneGroupFacts LaneGroups::below(const FunctionDecl *Fn) const {
  LaneGroupFacts Out;
  Fn = owningFunction(Fn);
  if (!Fn)
    return Out;
  llvm::SmallVector<const FunctionDecl *, 8> Work{Fn};
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen{Fn};
  while (!Work.empty()) {
    const FunctionDecl *Cur = Work.pop_back_val();
    if (const LaneGroupFacts *F = own(Cur))
      merge(Out, *F);
    auto It = Nodes.find(Cur);
    if (It == Nodes.end())
      continue;
    for (const FunctionDecl *C : It->second.Callees)
      if (Seen.size() < MaxFunctions && Seen.insert(C).second)
        Work.push_back(C);
  }
  return Out;
}

bool LaneGroups::hasCallers(const FunctionDecl *Fn) const {
  auto It = Nodes.find(owningFunction(Fn));
  return It != Nodes.end() && !It->second.Callers.empty();
}

} // namespace wavecheck
