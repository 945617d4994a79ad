//===--- EmuFaultTest.cpp - a lane's fault is a kernel-fault report ---------===//
///
/// \file
/// Kernels that dereference a null pointer, divide by zero, overflow their fiber
/// stack or trap (EmuFaultKernels.cpp, one case per run, each in a fresh process
/// with its own WAVESAN_OPTIONS). The program's stderr must hold one kernel-fault
/// report naming the kernel, block, thread, wave and lane, and the program must end
/// with the fault's signal. The kernels are compiled with the wavesan-emu target's
/// flags (-fstack-clash-protection included).
///
//===----------------------------------------------------------------------===//
#include "AsanBuild.h"
#include "ReportChild.h"

#include <gtest/gtest.h>

#include <csignal>
#include <regex>
#include <string>

namespace {

using wavesan::test::ProgramRun;

/// The directory whose runtime/<id>.md a report's "rule:" line names: the source tree's
/// rules/ (the runtime under test was built from it, and it exists).
const std::string RulesDir = std::string(WAVESAN_SOURCE_DIR) + "/rules";

ProgramRun run(const char *Case, const char *Options) {
  // Under ASan (scripts/test-asan) the program runs without ASan's signal handlers, so
  // that the fault's signal ends it as in a build without ASan.
  static const bool AsanOptionsSet =
      !wavesan::test::AsanBuild ||
      setenv("ASAN_OPTIONS",
             wavesan::test::asanOptionsWith(wavesan::test::AsanNoSignalHandlers).c_str(),
             1) == 0;
  (void)AsanOptionsSet;
  return wavesan::test::runProgram({WAVESAN_FAULT_KERNELS, Case}, Options);
}

/// The text of the kernel-fault report in \p Err (from its first line to SUMMARY).
std::string faultReport(const std::string &Err) {
  const size_t Begin = Err.find("ERROR: wavesan: kernel-fault");
  if (Begin == std::string::npos)
    return "";
  const size_t End = Err.find('\n', Err.find("SUMMARY: wavesan: kernel-fault", Begin));
  return Err.substr(Err.rfind("==", Begin - 3), End == std::string::npos ? End : End + 1);
}

/// \p R ended with \p Signal and wrote one kernel-fault report of kernel \p Kernel
/// whose first details line matches \p What and whose "at" line names \p Where.
void expectFault(const ProgramRun &R, int Signal, const std::string &Kernel,
                 const std::string &What, const std::string &Where) {
  EXPECT_EQ(R.ExitCode, -Signal) << R.Err;
  const std::string Report = faultReport(R.Err);
  ASSERT_NE(Report, "") << "no kernel-fault report\n" << R.Err;
  EXPECT_TRUE(std::regex_search(
      Report, std::regex("^==[0-9]+==ERROR: wavesan: kernel-fault in kernel " + Kernel + "\n")))
      << Report;
  EXPECT_TRUE(std::regex_search(Report, std::regex("\n  " + What + ".* at pc 0x[0-9a-f]+")))
      << Report;
  EXPECT_TRUE(std::regex_search(
      Report, std::regex("\n  the kernel was launched at [^\n]*EmuFaultKernels\\.cpp:[0-9]+ .*; "
                         "(the process ends with SIG[A-Z]+|SIG[A-Z]+ goes on to the handler "
                         "installed before wavesan's)\n")))
      << Report;
  EXPECT_TRUE(std::regex_search(
      Report, std::regex("\n  at [^\n]*EmuFaultKernels\\.cpp:[0-9]+ in " + Kernel + ", " + Where +
                         "\n")))
      << Report;
  EXPECT_NE(Report.find("\n  rule: kernel-fault (see " + RulesDir + "/runtime/kernel-fault.md)\n"),
            std::string::npos)
      << Report;
  EXPECT_TRUE(std::regex_search(
      Report, std::regex("\nSUMMARY: wavesan: kernel-fault [^\n]*EmuFaultKernels\\.cpp:[0-9]+ in " +
                         Kernel + "\n$")))
      << Report;
  EXPECT_EQ(R.Err.find("kernel-fault", R.Err.find("SUMMARY: wavesan: kernel-fault") + 30),
            std::string::npos)
      << "more than one report\n"
      << R.Err;
}

constexpr const char *Quiet = "workers=1";

TEST(EmuFault, NullDereferenceIsReportedAndEndsWithSigsegv) {
  ProgramRun R = run("null", Quiet);
  // Lane 7 stores to p + 7 ints = address 0x1c.
  expectFault(R, SIGSEGV, "null_store",
              "null pointer dereference: a write of address 0x1c \\(SIGSEGV\\)",
              "block \\(1,0,0\\), thread \\(7,0,0\\), wave 0, lane 7");
  EXPECT_NE(R.Err.find("the process ends with SIGSEGV\n"), std::string::npos) << R.Err;
}

TEST(EmuFault, IntegerDivisionByZeroEndsWithSigfpe) {
  ProgramRun R = run("divide", Quiet);
  expectFault(R, SIGFPE, "divide", "integer division by zero",
              "block \\(1,0,0\\), thread \\(5,0,0\\), wave 0, lane 5");
}

TEST(EmuFault, DeepRecursionIsAStackOverflow) {
  ProgramRun R = run("recurse", Quiet);
  expectFault(R, SIGSEGV, "recurse",
              "stack overflow: the lane used up its 256 KiB fiber stack \\(a write of address "
              "0x[0-9a-f]+ in the guard region below it",
              "block \\(0,0,0\\), thread \\(3,0,0\\), wave 0, lane 3");
}

TEST(EmuFault, LocalArrayLargerThanStackAndGuardHitsTheGuard) {
  ProgramRun R = run("big-frame", Quiet);
  // Every lane overflows; the first to run past the barrier is reported.
  expectFault(R, SIGSEGV, "big_frame", "stack overflow: the lane used up its 256 KiB",
              "block \\(0,0,0\\), thread \\(([0-9]|[1-5][0-9]|6[0-3]),0,0\\), wave 0, "
              "lane ([0-9]|[1-5][0-9]|6[0-3])");
}

TEST(EmuFault, TrapIsAnIllegalInstruction) {
  ProgramRun R = run("trap", Quiet);
  expectFault(R, SIGILL, "trap", "illegal instruction \\(SIGILL",
              "block \\(0,0,0\\), thread \\(9,0,0\\), wave 0, lane 9");
}

// halt_on_error's exitcode is for findings the program survives: a fault still ends the
// process with its signal, after the report.
TEST(EmuFault, HaltOnErrorStillEndsWithTheSignal) {
  ProgramRun R = run("null", "workers=1:halt_on_error=1:exitcode=7");
  expectFault(R, SIGSEGV, "null_store", "null pointer dereference",
              "block \\(1,0,0\\), thread \\(7,0,0\\), wave 0, lane 7");
}

TEST(EmuFault, JsonReport) {
  ProgramRun R = run("divide", "workers=1:report_format=json");
  EXPECT_EQ(R.ExitCode, -SIGFPE) << R.Err;
  EXPECT_TRUE(std::regex_search(
      R.Err, std::regex("\\{\"tool\":\"wavesan\",\"pid\":[0-9]+,\"level\":\"error\","
                        "\"kind\":\"kernel-fault\",\"rule\":\"kernel-fault\",\"rule_doc\":"
                        "\"rules/runtime/kernel-fault.md\",\"kernel\":\"divide\",.*\"scope\":"
                        "\"lane\",\"block\":\\[1,0,0\\],\"thread\":\\[5,0,0\\],\"wave\":0,"
                        "\"lane\":5,\"message\":\"integer division by zero")))
      << R.Err;
}

// A handler the program installed before the first launch gets the signal after the
// report (as AddressSanitizer's does): EmuFaultKernels.cpp's says so and exits 42.
TEST(EmuFault, HandlerInstalledBeforeGetsTheSignalAfterTheReport) {
  ProgramRun R = run("previous-handler", Quiet);
  EXPECT_EQ(R.ExitCode, 42) << R.Err;
  const size_t Summary = R.Err.find("SUMMARY: wavesan: kernel-fault");
  ASSERT_NE(Summary, std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("SIGSEGV goes on to the handler installed before wavesan's"),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("previous handler ran\n", Summary), std::string::npos) << R.Err;
}

// A fault in host code, after a launch installed the handler, is not a lane's: no report,
// the default action.
TEST(EmuFault, HostFaultIsNotReported) {
  ProgramRun R = run("host", Quiet);
  EXPECT_EQ(R.ExitCode, -SIGSEGV) << R.Err;
  EXPECT_EQ(R.Err.find("kernel-fault"), std::string::npos) << R.Err;
}

} // namespace
