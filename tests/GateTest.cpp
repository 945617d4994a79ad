//===--- GateTest.cpp - the CI gate: --fail-on, --baseline, exit codes ------===//
///
/// Through the wavecheck binary, on temporary copies of
/// testdata/checks/wave64-hardcoded-warp-size/lane-math.hip, whose five
/// findings are hand-written in its CHECK-MESSAGES lines (lines 11, 16, 19 and
/// two on 23), and on small sources written here. The baseline parser's error
/// messages and gateExitCode's severity ranks are tested directly.
///
//===----------------------------------------------------------------------===//
#include "Harness.h"
#include "lib/Baseline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <cstring>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace wavecheck::test;

namespace {

const char *LaneMath = "/checks/wave64-hardcoded-warp-size/lane-math.hip";

const char *CleanKernel = "#include <hip/hip_runtime.h>\n"
                          "__global__ void k(float *out) {\n"
                          "  out[threadIdx.x] = threadIdx.x % warpSize;\n"
                          "}\n";

/// The baseline --write-baseline gives for LaneKernel in a.hip next to it.
const char *LaneKernelBaseline = R"({
  "version": 1,
  "findings": [
    {
      "check": "wave64-hardcoded-warp-size",
      "file": "a.hip",
      "source": "int lane = tid % 32;",
      "count": 1
    }
  ]
}
)";

/// The baseline of lane-math.hip in src/ next to it: the two findings on line
/// 23 are one entry counting two; sorted by file, check, source.
const char *LaneMathBaseline = R"json({
  "version": 1,
  "findings": [
    {
      "check": "wave64-hardcoded-warp-size",
      "file": "src/lane-math.hip",
      "source": "const int lane = tid % 32;",
      "count": 1
    },
    {
      "check": "wave64-hardcoded-warp-size",
      "file": "src/lane-math.hip",
      "source": "first[blockIdx.x + 2] = (tid & LANE_MASK) + LANE_OF(tid);",
      "count": 2
    },
    {
      "check": "wave64-hardcoded-warp-size",
      "file": "src/lane-math.hip",
      "source": "if ((threadIdx.x & 31) == 0)",
      "count": 1
    },
    {
      "check": "wave64-hardcoded-warp-size",
      "file": "src/lane-math.hip",
      "source": "int sub = tid & 0x1f;",
      "count": 1
    }
  ]
}
)json";

class GateTest : public TempDirTest {
protected:
  std::string copyLaneMath(const std::string &Name) {
    return write(Name, readFile(testdataDir() + LaneMath));
  }
};

/// The line numbers of the findings in a JSON report.
std::vector<int64_t> findingLines(const std::string &Out) {
  std::vector<int64_t> Lines;
  llvm::json::Object R = parseReport(Out);
  if (const llvm::json::Array *A = R.getArray("findings"))
    for (const llvm::json::Value &F : *A)
      Lines.push_back(F.getAsObject()->getInteger("line").value_or(-1));
  return Lines;
}

/// \p Text with \p Line (1-based) replaced by \p New.
std::string replaceLine(const std::string &Text, unsigned Line, const std::string &New) {
  size_t Begin = 0;
  for (unsigned L = 1; L < Line; ++L)
    Begin = Text.find('\n', Begin) + 1;
  size_t End = Text.find('\n', Begin);
  return Text.substr(0, Begin) + New + Text.substr(End);
}

TEST_F(GateTest, FailOnLevels) {
  std::string Bad = write("a.hip", LaneKernel);
  std::string Clean = write("clean.hip", CleanKernel);
  // Every wavecheck finding is a warning unless warnings-as-errors makes it one.
  EXPECT_EQ(runWavecheck({Bad}).ExitCode, 1);
  EXPECT_EQ(runWavecheck({"--fail-on=warning", Bad}).ExitCode, 1);
  EXPECT_EQ(runWavecheck({"--fail-on=note", Bad}).ExitCode, 1);
  ProcessResult R = runWavecheck({"--fail-on=error", "--format=json", Bad});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(findingLines(R.Out), std::vector<int64_t>{4}) << "still reported";
  // Warnings-as-errors makes the finding an error: now --fail-on=error fails.
  R = runWavecheck({"--warnings-as-errors=wave64-hardcoded-warp-size", "--fail-on=error",
                    "--format=json", Bad});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_NE(R.Out.find("\"severity\": \"error\""), std::string::npos) << R.Out;
  for (const char *Level : {"--fail-on=note", "--fail-on=warning", "--fail-on=error"})
    EXPECT_EQ(runWavecheck({Level, Clean}).ExitCode, 0) << Level;
  R = runWavecheck({"--fail-on=info", Bad});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("'info'; expected note, warning or error"), std::string::npos)
      << R.Err;
}

