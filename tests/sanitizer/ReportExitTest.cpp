// The exit status of a process that printed wavesan reports: fail_at_exit (a status-0
// exit becomes exitcode when an error report was printed), exitcode, halt_on_error, notes
// (never fail), buffered stdout kept, and report_underfilled_grid (the note only when
// asked). The programs are report_exit_child (ReportExitChild.cpp, modes listed there)
// and report_exit_gtest_child (ReportExitGtestChild.cpp, a GoogleTest binary whose tests
// launch kernels); each run is a fresh process with WAVESAN_OPTIONS set or unset. Expected
// outputs are written out here by hand from the children's sources.
#include "AsanBuild.h"
#include "ReportChild.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

using wavesan::test::asanOptionsWith;
using wavesan::test::maskPid;
using wavesan::test::ProgramRun;
using wavesan::test::readWholeFile;
using wavesan::test::runProgram;

/// The directory whose runtime/<id>.md a report's "rule:" line names: the source tree's
/// rules/ (the runtime under test was built from it, and it exists).
const std::string RulesDir = std::string(WAVESAN_SOURCE_DIR) + "/rules";

ProgramRun child(const char *Mode, const char *Options) {
  return runProgram({WAVESAN_EXIT_CHILD, Mode}, Options);
}

/// The report block of the child's reportError(Line).
std::string errorBlock(unsigned Line) {
  const std::string L = std::to_string(Line);
  return "==PID==ERROR: wavesan: block-too-large in kernel k\n"
         "  block of 2048 threads\n"
         "  at exit_child.hip:" + L + " in k\n"
         "  rule: block-too-large (see " + RulesDir + "/runtime/block-too-large.md)\n"
         "  hint: launch at most 1024 threads per block\n"
         "SUMMARY: wavesan: block-too-large exit_child.hip:" + L + " in k\n";
}

const std::string NoteBlock =
    "==PID==NOTE: wavesan: launch-underfilled-grid in kernel k\n"
    "  grid of 1 block\n"
    "  at exit_child.hip:5 in k\n"
    "  rule: launch-underfilled-grid (see " + RulesDir + "/runtime/launch-underfilled-grid.md)\n"
    "  hint: launch at least 304 workgroups (one per CU of a gfx942) or split the work finer\n";

bool endsWith(const std::string &S, const std::string &Tail) {
  return S.size() >= Tail.size() && S.compare(S.size() - Tail.size(), Tail.size(), Tail) == 0;
}

/// The line the exit handler prints when it changes the status.
std::string exitLine(unsigned Errors, int Status) {
  return "==PID==wavesan: " + std::to_string(Errors) + " error report" +
         (Errors == 1 ? "" : "s") + " printed: exit status " + std::to_string(Status) +
         " instead of 0 (fail_at_exit=0 keeps the program's exit status)\n";
}

TEST(ReportExit, ErrorThenReturnZeroExitsOne) {
  ProgramRun R = child("error", nullptr);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(maskPid(R.Err), errorBlock(1) + exitLine(1, 1));
  // Written before and after the report, never flushed by the program, on a pipe.
  EXPECT_EQ(R.Out, "stdout before the report; after");
}

TEST(ReportExit, ExitcodeSetsTheStatus) {
  ProgramRun R = child("error", "exitcode=7");
  EXPECT_EQ(R.ExitCode, 7) << R.Err;
  EXPECT_EQ(maskPid(R.Err), errorBlock(1) + exitLine(1, 7));
  EXPECT_EQ(R.Out, "stdout before the report; after");
}

TEST(ReportExit, FailAtExitOffKeepsStatusZero) {
  ProgramRun R = child("error", "fail_at_exit=0");
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(maskPid(R.Err), errorBlock(1)); // the report, and no exit line
  EXPECT_EQ(R.Out, "stdout before the report; after");
  // exitcode=0 asks for a status 0 too.
  R = child("error", "exitcode=0");
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(maskPid(R.Err), errorBlock(1));
}

