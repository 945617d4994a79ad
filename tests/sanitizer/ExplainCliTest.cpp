//===--- ExplainCliTest.cpp - `wavesan explain` -----------------------------===//
///
/// \file
/// The built `wavesan` binary prints a report kind's rule doc, byte for byte the file in
/// rules/ (read here from the source tree), for the kind's name and for its rule id; a
/// wrong kind exits 2 naming it and listing the known kinds.
///
//===----------------------------------------------------------------------===//
#include "ReportChild.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace {

using wavesan::test::ProgramRun;
using wavesan::test::runProgram;

std::string sourceFile(const std::string &Relative) {
  std::ifstream In(std::string(WAVESAN_SOURCE_DIR) + "/" + Relative);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

ProgramRun explain(std::vector<std::string> Args) {
  Args.insert(Args.begin(), {WAVESAN_CLI, "explain"});
  return runProgram(Args, nullptr);
}

TEST(ExplainCli, PrintsTheRuntimeRuleDocOfAKind) {
  const std::string Doc = sourceFile("rules/runtime/barrier-deadlock.md");
  ASSERT_FALSE(Doc.empty());
  const ProgramRun R = explain({"barrier-deadlock"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Err, "");
  EXPECT_EQ(R.Out, Doc);
}

// reduction-mismatch is a kind whose rule has another name (reference-mismatch); the
// partial wave operation maps to a static rule, rules/wave64-hardcoded-warp-size.md.
TEST(ExplainCli, KindAndRuleIdNameTheSameDoc) {
  const std::string Reference = sourceFile("rules/runtime/reference-mismatch.md");
  ASSERT_FALSE(Reference.empty());
  EXPECT_EQ(explain({"reduction-mismatch"}).Out, Reference);
  EXPECT_EQ(explain({"reference-mismatch"}).Out, Reference);
  const std::string Static = sourceFile("rules/wave64-hardcoded-warp-size.md");
  ASSERT_FALSE(Static.empty());
  EXPECT_EQ(explain({"wave-op-partial"}).Out, Static);
}

TEST(ExplainCli, UnknownOrMissingKindExits2ListingTheKinds) {
  const ProgramRun R = explain({"barrier-deadlok"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Out, "");
  EXPECT_EQ(R.Err.rfind("wavesan explain: error: unknown kind 'barrier-deadlok'; expected one "
                        "of ", 0), 0u) << R.Err;
  for (const char *Known : {"barrier-deadlock", "kernel-fault", "launch-underfilled-grid",
                            "lane-mask-truncated", "gemm-k-tail-missing"})
    EXPECT_NE(R.Err.find(Known), std::string::npos) << Known << " not listed: " << R.Err;
  const ProgramRun None = explain({});
  EXPECT_EQ(None.ExitCode, 2);
  EXPECT_EQ(None.Err.rfind("wavesan explain: error: missing kind; expected one of ", 0), 0u)
      << None.Err;
  const ProgramRun Option = explain({"--all"});
  EXPECT_EQ(Option.ExitCode, 2);
  EXPECT_EQ(Option.Err,
            "wavesan explain: error: unknown option '--all'; see 'wavesan explain --help'\n");
}

// The runtime names the doc's absolute path (ReportKinds.RuntimeRuleDocPath...); when
// there is none it says `wavesan explain <id>`, which must then work for every rule id a
// report can print. Rule ids listed by hand from rules/runtime/.
TEST(ExplainCli, EveryRuntimeRuleIdIsExplained) {
  for (const char *Id : {"barrier-deadlock", "block-too-large", "double-free",
                         "gemm-k-tail-missing", "gemm-tile-mismatch", "gemm-transposed-output",
                         "grid-sync-invalid", "grid-too-large", "inactive-lane-read",
                         "invalid-free", "kernel-fault", "kernel-timeout",
                         "launch-underfilled-grid", "lds-out-of-bounds", "lds-over-limit",
                         "reference-mismatch", "shuffle-lane-out-of-range",
                         "shuffle-width-invalid", "wave-lds-race", "wave-op-divergent",
                         "wave-size-divergence"}) {
    const ProgramRun R = explain({Id});
    EXPECT_EQ(R.ExitCode, 0) << Id << ": " << R.Err;
    EXPECT_EQ(R.Out, sourceFile(std::string("rules/runtime/") + Id + ".md")) << Id;
  }
}

} // namespace
