// End-to-end report goldens: the programs in testdata/wavesan-reports/ are built against
// the emulator (tests/sanitizer/CMakeLists.txt) and run here; their stderr, with the pid and
// the source directory masked, must equal <case>.expected byte for byte. The goldens were
// written by hand from the programs (lines, lanes, masks) and checked against a run; the
// SUMMARY lines are pinned separately. A program that printed an error report and returns
// 0 from main exits 1 (fail_at_exit), and its golden ends with the line saying so; the
// under-filled grid note is printed only with report_underfilled_grid=1. Also: options
// parsed at startup by a program that
// launches nothing, the device's warpSize at both wave sizes, the kernel-name helpers and
// `cond ? __ballot(p) : ...`.
#include <hip/hip_runtime.h>

#include "ReportChild.h"
#include "wavesan/report.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using wavesan::test::ProgramRun;
using wavesan::test::runProgram;

/// "==<pid>==" -> "==PID==", "\"pid\":<pid>" -> "\"pid\":PID", the directory part before testdata/wavesan-reports/ (the
/// source path as the build passed it to the compiler: absolute, or "../" from a Ninja
/// build dir) removed, and the source directory of rule doc paths as "<source>".
std::string mask(const std::string &S) {
  std::string Out = std::regex_replace(S, std::regex("==[0-9]+=="), "==PID==");
  Out = std::regex_replace(Out, std::regex("\"pid\":[0-9]+"), "\"pid\":PID");
  Out = std::regex_replace(Out, std::regex("[^ \n\"]*/testdata/wavesan-reports/"),
                           "testdata/wavesan-reports/");
  // The "rule:" line's doc path: this source tree's rules/ (runtimeRuleDocPath).
  const std::string Rules = std::string(WAVESAN_SOURCE_DIR) + "/rules/";
  for (size_t At = Out.find(Rules); At != std::string::npos; At = Out.find(Rules, At))
    Out.replace(At, Rules.size(), "<source>/rules/");
  return Out;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

std::string program(const std::string &Case) {
  return std::string(WAVESAN_REPORTS_BIN_DIR) + "/report_" + Case;
}

std::string golden(const std::string &Case) {
  return readFile(std::string(WAVESAN_TESTDATA_DIR) + "/wavesan-reports/" + Case + ".expected");
}

/// \p Golden without its last line: the report blocks of a run whose exit line
/// (fail_at_exit) is not printed (halt_on_error=1, fail_at_exit=0).
std::string withoutExitLine(const std::string &Golden) {
  const size_t Last = Golden.rfind('\n', Golden.size() - 2);
  EXPECT_NE(Golden.find("==PID==wavesan: ", Last), std::string::npos) << Golden;
  return Golden.substr(0, Last + 1);
}

std::vector<std::string> summaryLines(const std::string &Text) {
  std::vector<std::string> Lines;
  std::istringstream In(Text);
  for (std::string L; std::getline(In, L);)
    if (L.rfind("SUMMARY:", 0) == 0)
      Lines.push_back(L);
  return Lines;
}

// workers=1: one worker runs the blocks in order, so which lane of which block reports
// first (reports are de-duplicated per site) is deterministic.
constexpr const char *Deterministic = "workers=1";

TEST(ReportEndToEnd, LaneMaskNarrowing) {
  ProgramRun R = runProgram({program("lane_mask_narrowing")}, Deterministic);
  EXPECT_EQ(R.ExitCode, 1) << R.Err; // main returns 0; an error report was printed
  EXPECT_EQ(mask(R.Err), golden("lane_mask_narrowing"));
  EXPECT_EQ(summaryLines(mask(R.Err)),
            std::vector<std::string>{"SUMMARY: wavesan: lane-mask-truncated "
                                     "testdata/wavesan-reports/lane_mask_narrowing.hip:8 in narrow"});
}

TEST(ReportEndToEnd, LaneMaskNarrowingJson) {
  ProgramRun R = runProgram({program("lane_mask_narrowing")}, "workers=1:report_format=json");
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(mask(R.Err), golden("lane_mask_narrowing.json")); // JSON only: no exit line
}

TEST(ReportEndToEnd, LaneMaskNarrowingWithoutFailAtExit) {
  ProgramRun R = runProgram({program("lane_mask_narrowing")}, "workers=1:fail_at_exit=0");
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(mask(R.Err), withoutExitLine(golden("lane_mask_narrowing")));
}

// docs/wavesan-options.md shows real output: the goldens here with the pid 12345.
TEST(ReportEndToEnd, DocExamplesAreTheseGoldens) {
  const std::string Doc = readFile(std::string(WAVESAN_SOURCE_DIR) + "/docs/wavesan-options.md");
  ASSERT_FALSE(Doc.empty());
  // The docs show a runtime installed under /usr/local (its rule docs in share/wavesan).
  auto WithPid = [](std::string S) {
    S = std::regex_replace(S, std::regex("<source>/rules/"), "/usr/local/share/wavesan/rules/");
    S = std::regex_replace(S, std::regex("==PID=="), "==12345==");
    return std::regex_replace(S, std::regex("\"pid\":PID"), "\"pid\":12345");
  };
  // The error block of lane_mask_narrowing, the note of underfilled_grid, the JSON error
  // line, the deadlock's error block, and the end of lane_mask_narrowing's run: its
  // SUMMARY line and the exit line.
  const std::string Narrowing = golden("lane_mask_narrowing");
  const std::string Error = WithPid(withoutExitLine(Narrowing));
  EXPECT_NE(Doc.find("```text\n" + Error + "```"), std::string::npos) << Error;
  const std::string Note = WithPid(golden("underfilled_grid"));
  EXPECT_NE(Doc.find("```text\n" + Note + "```"), std::string::npos) << Note;
  const std::string JsonError = WithPid(golden("lane_mask_narrowing.json"));
  EXPECT_NE(Doc.find("```json\n" + JsonError + "```"), std::string::npos) << JsonError;
  const std::string DeadlockError = WithPid(withoutExitLine(golden("barrier_deadlock")));
  EXPECT_NE(Doc.find("```text\n" + DeadlockError + "```"), std::string::npos) << DeadlockError;
  const std::string End = WithPid(Narrowing.substr(Narrowing.find("SUMMARY:")));
  EXPECT_NE(Doc.find("```text\n" + End + "```"), std::string::npos) << End;
}

TEST(ReportEndToEnd, LaneMaskNarrowingHaltsWithExitcode) {
  ProgramRun R = runProgram({program("lane_mask_narrowing")}, "workers=1:halt_on_error=1:exitcode=7");
  EXPECT_EQ(R.ExitCode, 7) << R.Err;
  // SUMMARY is last: the run stops at the first report, before any repeat count.
  const std::string Narrowing = golden("lane_mask_narrowing");
  EXPECT_EQ(mask(R.Err), Narrowing.substr(0, Narrowing.find("==PID==wavesan: lane-mask-truncated at")));
}

TEST(ReportEndToEnd, BarrierDeadlock) {
  ProgramRun R = runProgram({program("barrier_deadlock")}, Deterministic);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(R.Out, "launch: hipErrorLaunchFailure\n");
  EXPECT_EQ(mask(R.Err), golden("barrier_deadlock"));
  EXPECT_EQ(summaryLines(mask(R.Err)),
            std::vector<std::string>{"SUMMARY: wavesan: barrier-deadlock "
                                     "testdata/wavesan-reports/barrier_deadlock.hip:10 in half_barrier"});
}

TEST(ReportEndToEnd, SyncMaskIncomplete) {
  ProgramRun R = runProgram({program("sync_mask_incomplete")}, Deterministic);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(mask(R.Err), golden("sync_mask_incomplete"));
  EXPECT_EQ(summaryLines(mask(R.Err)),
            std::vector<std::string>{"SUMMARY: wavesan: sync-mask-incomplete "
                                     "testdata/wavesan-reports/sync_mask_incomplete.hip:7 in reduce"});
}

TEST(ReportEndToEnd, UnderfilledGridNoteHasNoSummary) {
  ProgramRun R = runProgram({program("underfilled_grid")}, "workers=1:report_underfilled_grid=1");
  EXPECT_EQ(R.ExitCode, 0) << R.Err; // a note does not fail the process
  EXPECT_EQ(mask(R.Err), golden("underfilled_grid"));
  EXPECT_TRUE(summaryLines(mask(R.Err)).empty());
}

TEST(ReportEndToEnd, UnderfilledGridIsSilentByDefault) {
  ProgramRun R = runProgram({program("underfilled_grid")}, Deterministic);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Err, "");
  R = runProgram({program("underfilled_grid")}, "report_underfilled_grid=0");
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Err, "");
}

