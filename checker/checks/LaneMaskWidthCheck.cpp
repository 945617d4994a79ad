//===--- LaneMaskWidthCheck.cpp - wave64-lane-mask-width -------------------===//
///
/// The four findings and their messages. Which locals hold a lane mask, where
/// a value ends up and the fix-its widening variables and casts on the way
/// are in LaneMaskFlow.h.
///
//===----------------------------------------------------------------------===//
#include "checks/LaneMaskWidthCheck.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/Lex/Lexer.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace wavecheck {

/// Lanes of the wavefronts this rule is about (gfx9). MaskBits and HalfBits
/// are in LaneMaskFlow.h.
static constexpr unsigned Wave64 = 64;
/// `31 - __clz(m)` is the top set bit of a 32-bit word; 63 of a 64-bit one.
static constexpr int64_t TopBit32 = 31;
static constexpr llvm::StringLiteral TopBit64 = "63";
/// Longest source text quoted in a message before it is cut.
static constexpr size_t MaxQuoted = 40;
/// The 64-bit full mask offered for `0xffffffff`, `~0u` and `-1`.
static constexpr llvm::StringLiteral FullMask64 = "0xffffffffffffffffull";

namespace {
AST_MATCHER(CallExpr, scans32Bits) { return bitCount(calleeName(&Node)) != nullptr; }
} // namespace

static std::string quoted(SourceRange R, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string S =
      Lexer::getSourceText(SM.getExpansionRange(R), SM, Ctx.getLangOpts()).str();
  return S.size() > MaxQuoted ? S.substr(0, MaxQuoted) + "..." : S;
}

static std::string typeName(QualType T, const ASTContext &Ctx) {
  return T.getNonReferenceType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
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
  const VarDecl *V = localVarRef(E);
  return V && Depth && V->getInit() && boundedBelowHalf(V->getInit(), Ctx, Depth - 1);
}

LaneMaskWidthCheck::LaneMaskWidthCheck(llvm::StringRef Name,
                                       clang::tidy::ClangTidyContext *Context)
    : WaveCheck(Name, Context) {}

/// True when \p S runs in the branch of an `if` (or the body of a loop)
/// whose condition compares a thread or lane index with a constant below
/// the wave size (`tid < 32`, `lane < 16`): a region where only some lanes
/// of the wavefront run.
static bool inLaneBoundedBranch(const Stmt *S, ASTContext &Ctx) {
  const Stmt *Cur = S;
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    DynTypedNodeList Ps = Ctx.getParents(*Cur);
    const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    if (!P)
      return false;
    const Expr *Cond = nullptr;
    if (const auto *If = dyn_cast<IfStmt>(P); If && If->getCond() != Cur)
      Cond = If->getCond();
    bool Bounded = false;
    forEachStmt(Cond, [&](const Stmt *N) {
      const auto *B = dyn_cast<BinaryOperator>(N);
      if (!B || !B->isRelationalOp())
        return;
      std::optional<int64_t> C = constantValue(B->getRHS(), Ctx);
      Bounded |= C && *C > 0 && *C <= 32 &&
                 (isLaneLike(B->getLHS(), Ctx) || isThreadIndexDerived(B->getLHS()));
    });
    if (Bounded)
      return true;
    Cur = P;
  }
  return false;
}

void LaneMaskWidthCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  WaveCheck::storeOptions(Opts);
}

void LaneMaskWidthCheck::onStartOfTranslationUnit() {
  Flow.reset();
  ReportedSinks.clear();
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
  const TargetProfile &T = target(Ctx);
  if (T.WaveSize != Wave64)
    return;
  Flow.setContext(Ctx);
  if (const auto *C = Result.Nodes.getNodeAs<CallExpr>("ballot"))
    checkNarrowing(C, T, Ctx);
  if (const auto *R = Result.Nodes.getNodeAs<DeclRefExpr>("ref")) {
    QualType VT = R->getType();
    if (!VT->isDependentType() && VT->isIntegerType() && !isNarrowInt(VT, Ctx) &&
        Flow.isMaskValue(R) && !Flow.isDeliberateHalf(R))
      checkNarrowing(R, T, Ctx);
  }
  if (const auto *C = Result.Nodes.getNodeAs<CallExpr>("count"))
    checkBitCount(C, bitCount(calleeName(C))->Wide, T, Ctx);
  if (const auto *S = Result.Nodes.getNodeAs<BinaryOperator>("shift"))
    checkShift(S, T, Ctx);
  if (const auto *C = Result.Nodes.getNodeAs<CallExpr>("sync"))
    checkSyncMask(C, T, Ctx);
}

