//===--- PartialReductionCheck.cpp - wave64-partial-reduction ---------------===//
#include "checks/PartialReductionCheck.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace wavecheck {

using MatchResult = MatchFinder::MatchResult;

/// The wave size this check is about; other targets give no finding.
static constexpr unsigned Wave64 = 64;
/// First offset of a halving ladder written for a 32-lane warp (half of 32).
static constexpr int64_t Warp32HalfOffset = 16;
/// Exclusive bound of a doubling scan written for a 32-lane warp.
static constexpr int64_t Warp32Size = 32;
/// The last lane of a 32-lane warp: where a CUDA scan leaves its total.
static constexpr int64_t Warp32LastLane = 31;
/// Steps an unrolled ladder needs (16, 8, ...): one lone `__shfl_xor(v, 16)`
/// swaps halves, it is not a reduction.
static constexpr size_t MinUnrolledSteps = 2;
/// Masks above this value name lanes 32-63: a mask widened to 64 bits.
static constexpr uint64_t Mask32 = 0xffffffffull;
/// Bits of a lane mask with one bit per lane of a wave64 wavefront.
static constexpr uint64_t LaneMaskBits64 = 64;

namespace {

/// What the increment of a loop does to its variable.
enum class Step { Other, Halving, Doubling };

/// A lane index (isLaneId) other than the bare thread index, which in a
/// block of several waves is no lane.
AST_MATCHER(Expr, isLaneIndex) {
  return isLaneId(&Node, Finder->getASTContext(), /*BareThreadIndex=*/false);
}
} // namespace

static bool refersTo(const Expr *E, const VarDecl *V) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenCasts() : nullptr);
  return DRE && DRE->getDecl() == V;
}

/// `v /= 2`, `v >>= 1`, `v = v / 2`, `v = v >> 1` halve; `v *= 2`, `v <<= 1`,
/// `v += v`, `v = v * 2`, `v = 2 * v`, `v = v << 1` double.
static Step stepOf(const Expr *Inc, const VarDecl *V, const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(Inc->IgnoreParenImpCasts());
  if (!BO || !refersTo(BO->getLHS(), V))
    return Step::Other;
  BinaryOperatorKind Op = BO_Comma;
  const Expr *Operand = BO->getRHS();
  if (BO->isCompoundAssignmentOp()) {
    Op = BinaryOperator::getOpForCompoundAssignment(BO->getOpcode());
  } else if (const auto *RHS = dyn_cast<BinaryOperator>(Operand->IgnoreParenImpCasts());
             RHS && BO->getOpcode() == BO_Assign) {
    Op = RHS->getOpcode();
    bool Commutes = Op == BO_Mul || Op == BO_Add;
    if (refersTo(RHS->getLHS(), V))
      Operand = RHS->getRHS();
    else if (Commutes && refersTo(RHS->getRHS(), V))
      Operand = RHS->getLHS();
    else
      return Step::Other;
  }
  std::optional<int64_t> C = constantValue(Operand, Ctx);
  switch (Op) {
  case BO_Div:
    return C == 2 ? Step::Halving : Step::Other;
  case BO_Shr:
    return C == 1 ? Step::Halving : Step::Other;
  case BO_Mul:
    return C == 2 ? Step::Doubling : Step::Other;
  case BO_Shl:
    return C == 1 ? Step::Doubling : Step::Other;
  case BO_Add:
    return refersTo(Operand, V) ? Step::Doubling : Step::Other;
  default:
    return Step::Other;
  }
}

/// True when the halving loop \p Loop over \p Var ends before offset 1
/// (`o >= 4`, `o > 2`): it reduces across a strided subset of the lanes that
/// the data layout gives (an MMA tile), not across a warp.
static bool stopsAbove1(const ForStmt *Loop, const VarDecl *Var, const ASTContext &Ctx) {
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      Loop->getCond() ? Loop->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || !refersTo(Cond->getLHS(), Var))
    return false;
  std::optional<int64_t> B = constantValue(Cond->getRHS(), Ctx);
  return B && ((Cond->getOpcode() == BO_GE && *B > 1) || (Cond->getOpcode() == BO_GT && *B >= 1));
}