/// A finding of \p Severity.
wavecheck::Finding finding(const char *Severity) {
  return {"wave64-hardcoded-warp-size", Severity, "/p/a.hip", 0, 4, 14, "m"};
}

TEST(GateExitCode, SeverityRanksAndInputErrorsWin) {
  using namespace wavecheck;
  RunResult R;
  EXPECT_EQ(gateExitCode(R, FailOn::Note), 0);
  Finding W = finding("warning");
  R.Findings = {W};
  EXPECT_EQ(gateExitCode(R, FailOn::Note), 1);
  EXPECT_EQ(gateExitCode(R, FailOn::Warning), 1);
  EXPECT_EQ(gateExitCode(R, FailOn::Error), 0);
  Finding E = finding("error");
  R.Findings = {E};
  EXPECT_EQ(gateExitCode(R, FailOn::Note), 1);
  EXPECT_EQ(gateExitCode(R, FailOn::Warning), 1);
  EXPECT_EQ(gateExitCode(R, FailOn::Error), 1);
  // A missing header alone does not fail; a file not analysed gives 3.
  R.Errors.push_back({"x.hip", "missing header", /*Fatal=*/false});
  EXPECT_EQ(gateExitCode(R, FailOn::Error), 1);
  R.Findings.clear();
  EXPECT_EQ(gateExitCode(R, FailOn::Note), 0);
  R.Errors.push_back({"y.hip", "not C++", /*Fatal=*/true});
  EXPECT_EQ(gateExitCode(R, FailOn::Note), 3);
  R.Findings = {E};
  EXPECT_EQ(gateExitCode(R, FailOn::Note), 3);
}

TEST_F(GateTest, InputErrorWinsOverFindings) {
  std::string Bad = write("a.hip", LaneKernel);
  std::string Broken = write("broken.hip", "this is not C++ {\n");
  ProcessResult R = runWavecheck({"--format=json", Bad, Broken});
  EXPECT_EQ(R.ExitCode, 3) << R.Err;
  EXPECT_EQ(findingLines(R.Out), std::vector<int64_t>{4}) << "the other file is reported";
}

TEST_F(GateTest, WriteBaselineThenBaselinePasses) {
  std::string F = write("a.hip", LaneKernel);
  std::string B = Dir + "/baseline.json";
  ProcessResult R = runWavecheck({"--write-baseline=" + B, F});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_NE(R.Out.find("a.hip:4:20: warning:"), std::string::npos)
      << "the recorded findings are reported:\n" << R.Out;
  EXPECT_NE(R.Err.find("recorded 1 finding in the baseline"), std::string::npos) << R.Err;
  EXPECT_EQ(readFile(B), LaneKernelBaseline);

  R = runWavecheck({"--baseline=" + B, "--format=json", F});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_TRUE(findingLines(R.Out).empty()) << R.Out;
  EXPECT_NE(R.Err.find("1 finding suppressed by the baseline"), std::string::npos) << R.Err;
  // Without the baseline the finding is still there.
  EXPECT_EQ(runWavecheck({F}).ExitCode, 1);
}

TEST_F(GateTest, BaselineIsDeterministic) {
  std::string F = copyLaneMath("src/lane-math.hip");
  ASSERT_EQ(runWavecheck({"--write-baseline=b1.json", F}, Dir).ExitCode, 0);
  ASSERT_EQ(runWavecheck({"-j2", "--write-baseline=b2.json", F}, Dir).ExitCode, 0);
  EXPECT_EQ(readFile(Dir + "/b1.json"), readFile(Dir + "/b2.json"));
  EXPECT_EQ(readFile(Dir + "/b1.json"), LaneMathBaseline);
}

