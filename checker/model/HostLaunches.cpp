//===--- HostLaunches.cpp - which kernels the host launches, at which width -===//

#include "model/HostLaunches.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <set>
#include <vector>

using namespace clang;

namespace wavecheck::model {
namespace {

/// A condition that holds on the way to a call: \p Cond is \p Holds.
struct Guard {
  const Expr *Cond;
  bool Holds;
};
using Guards = std::vector<Guard>;

/// A call of a function, or a launch of a kernel, with the conditions that
/// hold where it is written.
struct Site {
  const FunctionDecl *Caller;
  Guards On;
  const CUDAKernelCallExpr *Launch = nullptr;
};

/// Nesting depth up to which expressions are folded and callers followed: a
/// bound on the work, not a property of the code.
constexpr unsigned MaxDepth = 8;

class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(const SourceManager &SM) : SM(SM) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext() ||
        FD->hasAttr<CUDAGlobalAttr>() ||
        (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>()))
      return true;
    Guards On;
    walk(FD->getBody(), FD, On);
    return true;
  }

  /// Calls of each function (canonical declaration), and launches of each
  /// kernel.
  llvm::DenseMap<const FunctionDecl *, std::vector<Site>> Calls, Launches;
  /// Host variables that hold the device's wave size.
  llvm::SmallPtrSet<const VarDecl *, 8> WaveVars;
  /// Variables assigned, incremented or whose address is taken after their
  /// declaration: their initialiser is not their value.
  llvm::SmallPtrSet<const VarDecl *, 16> Assigned;

private:
  /// Records the calls and launches under \p S with the conditions \p On
  /// that hold there; an `if (c) return;` adds `!c` for the statements after
  /// it.
  void walk(const Stmt *S, const FunctionDecl *F, Guards &On) {
    if (!S)
      return;
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      walk(If->getInit(), F, On);
      walk(If->getCond(), F, On);
      const Expr *C = If->getCond();
      if (If->isConstexpr() || If->isConsteval()) {
        // Only the branch taken was instantiated: nothing to restrict.
        walk(If->getThen(), F, On);
        walk(If->getElse(), F, On);
        return;
      }
      return branches(C, If->getThen(), If->getElse(), F, On);
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(S)) {
      walk(CO->getCond(), F, On);
      return branches(CO->getCond(), CO->getTrueExpr(), CO->getFalseExpr(), F, On);
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      size_t Before = On.size();
      for (const Stmt *Child : CS->body()) {
        walk(Child, F, On);
        const auto *If = dyn_cast<IfStmt>(Child);
        if (If && !If->getElse() && !If->isConstexpr() && leaves(If->getThen()))
          On.push_back({If->getCond(), false});
      }
      On.resize(Before);
      return;
    }
    if (const auto *L = dyn_cast<LambdaExpr>(S)) {
      walk(L->getBody(), F, On);
      return;
    }
    if (const auto *K = dyn_cast<CUDAKernelCallExpr>(S)) {
      if (const FunctionDecl *Kernel = K->getDirectCallee())
        Launches[Kernel->getCanonicalDecl()].push_back({F, On, K});
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (const FunctionDecl *Callee = Call->getDirectCallee()) {
        Calls[Callee->getCanonicalDecl()].push_back({F, On});
        noteAttributeQuery(Call, Callee);
      }
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit()) {
          if (holdsWaveSize(V->getInit(), MaxDepth))
            WaveVars.insert(V);
          walk(V->getInit(), F, On);
        }
      return;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp())
        if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(baseOf(BO->getLHS())))
          if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
            Assigned.insert(V);
            if (BO->getOpcode() == BO_Assign && BO->getLHS()->IgnoreParenImpCasts() == DRE &&
                holdsWaveSize(BO->getRHS(), MaxDepth))
              WaveVars.insert(V);
          }
    } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
        if (const auto *DRE = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
          if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
            Assigned.insert(V);
    }
    for (const Stmt *Child : S->children())
      walk(Child, F, On);
  }

  /// The variable expression under member accesses (`block.x` -> `block`).
  static const Expr *baseOf(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase()->IgnoreParenImpCasts();
    return E;
  }

  /// Walks \p Then with \p Cond holding and \p Else with it not holding.
  void branches(const Expr *Cond, const Stmt *Then, const Stmt *Else, const FunctionDecl *F,
                Guards &On) {
    On.push_back({Cond, true});
    walk(Then, F, On);
    On.back().Holds = false;
    walk(Else, F, On);
    On.pop_back();
  }

  /// `hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, dev)` fills v
  /// with the wave size.
  void noteAttributeQuery(const CallExpr *Call, const FunctionDecl *Callee) {
    if (!Callee->getIdentifier() || Callee->getName() != "hipDeviceGetAttribute" ||
        Call->getNumArgs() < 2)
      return;
    const auto *Attr = dyn_cast<DeclRefExpr>(Call->getArg(1)->IgnoreParenImpCasts());
    const auto *Addr = dyn_cast<UnaryOperator>(Call->getArg(0)->IgnoreParenImpCasts());
    if (!Attr || Attr->getDecl()->getName() != "hipDeviceAttributeWarpSize" || !Addr ||
        Addr->getOpcode() != UO_AddrOf)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        WaveVars.insert(V);
  }

