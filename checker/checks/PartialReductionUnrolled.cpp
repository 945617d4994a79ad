//===--- PartialReductionUnrolled.cpp - unrolled shuffle ladders -----------===//
///
/// \file
/// Form (a) of wave64-partial-reduction written out step by step: runs of
/// shuffles whose constant offsets halve from 16, and the fix-it that puts a
/// step folding lanes 32-63 (`if (warpSize > 32) ...`) in front of the first.
///
//===----------------------------------------------------------------------===//
#include "checks/PartialReductionCheck.h"
#include "checks/PartialReductionReport.h"
#include "checks/NodeContext.h"

#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace wavecheck {
using namespace partial_reduction::detail;

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

} // namespace wavecheck
