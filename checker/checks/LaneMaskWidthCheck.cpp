//===--- LaneMaskWidthCheck.cpp - wave64-lane-mask-width -------------------===//
#include "checks/LaneMaskWidthCheck.h"
#include "checks/Targets.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Regex.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace wavecheck {

/// Lanes of the wavefronts this rule is about (gfx9), and the width of a HIP
/// lane mask: `__ballot` and friends return `unsigned long long`, also on
/// wave32 targets (FACTS.md, "HIP wave-level API").
static constexpr unsigned Wave64 = 64, MaskBits = 64;
/// Width of a CUDA mask and of the operand of `__popc`/`__ffs`/`__clz`; also
/// the shift that extracts the high half in a deliberate lo/hi split.
static constexpr unsigned HalfBits = 32;
/// `31 - __clz(m)` is the top set bit of a 32-bit word; 63 of a 64-bit one.
static constexpr int64_t TopBit32 = 31;
static constexpr llvm::StringLiteral TopBit64 = "63";
/// How many variable initialisers a lane bound or a thread index is followed
/// through (as in WaveMatchers: `tid -> lane -> src` chains).
static constexpr unsigned MaxVarDepth = 4;
/// Longest source text quoted in a message before it is cut.
static constexpr size_t MaxQuoted = 40;
/// The 64-bit full mask offered for `0xffffffff`, `~0u` and `-1`.
static constexpr llvm::StringLiteral FullMask64 = "0xffffffffffffffffull";

namespace {
/// A 32-bit bit-scan builtin, its 64-bit form and the verb of the message.
struct BitCount {
  llvm::StringRef Narrow, Wide;
  int Verb; ///< 0 counts, 1 searches, 2 counts leading zeros in
};
constexpr BitCount BitCounts[] = {
    {"__popc", "__popcll", 0},         {"__ffs", "__ffsll", 1},
    {"__clz", "__clzll", 2},           {"__builtin_popcount", "__builtin_popcountll", 0},
    {"__builtin_ffs", "__builtin_ffsll", 1}, {"__builtin_ctz", "__builtin_ctzll", 1},
    {"__builtin_clz", "__builtin_clzll", 2}};

const BitCount *bitCount(llvm::StringRef Name) {
  for (const BitCount &B : BitCounts)
    if (B.Narrow == Name)
      return &B;
  return nullptr;
}

bool takesLaneMask(llvm::StringRef Name) {
  return isSyncBuiltin(Name) || Name == "__syncwarp";
}

AST_MATCHER(CallExpr, producesLaneMask) {
  return isMaskProducingBuiltin(calleeName(&Node));
}
AST_MATCHER(CallExpr, scans32Bits) { return bitCount(calleeName(&Node)) != nullptr; }
AST_MATCHER(CallExpr, takesLaneMaskArg) {
  return Node.getNumArgs() > 0 && takesLaneMask(calleeName(&Node));
}
} // namespace

/// An integer narrower than a lane mask (bool and enums excluded).
static bool isNarrowInt(QualType T, const ASTContext &Ctx) {
  if (T.isNull() || T->isDependentType())
    return false;
  T = T.getNonReferenceType().getCanonicalType();
  return isa<BuiltinType>(T) && T->isIntegerType() && !T->isBooleanType() &&
         Ctx.getTypeSize(T) < MaskBits;
}

static bool ignoredLoc(SourceLocation L, const SourceManager &SM) {
  return L.isInvalid() || inSystemHeader(L, SM) || SM.isInSystemMacro(L);
}

static bool sameExpr(const Expr *A, const Stmt *B) {
  const auto *BE = dyn_cast_or_null<Expr>(B);
  return A && BE && A->IgnoreParenImpCasts() == BE->IgnoreParenImpCasts();
}

static const VarDecl *localVar(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) ? V : nullptr;
}

static bool inMacro(SourceRange R) {
  return R.getBegin().isMacroID() || R.getEnd().isMacroID();
}