TEST(ReportEndToEnd, KernelNamesArePlain) {
  ProgramRun R = runProgram({program("kernel_names")}, Deterministic);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(mask(R.Err), golden("kernel_names"));
  EXPECT_EQ(summaryLines(mask(R.Err)),
            (std::vector<std::string>{
                "SUMMARY: wavesan: lane-mask-truncated "
                "testdata/wavesan-reports/kernel_names.hip:9 in ns::red<24>",
                "SUMMARY: wavesan: lane-mask-truncated "
                "testdata/wavesan-reports/kernel_names.hip:15 in by_pointer"}));
}

TEST(ReportEndToEnd, SuppressionAnchoredOnPlainFunctionName) {
  const std::string File = testing::TempDir() + "wavesan_e2e_supp.txt";
  std::ofstream(File) << "lane-mask-truncated:^narrow$\n";
  const std::string Options = "workers=1:report_underfilled_grid=1:suppressions=" + File;
  ProgramRun R = runProgram({program("lane_mask_narrowing")}, Options.c_str());
  EXPECT_EQ(R.ExitCode, 0) << R.Err; // a suppressed error does not fail the process
  EXPECT_EQ(R.Err.find("ERROR"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("NOTE: wavesan: launch-underfilled-grid"), std::string::npos) << R.Err;
  std::ofstream(File) << "*:^ns::red$\n";
  R = runProgram({program("kernel_names")}, Options.c_str());
  EXPECT_EQ(R.ExitCode, 1) << R.Err; // by_pointer's report is not suppressed
  EXPECT_EQ(summaryLines(mask(R.Err)),
            std::vector<std::string>{"SUMMARY: wavesan: lane-mask-truncated "
                                     "testdata/wavesan-reports/kernel_names.hip:15 in by_pointer"});
}

TEST(ReportEndToEnd, BadOptionStopsAProgramThatLaunchesNothing) {
  ProgramRun R = runProgram({program("startup_options")}, "wave_size=48");
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Err, "wavesan: bad value '48' for option 'wave_size' in WAVESAN_OPTIONS: "
                   "expected 32 or 64\n");
  EXPECT_EQ(R.Out, ""); // main never ran
  R = runProgram({program("startup_options")}, "colour=red");
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("wavesan: unknown option 'colour' in WAVESAN_OPTIONS"), std::string::npos)
      << R.Err;
}

