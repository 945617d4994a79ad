#include "checks/LaneMaskWidthCheck.h"
#include "checks/Targets.h"
#include "checks/WaveMatchers.h"

using namespace clang::ast_matchers;

namespace wavecheck {

LaneMaskWidthCheck::LaneMaskWidthCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      OffloadArch(Options.getLocalOrGlobal("OffloadArch", "")) {}

void LaneMaskWidthCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {}

void LaneMaskWidthCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      integerLiteral(equals(32), hasAncestor(functionDecl())).bind("lit"), this);
}

void LaneMaskWidthCheck::check(const MatchFinder::MatchResult &Result) {
  if (resolveTarget(OffloadArch, *Result.Context).WaveSize != 64)
    return;
  const auto *Lit = Result.Nodes.getNodeAs<clang::IntegerLiteral>("lit");
  diag(Lit->getBeginLoc(), "stub");
}

} // namespace wavecheck