static std::string quoted(SourceRange R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string S =
      Lexer::getSourceText(SM.getExpansionRange(R), SM, Ctx.getLangOpts()).str();
  return S.size() > MaxQuoted ? S.substr(0, MaxQuoted) + "..." : S;
}

static std::string typeName(QualType T, const ASTContext &Ctx) {
  return T.getNonReferenceType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
}

static SourceLocation calleeNameLoc(const CallExpr *Call) {
  const Expr *E = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getLocation();
  if (const auto *OE = dyn_cast<OverloadExpr>(E))
    return OE->getNameLoc();
  return Call->getBeginLoc();
}

/// The type `__ballot` returns. Also for a `uint32_t` variable: `uint64_t` is
/// `unsigned long` on amdgcn and x86-64 Linux, and `__ffsll`, overloaded for
/// `long long` and `unsigned long long`, is ambiguous for it.
static constexpr llvm::StringLiteral MaskType = "unsigned long long";

/// A fix-it widening the integer type written at \p TL (a builtin such as
/// `unsigned int`, or a <cstdint> name such as `uint32_t`) to MaskType.
static std::optional<FixItHint> widenTypeLoc(TypeLoc TL, const ASTContext &Ctx,
                                             bool Parenthesize = false) {
  static const llvm::Regex Spelling(
      "^((std::)?u?int(8|16|32)_t|((unsigned|signed|int|short|char|long) ?)+)$");
  SourceRange R = TL.getUnqualifiedLoc().getSourceRange();
  if (R.isInvalid() || inMacro(R))
    return std::nullopt;
  CharSourceRange Range = CharSourceRange::getTokenRange(R);
  if (!Spelling.match(Lexer::getSourceText(Range, Ctx.getSourceManager(), Ctx.getLangOpts())))
    return std::nullopt;
  return FixItHint::CreateReplacement(
      Range, Parenthesize ? ("(" + MaskType + ")").str() : MaskType.str());
}

/// A fix-it widening the type of a narrowing cast; `T(x)` becomes
/// `(unsigned long long)(x)`, as a multi-word type cannot be a functional cast.
static std::optional<FixItHint> widenCast(const ExplicitCastExpr *Cast,
                                          const ASTContext &Ctx) {
  const TypeSourceInfo *TSI = Cast->getTypeInfoAsWritten();
  const auto *Functional = dyn_cast<CXXFunctionalCastExpr>(Cast);
  if (!TSI || (Functional && Functional->isListInitialization()))
    return std::nullopt;
  return widenTypeLoc(TSI->getTypeLoc(), Ctx, /*Parenthesize=*/Functional != nullptr);
}

/// The return type at \p S: of the innermost lambda or function around it.
static QualType returnTypeAt(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Ps = Ctx.getParents(*S);
  while (!Ps.empty()) {
    if (const auto *LE = Ps[0].get<LambdaExpr>())
      return LE->getCallOperator()->getReturnType();
    if (const auto *FD = Ps[0].get<FunctionDecl>())
      return FD->getReturnType();
    if (const auto *St = Ps[0].get<Stmt>())
      Ps = Ctx.getParents(*St);
    else if (const auto *D = Ps[0].get<Decl>())
      Ps = Ctx.getParents(*D);
    else
      break;
  }
  return QualType();
}

/// True when `x & E` fits in 32 bits whatever x is: E is a non-negative
/// 32-bit constant or of an unsigned type of at most 32 bits.
static bool fitsInHalf(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (std::optional<int64_t> V = constantValue(E, Ctx))
    return *V >= 0 && *V <= static_cast<int64_t>(llvm::maskTrailingOnes<uint64_t>(HalfBits));
  QualType T = E->getType();
  return !T->isDependentType() && T->isUnsignedIntegerType() &&
         Ctx.getTypeSize(T) <= HalfBits;
}

