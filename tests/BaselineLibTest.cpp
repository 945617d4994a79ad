//===--- BaselineLibTest.cpp - lib/Baseline.h without the binary -----------===//
///
/// \file
/// The baseline at the library level: the file it writes (byte for byte),
/// the keys it makes from findings, and how applying it takes findings out.
/// The end-to-end gate is tests/GateTest.cpp. Files are written by each test
/// in a temporary directory; every expected value is written by hand.
///
//===----------------------------------------------------------------------===//
#include "lib/Baseline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>
#include <string>

using namespace wavecheck;

namespace {

/// A temporary directory holding one source file, a.hip.
class BaselineLib : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> D;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("wavecheck-baseline-lib", D));
    llvm::SmallString<128> Real;
    ASSERT_FALSE(llvm::sys::fs::real_path(D, Real));
    Dir = std::string(Real);
    Src = Dir + "/src/a.hip";
    ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/src"));
    write(Src, "__global__ void k(int *o) {\n"
               "  int lane = threadIdx.x % 32;\n"
               "    int lane = threadIdx.x % 32;   \n"
               "  o[0] = 32;\n"
               "}\n");
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  static void write(const std::string &Path, const std::string &Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC) << Path;
    OS << Text;
  }

  /// A finding of \p Check on \p Line of a.hip.
  Finding at(const char *Check, unsigned Line) const {
    Finding F;
    F.Check = Check;
    F.File = Src;
    F.Line = Line;
    F.Column = 3;
    F.Message = "m";
    return F;
  }

  std::string Dir, Src;
};

TEST(BaselineFile, PrintedSortedByFileThenCheckThenSource) {
  Baseline B;
  B.Counts[{"wave64-b", "z.hip", "x"}] = 1;
  B.Counts[{"wave64-b", "a.hip", "y"}] = 2;
  B.Counts[{"wave64-a", "a.hip", "z"}] = 1;
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printBaseline(B, OS);
  EXPECT_EQ(Text, R"({
  "version": 1,
  "findings": [
    {
      "check": "wave64-a",
      "file": "a.hip",
      "source": "z",
      "count": 1
    },
    {
      "check": "wave64-b",
      "file": "a.hip",
      "source": "y",
      "count": 2
    },
    {
      "check": "wave64-b",
      "file": "z.hip",
      "source": "x",
      "count": 1
    }
  ]
}
)");
}

TEST(BaselineFile, PrintedBaselineParsesBackEqual) {
  Baseline B, Back;
  B.Counts[{"xcd-tile-order", "dir/b.hip", "int t = blockIdx.x; // \"quoted\""}] = 3;
  B.Counts[{"fp8-format-target-mismatch", "../up.hip", "\xc3\xa9\t"}] = 1;
  std::string Text, Err;
  llvm::raw_string_ostream OS(Text);
  printBaseline(B, OS);
  ASSERT_TRUE(parseBaseline(Text, "b.json", Back, Err)) << Err;
  EXPECT_TRUE(Back == B);
}

TEST(BaselineFile, EmptyBaselineHasAnEmptyList) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printBaseline(Baseline{}, OS);
  EXPECT_EQ(Text, "{\n  \"version\": 1,\n  \"findings\": []\n}\n");
}

TEST_F(BaselineLib, MissingFileIsAnErrorNamingIt) {
  Baseline B;
  std::string Err;
  EXPECT_FALSE(loadBaseline(Dir + "/none.json", B, Err));
  EXPECT_NE(Err.find("none.json"), std::string::npos) << Err;
}

TEST_F(BaselineLib, KeysAreRelativeToTheBaselineAndTheTrimmedSourceLine) {
  RunResult R;
  R.Findings = {at("wave64-hardcoded-warp-size", 2), at("wave64-hardcoded-warp-size", 3),
                at("wave64-hardcoded-warp-size", 4)};
  Baseline B = makeBaseline(R, Dir + "/ci/baseline.json");
  // Lines 2 and 3 differ only in white space around them: one key, two.
  Baseline Expected;
  Expected.Counts[{"wave64-hardcoded-warp-size", "../src/a.hip",
                   "int lane = threadIdx.x % 32;"}] = 2;
  Expected.Counts[{"wave64-hardcoded-warp-size", "../src/a.hip", "o[0] = 32;"}] = 1;
  EXPECT_TRUE(B == Expected);
}