void LaneMaskWidthCheck::checkNarrowing(const Expr *Source, const TargetProfile &T,
                                        ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (inSystemCode(Source->getBeginLoc(), SM))
    return;
  std::optional<MaskSink> S = sinkOf(Source, Ctx, /*ShiftMode=*/false);
  if (!S || !isNarrowInt(S->To, Ctx) || !ReportedSinks.insert(S->Node).second)
    return;
  llvm::SmallVector<FixItHint, 2> Fixes;
  if (S->K == MaskSink::Cast) {
    std::optional<FixItHint> CastFix = widenCast(S->CastE, Ctx);
    // Widening the cast helps only if what it feeds is, or is made, 64-bit.
    std::optional<MaskSink> Outer = sinkOf(S->CastE, Ctx, /*ShiftMode=*/false);
    bool OuterNarrow = Outer && isNarrowInt(Outer->To, Ctx);
    if (CastFix && Outer && (!OuterNarrow || Flow.widenVar(Outer->Var, Fixes)))
      Fixes.push_back(*CastFix);
    else
      Fixes.clear();
  } else if (S->K == MaskSink::Init || S->K == MaskSink::Assign) {
    Flow.widenVar(S->Var, Fixes);
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
  if (!Arg || inSystemCode(Call->getBeginLoc(), SM) || Flow.isDeliberateHalf(Arg) ||
      !Flow.isMaskValue(Arg))
    return;
  const BitCount &B = *bitCount(calleeName(Call));
  SourceLocation NameLoc = calleeNameLoc(Call);
  // `31 - __clz(m)` (top set bit) becomes `63 - __clzll(m)`.
  const IntegerLiteral *Top = nullptr;
  if (const auto *Sub = dyn_cast_or_null<BinaryOperator>(semanticParent(Call, Ctx));
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
      inSystemCode(Shift->getBeginLoc(), SM))
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
  if (!isLaneLike(Lane, Ctx) || isWarpId(Lane, Ctx) ||
      boundedBelowHalf(Lane, Ctx, MaxDerivationDepth) || isBitsPerWordUse(Amount, Ctx)) {
    if (Shift->getOpcode() == BO_Shl && *V == 1)
      checkNarrowLowMask(Shift, T, Ctx);
    return;
  }
  // Lane masks are device code; a host loop over `lane` is not a wavefront.
  if (!enclosingDeviceFunction(Shift, Ctx))
    return;
  llvm::SmallVector<FixItHint, 3> Fixes;
  if (!inMacro(Lhs->getSourceRange()) && (!Thirty2 || !inMacro(Thirty2->getSourceRange()))) {
    Fixes.push_back(FixItHint::CreateReplacement(Lhs->getSourceRange(),
                                                 *V == 1 ? "1ull" : "~0ull"));
    if (Thirty2)
      Fixes.push_back(FixItHint::CreateReplacement(Thirty2->getSourceRange(),
                                                   std::to_string(MaskBits)));
    std::optional<MaskSink> S = sinkOf(Shift, Ctx, /*ShiftMode=*/true);
    if (S && isNarrowInt(S->To, Ctx))
      Flow.widenVar(S->Var, Fixes);
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

/// True when the 32-bit value \p E goes into 64 bits as a lane mask: combined
/// with one (`__ballot(p) & m`), passed as the mask of a `*_sync` builtin or
/// `__syncwarp`, or kept in a 64-bit local that is.
bool LaneMaskWidthCheck::usedAsLaneMask(const Expr *E, ASTContext &Ctx) {
  const Stmt *Cur = E;
  const VarDecl *Var = nullptr;
  for (unsigned Depth = 0; Depth < 16 && !Var; ++Depth) {
    DynTypedNodeList Ps = Ctx.getParents(*Cur);
    if (Ps.empty())
      return false;
    if (const auto *VD = Ps[0].get<VarDecl>()) {
      if (!sameExpr(VD->getInit(), Cur) || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
          !VD->getType()->isIntegerType() || isNarrowInt(VD->getType(), Ctx))
        return false;
      Var = VD;
      break;
    }
    const Stmt *P = Ps[0].get<Stmt>();
    if (!P)
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      const Expr *Other = sameExpr(BO->getLHS(), Cur) ? BO->getRHS() : BO->getLHS();
      if (BO->getOpcode() == BO_And || BO->getOpcode() == BO_Or || BO->getOpcode() == BO_Xor) {
        if (isNarrowInt(BO->getType(), Ctx)) // still 32 bits: not widened here
          return false;
        if (Flow.isMaskValue(Other))
          return true;
      } else if (BO->getOpcode() == BO_Assign && sameExpr(BO->getRHS(), Cur)) {
        Var = localVarRef(BO->getLHS());
        if (!Var || isNarrowInt(Var->getType(), Ctx))
          return false;
        break;
      } else {
        return false;
      }
    } else if (const auto *Call = dyn_cast<CallExpr>(P)) {
      return takesLaneMask(calleeName(Call)) && sameExpr(writtenArg(Call, 0), Cur);
    } else if (!isa<ParenExpr, ImplicitCastExpr, ExplicitCastExpr, FullExpr>(P) &&
               !(isa<UnaryOperator>(P) && cast<UnaryOperator>(P)->getOpcode() == UO_Not)) {
      return false;
    }
    Cur = P;
  }
  if (!Var)
    return false;
  const auto *F = dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  bool Found = false;
  forEachStmt(F ? F->getBody() : nullptr, [&](const Stmt *S) {
    const auto *Ref = dyn_cast<DeclRefExpr>(S);
    if (Found || !Ref || Ref->getDecl() != Var)
      return;
    const Stmt *Child = nullptr;
    const Stmt *P = semanticParent(Ref, Ctx, &Child);
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P)) {
      const Expr *Other = sameExpr(BO->getLHS(), Ref) ? BO->getRHS() : BO->getLHS();
      Found = (BO->getOpcode() == BO_And || BO->getOpcode() == BO_Or ||
               BO->getOpcode() == BO_Xor || BO->getOpcode() == BO_AndAssign ||
               BO->getOpcode() == BO_OrAssign || BO->getOpcode() == BO_EQ ||
               BO->getOpcode() == BO_NE) &&
              Flow.isMaskValue(Other);
    } else if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
      Found = takesLaneMask(calleeName(Call)) && sameExpr(writtenArg(Call, 0), Ref);
    }
  });
  return Found;
}