/// A shuffle offset: its constant value, or half the wave for `warpSize / 2`
/// and `warpSize >> 1` (so a ladder fixed by this check reads 32, 16, ...).
static std::optional<int64_t> offsetValue(const Expr *E, const ASTContext &Ctx,
                                          unsigned WaveSize) {
  if (std::optional<int64_t> V = constantValue(E, Ctx))
    return V;
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO || !isWarpSizeRef(BO->getLHS()))
    return std::nullopt;
  std::optional<int64_t> R = constantValue(BO->getRHS(), Ctx);
  if ((BO->getOpcode() == BO_Div && R == 2) || (BO->getOpcode() == BO_Shr && R == 1))
    return WaveSize / 2;
  return std::nullopt;
}

static CharSourceRange fileRange(const Expr *E, const MatchResult &R) {
  return fileRange(E->getSourceRange(), *R.Context);
}

/// Replaces \p E as written (a macro use as a whole) by \p Text; no fix-it
/// when \p E is only part of a macro expansion.
static FixItHint replaceWith(const Expr *E, llvm::StringRef Text, const MatchResult &R) {
  CharSourceRange Range = fileRange(E, R);
  return Range.isValid() ? FixItHint::CreateReplacement(Range, Text) : FixItHint();
}

static SourceLocation reportLoc(const Expr *E, const MatchResult &R) {
  return R.SourceManager->getFileLoc(E->getBeginLoc());
}

/// A `_sync` shuffle whose mask was widened to name lanes 32-63
/// (isWidenedMask()).
static bool hasWidenedMask(const ShuffleCall &S, const ASTContext &Ctx) {
  return isWidenedMask(S.Mask, Ctx);
}

/// The first `threadIdx.y`-style read (findBlockRowIndex()) in the function
/// around \p S, a lambda counting as the function it is written in.
static const Expr *blockRowIndexAround(const Stmt *S, ASTContext &Ctx) {
  const FunctionDecl *Fn = owningFunction(enclosingFunction(S, Ctx));
  return Fn ? findBlockRowIndex(Fn->getBody()) : nullptr;
}

/// \p Fix, unless the function around \p S lays the block out in rows of
/// `blockDim.x` threads (\p Row is then set): a row of 32 threads shares a
/// wave64 with the next row, and widening the reduction would mix the two.
static FixItHint unlessRows(const Stmt *S, FixItHint Fix, const Expr *&Row,
                            const MatchResult &R) {
  Row = blockRowIndexAround(S, *R.Context);
  return Row ? FixItHint() : Fix;
}

static const char *const LadderMessage =
    "shuffle reduction starts at offset 16 and never folds lanes 32-63 of the "
    "64-lane wavefront; lane 0 holds the result of lanes 0-31 only%1";
static const char *const WidenedMaskNote =
    " (the 64-bit mask names lanes 32-63, but the ladder never reads them)";

static llvm::StringRef sourceText(const Expr *E, const MatchResult &R) {
  return Lexer::getSourceText(fileRange(E, R), *R.SourceManager,
                              R.Context->getLangOpts());
}

/// After a finding in a function with rows of `blockDim.x` threads (\p Row
/// is where it says so): why there is no fix-it, and what to do instead.
void PartialReductionCheck::noteRows(const Expr *Row, const MatchResult &R) {
  if (!Row)
    return;
  const SourceManager &SM = *R.SourceManager;
  diag(reportLoc(Row, R),
       "this function lays the block out in rows of 'blockDim.x' threads ('%0'): rows "
       "of 32 threads share a 64-lane wavefront in pairs, so no fix-it is offered; make "
       "each row a 32-lane logical warp instead, with width 32 on every shuffle",
       DiagnosticIDs::Note)
      << Lexer::getSourceText(SM.getExpansionRange(Row->getSourceRange()), SM,
                              R.Context->getLangOpts());
}

PartialReductionCheck::PartialReductionCheck(llvm::StringRef Name,
                                             clang::tidy::ClangTidyContext *Context)
    : WaveCheck(Name, Context) {}

void PartialReductionCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  WaveCheck::storeOptions(Opts);
}

