//===--- ReportExitChild.cpp - a program for report_exit_test ---------------===//
///
/// \file
/// Prints wavesan reports and then ends the way argv[1] says, so that
/// report_exit_test (ReportExitTest.cpp) can check the process's exit status under
/// fail_at_exit, halt_on_error and exitcode. Each mode writes to stdout without a
/// newline or a flush before its report: stdout is a pipe there, fully buffered, so
/// that text is lost unless the process flushes it before it ends.
///
///   error          one error report, then return 0 from main
///   note           one note, then return 0
///   two-errors     two error reports at different sites, then return 0
///   error-exit     one error report, then exit(0) from a function called by main
///   error-return3  one error report, then return 3
///   error-exit256  one error report, then exit(256) (the parent sees status 0)
///   cout-unsynced  std::ios::sync_with_stdio(false), text to std::cout, an error, return 0
///   fork-after-error  an error report, then fork: the child returns 0 from main (it printed
///                  no report); the parent prints the child's status and returns 0
///   leak-error     loses a heap block, then one error report, then return 0: built with
///                  AddressSanitizer (report_exit_asan_child), LeakSanitizer still checks
///                  the leak when the exit handler fails the process
///   clean          no report, return 0
///
/// It does not include <hip/hip_runtime.h> (kernels are report_exit_gtest_child's), so
/// that options are loaded, and the exit handler installed, at the first report in
/// main: after every static object of the program, libstdc++'s stream objects
/// included. Their destructors (which flush std::cout, and through it stdout) then run
/// after the handler, and only the handler's own flush keeps the buffered text.
///
//===----------------------------------------------------------------------===//
#include "wavesan/report.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sys/wait.h>
#include <unistd.h>

namespace {

void reportError(unsigned Line) {
  wavesan::ReportLocation W;
  W.File = "exit_child.hip";
  W.Line = Line;
  W.Kernel = "k";
  W.Scope = wavesan::ReportScope::Launch;
  wavesan::report(wavesan::ReportKind::BlockTooLarge, W, "block of 2048 threads");
}

void note() {
  wavesan::ReportLocation W;
  W.File = "exit_child.hip";
  W.Line = 5;
  W.Kernel = "k";
  W.Scope = wavesan::ReportScope::Launch;
  wavesan::report(wavesan::ReportKind::LaunchUnderfilledGrid, W, "grid of 1 block");
}

[[noreturn]] void exitFromAFunction() { std::exit(0); }

int *volatile Leaked = nullptr; // volatile: the allocation is not optimised away

} // namespace

int main(int argc, char **argv) {
  const char *Mode = argc > 1 ? argv[1] : "";
  if (!std::strcmp(Mode, "cout-unsynced")) {
    std::ios::sync_with_stdio(false);
    std::cout << "unsynced cout before the report;";
    reportError(1);
    std::cout << " after";
    return 0;
  }
  std::printf("stdout before the report;");
  if (!std::strcmp(Mode, "error")) {
    reportError(1);
    std::printf(" after");
    return 0;
  }
  if (!std::strcmp(Mode, "note")) {
    note();
    std::printf(" after");
    return 0;
  }
  if (!std::strcmp(Mode, "two-errors")) {
    reportError(1);
    std::printf(" between;");
    reportError(2);
    std::printf(" after");
    return 0;
  }
  if (!std::strcmp(Mode, "error-exit")) {
    reportError(1);
    exitFromAFunction();
  }
  if (!std::strcmp(Mode, "error-return3")) {
    reportError(1);
    return 3;
  }
  if (!std::strcmp(Mode, "error-exit256")) {
    reportError(1);
    std::exit(256);
  }
  if (!std::strcmp(Mode, "fork-after-error")) {
    reportError(1);
    std::fflush(nullptr);
    const pid_t Pid = fork();
    if (Pid == 0)
      return 0; // main's return: exit(0) and the exit handlers, in the child
    int Status = 0;
    waitpid(Pid, &Status, 0);
    std::printf(" child exit %d", WIFEXITED(Status) ? WEXITSTATUS(Status) : -1);
    return 0;
  }
  if (!std::strcmp(Mode, "leak-error")) {
    Leaked = new int[4]{1, 2, 3, 4};
    Leaked = nullptr; // the only pointer to the block is gone: a direct leak
    reportError(1);
    return 0;
  }
  if (!std::strcmp(Mode, "clean")) {
    std::printf(" after");
    return 0;
  }
  std::fprintf(stderr, "unknown mode '%s'\n", Mode);
  return 10;
}