TEST(ReportEndToEnd, HelpIsPrintedByAProgramThatLaunchesNothing) {
  ProgramRun R = runProgram({program("startup_options")}, "help=1");
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_EQ(R.Out, "devices: 1\n");
  EXPECT_EQ(R.Err.rfind("Available options for wavesan", 0), 0u) << R.Err;
  EXPECT_NE(R.Err.find("\twave_size (32 or 64, default: 64)\n"), std::string::npos) << R.Err;
  R = runProgram({program("startup_options")}, nullptr);
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_EQ(R.Err, "");
}

TEST(ReportEndToEnd, DevicePropertyWarpSizeFollowsWaveSize) {
  hipDeviceProp_t P{};
  ASSERT_EQ(hipGetDeviceProperties(&P, 0), hipSuccess);
  EXPECT_EQ(P.warpSize, 64); // gfx942 default
  wavesan::setWaveSize(32);
  ASSERT_EQ(hipGetDeviceProperties(&P, 0), hipSuccess);
  EXPECT_EQ(P.warpSize, 32);
  wavesan::setWaveSize(64);
  ASSERT_EQ(hipGetDeviceProperties(&P, 0), hipSuccess);
  EXPECT_EQ(P.warpSize, 64);
}

TEST(ReportEndToEnd, DevicePropertyWarpSizeFromOptions) {
  ProgramRun R = runProgram({program("startup_options"), "props"}, "wave_size=32");
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Out, "devices: 1\nwarpSize: 32\n");
  R = runProgram({program("startup_options"), "props"}, nullptr);
  EXPECT_EQ(R.Out, "devices: 1\nwarpSize: 64\n");
}

