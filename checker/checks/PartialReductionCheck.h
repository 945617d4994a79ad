//===--- PartialReductionCheck.h - wave64-partial-reduction ---===//
///
/// \file
/// Flags shuffle reductions and scans that never fold lanes 32-63.
///
/// For the user-facing documentation see rules/wave64-partial-reduction.md.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_PARTIALREDUCTIONCHECK_H
#define WAVECHECK_CHECKS_PARTIALREDUCTIONCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace wavecheck {

class PartialReductionCheck : public clang::tidy::ClangTidyCheck {
public:
  PartialReductionCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  std::optional<clang::TraversalKind> getCheckTraversalKind() const override {
    return clang::TK_IgnoreUnlessSpelledInSource;
  }

private:
  const std::string OffloadArch; ///< global option set per pass by the driver
};

} // namespace wavecheck

#endif
