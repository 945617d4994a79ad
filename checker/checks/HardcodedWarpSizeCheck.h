//===--- HardcodedWarpSizeCheck.h - wave64-hardcoded-warp-size ---===//
///
/// \file
/// Flags the literal 32 used as the wavefront size.
///
/// For the user-facing documentation see rules/wave64-hardcoded-warp-size.md.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_HARDCODEDWARPSIZECHECK_H
#define WAVECHECK_CHECKS_HARDCODEDWARPSIZECHECK_H

#include "clang-tidy/ClangTidyCheck.h"

namespace wavecheck {

class HardcodedWarpSizeCheck : public clang::tidy::ClangTidyCheck {
public:
  HardcodedWarpSizeCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
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