/// True when \p E is provably below 32: `x % 32`, `x & 31` (or smaller), or a
/// local initialised so; such a lane never shifts past bit 31.
static bool boundedBelowHalf(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    std::optional<int64_t> R = constantValue(BO->getRHS(), Ctx);
    return R && ((BO->getOpcode() == BO_Rem && *R > 0 && *R <= HalfBits) ||
                 (BO->getOpcode() == BO_And && *R >= 0 && *R < HalfBits));
  }
  const VarDecl *V = localVar(E);
  return V && Depth && V->getInit() && boundedBelowHalf(V->getInit(), Ctx, Depth - 1);
}

/// The parent of \p S above parentheses and implicit casts.
static const Stmt *outerParent(const Stmt *S, ASTContext &Ctx) {
  for (DynTypedNodeList Ps = Ctx.getParents(*S); !Ps.empty(); Ps = Ctx.getParents(*S)) {
    S = Ps[0].get<Stmt>();
    if (!isa_and_nonnull<ParenExpr, ImplicitCastExpr>(S))
      return S;
  }
  return nullptr;
}

/// True when \p E is (in parentheses) the operand of a 32-bit bit scan.
static bool feedsBitCount(const Expr *E, ASTContext &Ctx) {
  const auto *Call = dyn_cast_or_null<CallExpr>(outerParent(E, Ctx));
  return Call && bitCount(calleeName(Call)) && sameExpr(writtenArg(Call, 0), E);
}

/// True for `threadIdx.x` (y, z): a property read in the HIP headers, whose
/// base hides behind an OpaqueValueExpr that WaveMatchers' isThreadIndexDerived
/// does not open.
static bool isThreadIdxRead(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E))
    E = POE->getSyntacticForm()->IgnoreParens();
  const Expr *Base = nullptr;
  if (const auto *P = dyn_cast<MSPropertyRefExpr>(E))
    Base = P->getBaseExpr()->IgnoreParenImpCasts();
  else if (const auto *M = dyn_cast<MemberExpr>(E))
    Base = M->getBase()->IgnoreParenImpCasts();
  if (const auto *OVE = dyn_cast_or_null<OpaqueValueExpr>(Base))
    Base = OVE->getSourceExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Base);
  return DRE && DRE->getDecl()->getIdentifier() && DRE->getDecl()->getName() == "threadIdx";
}

/// True when \p E is a lane id or a thread index: `threadIdx.x`, `x % warpSize`,
/// `x & 63`, `__lane_id()`, a variable named like a lane, a parameter named
/// like a thread index, a local initialised so, or sums of these and
/// constants. Data loaded from memory, quotients (warp ids) and global ids
/// (`blockIdx.x * blockDim.x + threadIdx.x`) are not.
static bool isLaneLike(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_Rem || Op == BO_And)
      return isLaneId(BO, Ctx);
    if (Op != BO_Add && Op != BO_Sub && Op != BO_Xor && Op != BO_Or)
      return false;
    bool L = isLaneLike(BO->getLHS(), Ctx, Depth), R = isLaneLike(BO->getRHS(), Ctx, Depth);
    return (L && (R || constantValue(BO->getRHS(), Ctx))) ||
           (R && constantValue(BO->getLHS(), Ctx));
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || llvm::StringRef(V->getName().lower()).contains("lane"))
      return V != nullptr;
    if (isa<ParmVarDecl>(V))
      return isThreadIndexDerived(DRE);
    return localVar(DRE) && Depth && V->getInit() && isLaneLike(V->getInit(), Ctx, Depth - 1);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return isLaneId(Call, Ctx) || calleeName(Call).starts_with("__builtin_amdgcn_workitem_id");
  return isThreadIdxRead(E);
}

/// A literal, possibly negated or complemented: `0xffffffff`, `~0u`, `-1`.
static bool isLiteral(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Not) &&
           isLiteral(UO->getSubExpr());
  return isa<IntegerLiteral>(E);
}

static void forEachStmt(const Stmt *S, llvm::function_ref<void(const Stmt *)> Fn) {
  if (!S)
    return;
  Fn(S);
  for (const Stmt *C : S->children())
    forEachStmt(C, Fn);
}

