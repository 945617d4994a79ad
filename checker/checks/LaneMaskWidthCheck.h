//===--- LaneMaskWidthCheck.h - wave64-lane-mask-width ---===//
///
/// \file
/// Flags 64-bit lane masks narrowed to, or built in, 32 bits.
///
/// For the user-facing documentation see rules/wave64-lane-mask-width.md.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_LANEMASKWIDTHCHECK_H
#define WAVECHECK_CHECKS_LANEMASKWIDTHCHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace wavecheck {

class LaneMaskWidthCheck : public clang::tidy::ClangTidyCheck {
public:
  LaneMaskWidthCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
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