void PartialReductionCheck::registerMatchers(MatchFinder *Finder) {
  auto FullWaveShuffle = allOf(isShuffleCall(), shuffleWidthIs(WidthKind::FullWave));
  auto LoopVar = varDecl(hasType(isInteger())).bind("var");
  auto VarRef = declRefExpr(to(varDecl(equalsBoundNode("var"))));
  auto LoopInit = hasLoopInit(anyOf(
      declStmt(hasSingleDecl(varDecl(LoopVar, hasInitializer(expr().bind("init"))))),
      binaryOperator(hasOperatorName("="), hasLHS(declRefExpr(to(LoopVar))),
                     hasRHS(expr().bind("init")))));
  auto LadderLoop =
      forStmt(LoopInit, hasIncrement(expr().bind("step")),
              hasBody(hasDescendant(
                  callExpr(FullWaveShuffle, hasLaneArg(VarRef)).bind("call"))))
          .bind("loop");
  auto UnrolledLadder = functionDecl(
      isDefinition(),
      hasBody(hasDescendant(callExpr(FullWaveShuffle,
                                     hasLaneArg(hasIntValue(Warp32HalfOffset))))));
  auto LastLane = expr(hasIntValue(Warp32LastLane)).bind("lane");
  auto Broadcast = callExpr(FullWaveShuffle, shuffleKindIs(ShuffleKind::Idx),
                            hasLaneArg(LastLane))
                       .bind("call");
  auto FullWaveFunction =
      functionDecl(hasBody(hasDescendant(callExpr(FullWaveShuffle))),
                   unless(hasBody(hasDescendant(callExpr(shuffleWidthIs(WidthKind::Lanes32))))));
  auto LastLaneGuard =
      binaryOperator(hasAnyOperatorName("==", "!="),
                     hasOperands(expr(isLaneIndex()), LastLane),
                     hasAncestor(FullWaveFunction))
          .bind("guard");

  Finder->addMatcher(LadderLoop, this);
  Finder->addMatcher(UnrolledLadder.bind("fn"), this);
  Finder->addMatcher(stmt(anyOf(Broadcast, LastLaneGuard)).bind("last"), this);
}

LaneGroupFacts PartialReductionCheck::around(const Stmt *At, const MatchResult &R) {
  if (!Groups)
    Groups = std::make_unique<LaneGroups>(*R.Context);
  return Groups->around(enclosingFunction(At, *R.Context));
}

void PartialReductionCheck::noteWhy(const LaneGroupFacts &F) {
  if (F.Wave)
    diag(F.Wave.Loc,
         "'%0' groups lanes by the 64-lane wavefront, so the result is taken once per "
         "wavefront and the half from lanes 32-63 is lost",
         DiagnosticIDs::Note)
        << F.Wave.Code;
  else if (F.Crossing)
    diag(F.Crossing.Loc,
         "'%0' spans both 32-lane halves of the 64-lane wavefront, so lanes 32-63 see the "
         "result of lanes 0-31",
         DiagnosticIDs::Note)
        << F.Crossing.Code;
}

/// True when a result computed per 32-lane half is wrong around \p F: the
/// code groups lanes by the wavefront or spans both halves.
static bool consumedPerWave(const LaneGroupFacts &F) { return F.Wave || F.Crossing; }

/// \p Fix when it is certain: no 32-lane grouping around that the widened
/// ladder would break.
static FixItHint ifCertain(const LaneGroupFacts &F, FixItHint Fix) {
  return F.Group32 || F.WaveFromMaskOnly ? FixItHint() : Fix;
}

void PartialReductionCheck::check(const MatchResult &R) {
  const TargetProfile &T = target(*R.Context);
  if (T.WaveSize != Wave64)
    return;
  if (R.Nodes.getNodeAs<ForStmt>("loop"))
    return checkLoop(R, T);
  if (R.Nodes.getNodeAs<FunctionDecl>("fn"))
    return checkUnrolled(R, T);
  return checkLastLane(R, T);
}

/// True when \p Body holds `lane >= d` (or `d <= lane`) with \p Var as d and a
/// lane computed with 32 (`tid & 31`, `tid % 32`): the up-scan adds a value
/// only from a lane of the same 32-lane group, so it never carries anything
/// across the lane 31/32 boundary and each group gets its own scan, which is
/// what a 32-lane logical warp wants on wave64 too.
static bool guardedByGroupLane(const Stmt *Body, const VarDecl *Var, const ASTContext &Ctx) {
  if (!Body)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(Body)) {
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    if ((BO->getOpcode() == BO_GE && refersTo(R, Var) && laneIdComputedWith32(L, Ctx)) ||
        (BO->getOpcode() == BO_LE && refersTo(L, Var) && laneIdComputedWith32(R, Ctx)))
      return true;
  }
  for (const Stmt *C : Body->children())
    if (guardedByGroupLane(C, Var, Ctx))
      return true;
  return false;
}