void LaneMaskWidthCheck::checkNarrowLowMask(const BinaryOperator *Shift, const TargetProfile &T,
                                            ASTContext &Ctx) {
  // Up from `1 << w` through `- 1` and a further `<< base`, all in 32 bits.
  const Expr *Cur = Shift;
  const BinaryOperator *Minus1 = nullptr, *Outer = nullptr;
  while (const auto *BO = dyn_cast_or_null<BinaryOperator>(semanticParent(Cur, Ctx))) {
    if (!isNarrowInt(BO->getType(), Ctx) || !sameExpr(BO->getLHS(), Cur))
      break;
    if (!Minus1 && BO->getOpcode() == BO_Sub && constantValue(BO->getRHS(), Ctx) == 1)
      Minus1 = BO;
    else if (Minus1 && !Outer && BO->getOpcode() == BO_Shl)
      Outer = BO;
    else
      break;
    Cur = BO;
  }
  if (!Minus1)
    return;
  // Shifts by constants below 32 stay inside the 32 bits.
  auto Small = [&](const Expr *A) {
    std::optional<int64_t> C = constantValue(A, Ctx);
    return (C && *C >= 0 && *C < HalfBits) || boundedBelowHalf(A, Ctx, MaxDerivationDepth);
  };
  if (Small(Shift->getRHS()) && (!Outer || Small(Outer->getRHS())))
    return;
  // What it goes into is 64 bits wide and a lane mask (usedAsLaneMask()).
  if (!enclosingDeviceFunction(Shift, Ctx) || !usedAsLaneMask(Cur, Ctx) ||
      !ReportedSinks.insert(Shift).second)
    return;
  const Expr *One = Shift->getLHS()->IgnoreParenImpCasts();
  const SourceManager &SM = Ctx.getSourceManager();
  auto D = diag(SM.getFileLoc(One->getBeginLoc()),
                "lane mask built in %0 bits ('%1') and widened to 64 bits only afterwards; "
                "shifting by %0 or more is undefined there (AMD GPUs take the amount modulo "
                "%0), so lanes %0-%2 of the wave%3 wavefront never get a bit")
           << HalfBits << quoted(Cur->getSourceRange(), Ctx) << (T.WaveSize - 1) << T.WaveSize;
  if (isa<IntegerLiteral>(One) && !inMacro(One->getSourceRange()))
    D << FixItHint::CreateReplacement(One->getSourceRange(), "1ull");
}