LaneMaskWidthCheck::LaneMaskWidthCheck(llvm::StringRef Name,
                                       clang::tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      OffloadArch(Options.getLocalOrGlobal("OffloadArch", "")) {}

void LaneMaskWidthCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {}

void LaneMaskWidthCheck::onStartOfTranslationUnit() {
  Facts.clear();
  ReportedSinks.clear();
  FixedVars.clear();
}

void LaneMaskWidthCheck::registerMatchers(MatchFinder *Finder) {
  auto ballot = callExpr(producesLaneMask()).bind("ballot");
  auto ref = declRefExpr(to(varDecl(hasLocalStorage(), unless(parmVarDecl())))).bind("ref");
  auto count = callExpr(scans32Bits()).bind("count");
  auto shift = binaryOperator(hasAnyOperatorName("<<", ">>")).bind("shift");
  auto sync = callExpr(takesLaneMaskArg()).bind("sync");
  Finder->addMatcher(stmt(eachOf(ballot, ref, count, shift, sync)), this);
}

void LaneMaskWidthCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const TargetProfile &T = resolveTarget(OffloadArch, Ctx);
  if (T.WaveSize != Wave64)
    return;
  AST = &Ctx;
  if (const auto *C = Result.Nodes.getNodeAs<CallExpr>("ballot"))
    checkNarrowing(C, T, Ctx);
  if (const auto *R = Result.Nodes.getNodeAs<DeclRefExpr>("ref")) {
    QualType VT = R->getType();
    if (!VT->isDependentType() && VT->isIntegerType() && !isNarrowInt(VT, Ctx) &&
        isMaskValue(R) && !isDeliberateHalf(R))
      checkNarrowing(R, T, Ctx);
  }
  if (const auto *C = Result.Nodes.getNodeAs<CallExpr>("count"))
    checkBitCount(C, bitCount(calleeName(C))->Wide, T, Ctx);
  if (const auto *S = Result.Nodes.getNodeAs<BinaryOperator>("shift"))
    checkShift(S, T, Ctx);
  if (const auto *C = Result.Nodes.getNodeAs<CallExpr>("sync"))
    checkSyncMask(C, T, Ctx);
}

std::optional<LaneMaskWidthCheck::Sink>
LaneMaskWidthCheck::sinkOf(const Expr *E, ASTContext &Ctx, bool ShiftMode) const {
  const Stmt *Cur = E;
  while (true) {
    DynTypedNodeList Ps = Ctx.getParents(*Cur);
    if (Ps.empty())
      return std::nullopt;
    if (const auto *VD = Ps[0].get<VarDecl>()) {
      if (!sameExpr(VD->getInit(), Cur))
        return std::nullopt;
      bool Deduced = VD->getType()->getContainedDeducedType(); // takes any width
      return Sink{Sink::Init, Deduced ? QualType() : VD->getType(), VD, VD};
    }
    const Stmt *P = Ps[0].get<Stmt>();
    if (!P)
      return std::nullopt;
    const Stmt *Child = Cur;
    Cur = P;
    if (isa<ParenExpr, ImplicitCastExpr, FullExpr, MaterializeTemporaryExpr>(P))
      continue;
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->getOpcode() == UO_Not)
        continue;
      return std::nullopt;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
      if (sameExpr(CO->getCond(), Child))
        return std::nullopt;
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      const Expr *Other = sameExpr(BO->getLHS(), Child) ? BO->getRHS() : BO->getLHS();
      switch (BO->getOpcode()) {
      case BO_And:
        if (!ShiftMode && fitsInHalf(Other, Ctx))
          return std::nullopt; // the result fits: nothing is dropped here
        continue;
      case BO_Or:
      case BO_Xor:
        continue;
      case BO_Sub: // `(1u << lane) - 1`
        if (ShiftMode && sameExpr(BO->getLHS(), Child))
          continue;
        return std::nullopt;
      case BO_Assign:
      case BO_AndAssign:
      case BO_OrAssign:
      case BO_XorAssign:
        if (!sameExpr(BO->getRHS(), Child))
          return std::nullopt;
        return Sink{Sink::Assign, BO->getLHS()->getType(), BO, localVar(BO->getLHS())};
      default:
        return std::nullopt;
      }
    }
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(P)) {
      QualType To = Cast->getType();
      if (To->isDependentType() || !To->isIntegerType() || To->isBooleanType())
        return std::nullopt;
      if (!isNarrowInt(To, Ctx))
        continue; // a widening cast passes the mask on
      if (feedsBitCount(Cast, Ctx))
        return std::nullopt; // `__popc((unsigned)m)`: reported as a bit count
      return Sink{Sink::Cast, To, Cast, nullptr, Cast};
    }
    if (const auto *Call = dyn_cast<CallExpr>(P)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (!FD || isa<CXXOperatorCallExpr>(Call) || bitCount(calleeName(Call)))
        return std::nullopt; // a bit count is reported as such
      for (unsigned I = 0; I < Call->getNumArgs() && I < FD->getNumParams(); ++I)
        if (sameExpr(Call->getArg(I), Child))
          return Sink{Sink::Arg, FD->getParamDecl(I)->getType(), Call->getArg(I)};
      return std::nullopt;
    }
    if (isa<ReturnStmt>(P))
      return Sink{Sink::Return, returnTypeAt(P, Ctx), P};
    return std::nullopt;
  }
}