/// Forms (a) and (b): a loop over the shuffle offset.
void PartialReductionCheck::checkLoop(const MatchResult &R, const TargetProfile &T) {
  const auto *Loop = R.Nodes.getNodeAs<ForStmt>("loop");
  const auto *Var = R.Nodes.getNodeAs<VarDecl>("var");
  const auto *Init = R.Nodes.getNodeAs<Expr>("init");
  const auto *Inc = R.Nodes.getNodeAs<Expr>("step");
  std::optional<ShuffleCall> Shfl = asShuffle(R.Nodes.getNodeAs<CallExpr>("call"));
  if (inSystemCode(Loop->getBeginLoc(), *R.SourceManager) ||
      inSystemCode(Shfl->Call->getBeginLoc(), *R.SourceManager))
    return;
  const ASTContext &Ctx = *R.Context;
  bool Reduction = Shfl->Kind == ShuffleKind::Xor || Shfl->Kind == ShuffleKind::Down;
  Step Dir = stepOf(Inc, Var, Ctx);

  if (Dir == Step::Halving) {
    if (!Reduction || constantValue(Init, Ctx) != Warp32HalfOffset || stopsAbove1(Loop, Var, Ctx))
      return;
    LaneGroupFacts F = around(Loop, R);
    if (!consumedPerWave(F))
      return;
    const Expr *Row = nullptr;
    diag(reportLoc(Init, R), LadderMessage)
        << T.Name << (hasWidenedMask(*Shfl, Ctx) ? WidenedMaskNote : "")
        << unlessRows(Loop, ifCertain(F, replaceWith(Init, "warpSize / 2", R)), Row, R);
    noteWhy(F);
    noteRows(Row, R);
    return;
  }
  if (Dir != Step::Doubling || Shfl->Kind == ShuffleKind::Idx)
    return;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      Loop->getCond() ? Loop->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond)
    return;
  // Normalise to `d OP bound`.
  BinaryOperatorKind Op = Cond->getOpcode();
  const Expr *Bound = Cond->getRHS();
  if (!refersTo(Cond->getLHS(), Var)) {
    if (!refersTo(Cond->getRHS(), Var))
      return;
    Bound = Cond->getLHS();
    Op = Op == BO_GT ? BO_LT : Op == BO_GE ? BO_LE : Op;
  }
  std::optional<int64_t> B = constantValue(Bound, Ctx);
  llvm::StringRef Fix;
  if ((Op == BO_LT || Op == BO_NE) && B == Warp32Size)
    Fix = "warpSize";
  else if (Op == BO_LE && B == Warp32HalfOffset)
    Fix = "warpSize / 2";
  else if (Op == BO_LE && B == Warp32LastLane)
    Fix = "warpSize - 1";
  else
    return;
  if (Shfl->Kind == ShuffleKind::Up && guardedByGroupLane(Loop->getBody(), Var, Ctx))
    return;
  LaneGroupFacts F = around(Loop, R);
  if (!consumedPerWave(F))
    return;
  const Expr *Row = nullptr;
  diag(reportLoc(Bound, R),
       Reduction ? "shuffle reduction stops at offset 16 and never folds lanes 32-63 "
                   "of the 64-lane wavefront; lane 0 holds the result of lanes "
                   "0-31 only"
                 : "shuffle scan stops at offset 16 and never carries lanes 0-31 into "
                   "lanes 32-63 of the 64-lane wavefront; lane 63 holds the scan "
                   "of lanes 32-63 only")
      << T.Name << unlessRows(Loop, ifCertain(F, replaceWith(Bound, Fix, R)), Row, R);
  noteWhy(F);
  noteRows(Row, R);
}

