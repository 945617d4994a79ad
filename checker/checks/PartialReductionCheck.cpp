//===--- PartialReductionCheck.cpp - wave64-partial-reduction ---------------===//
///
/// \file
/// The matchers of wave64-partial-reduction, and forms (a) and (b) as a loop
/// over the shuffle offset and form (c), lane 31 as the last lane. The
/// unrolled form (a) is in PartialReductionUnrolled.cpp; how findings are
/// reported in PartialReductionReport.h.
///
//===----------------------------------------------------------------------===//
#include "checks/PartialReductionCheck.h"
#include "checks/NodeContext.h"
#include "checks/PartialReductionReport.h"
#include "checks/WaveMatchers.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace wavecheck {

using namespace partial_reduction::detail;

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