TEST_F(BaselineLib, ApplyTakesOutAtMostTheCountAndCountsPerFile) {
  Baseline B;
  B.Counts[{"wave64-hardcoded-warp-size", "src/a.hip", "int lane = threadIdx.x % 32;"}] = 1;
  RunResult R;
  R.Findings = {at("wave64-hardcoded-warp-size", 2), at("wave64-hardcoded-warp-size", 3),
                at("wave64-lane-mask-width", 2), at("wave64-hardcoded-warp-size", 4)};
  EXPECT_EQ(applyBaseline(R, B, Dir + "/baseline.json"), 1u);
  ASSERT_EQ(R.Findings.size(), 3u);
  // The earlier of the two equal findings is the known one.
  EXPECT_EQ(R.Findings[0].Line, 3u);
  EXPECT_EQ(R.Findings[1].Check, "wave64-lane-mask-width");
  EXPECT_EQ(R.Findings[2].Line, 4u);
  EXPECT_EQ(R.Baselined.size(), 1u);
  EXPECT_EQ(R.Baselined[Src], 1u);
}

TEST_F(BaselineLib, BaselineOfAnotherDirectoryMatchesNothing) {
  Baseline B;
  B.Counts[{"wave64-hardcoded-warp-size", "src/a.hip", "o[0] = 32;"}] = 1;
  RunResult R;
  R.Findings = {at("wave64-hardcoded-warp-size", 4)};
  // Keyed "src/a.hip" from Dir/ci, the file would be ../src/a.hip.
  EXPECT_EQ(applyBaseline(R, B, Dir + "/ci/baseline.json"), 0u);
  EXPECT_EQ(R.Findings.size(), 1u);
  EXPECT_TRUE(R.Baselined.empty());
}

TEST_F(BaselineLib, WrittenBaselineLoadsBackAndTakesOutEveryFinding) {
  RunResult R;
  R.Findings = {at("wave64-hardcoded-warp-size", 2), at("wave64-hardcoded-warp-size", 4)};
  std::string Err;
  const std::string Path = Dir + "/baseline.json";
  ASSERT_TRUE(writeBaseline(R, Path, Err)) << Err;
  Baseline B;
  ASSERT_TRUE(loadBaseline(Path, B, Err)) << Err;
  EXPECT_EQ(B.Counts.size(), 2u);
  EXPECT_EQ((B.Counts[{"wave64-hardcoded-warp-size", "src/a.hip", "o[0] = 32;"}]), 1u);
  EXPECT_EQ(applyBaseline(R, B, Path), 2u);
  EXPECT_TRUE(R.Findings.empty());
}

TEST_F(BaselineLib, WriteIntoAMissingDirectoryFailsNamingTheFile) {
  RunResult R;
  std::string Err;
  EXPECT_FALSE(writeBaseline(R, Dir + "/no/such/dir/b.json", Err));
  EXPECT_NE(Err.find("b.json"), std::string::npos) << Err;
}

TEST(GateLevels, EachLevelFailsOnWhatIsAtOrAboveIt) {
  RunResult R;
  Finding W, E;
  W.Severity = "warning";
  E.Severity = "error";
  R.Findings = {W};
  EXPECT_EQ(gateExitCode(R, FailOn::Note), ExitFindings);
  EXPECT_EQ(gateExitCode(R, FailOn::Warning), ExitFindings);
  EXPECT_EQ(gateExitCode(R, FailOn::Error), ExitClean);
  R.Findings = {E};
  EXPECT_EQ(gateExitCode(R, FailOn::Error), ExitFindings);
  // A non-fatal input error (a missing header) does not decide the gate.
  R.Findings.clear();
  R.Errors.push_back({"a.hip", "missing header", /*Fatal=*/false, "missing-header"});
  EXPECT_EQ(gateExitCode(R, FailOn::Note), ExitClean);
  R.Errors.push_back({"b.hip", "not analysed"});
  EXPECT_EQ(gateExitCode(R, FailOn::Note), ExitInputError);
}

} // namespace