TEST(ReportExit, NoteOnlyExitsZero) {
  ProgramRun R = child("note", nullptr);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(maskPid(R.Err), NoteBlock);
  EXPECT_EQ(R.Out, "stdout before the report; after");
}

TEST(ReportExit, CleanRunExitsZeroWithoutOutput) {
  ProgramRun R = child("clean", nullptr);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Err, "");
  EXPECT_EQ(R.Out, "stdout before the report; after");
}

TEST(ReportExit, TwoErrorsAreCountedInTheExitLine) {
  ProgramRun R = child("two-errors", "exitcode=3");
  EXPECT_EQ(R.ExitCode, 3) << R.Err;
  EXPECT_EQ(maskPid(R.Err), errorBlock(1) + errorBlock(2) + exitLine(2, 3));
  EXPECT_EQ(R.Out, "stdout before the report; between; after");
}

TEST(ReportExit, HaltOnErrorStillStopsAtTheFirstReport) {
  ProgramRun R = child("two-errors", "halt_on_error=1");
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(maskPid(R.Err), errorBlock(1)); // the first SUMMARY line is the last line
  EXPECT_EQ(R.Out, "stdout before the report;"); // flushed; " between;" never ran
  R = child("two-errors", "halt_on_error=1:exitcode=9");
  EXPECT_EQ(R.ExitCode, 9) << R.Err;
  EXPECT_EQ(maskPid(R.Err), errorBlock(1));
  // fail_at_exit=0 does not turn halt_on_error off.
  R = child("two-errors", "halt_on_error=1:fail_at_exit=0");
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(maskPid(R.Err), errorBlock(1));
}

TEST(ReportExit, ExitZeroFromAFunctionFailsToo) {
  ProgramRun R = child("error-exit", nullptr);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(maskPid(R.Err), errorBlock(1) + exitLine(1, 1));
  EXPECT_EQ(R.Out, "stdout before the report;");
}

TEST(ReportExit, ProgramsOwnNonZeroStatusIsKept) {
  ProgramRun R = child("error-return3", "exitcode=7");
  EXPECT_EQ(R.ExitCode, 3) << R.Err;
  EXPECT_EQ(maskPid(R.Err), errorBlock(1)); // no exit line: the status was not changed
  EXPECT_EQ(R.Out, "stdout before the report;");
}

TEST(ReportExit, ExitStatus256IsAStatusZeroExit) {
  // exit(256) reaches the parent as 0: it must not hide the report.
  ProgramRun R = child("error-exit256", nullptr);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(maskPid(R.Err), errorBlock(1) + exitLine(1, 1));
}

TEST(ReportExit, UnsyncedCoutIsFlushed) {
  ProgramRun R = child("cout-unsynced", nullptr);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(R.Out, "unsynced cout before the report; after");
  EXPECT_EQ(maskPid(R.Err), errorBlock(1) + exitLine(1, 1));
}

TEST(ReportExit, ForkedChildThatPrintedNothingExitsZero) {
  ProgramRun R = child("fork-after-error", nullptr);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(R.Out, "stdout before the report; child exit 0");
  EXPECT_EQ(maskPid(R.Err), errorBlock(1) + exitLine(1, 1)); // one exit line: the parent's
}

TEST(ReportExit, JsonOnStderrHasNoExitLine) {
  ProgramRun R = child("error", "report_format=json");
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  // One JSON line and nothing else: stderr stays JSON Lines.
  ASSERT_FALSE(R.Err.empty());
  EXPECT_EQ(R.Err.find('\n'), R.Err.size() - 1) << R.Err;
  EXPECT_EQ(R.Err.rfind("{\"tool\":\"wavesan\"", 0), 0u) << R.Err;
  EXPECT_NE(R.Err.find("\"kind\":\"block-too-large\""), std::string::npos) << R.Err;
}