bool LaneMaskWidthCheck::widenVar(const VarDecl *VD, ASTContext &Ctx,
                                  llvm::SmallVectorImpl<FixItHint> &Fixes) {
  if (!VD || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() || !VD->getTypeSourceInfo())
    return false;
  if (FixedVars.contains(VD))
    return true; // another finding already widens it
  DynTypedNodeList Ps = Ctx.getParents(*VD);
  const auto *DS = Ps.empty() ? nullptr : Ps[0].get<DeclStmt>();
  if (!DS || !DS->isSingleDecl())
    return false; // `unsigned a, m;`: the type is shared
  std::optional<FixItHint> Fix =
      widenTypeLoc(VD->getTypeSourceInfo()->getTypeLoc(), Ctx);
  if (!Fix)
    return false;
  Fixes.push_back(*Fix);
  FixedVars.insert(VD);
  // Narrow copies of VD would now narrow a 64-bit mask: widen them as well.
  const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  forEachStmt(F ? F->getBody() : nullptr, [&](const Stmt *S) {
    std::optional<Sink> Copy;
    if (localVar(dyn_cast<DeclRefExpr>(S)) == VD &&
        (Copy = sinkOf(cast<Expr>(S), Ctx, /*ShiftMode=*/false)) &&
        isNarrowInt(Copy->To, Ctx) && Copy->Var != VD)
      widenVar(Copy->Var, Ctx, Fixes);
  });
  return true;
}

const LaneMaskWidthCheck::FunctionFacts *LaneMaskWidthCheck::factsFor(const VarDecl *VD) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!F || !F->getBody())
    return nullptr;
  auto [It, New] = Facts.try_emplace(F);
  FunctionFacts &FF = It->second; // std::map: stays valid while others are added
  if (!New)
    return &FF; // done, or in progress further up (then partial)
  forEachStmt(F->getBody(), [&](const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
          FF.Flows.push_back({V, V->getInit()});
      return;
    }
    const auto *BO = dyn_cast<BinaryOperator>(S);
    const VarDecl *V = BO ? localVar(BO->getLHS()) : nullptr;
    if (!V)
      return;
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_Assign || Op == BO_OrAssign || Op == BO_AndAssign || Op == BO_XorAssign)
      FF.Flows.push_back({V, BO->getRHS()});
    const auto *Amount = dyn_cast<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts());
    if ((Op == BO_Shr || Op == BO_ShrAssign) && Amount && Amount->getValue() == HalfBits)
      FF.Split.insert(V);
  });
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto [V, E] : FF.Flows) {
      if (V->getParentFunctionOrMethod() != F || FF.Mask.contains(V) ||
          (isNarrowInt(V->getType(), *AST) && isDeliberateHalf(E)) || !isMaskValue(E))
        continue;
      FF.Mask.insert(V);
      Changed = true;
    }
  }
  return &FF;
}