TEST_F(GateTest, UnrelatedEditsAboveKeepTheBaseline) {
  std::string F = copyLaneMath("lane-math.hip");
  std::string B = Dir + "/baseline.json";
  ASSERT_EQ(runWavecheck({"--write-baseline=" + B, F}).ExitCode, 0);
  writeFile(F, "// a new comment\n#define UNRELATED 1\n\n" + readFile(F));
  ProcessResult R = runWavecheck({"--baseline=" + B, "--format=json", F});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_TRUE(findingLines(R.Out).empty()) << R.Out;
  // Re-indenting a finding's line does not make it new either.
  std::string Text = readFile(F);
  writeFile(F, replaceLine(Text, 3 + 19, "      int sub = tid & 0x1f;   "));
  EXPECT_EQ(runWavecheck({"--baseline=" + B, F}).ExitCode, 0);
}

TEST_F(GateTest, SummarySaysHowManyFindingsTheBaselineTook) {
  // lane-math.hip has five findings (its CHECK-MESSAGES lines).
  std::string F = copyLaneMath("src/lane-math.hip");
  ASSERT_EQ(runWavecheck({"--write-baseline=b.json", "src/lane-math.hip"}, Dir).ExitCode, 0);
  ProcessResult R = runWavecheck({"--baseline=b.json", "src/lane-math.hip"}, Dir);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_NE(R.Out.find("summary: src/lane-math.hip: no new findings, 5 baselined\n"),
            std::string::npos)
      << R.Out;
  // A new finding beside them: counted as a finding, the others still said.
  writeFile(F, readFile(F) + "__global__ void added(int *out) {\n"
                             "  out[threadIdx.x] = threadIdx.x & 31;\n"
                             "  out[0] += (int)__popcll(__ballot(out[1] > 0));\n"
                             "}\n");
  R = runWavecheck({"--baseline=b.json", "src/lane-math.hip"}, Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_NE(R.Out.find("summary: src/lane-math.hip: 1 finding (wave64-hardcoded-warp-size: "
                       "1), 5 baselined\n"),
            std::string::npos)
      << R.Out;
}

TEST_F(GateTest, EditedFindingLineIsNew) {
  std::string F = copyLaneMath("lane-math.hip");
  std::string B = Dir + "/baseline.json";
  ASSERT_EQ(runWavecheck({"--write-baseline=" + B, F}).ExitCode, 0);
  writeFile(F, replaceLine(readFile(F), 19, "  int sub = tid & 0x1f; // edited"));
  ProcessResult R = runWavecheck({"--baseline=" + B, "--format=json", F});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(findingLines(R.Out), std::vector<int64_t>{19});
  EXPECT_NE(R.Err.find("4 findings suppressed by the baseline"), std::string::npos) << R.Err;
}

TEST_F(GateTest, OnlyTheNewFindingCounts) {
  std::string F = copyLaneMath("lane-math.hip");
  std::string B = Dir + "/baseline.json";
  ASSERT_EQ(runWavecheck({"--write-baseline=" + B, F}).ExitCode, 0);
  std::string Text = readFile(F);
  writeFile(F, Text + "__global__ void added(int *out) {\n"
                      "  out[threadIdx.x] = threadIdx.x & 31;\n"
                      "  out[0] += (int)__popcll(__ballot(out[1] > 0));\n"
                      "}\n");
  unsigned NewLine = std::count(Text.begin(), Text.end(), '\n') + 2;
  ProcessResult R = runWavecheck({"--baseline=" + B, "--format=json", F});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(findingLines(R.Out), std::vector<int64_t>{NewLine}) << R.Out;
  // The text report and its totals count only the new finding.
  R = runWavecheck({"--baseline=" + B, F});
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_NE(R.Out.find("wavecheck: 1 finding in 1 file"), std::string::npos) << R.Out;
  // --fail-on still applies to what is left.
  EXPECT_EQ(runWavecheck({"--baseline=" + B, "--fail-on=error", F}).ExitCode, 0);
}

TEST(GateExitCode, FindingsOfParsesWithCompilerErrorsDoNotFailTheGate) {
  wavecheck::RunResult R;
  R.Findings.push_back({"wave64-hardcoded-warp-size", "warning", "a.hip", 0, 1, 1, "m"});
  R.Findings[0].ParseFailed = true;
  EXPECT_EQ(wavecheck::gateExitCode(R, wavecheck::FailOn::Note), wavecheck::ExitClean);
  R.Findings[0].ParseFailed = false;
  EXPECT_EQ(wavecheck::gateExitCode(R, wavecheck::FailOn::Note), wavecheck::ExitFindings);
}

TEST_F(GateTest, IdenticalLinesAreCounted) {
  std::string Two = std::string("#include <hip/hip_runtime.h>\n") +
                    "__global__ void a(int *out) {\n"
                    "  int lane = threadIdx.x % 32;\n"
                    "  out[threadIdx.x] = lane + __popcll(__ballot(lane > 1));\n"
                    "}\n"
                    "__global__ void b(int *out) {\n"
                    "  int lane = threadIdx.x % 32;\n"
                    "  out[threadIdx.x] = lane + __popcll(__ballot(lane > 1));\n"
                    "}\n";
  std::string F = write("two.hip", Two);
  std::string B = Dir + "/baseline.json";
  ASSERT_EQ(runWavecheck({"--write-baseline=" + B, F}).ExitCode, 0);
  EXPECT_NE(readFile(B).find("\"count\": 2"), std::string::npos) << readFile(B);
  EXPECT_EQ(runWavecheck({"--baseline=" + B, F}).ExitCode, 0);
  // A third identical line is one more than the baseline holds.
  writeFile(F, Two + "__global__ void c(int *out) {\n"
                     "  int lane = threadIdx.x % 32;\n"
                     "  out[threadIdx.x] = lane + __popcll(__ballot(lane > 1));\n"
                     "}\n");
  ProcessResult R = runWavecheck({"--baseline=" + B, "--format=json", F});
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_EQ(findingLines(R.Out).size(), 1u) << R.Out;
  EXPECT_NE(R.Err.find("2 findings suppressed by the baseline"), std::string::npos) << R.Err;
  // One fewer is fine.
  writeFile(F, replaceLine(Two, 7, "  int lane = threadIdx.x % warpSize;"));
  EXPECT_EQ(runWavecheck({"--baseline=" + B, F}).ExitCode, 0);
}

TEST_F(GateTest, BaselineFromAnotherDirectoryAndClone) {
  // A project with its baseline in ci/, written from the project root.
  std::string Clone1 = Dir + "/clone1";
  write("clone1/src/lane-math.hip", readFile(testdataDir() + LaneMath));
  llvm::sys::fs::create_directories(Clone1 + "/ci");
  ASSERT_EQ(runWavecheck({"--write-baseline=ci/baseline.json", "src/lane-math.hip"}, Clone1)
                .ExitCode,
            0);
  std::string Baseline = readFile(Clone1 + "/ci/baseline.json");
  EXPECT_NE(Baseline.find("\"file\": \"../src/lane-math.hip\""), std::string::npos)
      << Baseline;
  // Used from another working directory of the same clone.
  ProcessResult R =
      runWavecheck({"--baseline=../ci/baseline.json", "lane-math.hip"}, Clone1 + "/src");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  // And from another clone at another place, with absolute paths.
  std::string Clone2 = Dir + "/elsewhere/clone2";
  write("elsewhere/clone2/src/lane-math.hip", readFile(testdataDir() + LaneMath));
  write("elsewhere/clone2/ci/baseline.json", Baseline);
  R = runWavecheck({"--baseline=" + Clone2 + "/ci/baseline.json", Clone2 + "/src"});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  // A baseline of another file does not match this one.
  write("elsewhere/clone2/src/other.hip", readFile(testdataDir() + LaneMath));
  R = runWavecheck({"--baseline=ci/baseline.json", "--format=json", "src/other.hip"}, Clone2);
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_EQ(findingLines(R.Out).size(), 5u);
}

TEST_F(GateTest, MalformedBaselineIsAUsageError) {
  std::string F = write("a.hip", LaneKernel);
  write("bad.json", "{\"version\": 1,\n \"findings\": [\n  {\"check\": \"x\" \"file\": 1}]}\n");
  ProcessResult R = runWavecheck({"--baseline=bad.json", F}, Dir);
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("bad.json:3:"), std::string::npos) << "file and line: " << R.Err;
  EXPECT_EQ(R.Out, "") << "nothing analysed";

  write("shape.json", "{\"version\": 1, \"findings\": [{\"check\": \"x\", \"file\": \"a\"}]}");
  R = runWavecheck({"--baseline=shape.json", F}, Dir);
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("shape.json: at findings[0]: missing \"source\""), std::string::npos)
      << R.Err;

  R = runWavecheck({"--baseline=missing.json", F}, Dir);
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("cannot read baseline file 'missing.json'"), std::string::npos)
      << R.Err;

  R = runWavecheck({"--write-baseline=no/such/dir/b.json", F}, Dir);
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("no/such/dir/b.json"), std::string::npos) << R.Err;
}

