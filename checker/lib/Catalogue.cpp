#include "lib/Catalogue.h"
#include "lib/Embedded.h"

#include "clang-tidy/ClangTidyModule.h"
#include <algorithm>
#include <vector>

namespace wavecheck {

namespace {
const EmbeddedFile Docs[] = {
#include "RuleDocs.inc"
    {nullptr, nullptr}};

llvm::StringRef docFor(llvm::StringRef Name) {
  return findEmbedded(Docs, Name.str() + ".md");
}
} // namespace

llvm::ArrayRef<RuleInfo> catalogue() {
  static const std::vector<RuleInfo> Rules = [] {
    std::vector<RuleInfo> R;
#define WAVECHECK_CHECK(NAME, CLASS, HEADER, SUMMARY, TIERS)                   \
  R.push_back({NAME, SUMMARY, docFor(NAME), TIERS});
#include "checks/Checks.def"
    return R;
  }();
  return Rules;
}

const RuleInfo *findRule(llvm::StringRef Name) {
  for (const RuleInfo &R : catalogue())
    if (R.Name == Name)
      return &R;
  return nullptr;
}

std::vector<std::string> registeredChecks() {
  clang::tidy::ClangTidyCheckFactories Factories;
  for (const auto &Entry : clang::tidy::ClangTidyModuleRegistry::entries())
    Entry.instantiate()->addCheckFactories(Factories);
  std::vector<std::string> Names;
  for (const auto &F : Factories)
    Names.push_back(F.getKey().str());
  std::sort(Names.begin(), Names.end());
  return Names;
}

llvm::ArrayRef<llvm::StringRef> requiredDocSections() {
  static const llvm::StringRef Sections[] = {
      "## What it finds",     "## Why it is wrong on MI300X", "## Bad and good",
      "## Fix",               "## Options",                   "## Limitations",
      "## Runtime counterpart"};
  return Sections;
}

} // namespace wavecheck