bool LaneMaskWidthCheck::isMaskValue(const Expr *E) {
  if (!E)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return isMaskProducingBuiltin(calleeName(Call));
  if (isa<DeclRefExpr>(E)) {
    const VarDecl *V = localVar(E);
    const FunctionFacts *FF = V ? factsFor(V) : nullptr;
    return FF && FF->Mask.contains(V);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Not && isMaskValue(UO->getSubExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma)
      return isMaskValue(BO->getRHS());
    return (BO->getOpcode() == BO_And || BO->getOpcode() == BO_Or ||
            BO->getOpcode() == BO_Xor) &&
           (isMaskValue(BO->getLHS()) || isMaskValue(BO->getRHS()));
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return isMaskValue(CO->getTrueExpr()) || isMaskValue(CO->getFalseExpr());
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
    QualType To = Cast->getType();
    if (!To->isDependentType() && (!To->isIntegerType() || To->isBooleanType()))
      return false;
    if (isNarrowInt(To, *AST) && isDeliberateHalf(Cast->getSubExpr()))
      return false;
    return isMaskValue(Cast->getSubExpr());
  }
  return false;
}

bool LaneMaskWidthCheck::isDeliberateHalf(const Expr *E) {
  const VarDecl *V = localVar(E ? E->IgnoreParenCasts() : nullptr);
  const FunctionFacts *FF = V ? factsFor(V) : nullptr;
  return FF && FF->Split.contains(V);
}

void LaneMaskWidthCheck::checkNarrowing(const Expr *Source, const TargetProfile &T,
                                        ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (ignoredLoc(Source->getBeginLoc(), SM))
    return;
  std::optional<Sink> S = sinkOf(Source, Ctx, /*ShiftMode=*/false);
  if (!S || !isNarrowInt(S->To, Ctx) || !ReportedSinks.insert(S->Node).second)
    return;
  llvm::SmallVector<FixItHint, 2> Fixes;
  if (S->K == Sink::Cast) {
    std::optional<FixItHint> CastFix = widenCast(S->CastE, Ctx);
    // Widening the cast helps only if what it feeds is, or is made, 64-bit.
    std::optional<Sink> Outer = sinkOf(S->CastE, Ctx, /*ShiftMode=*/false);
    bool OuterNarrow = Outer && isNarrowInt(Outer->To, Ctx);
    if (CastFix && Outer && (!OuterNarrow || widenVar(Outer->Var, Ctx, Fixes)))
      Fixes.push_back(*CastFix);
    else
      Fixes.clear();
  } else if (S->K == Sink::Init || S->K == Sink::Assign) {
    widenVar(S->Var, Ctx, Fixes);
  }
  const auto *Call = dyn_cast<CallExpr>(Source);
  llvm::StringRef Name =
      Call ? calleeName(Call) : cast<DeclRefExpr>(Source)->getDecl()->getName();
  SourceLocation Loc = Call ? calleeNameLoc(Call) : Source->getBeginLoc();
  auto D = diag(SM.getFileLoc(Loc), "'%0' %select{returns|holds}1 a %2-bit lane mask; "
                                    "%select{storing it in|assigning it to|passing it "
                                    "as|returning it as|casting it to}3 '%4' drops lanes "
                                    "%5-%6 of the wavefront")
           << Name << (Call ? 0 : 1) << MaskBits << static_cast<int>(S->K)
           << typeName(S->To, Ctx) << static_cast<unsigned>(Ctx.getTypeSize(S->To))
           << (T.WaveSize - 1);
  for (const FixItHint &F : Fixes)
    D << F;
}

