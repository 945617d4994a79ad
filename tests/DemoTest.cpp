//===--- DemoTest.cpp - the main job on the bundled demo project -----------===//
///
/// `wavecheck -p testdata/demo` must report exactly the findings of
/// testdata/demo/expected-findings.txt (written by hand from EXPECTED.md),
/// drop the nvcc-only flags with a note, and analyse every file.
///
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include "llvm/Support/Path.h"
#include <gtest/gtest.h>
#include <set>

using namespace wavecheck::test;

namespace {

std::set<std::string> golden() {
  std::set<std::string> S;
  llvm::SmallVector<llvm::StringRef> Lines;
  std::string Text = readFile(testdataDir() + "/demo/expected-findings.txt");
  llvm::StringRef(Text).split(Lines, '\n', -1, false);
  for (llvm::StringRef L : Lines)
    if (!L.trim().empty() && !L.starts_with("#"))
      S.insert(L.trim().str());
  return S;
}

TEST(Demo, FindsExactlyTheGoldenFindings) {
  std::string Demo = testdataDir() + "/demo";
  ProcessResult R = runWavecheck({"--format=json", "-p", "."}, Demo);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  llvm::json::Object J = parseReport(R.Out);
  ASSERT_TRUE(J.getArray("errors"));
  EXPECT_TRUE(J.getArray("errors")->empty()) << R.Out;
  std::set<std::string> Got;
  for (const llvm::json::Value &V : *J.getArray("findings")) {
    const llvm::json::Object &F = *V.getAsObject();
    Got.insert(llvm::sys::path::filename(*F.getString("file")).str() + ":" +
               std::to_string(*F.getInteger("line")) + ":" +
               std::to_string(*F.getInteger("column")) + ": " +
               F.getString("check")->str());
  }
  std::set<std::string> Want = golden();
  ASSERT_EQ(Want.size(), 16u) << "the golden list itself changed";
  for (const std::string &W : Want)
    EXPECT_TRUE(Got.count(W)) << "missing: " << W;
  for (const std::string &G : Got)
    EXPECT_TRUE(Want.count(G)) << "unexpected: " << G;
}

TEST(Demo, DropsNvccFlagsWithANote) {
  ProcessResult R = runWavecheck({"--format=json", "-p", "."}, testdataDir() + "/demo");
  EXPECT_NE(R.Err.find("dropped nvcc-only flag '--expt-relaxed-constexpr'"),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("dropped nvcc-only flag '-Xcompiler=-fPIC'"), std::string::npos)
      << R.Err;
}

TEST(Demo, TextReportHasOneSummaryLinePerFileWithFindings) {
  ProcessResult R = runWavecheck({"-p", "."}, testdataDir() + "/demo");
  unsigned Summaries = 0;
  for (size_t P = R.Out.find("summary: "); P != std::string::npos;
       P = R.Out.find("summary: ", P + 1))
    ++Summaries;
  EXPECT_EQ(Summaries, 11u) << R.Out; // 10 kernel files and common.h
  EXPECT_NE(R.Out.find("summary: wave64_correct.hip: no findings"), std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("summary: layernorm.hip: 3 findings"), std::string::npos) << R.Out;
  // Four have no fix-it: the two ladders and layernorm's two 32s that are
  // not the wave size in every use (EXPECTED.md).
  EXPECT_NE(R.Out.find("wavecheck: 16 findings in 8 files (10 sources), 4 without a fix-it\n"),
            std::string::npos)
      << R.Out;
}

} // namespace