TEST_F(GateTest, BaselineWriteFailurePrintsTheReportFirst) {
  // /proc passes the check before the analysis for root (its directory is
  // writable by mode) but takes no new file, so the write after it fails.
  if (access("/proc", W_OK) != 0)
    GTEST_SKIP() << "needs a directory that looks writable but is not: /proc as root";
  std::string F = write("a.hip", LaneKernel);
  ProcessResult R =
      runWavecheck({"--format=json", "--write-baseline=/proc/wavecheck-baseline.json", F});
  EXPECT_EQ(R.ExitCode, 3) << R.Err;
  EXPECT_NE(R.Err.find("/proc/wavecheck-baseline.json"), std::string::npos) << R.Err;
  EXPECT_EQ(findingLines(R.Out), (std::vector<int64_t>{4})) << "the report is not lost";
}

TEST(ParseBaseline, ErrorsNameTheFilePlaceAndWhatWasExpected) {
  wavecheck::Baseline B;
  std::string Err;
  struct Case {
    const char *Text, *Error;
  } Cases[] = {
      {"", "b.json:1:1: invalid JSON: "},
      {"{\"version\": 1,\n\"findings\": [}", "b.json:2:15: invalid JSON: "},
      {"[]", "b.json: at the top level: expected an object, found an array"},
      {"{\"findings\": []}", "b.json: at the top level: missing \"version\""},
      {"{\"version\": 2, \"findings\": []}",
       "b.json: at version: unsupported baseline version; expected 1"},
      {"{\"version\": 1}", "b.json: at the top level: missing \"findings\""},
      {"{\"version\": 1, \"findings\": {}}",
       "b.json: at findings: expected an array, found an object"},
      {"{\"version\": 1, \"findings\": [3]}",
       "b.json: at findings[0]: expected an object, found a number"},
      {"{\"version\": 1, \"findings\": [{\"check\": \"c\", \"file\": \"f\", \"source\": 3}]}",
       "b.json: at findings[0].source: expected a string, found a number"},
      {"{\"version\": 1, \"findings\": [{\"check\": \"\", \"file\": \"f\", \"source\": \"\"}]}",
       "b.json: at findings[0].check: expected a check name"},
      {"{\"version\": 1, \"findings\": [{\"check\": \"c\", \"file\": \"f\", \"source\": \"\", "
       "\"count\": 0}]}",
       "b.json: at findings[0].count: expected a positive integer"},
  };
  for (const Case &C : Cases) {
    EXPECT_FALSE(wavecheck::parseBaseline(C.Text, "b.json", B, Err)) << C.Text;
    EXPECT_EQ(Err.substr(0, std::strlen(C.Error)), C.Error) << C.Text;
  }
}