void LaneMaskWidthCheck::checkBitCount(const CallExpr *Call, llvm::StringRef Wide,
                                       const TargetProfile &T, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *Arg = writtenArg(Call, 0);
  if (!Arg || ignoredLoc(Call->getBeginLoc(), SM) || isDeliberateHalf(Arg) ||
      !isMaskValue(Arg))
    return;
  const BitCount &B = *bitCount(calleeName(Call));
  SourceLocation NameLoc = calleeNameLoc(Call);
  // `31 - __clz(m)` (top set bit) becomes `63 - __clzll(m)`.
  const IntegerLiteral *Top = nullptr;
  if (const auto *Sub = dyn_cast_or_null<BinaryOperator>(outerParent(Call, Ctx));
      B.Verb == 2 && Sub && Sub->getOpcode() == BO_Sub && sameExpr(Sub->getRHS(), Call))
    Top = dyn_cast<IntegerLiteral>(Sub->getLHS()->IgnoreParenImpCasts());
  if (Top && (Top->getValue() != TopBit32 || Top->getLocation().isMacroID()))
    Top = nullptr;
  bool Fixable = !NameLoc.isMacroID();
  // `__popc((unsigned)m)`: the cast must widen too.
  std::optional<FixItHint> CastFix;
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Arg->IgnoreParenImpCasts());
      Cast && isNarrowInt(Cast->getType(), Ctx)) {
    CastFix = widenCast(Cast, Ctx);
    Fixable = Fixable && CastFix;
  }
  {
    auto D = diag(SM.getFileLoc(NameLoc),
                  "'%0' %select{counts|searches|counts leading zeros in}1 only %2 bits "
                  "of the lane mask; lanes %2-%3 of the wavefront are ignored")
             << B.Narrow << B.Verb << HalfBits << (T.WaveSize - 1);
    if (Fixable)
      D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(NameLoc), Wide);
    if (Fixable && Top)
      D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Top->getLocation()),
                                        TopBit64);
    if (Fixable && CastFix)
      D << *CastFix;
  }
  if (B.Verb == 2 && !Top)
    diag(SM.getFileLoc(NameLoc),
         "'%0' counts from bit %1: adjust arithmetic that assumes bit %2 is the top",
         DiagnosticIDs::Note)
        << Wide << TopBit64 << static_cast<int>(TopBit32);
}

void LaneMaskWidthCheck::checkShift(const BinaryOperator *Shift, const TargetProfile &T,
                                    ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *Lhs = Shift->getLHS()->IgnoreParenImpCasts();
  if (Shift->isValueDependent() || !isNarrowInt(Shift->getType(), Ctx) ||
      ignoredLoc(Shift->getBeginLoc(), SM))
    return;
  std::optional<int64_t> V = constantValue(Lhs, Ctx);
  bool AllOnes = V && (*V == -1 || *V == static_cast<int64_t>(
                                               llvm::maskTrailingOnes<uint64_t>(HalfBits)));
  if (!V || (*V != 1 && !AllOnes))
    return;
  const Expr *Amount = Shift->getRHS()->IgnoreParenImpCasts();
  const Expr *Lane = Amount;
  const Expr *Thirty2 = nullptr; // the 32 of `0xffffffff >> (32 - lane)`
  if (Shift->getOpcode() == BO_Shr) {
    const auto *Sub = dyn_cast<BinaryOperator>(Amount);
    if (!AllOnes || !Sub || Sub->getOpcode() != BO_Sub ||
        constantValue(Sub->getLHS(), Ctx) != HalfBits)
      return;
    Thirty2 = Sub->getLHS()->IgnoreParenImpCasts();
    Lane = Sub->getRHS();
  }
  if (!isLaneLike(Lane, Ctx, MaxVarDepth) || isWarpId(Lane, Ctx) ||
      boundedBelowHalf(Lane, Ctx, MaxVarDepth) || isBitsPerWordUse(Amount, Ctx))
    return;
  // Lane masks are device code; a host loop over `lane` is not a wavefront.
  const FunctionDecl *FD = enclosingFunction(Shift, Ctx);
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
  if (!FD || !(FD->hasAttr<CUDADeviceAttr>() || FD->hasAttr<CUDAGlobalAttr>() ||
               (MD && MD->getParent()->isLambda())))
    return;
  llvm::SmallVector<FixItHint, 3> Fixes;
  if (!inMacro(Lhs->getSourceRange()) && (!Thirty2 || !inMacro(Thirty2->getSourceRange()))) {
    Fixes.push_back(FixItHint::CreateReplacement(Lhs->getSourceRange(),
                                                 *V == 1 ? "1ull" : "~0ull"));
    if (Thirty2)
      Fixes.push_back(FixItHint::CreateReplacement(Thirty2->getSourceRange(),
                                                   std::to_string(MaskBits)));
    std::optional<Sink> S = sinkOf(Shift, Ctx, /*ShiftMode=*/true);
    if (S && isNarrowInt(S->To, Ctx))
      widenVar(S->Var, Ctx, Fixes);
  }
  auto D = diag(SM.getFileLoc(Lhs->getBeginLoc()),
                "lane mask built in %0 bits ('%1'); %select{shifting by a lane id >= %0 is "
                "undefined|the shift amount is negative for lane ids above %0}2, a wave%3 "
                "wavefront has %3 lanes")
           << HalfBits << quoted(Shift->getSourceRange(), Ctx)
           << (Shift->getOpcode() == BO_Shr ? 1 : 0) << T.WaveSize;
  for (const FixItHint &F : Fixes)
    D << F;
}

