//===--- CatalogueTest.cpp - every rule has all its pieces -----------------===//
///
/// A rule is done when its pieces agree (docs/design.md, "Checks"): an entry in
/// Checks.def, a check registered under that name (listed by the binary and by
/// the clang-tidy plugin), a doc in rules/, and testdata with positives and
/// negatives.
///
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>
#include <set>

using namespace wavecheck::test;

namespace {

struct Rule {
  const char *Name;
  const char *Summary;
  const char *Tiers;
};
const Rule Catalogue[] = {
#define WAVECHECK_CHECK(NAME, CLASS, HEADER, SUMMARY, TIERS) {NAME, SUMMARY, TIERS},
#include "checks/Checks.def"
};

std::set<std::string> listedNames(const std::string &Out) {
  std::set<std::string> Names;
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(Out).split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    L = L.trim();
    for (const Rule &R : Catalogue)
      if (L == R.Name)
        Names.insert(L.str());
  }
  return Names;
}

std::set<std::string> catalogueNames() {
  std::set<std::string> S;
  for (const Rule &R : Catalogue)
    S.insert(R.Name);
  return S;
}

TEST(Catalogue, EveryRuleHasADocMentioningIt) {
  for (const Rule &R : Catalogue) {
    std::string Doc = readFile(std::string(WAVECHECK_SOURCE_DIR) + "/rules/" + R.Name + ".md");
    EXPECT_FALSE(Doc.empty()) << "rules/" << R.Name << ".md is missing";
    EXPECT_NE(Doc.find(R.Name), std::string::npos) << "doc does not name " << R.Name;
  }
}

TEST(Catalogue, EveryDocHasTheRequiredSectionsInOrder) {
  // The same list --explain documents; written out here, not taken from the
  // code under test.
  const char *Sections[] = {"## What it finds",  "## Why it is wrong on MI300X",
                            "## Bad and good",   "## Fix",
                            "## Options",        "## Limitations",
                            "## Runtime counterpart"};
  for (const Rule &R : Catalogue) {
    std::string Doc = readFile(std::string(WAVECHECK_SOURCE_DIR) + "/rules/" + R.Name + ".md");
    EXPECT_EQ(Doc.rfind(std::string("# ") + R.Name + "\n", 0), 0u)
        << R.Name << ": the doc must start with '# " << R.Name << "'";
    size_t Pos = 0;
    for (const char *S : Sections) {
      size_t At = Doc.find(std::string("\n") + S + "\n", Pos);
      EXPECT_NE(At, std::string::npos) << R.Name << ": missing or out of order: " << S;
      if (At != std::string::npos)
        Pos = At + 1;
    }
  }
}

TEST(Catalogue, ExplainPrintsTheDocAndRejectsUnknownChecks) {
  for (const Rule &R : Catalogue) {
    ProcessResult P = runWavecheck({std::string("--explain=") + R.Name});
    EXPECT_EQ(P.ExitCode, 0) << R.Name;
    std::string Doc = readFile(std::string(WAVECHECK_SOURCE_DIR) + "/rules/" + R.Name + ".md");
    EXPECT_EQ(P.Out, Doc) << R.Name << ": --explain must print rules/" << R.Name << ".md";
  }
  ProcessResult P = runWavecheck({"--explain=no-such-check"});
  EXPECT_EQ(P.ExitCode, 2);
  EXPECT_NE(P.Err.find("no-such-check"), std::string::npos) << P.Err;
}

TEST(Catalogue, EveryRuleHasPositiveAndNegativeTestdata) {
  for (const Rule &R : Catalogue) {
    std::string Dir = testdataDir() + "/checks/" + R.Name;
    unsigned Positive = 0, Negative = 0;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC)) {
      if (llvm::sys::path::extension(It->path()) == ".fixed")
        continue;
      std::string Text = readFile(It->path());
      if (Text.find(std::string("[") + R.Name + "]") != std::string::npos)
        ++Positive;
      else if (Text.find("CHECK-MESSAGES") == std::string::npos)
        ++Negative;
    }
    EXPECT_GT(Positive, 0u) << R.Name << ": no testdata file expects a finding";
    EXPECT_GT(Negative, 0u) << R.Name << ": no testdata file without findings";
  }
}

TEST(Catalogue, TiersAgreeWithTheDocsAndTheListing) {
  // A rule the wave model reports says so in its doc (which --explain
  // prints), and --list-checks names the tiers.
  ProcessResult P = runWavecheck({"--list-checks"});
  ASSERT_EQ(P.ExitCode, 0) << P.Err;
  for (const Rule &R : Catalogue) {
    std::string Doc = readFile(std::string(WAVECHECK_SOURCE_DIR) + "/rules/" + R.Name + ".md");
    bool Model = std::string(R.Tiers) == "ast,model";
    EXPECT_TRUE(Model || std::string(R.Tiers) == "ast") << R.Name << ": " << R.Tiers;
    EXPECT_EQ(Doc.find("### Found by the wave model") != std::string::npos, Model) << R.Name;
    std::string Line = std::string(R.Name) + "\n    " + R.Summary + "\n    found by: " +
                       (Model ? "the AST tier and the wave model" : "the AST tier") + "\n";
    EXPECT_NE(P.Out.find(Line), std::string::npos) << Line << "\nin:\n" << P.Out;
  }
}

TEST(Catalogue, BinaryListsExactlyTheCatalogue) {
  ProcessResult R = runWavecheck({"--list-checks"});
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_EQ(listedNames(R.Out), catalogueNames()) << R.Out;
}

TEST(Catalogue, ClangTidyPluginRegistersEveryCheck) {
  if (!llvm::sys::fs::exists("/usr/bin/clang-tidy-22"))
    GTEST_SKIP() << "clang-tidy-22 is not installed";
  // A failed --load is not fatal for clang-tidy, so the listing is the test.
  ProcessResult R = runClangTidy({std::string("--load=") + WAVECHECK_PLUGIN,
                                  "--checks=-*,wave64-*,fp8-*,xcd-*", "--list-checks"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(listedNames(R.Out), catalogueNames()) << R.Out << R.Err;
}

} // namespace