TEST(ReportExit, LogFileReportsAndExitLineOnStderr) {
  const std::string Prefix = testing::TempDir() + "wavesan_exit_log";
  const std::string Options = "report_format=json:log_path=" + Prefix;
  ProgramRun R = child("error", Options.c_str());
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(maskPid(R.Err), exitLine(1, 1));
  // The pid in the exit line names the log file.
  const std::string Pid = R.Err.substr(2, R.Err.find("==", 2) - 2);
  const std::string Log = readWholeFile(Prefix + "." + Pid);
  EXPECT_NE(Log.find("\"kind\":\"block-too-large\""), std::string::npos) << Log;
  std::remove((Prefix + "." + Pid).c_str());
}

#ifdef WAVESAN_EXIT_ASAN_CHILD
// The exit handler ends the process before LeakSanitizer's own end-of-process check (an
// exit handler installed earlier) would run; it runs that check itself. ASan's exitcode=23
// tells LeakSanitizer's verdict from wavesan's exitcode.
TEST(ReportExit, LeakSanitizerStillChecksUnderTheFailingExit) {
  const std::string Asan = "ASAN_OPTIONS=" + asanOptionsWith("detect_leaks=1:exitcode=23");
  ProgramRun R = runProgram({"/usr/bin/env", Asan, WAVESAN_EXIT_ASAN_CHILD, "leak-error"},
                            nullptr);
  EXPECT_EQ(R.ExitCode, 23) << R.Err;
  const std::string Err = maskPid(R.Err);
  const size_t Exit = Err.find(exitLine(1, 1).substr(0, 40));
  const size_t Leak = Err.find("ERROR: LeakSanitizer: detected memory leaks");
  EXPECT_EQ(Err.rfind(errorBlock(1), 0), 0u) << Err;
  ASSERT_NE(Exit, std::string::npos) << Err;
  ASSERT_NE(Leak, std::string::npos) << Err;
  EXPECT_LT(Exit, Leak) << Err; // wavesan's line, then the leak check it ran
  EXPECT_NE(Err.find("16 byte(s) leaked in 1 allocation(s)"), std::string::npos) << Err;
  EXPECT_EQ(R.Out, "stdout before the report;");
  // Without a leak to report, the status is wavesan's.
  ProgramRun Clean = runProgram({"/usr/bin/env", Asan, WAVESAN_EXIT_ASAN_CHILD, "error"}, nullptr);
  EXPECT_EQ(Clean.ExitCode, 1) << Clean.Err;
  EXPECT_EQ(Clean.Err.find("LeakSanitizer"), std::string::npos) << Clean.Err;
}
#endif

// --- A GoogleTest binary (gtest_main's `return RUN_ALL_TESTS();`) ---

#ifdef WAVESAN_EXIT_GTEST_CHILD
ProgramRun gtestChild(const std::string &Filter, const char *Options) {
  return runProgram({WAVESAN_EXIT_GTEST_CHILD, "--gtest_filter=" + Filter}, Options);
}

bool contains(const std::string &S, const std::string &Part) {
  return S.find(Part) != std::string::npos;
}

TEST(ReportExitGtest, PassingTestsWithAnErrorReportExitOne) {
  ProgramRun R = gtestChild("Child.PassesAndPrintsAnError", "workers=1");
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_TRUE(contains(R.Out, "test stdout;")) << R.Out;
  EXPECT_TRUE(contains(R.Out, "[  PASSED  ] 1 test.")) << R.Out;
  EXPECT_FALSE(contains(R.Out, "FAILED")) << R.Out;
  const std::string Err = maskPid(R.Err);
  // The first line: no under-filled grid note before the error (a 1-block launch).
  EXPECT_EQ(Err.rfind("==PID==ERROR: wavesan: lane-mask-truncated in kernel narrow\n", 0), 0u)
      << Err;
  EXPECT_TRUE(contains(Err, "\nSUMMARY: wavesan: lane-mask-truncated ")) << Err;
  EXPECT_TRUE(endsWith(Err, exitLine(1, 1))) << Err;
  R = gtestChild("Child.PassesAndPrintsAnError", "workers=1:exitcode=5");
  EXPECT_EQ(R.ExitCode, 5) << R.Out << R.Err;
  R = gtestChild("Child.PassesAndPrintsAnError", "workers=1:fail_at_exit=0");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_TRUE(contains(R.Err, "ERROR: wavesan: lane-mask-truncated")) << R.Err;
}