public:
  /// True when \p E is the device's wave size on the host.
  bool holdsWaveSize(const Expr *E, unsigned Depth) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->getMemberDecl()->getIdentifier() &&
             ME->getMemberDecl()->getName() == "warpSize";
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        return WaveVars.count(V) ||
               (Depth && V->getType().isConstQualified() && V->getInit() &&
                holdsWaveSize(V->getInit(), Depth - 1));
    return false;
  }

private:
  /// True when \p S always leaves the function (or the loop): `return`,
  /// `throw`, `continue`, `break`, or a block ending with one.
  static bool leaves(const Stmt *S) {
    if (!S)
      return false;
    if (isa<ReturnStmt, CXXThrowExpr>(S))
      return true;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      return !CS->body_empty() && leaves(CS->body_back());
    return false;
  }

  const SourceManager &SM;
};

/// Folds \p E, an integer, when the wave size is \p Wave.
std::optional<int64_t> valueAt(const Expr *E, unsigned Wave, const Collector &C,
                               const ASTContext &Ctx, unsigned Depth) {
  if (!E || !Depth)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (C.holdsWaveSize(E, MaxDepth))
    return Wave;
  if (!E->isValueDependent() && !E->isTypeDependent())
    if (Expr::EvalResult R; E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto L = valueAt(BO->getLHS(), Wave, C, Ctx, Depth - 1);
    auto R = valueAt(BO->getRHS(), Wave, C, Ctx, Depth - 1);
    if (!L || !R)
      return std::nullopt;
    switch (BO->getOpcode()) {
    case BO_Add: return *L + *R;
    case BO_Sub: return *L - *R;
    case BO_Mul: return *L * *R;
    case BO_Div: return *R ? std::optional<int64_t>(*L / *R) : std::nullopt;
    case BO_Shl: return *R >= 0 && *R < 32 ? std::optional<int64_t>(*L << *R) : std::nullopt;
    case BO_Shr: return *R >= 0 && *R < 63 ? std::optional<int64_t>(*L >> *R) : std::nullopt;
    case BO_EQ: return *L == *R;
    case BO_NE: return *L != *R;
    case BO_LT: return *L < *R;
    case BO_GT: return *L > *R;
    case BO_LE: return *L <= *R;
    case BO_GE: return *L >= *R;
    default: return std::nullopt;
    }
  }
  // A local initialised once: `int threads = 4 * warp_size;`.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && V->isLocalVarDecl() && V->getInit() && !V->getType()->isReferenceType() &&
        !C.Assigned.count(V))
      return valueAt(V->getInit(), Wave, C, Ctx, Depth - 1);
  return std::nullopt;
}

/// Whether \p E is true when the wave size is \p Wave; none when unknown.
std::optional<bool> truthAt(const Expr *E, unsigned Wave, const Collector &C,
                            const ASTContext &Ctx, unsigned Depth) {
  if (!E || !Depth)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot) {
    std::optional<bool> V = truthAt(U->getSubExpr(), Wave, C, Ctx, Depth - 1);
    return V ? std::optional<bool>(!*V) : std::nullopt;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr)) {
    std::optional<bool> L = truthAt(BO->getLHS(), Wave, C, Ctx, Depth - 1);
    std::optional<bool> R = truthAt(BO->getRHS(), Wave, C, Ctx, Depth - 1);
    bool And = BO->getOpcode() == BO_LAnd;
    if ((L && *L != And) || (R && *R != And))
      return !And; // one false operand of &&, one true operand of ||
    if (L && R)
      return And;
    return std::nullopt;
  }
  if (std::optional<int64_t> V = valueAt(E, Wave, C, Ctx, Depth))
    return *V != 0;
  return std::nullopt;
}

/// True unless a condition of \p On is false at \p Wave.
bool possibleAt(const Guards &On, unsigned Wave, const Collector &C, const ASTContext &Ctx) {
  for (const Guard &G : On)
    if (std::optional<bool> T = truthAt(G.Cond, Wave, C, Ctx, MaxDepth); T && *T != G.Holds)
      return false;
  return true;
}