TEST(ParseBaseline, RepeatedEntriesAddUpAndCountDefaultsToOne) {
  wavecheck::Baseline B;
  std::string Err;
  ASSERT_TRUE(wavecheck::parseBaseline(
      R"({"version": 1, "findings": [
           {"check": "c", "file": "f.hip", "source": "x"},
           {"check": "c", "file": "f.hip", "source": "x", "count": 2},
           {"check": "d", "file": "f.hip", "source": "x", "count": 1}]})",
      "b.json", B, Err))
      << Err;
  EXPECT_EQ(B.Counts.size(), 2u);
  EXPECT_EQ((B.Counts[{"c", "f.hip", "x"}]), 3u);
  EXPECT_EQ((B.Counts[{"d", "f.hip", "x"}]), 1u);
}

TEST(RelativePath, AgainstTheBaselineDirectory) {
  EXPECT_EQ(wavecheck::relativePath("/p/src/a.hip", "/p"), "src/a.hip");
  EXPECT_EQ(wavecheck::relativePath("/p/src/a.hip", "/p/ci"), "../src/a.hip");
  EXPECT_EQ(wavecheck::relativePath("/q/a.hip", "/p/ci"), "../../q/a.hip");
  EXPECT_EQ(wavecheck::relativePath("/p/a.hip", "/"), "p/a.hip");
}

} // namespace