/// The step an unrolled fix copies: the expression statement holding \p S's
/// call, when it updates the shuffled value itself (`v += __shfl_xor(v, 16)`,
/// `v = max(v, __shfl_down(v, 16))`) and holds no other shuffle.
static const Expr *copyableStep(const ShuffleCall &S, const MatchResult &R) {
  auto [Cur, Block] =
      climbWhile(S.Call, *R.Context, [](const Stmt *P) { return isa<Expr>(P); });
  if (!isa_and_nonnull<CompoundStmt>(Block))
    return nullptr;
  const auto *Update = dyn_cast<BinaryOperator>(Cur);
  if (!Update || !Update->isAssignmentOp() ||
      sourceText(Update->getLHS(), R) != sourceText(S.Value, R))
    return nullptr;
  llvm::SmallVector<ShuffleCall, 2> Inside;
  collectShuffles(Cur, Inside);
  return Inside.size() == 1 ? Update : nullptr;
}

/// The unrolled fix: `if (warpSize > 32) <step with offset warpSize / 2>;`
/// in front of the first step. It folds lanes 32-63 on wave64 and does
/// nothing on wave32, where the guard is false.
static FixItHint insertHalfWaveStep(const ShuffleCall &First, const MatchResult &R) {
  const SourceManager &SM = *R.SourceManager;
  const LangOptions &LO = R.Context->getLangOpts();
  const Expr *StepExpr = copyableStep(First, R);
  if (!StepExpr)
    return FixItHint();
  CharSourceRange StepRange = fileRange(StepExpr, R);
  CharSourceRange OffRange = fileRange(First.LaneArg, R);
  if (StepRange.isInvalid() || OffRange.isInvalid())
    return FixItHint();
  unsigned Begin = SM.getFileOffset(StepRange.getBegin());
  unsigned OffBegin = SM.getFileOffset(OffRange.getBegin());
  unsigned OffEnd = SM.getFileOffset(OffRange.getEnd());
  std::string Text = Lexer::getSourceText(StepRange, SM, LO).str();
  Text.replace(OffBegin - Begin, OffEnd - OffBegin, "warpSize / 2");
  // Repeat the step's indentation when it starts its line.
  unsigned Col = SM.getSpellingColumnNumber(StepRange.getBegin());
  llvm::StringRef Line = SM.getBufferData(SM.getFileID(StepRange.getBegin()))
                             .substr(Begin - (Col - 1), Col - 1);
  std::string Sep = Line.trim().empty() ? ("\n" + Line).str() : " ";
  return FixItHint::CreateInsertion(StepRange.getBegin(),
                                    "if (warpSize > 32) " + Text + ";" + Sep);
}

/// Runs of at least MinUnrolledSteps shuffles in \p Calls whose offsets
/// halve from one call to the next, as (first index, length).
static llvm::SmallVector<std::pair<size_t, size_t>>
halvingRuns(llvm::ArrayRef<ShuffleCall> Calls, const ASTContext &Ctx,
            unsigned WaveSize) {
  llvm::SmallVector<std::pair<size_t, size_t>> Runs;
  std::optional<int64_t> Prev;
  size_t Start = 0, Length = 0;
  for (size_t I = 0; I <= Calls.size(); ++I) {
    std::optional<int64_t> Cur;
    if (I < Calls.size())
      Cur = offsetValue(Calls[I].LaneArg, Ctx, WaveSize);
    if (Cur && Prev && *Cur * 2 == *Prev) {
      ++Length;
      Prev = Cur;
      continue;
    }
    if (Length >= MinUnrolledSteps)
      Runs.push_back({Start, Length});
    Start = I;
    Length = Cur ? 1 : 0;
    Prev = Cur;
  }
  return Runs;
}