/// Whether some call chain from a function nobody in the unit calls reaches
/// \p F with every condition on it possible at \p Wave.
class Reach {
public:
  Reach(const Collector &C, const ASTContext &Ctx, unsigned Wave) : C(C), Ctx(Ctx), Wave(Wave) {}

  bool operator()(const FunctionDecl *F, unsigned Depth = MaxDepth) {
    F = F->getCanonicalDecl();
    if (auto It = Memo.find(F); It != Memo.end())
      return It->second;
    auto Callers = C.Calls.find(F);
    if (Callers == C.Calls.end() || !Depth)
      return true; // called from elsewhere (or too deep to follow): assume so
    if (!Active.insert(F).second)
      return false; // a cycle: other callers decide
    bool Any = false;
    for (const Site &S : Callers->second)
      if (possibleAt(S.On, Wave, C, Ctx) && (*this)(S.Caller, Depth - 1)) {
        Any = true;
        break;
      }
    Active.erase(F);
    Memo[F] = Any;
    return Any;
  }

private:
  const Collector &C;
  const ASTContext &Ctx;
  unsigned Wave;
  std::map<const FunctionDecl *, bool> Memo;
  std::set<const FunctionDecl *> Active;
};

/// The launch's block shape at \p Wave, when constant there: `<<<g, 256>>>`,
/// `<<<g, dim3(32, 8)>>>`, `dim3 block(4 * ws); <<<g, block>>>`.
std::optional<BlockShape> blockAt(const CUDAKernelCallExpr *K, unsigned Wave, const Collector &C,
                                  const ASTContext &Ctx) {
  const CallExpr *Config = K->getConfig();
  if (!Config || Config->getNumArgs() < 2)
    return std::nullopt;
  const Expr *B = Config->getArg(1)->IgnoreImplicit();
  for (unsigned I = 0; I < MaxDepth; ++I) {
    B = B->IgnoreImplicit()->IgnoreParens();
    if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(B)) {
      B = FC->getSubExpr();
      continue;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(B)) {
      if (CE->getNumArgs() == 1 && CE->getConstructor()->isCopyOrMoveConstructor()) {
        B = CE->getArg(0);
        continue;
      }
      BlockShape S{1, 1, 1};
      for (unsigned A = 0; A < CE->getNumArgs() && A < 3; ++A) {
        if (isa<CXXDefaultArgExpr>(CE->getArg(A)))
          break;
        std::optional<int64_t> V = valueAt(CE->getArg(A), Wave, C, Ctx, MaxDepth);
        if (!V || *V <= 0 || *V > 1024)
          return std::nullopt;
        S[A] = unsigned(*V);
      }
      return S;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(B)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (V && V->isLocalVarDecl() && V->getInit() && V->getType()->isRecordType() &&
          !C.Assigned.count(V)) {
        B = V->getInit();
        continue;
      }
    }
    break;
  }
  if (B->getType()->isIntegerType())
    if (std::optional<int64_t> V = valueAt(B, Wave, C, Ctx, MaxDepth); V && *V > 0 && *V <= 1024)
      return BlockShape{unsigned(*V), 1, 1};
  return std::nullopt;
}

} // namespace

std::map<std::string, HostLaunch>
hostLaunches(ASTContext &Ctx, llvm::function_ref<std::string(const FunctionDecl *)> Mangle) {
  Collector C(Ctx.getSourceManager());
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::map<std::string, HostLaunch> Out;
  Reach At32(C, Ctx, 32), At64(C, Ctx, 64);
  for (const auto &[Kernel, Sites] : C.Launches) {
    HostLaunch L;
    bool Shapes = true;
    for (const Site &S : Sites) {
      bool In32 = possibleAt(S.On, 32, C, Ctx) && At32(S.Caller);
      bool In64 = possibleAt(S.On, 64, C, Ctx) && At64(S.Caller);
      L.AtWave32 |= In32;
      L.AtWave64 |= In64;
      if (!In64)
        continue;
      std::optional<BlockShape> B = blockAt(S.Launch, 64, C, Ctx);
      if (!B || (L.Block64 && *L.Block64 != *B))
        Shapes = false;
      else
        L.Block64 = B;
    }
    if (!Shapes)
      L.Block64.reset();
    std::string Name = Mangle(Kernel);
    if (Name.empty())
      continue;
    HostLaunch &Into = Out[Name];
    Into.AtWave32 |= L.AtWave32;
    Into.AtWave64 |= L.AtWave64;
    Into.Block64 = L.Block64;
  }
  return Out;
}

} // namespace wavecheck::model