__global__ void pick64(unsigned long long *Out, int Flag) {
  const uint64_t Mask = Flag ? __ballot(1) : 0ull;
  Out[threadIdx.x] = Mask;
}

TEST(ReportEndToEnd, ConditionalWith64BitZeroKeepsUpperLanes) {
  wavesan::setWaveSize(64);
  wavesan::resetReports();
  unsigned long long *Out = nullptr;
  ASSERT_EQ(hipMalloc(&Out, 64 * sizeof *Out), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(pick64, dim3(304), dim3(64), 0, 0, Out, 1), hipSuccess);
  EXPECT_EQ(Out[0], 0xffffffffffffffffull);
  EXPECT_EQ(Out[63], 0xffffffffffffffffull);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  hipFree(Out);
}

TEST(ReportEndToEnd, ConditionalWithIntZeroDoesNotCompile) {
  const std::string Src = std::string(WAVESAN_TESTDATA_DIR) + "/wavesan-reports/conditional_mask.hip";
  ProgramRun R = runProgram({"/bin/sh", "-c", "LC_ALL=C " + std::string(WAVESAN_CC) + " -fsyntax-only " + Src}, nullptr);
  EXPECT_NE(R.ExitCode, 0);
  EXPECT_NE(R.Err.find("conditional_mask.hip:9:"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("operands to '?:' have different types 'wavesan::emu::LaneMask' and 'int'"),
            std::string::npos)
      << R.Err;
}

TEST(ReportNames, PlainFunctionName) {
  using wavesan::plainFunctionName;
  EXPECT_EQ(plainFunctionName("void narrow(int*)"), "narrow");
  EXPECT_EQ(plainFunctionName("void ns::red(int*) [with int N = 24]"), "ns::red");
  EXPECT_EQ(plainFunctionName("int main()"), "main");
  EXPECT_EQ(plainFunctionName("int* ns::find(int*, int)"), "ns::find");
  EXPECT_EQ(plainFunctionName("void S::operator()(int) const"), "S::operator()");
  EXPECT_EQ(plainFunctionName("std::pair<int, int> ns::f(std::pair<int, int>)"), "ns::f");
  EXPECT_EQ(plainFunctionName("main()::<lambda(int)>"), "main()::<lambda(int)>");
  EXPECT_EQ(plainFunctionName("block_scan"), "block_scan");
  // Kernels and tests in an anonymous namespace print without it.
  EXPECT_EQ(plainFunctionName("void {anonymous}::readsExited(int*)"), "readsExited");
  EXPECT_EQ(plainFunctionName("void (anonymous namespace)::ns2::k(int *)"), "ns2::k");
  EXPECT_EQ(plainFunctionName("{anonymous}::k(int*)::<lambda(int)>"), "k(int*)::<lambda(int)>");
}

TEST(ReportNames, PlainKernelName) {
  using wavesan::plainKernelName;
  EXPECT_EQ(plainKernelName("(ns::red<24>)"), "ns::red<24>");
  EXPECT_EQ(plainKernelName("HIP_KERNEL_NAME(scale<float, 2>)"), "scale<float, 2>");
  EXPECT_EQ(plainKernelName(" ((k)) "), "k");
  EXPECT_EQ(plainKernelName("&k"), "k");
  EXPECT_EQ(plainKernelName("(a)(b)"), "(a)(b)");
  EXPECT_EQ(plainKernelName("block_sum"), "block_sum");
}

} // namespace