TEST(ReportExitGtest, FailingTestKeepsGoogleTestsStatus) {
  // gtest exits 1 for the failed test; exitcode=7 shows that wavesan left that status.
  ProgramRun R = gtestChild("Child.FailsAndPrintsAnError", "workers=1:exitcode=7");
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_TRUE(contains(R.Out, "[  FAILED  ] Child.FailsAndPrintsAnError")) << R.Out;
  EXPECT_TRUE(contains(R.Err, "ERROR: wavesan: lane-mask-truncated")) << R.Err;
  EXPECT_FALSE(contains(R.Err, "instead of 0")) << R.Err;
}

TEST(ReportExitGtest, NoteOrCleanRunExitsZero) {
  ProgramRun R = gtestChild("Child.PassesClean", nullptr);
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_EQ(R.Err, "");
  R = gtestChild("Child.PassesAndPrintsANote", nullptr);
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_EQ(R.Err, ""); // no note unless asked
  EXPECT_TRUE(contains(R.Out, "test stdout;")) << R.Out;
  R = gtestChild("Child.PassesAndPrintsANote", "report_underfilled_grid=1");
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err; // a note never fails the process
  EXPECT_EQ(maskPid(R.Err).rfind("==PID==NOTE: wavesan: launch-underfilled-grid in kernel twice\n"
                                 "  grid of 4 blocks fills 1.3% of the 304 compute units of a "
                                 "gfx942 (fill ratio 4/304)\n",
                                 0),
            0u)
      << R.Err;
  EXPECT_FALSE(contains(R.Err, "SUMMARY")) << R.Err;
  EXPECT_FALSE(contains(R.Err, "instead of 0")) << R.Err;
  EXPECT_TRUE(contains(R.Out, "[  PASSED  ] 1 test.")) << R.Out;
}

TEST(ReportExitGtest, EmittedCheckFailureFailsThePassingBinary) {
  ProgramRun R = gtestChild("Child.CheckReductionEmits", nullptr);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_TRUE(contains(R.Out, "[  PASSED  ] 1 test.")) << R.Out;
  const std::string Err = maskPid(R.Err);
  EXPECT_EQ(Err.rfind("==PID==ERROR: wavesan: reduction-mismatch in kernel sum4\n", 0), 0u)
      << Err;
  EXPECT_TRUE(endsWith(Err, exitLine(1, 1))) << Err;
}

TEST(ReportExitGtest, WholeBinary) {
  // Every case: one fails (gtest's status 1), two print errors.
  ProgramRun R = gtestChild("Child.*", "workers=1:exitcode=7");
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_TRUE(contains(R.Out, "[  PASSED  ] 4 tests.")) << R.Out;
  EXPECT_TRUE(contains(R.Out, "[  FAILED  ] 1 test,")) << R.Out;
  // Without the failing case, the passing binary exits with exitcode.
  R = gtestChild("Child.*:-Child.FailsAndPrintsAnError", "workers=1:exitcode=7");
  EXPECT_EQ(R.ExitCode, 7) << R.Out << R.Err;
  EXPECT_TRUE(contains(R.Out, "[  PASSED  ] 4 tests.")) << R.Out;
  EXPECT_TRUE(contains(maskPid(R.Err), exitLine(2, 7))) << R.Err;
}
#endif

} // namespace
