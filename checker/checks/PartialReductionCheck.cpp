#include "checks/PartialReductionCheck.h"
#include "checks/Targets.h"
#include "checks/WaveMatchers.h"

using namespace clang::ast_matchers;

namespace wavecheck {

PartialReductionCheck::PartialReductionCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      OffloadArch(Options.getLocalOrGlobal("OffloadArch", "")) {}

void PartialReductionCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {}

void PartialReductionCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      integerLiteral(equals(32), hasAncestor(functionDecl())).bind("lit"), this);
}

void PartialReductionCheck::check(const MatchFinder::MatchResult &Result) {
  if (resolveTarget(OffloadArch, *Result.Context).WaveSize != 64)
    return;
  const auto *Lit = Result.Nodes.getNodeAs<clang::IntegerLiteral>("lit");
  diag(Lit->getBeginLoc(), "stub");
}

} // namespace wavecheck