/// Form (a), unrolled: runs of constant offsets halving from 16, first per
/// shuffled value (`v += __shfl_xor(v, 16); v += __shfl_xor(v, 8)`), then
/// over the shuffles left, in source order (`b = a + __shfl_xor(a, 16);
/// c = b + __shfl_xor(b, 8)`).
void PartialReductionCheck::checkUnrolled(const MatchResult &R, const TargetProfile &T) {
  const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("fn");
  const ASTContext &Ctx = *R.Context;
  if (inSystemCode(Fn->getLocation(), *R.SourceManager))
    return;
  llvm::SmallVector<ShuffleCall, 16> All, Ladder, Leftover;
  collectShuffles(Fn->getBody(), All);
  llvm::MapVector<llvm::StringRef, llvm::SmallVector<ShuffleCall, 8>> ByValue;
  for (const ShuffleCall &S : All)
    if ((S.Kind == ShuffleKind::Xor || S.Kind == ShuffleKind::Down) && S.Value &&
        S.LaneArg && classifyWidth(S.Width, Ctx) == WidthKind::FullWave &&
        !inSystemCode(S.Call->getBeginLoc(), *R.SourceManager)) {
      Ladder.push_back(S);
      ByValue[sourceText(S.Value, R)].push_back(S);
    }

  llvm::SmallPtrSet<const CallExpr *, 16> InRun, EndsAt1;
  llvm::SmallVector<ShuffleCall, 4> Starts;
  auto Run = [&](llvm::ArrayRef<ShuffleCall> Calls, size_t Start, size_t Length) {
    if (offsetValue(Calls[Start + Length - 1].LaneArg, Ctx, T.WaveSize) == 1)
      EndsAt1.insert(Calls[Start].Call);
    Starts.push_back(Calls[Start]);
  };
  for (const auto &[Value, Calls] : ByValue)
    for (auto [Start, Length] : halvingRuns(Calls, Ctx, T.WaveSize)) {
      for (size_t I = Start; I < Start + Length; ++I)
        InRun.insert(Calls[I].Call);
      Run(Calls, Start, Length);
    }
  for (const ShuffleCall &S : Ladder)
    if (!InRun.contains(S.Call))
      Leftover.push_back(S);
  for (auto [Start, Length] : halvingRuns(Leftover, Ctx, T.WaveSize))
    Run(Leftover, Start, Length);
  auto reachesOffset1 = [&](const ShuffleCall &First) { return EndsAt1.contains(First.Call); };

  for (const ShuffleCall &First : Starts) {
    if (offsetValue(First.LaneArg, Ctx, T.WaveSize) != Warp32HalfOffset)
      continue;
    if (!reachesOffset1(First))
      continue; // `16, 8, 1`: lanes an MMA layout groups, not a warp reduction
    LaneGroupFacts F = around(First.Call, R);
    if (!consumedPerWave(F))
      continue;
    const Expr *Row = nullptr;
    diag(reportLoc(First.LaneArg, R), LadderMessage)
        << T.Name << (hasWidenedMask(First, Ctx) ? WidenedMaskNote : "")
        << unlessRows(First.Call, ifCertain(F, insertHalfWaveStep(First, R)), Row, R);
    noteWhy(F);
    noteRows(Row, R);
  }
}

/// Form (c): lane 31 used as the last lane of the wave.
void PartialReductionCheck::checkLastLane(const MatchResult &R, const TargetProfile &T) {
  const auto *Lane = R.Nodes.getNodeAs<Expr>("lane");
  const auto *Node = R.Nodes.getNodeAs<Stmt>("last");
  if (inSystemCode(Node->getBeginLoc(), *R.SourceManager))
    return;
  const auto *Call = R.Nodes.getNodeAs<CallExpr>("call");
  LaneGroupFacts F = around(Node, R);
  // `lane == 31` with `lane = tid % 32` is the last lane of each 32-lane
  // group: consistent, whatever else the code does.
  const auto *Guard = R.Nodes.getNodeAs<BinaryOperator>("guard");
  if (Guard && (laneIdComputedWith32(Guard->getLHS(), *R.Context) ||
                laneIdComputedWith32(Guard->getRHS(), *R.Context)))
    return;
  if (!Call && !F.Wave)
    return;
  const Expr *Row = nullptr;
  FixItHint Fix =
      unlessRows(Node, ifCertain(F, replaceWith(Lane, "warpSize - 1", R)), Row, R);
  if (Call)
    diag(reportLoc(Lane, R),
         "'%0' from lane 31 reads the middle of the 64-lane wavefront, not its "
         "last lane 63; a total or carry taken there misses lanes 32-63")
        << calleeName(Call) << T.Name << Fix;
  else
    diag(reportLoc(Lane, R),
         "lane 31 is not the last lane of the 64-lane wavefront; a guard on it "
         "picks a lane whose value misses lanes 32-63")
        << T.Name << Fix;
  if (!Call)
    noteWhy(F);
  noteRows(Row, R);
}

} // namespace wavecheck