void LaneMaskWidthCheck::checkSyncMask(const CallExpr *Call, const TargetProfile &T,
                                       ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *Arg = writtenArg(Call, 0);
  const Expr *Mask = Arg ? Arg->IgnoreParenImpCasts() : nullptr;
  if (!Mask || !isNarrowInt(Mask->getType(), Ctx) || inSystemCode(Mask->getBeginLoc(), SM))
    return;
  unsigned Bits = Ctx.getTypeSize(Mask->getType());
  std::optional<int64_t> V = constantValue(Mask, Ctx);
  bool SignExtends = V && *V < 0;
  bool AllOnes = V && (*V == -1 || *V == static_cast<int64_t>(
                                               llvm::maskTrailingOnes<uint64_t>(Bits)));
  llvm::StringRef Name = calleeName(Call);
  bool AndsResult = !SignExtends && llvm::is_contained(
                                        {"__ballot_sync", "__any_sync", "__all_sync"}, Name);
  const VarDecl *Var = localVarRef(Mask);
  {
    auto D = diag(SM.getFileLoc(Mask->getBeginLoc()),
                  "%0-bit mask '%1' passed to '%2' %select{covers lanes 0-%3 only; ROCm "
                  "requires a 64-bit mask|is not 64-bit; ROCm's '*_sync' builtins require "
                  "a 64-bit mask type}4%select{| and '%2' ANDs its result with it, "
                  "dropping lanes %5-%6}7")
             << Bits << quoted(Mask->getSourceRange(), Ctx) << Name << (Bits - 1)
             << (SignExtends ? 1 : 0) << Bits << (T.WaveSize - 1) << (AndsResult ? 1 : 0);
    const auto *Lit = dyn_cast<IntegerLiteral>(Mask);
    // Under `if (tid < 32)` the 32-bit mask names exactly the lanes that run:
    // all 64 would name lanes that do not (a trap in ROCm's debug builds).
    // Keeping lanes 0-31 in a 64-bit mask is right there only if the
    // condition really bounds the wavefront: no fix-it either way.
    bool LaneBounded = AllOnes && inLaneBoundedBranch(Call, Ctx);
    if (!inMacro(Mask->getSourceRange()) && isLiteral(Mask) && (AllOnes || Lit) &&
        !LaneBounded) {
      std::string Text = AllOnes ? FullMask64.str()
                                 : quoted(Mask->getSourceRange(), Ctx);
      if (!AllOnes)
        Text = llvm::StringRef(Text).rtrim("uUlL").str() + "ull";
      D << FixItHint::CreateReplacement(Mask->getSourceRange(), Text);
    }
  }
  if (Var && !inSystemCode(Var->getLocation(), SM))
    diag(Var->getLocation(), "'%0' is declared with a %1-bit type here", DiagnosticIDs::Note)
        << Var->getName() << Bits;
}

} // namespace wavecheck
