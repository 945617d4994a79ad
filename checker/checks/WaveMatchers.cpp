#include "checks/WaveMatchers.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace wavecheck {

/// How many variable initialisers a derivation is followed through: enough for
/// `tid -> lane -> srcLane` chains, small enough to stay linear.
static constexpr unsigned MaxDerivationDepth = 4;

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

static bool isThreadIndexDerivedImpl(const Expr *E, unsigned Depth);

static bool varDerived(const VarDecl *VD, unsigned Depth) {
  if (isa<ParmVarDecl>(VD))
    return isThreadIndexName(VD->getName());
  if (Depth == 0 || !VD->hasLocalStorage())
    return false;
  if (const Expr *Init = VD->getInit())
    return isThreadIndexDerivedImpl(Init, Depth - 1);
  return false;
}

static bool isThreadIndexDerivedImpl(const Expr *E, unsigned Depth) {
  if (!E)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    llvm::StringRef N = D->getName();
    if (N == "threadIdx" || N == "__lane_id")
      return true;
    if (const auto *VD = dyn_cast<VarDecl>(D))
      return varDerived(VD, Depth);
    return false;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    llvm::StringRef N = calleeName(Call);
    if (N == "__lane_id" || N.starts_with("__builtin_amdgcn_workitem_id") ||
        N == "__builtin_amdgcn_mbcnt_lo" || N == "__builtin_amdgcn_mbcnt_hi")
      return true;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      if (isThreadIndexDerivedImpl(CE, Depth))
        return true;
  return false;
}

bool isThreadIndexDerived(const Expr *E) {
  return isThreadIndexDerivedImpl(E, MaxDerivationDepth);
}

static bool nameContainsAny(llvm::StringRef N,
                            std::initializer_list<llvm::StringRef> Parts) {
  std::string L = N.lower();
  for (llvm::StringRef P : Parts)
    if (llvm::StringRef(L).contains(P))
      return true;
  return false;
}

static bool isLaneIdImpl(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
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
    if (nameContainsAny(VD->getName(), {"lane"}))
      return true;
    if (Depth && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit())
      return isLaneIdImpl(VD->getInit(), Ctx, Depth - 1);
    return false;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return isThreadIndexDerived(ME);
  if (isa<MSPropertyRefExpr>(E) || isa<PseudoObjectExpr>(E))
    return isThreadIndexDerived(E);
  return false;
}

bool isLaneId(const Expr *E, const ASTContext &Ctx) {
  return isLaneIdImpl(E, Ctx, MaxDerivationDepth);
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
    if (Depth && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit())
      return isWarpIdImpl(VD->getInit(), Ctx, Depth - 1);
  }
  return false;
}

bool isWarpId(const Expr *E, const ASTContext &Ctx) {
  return isWarpIdImpl(E, Ctx, MaxDerivationDepth);
}

template <typename T>
static const T *parentAs(const Stmt *S, ASTContext &Ctx) {
  for (const DynTypedNode &P : Ctx.getParents(*S))
    if (const T *N = P.get<T>())
      return N;
  return nullptr;
}

/// Skips parentheses and implicit casts upward.
static const Stmt *semanticParent(const Stmt *S, ASTContext &Ctx,
                                  const Stmt **Child = nullptr) {
  const Stmt *Cur = S;
  while (true) {
    DynTypedNodeList Ps = Ctx.getParents(*Cur);
    if (Ps.empty())
      return nullptr;
    const Stmt *P = Ps[0].get<Stmt>();
    if (!P)
      return nullptr;
    if (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P)) {
      Cur = P;
      continue;
    }
    if (Child)
      *Child = Cur;
    return P;
  }
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

const Stmt *enclosingStatement(const Stmt *S, ASTContext &Ctx) {
  const Stmt *Cur = S;
  while (true) {
    DynTypedNodeList Ps = Ctx.getParents(*Cur);
    if (Ps.empty())
      return Cur;
    const Stmt *P = Ps[0].get<Stmt>();
    if (!P || isa<CompoundStmt>(P) || isa<ForStmt>(P) || isa<WhileStmt>(P) ||
        isa<DoStmt>(P) || isa<IfStmt>(P))
      return Cur;
    Cur = P;
  }
}

const FunctionDecl *enclosingFunction(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Ps = Ctx.getParents(*S);
  while (!Ps.empty()) {
    if (const auto *FD = Ps[0].get<FunctionDecl>())
      return FD;
    if (const auto *St = Ps[0].get<Stmt>())
      Ps = Ctx.getParents(*St);
    else if (const auto *D = Ps[0].get<Decl>())
      Ps = Ctx.getParents(*D);
    else
      return nullptr;
  }
  return nullptr;
}

bool inSystemHeader(SourceLocation Loc, const SourceManager &SM) {
  return Loc.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(Loc));
}

} // namespace wavecheck
