//===--- PartialReductionReport.cpp - how wave64-partial-reduction reports -===//
///
/// \file
/// The helpers of PartialReductionReport.h, and the notes of
/// wave64-partial-reduction: what makes a 32-lane result wrong here
/// (LaneGroups, built once per translation unit) and why a function with rows
/// of `blockDim.x` threads gets no fix-it.
///
//===----------------------------------------------------------------------===//
#include "checks/PartialReductionReport.h"
#include "checks/PartialReductionCheck.h"
#include "checks/NodeContext.h"

#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace wavecheck {
using namespace partial_reduction::detail;

namespace partial_reduction::detail {

CharSourceRange fileRange(const Expr *E, const MatchResult &R) {
  return wavecheck::fileRange(E->getSourceRange(), *R.Context);
}

FixItHint replaceWith(const Expr *E, llvm::StringRef Text, const MatchResult &R) {
  CharSourceRange Range = fileRange(E, R);
  return Range.isValid() ? FixItHint::CreateReplacement(Range, Text) : FixItHint();
}

SourceLocation reportLoc(const Expr *E, const MatchResult &R) {
  return R.SourceManager->getFileLoc(E->getBeginLoc());
}

bool hasWidenedMask(const ShuffleCall &S, const ASTContext &Ctx) {
  return isWidenedMask(S.Mask, Ctx);
}

/// The first `threadIdx.y`-style read (findBlockRowIndex()) in the function
/// around \p S, a lambda counting as the function it is written in.
static const Expr *blockRowIndexAround(const Stmt *S, ASTContext &Ctx) {
  const FunctionDecl *Fn = owningFunction(enclosingFunction(S, Ctx));
  return Fn ? findBlockRowIndex(Fn->getBody()) : nullptr;
}

FixItHint unlessRows(const Stmt *S, FixItHint Fix, const Expr *&Row, const MatchResult &R) {
  Row = blockRowIndexAround(S, *R.Context);
  return Row ? FixItHint() : Fix;
}

const char *const LadderMessage =
    "shuffle reduction starts at offset 16 and never folds lanes 32-63 of the "
    "64-lane wavefront; lane 0 holds the result of lanes 0-31 only%1";
const char *const WidenedMaskNote =
    " (the 64-bit mask names lanes 32-63, but the ladder never reads them)";

llvm::StringRef sourceText(const Expr *E, const MatchResult &R) {
  return Lexer::getSourceText(fileRange(E, R), *R.SourceManager,
                              R.Context->getLangOpts());
}

bool consumedPerWave(const LaneGroupFacts &F) { return F.Wave || F.Crossing; }

FixItHint ifCertain(const LaneGroupFacts &F, FixItHint Fix) {
  return F.Group32 || F.WaveFromMaskOnly ? FixItHint() : Fix;
}

} // namespace partial_reduction::detail

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

} // namespace wavecheck
