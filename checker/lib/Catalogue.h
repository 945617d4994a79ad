//===--- Catalogue.h - the rule catalogue: names, summaries, docs ----------===//
///
/// \file
/// One entry per check of checks/Checks.def, with its user doc from
/// rules/<name>.md (embedded at build time), so `--list-checks`,
/// `--explain` and the docs cannot disagree.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_CATALOGUE_H
#define WAVECHECK_LIB_CATALOGUE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace wavecheck {

struct RuleInfo {
  llvm::StringRef Name;    ///< stable check name, e.g. "wave64-lane-mask-width"
  llvm::StringRef Summary; ///< one line
  llvm::StringRef Doc;     ///< rules/<Name>.md; empty if the doc is missing
  /// Who reports it: "ast" (the clang-tidy check) or "ast,model" (the wave
  /// model too; docs/wave-model.md).
  llvm::StringRef Tiers;
};

/// Every rule, in Checks.def order.
llvm::ArrayRef<RuleInfo> catalogue();

/// The rule named \p Name, or nullptr.
const RuleInfo *findRule(llvm::StringRef Name);

/// Names of the checks the linked clang-tidy modules register, sorted:
/// what the binary can actually run (tests compare it with Checks.def).
std::vector<std::string> registeredChecks();

/// The section headings every rule doc has, in order (tests/CatalogueTest.cpp).
llvm::ArrayRef<llvm::StringRef> requiredDocSections();

} // namespace wavecheck

#endif