void LaneMaskWidthCheck::checkSyncMask(const CallExpr *Call, const TargetProfile &T,
                                       ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *Arg = writtenArg(Call, 0);
  const Expr *Mask = Arg ? Arg->IgnoreParenImpCasts() : nullptr;
  if (!Mask || !isNarrowInt(Mask->getType(), Ctx) || ignoredLoc(Mask->getBeginLoc(), SM))
    return;
  unsigned Bits = Ctx.getTypeSize(Mask->getType());
  std::optional<int64_t> V = constantValue(Mask, Ctx);
  bool SignExtends = V && *V < 0;
  bool AllOnes = V && (*V == -1 || *V == static_cast<int64_t>(
                                               llvm::maskTrailingOnes<uint64_t>(Bits)));
  llvm::StringRef Name = calleeName(Call);
  bool AndsResult = !SignExtends && llvm::is_contained(
                                        {"__ballot_sync", "__any_sync", "__all_sync"}, Name);
  const VarDecl *Var = localVar(Mask);
  {
    auto D = diag(SM.getFileLoc(Mask->getBeginLoc()),
                  "%0-bit mask '%1' passed to '%2' %select{covers lanes 0-%3 only; ROCm "
                  "requires a 64-bit mask|is not 64-bit; ROCm's '*_sync' builtins require "
                  "a 64-bit mask type}4%select{| and '%2' ANDs its result with it, "
                  "dropping lanes %5-%6}7")
             << Bits << quoted(Mask->getSourceRange(), Ctx) << Name << (Bits - 1)
             << (SignExtends ? 1 : 0) << Bits << (T.WaveSize - 1) << (AndsResult ? 1 : 0);
    const auto *Lit = dyn_cast<IntegerLiteral>(Mask);
    if (!inMacro(Mask->getSourceRange()) && isLiteral(Mask) && (AllOnes || Lit)) {
      std::string Text = AllOnes ? FullMask64.str()
                                 : quoted(Mask->getSourceRange(), Ctx);
      if (!AllOnes)
        Text = llvm::StringRef(Text).rtrim("uUlL").str() + "ull";
      D << FixItHint::CreateReplacement(Mask->getSourceRange(), Text);
    }
  }
  if (Var && !ignoredLoc(Var->getLocation(), SM))
    diag(Var->getLocation(), "'%0' is declared with a %1-bit type here", DiagnosticIDs::Note)
        << Var->getName() << Bits;
}

} // namespace wavecheck
