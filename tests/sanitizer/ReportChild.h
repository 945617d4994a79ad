//===--- ReportChild.h - run a piece of a test in a fresh child process ----===//
///
/// options() parses WAVESAN_OPTIONS once per process, and halt_on_error ends
/// the process, so tests of the report module that call options() or report()
/// run in a forked child (the test process itself never calls them, so each
/// child starts with nothing parsed). The child's stderr is captured.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <regex>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace wavesan::test {

struct ChildResult {
  int ExitCode = -1; ///< exit status, or -signal when killed
  std::string Err;   ///< everything written to stderr
};

/// Bound on one child's run: a hung child is killed by SIGALRM and the test
/// fails on its exit code instead of hanging ctest. Every child here does
/// microseconds of work; 30 s only separates "hung" from "slow machine".
constexpr unsigned ChildTimeoutSeconds = 30;

/// Runs \p Body in a forked child with WAVESAN_OPTIONS set to \p Options (unset
/// when null); the child exits 0 when Body returns (with _exit: no exit handlers, so
/// fail_at_exit does not change that status; report_exit_test checks it on programs).
inline ChildResult runInChild(const char *Options, const std::function<void()> &Body) {
  int Pipe[2];
  if (pipe(Pipe) != 0)
    return {};
  std::fflush(nullptr);
  pid_t Pid = fork();
  if (Pid == 0) {
    close(Pipe[0]);
    dup2(Pipe[1], 2);
    close(Pipe[1]);
    alarm(ChildTimeoutSeconds);
    if (Options)
      setenv("WAVESAN_OPTIONS", Options, 1);
    else
      unsetenv("WAVESAN_OPTIONS");
    Body();
    std::fflush(nullptr);
    _exit(0);
  }
  close(Pipe[1]);
  ChildResult R;
  char Buf[4096];
  ssize_t N;
  while ((N = read(Pipe[0], Buf, sizeof Buf)) > 0)
    R.Err.append(Buf, static_cast<size_t>(N));
  close(Pipe[0]);
  int Status = 0;
  waitpid(Pid, &Status, 0);
  R.ExitCode = WIFEXITED(Status) ? WEXITSTATUS(Status) : -WTERMSIG(Status);
  return R;
}

struct ProgramRun {
  int ExitCode = -1; ///< exit status, or -signal
  std::string Out, Err;
};

/// Runs \p Argv with WAVESAN_OPTIONS=\p Options (unset when null); a 60 s alarm bounds a
/// hung program (the deadlock case must finish, not hang).
inline ProgramRun runProgram(const std::vector<std::string> &Argv, const char *Options) {
  int OutPipe[2], ErrPipe[2];
  if (pipe(OutPipe) || pipe(ErrPipe))
    return {};
  pid_t Pid = fork();
  if (Pid == 0) {
    dup2(OutPipe[1], 1);
    dup2(ErrPipe[1], 2);
    close(OutPipe[0]), close(OutPipe[1]), close(ErrPipe[0]), close(ErrPipe[1]);
    if (Options)
      setenv("WAVESAN_OPTIONS", Options, 1);
    else
      unsetenv("WAVESAN_OPTIONS");
    alarm(60);
    std::vector<char *> Args;
    for (const std::string &A : Argv)
      Args.push_back(const_cast<char *>(A.c_str()));
    Args.push_back(nullptr);
    execv(Args[0], Args.data());
    _exit(127);
  }
  close(OutPipe[1]);
  close(ErrPipe[1]);
  ProgramRun R;
  char Buf[4096];
  ssize_t N;
  while ((N = read(ErrPipe[0], Buf, sizeof Buf)) > 0)
    R.Err.append(Buf, static_cast<size_t>(N));
  while ((N = read(OutPipe[0], Buf, sizeof Buf)) > 0)
    R.Out.append(Buf, static_cast<size_t>(N));
  close(OutPipe[0]);
  close(ErrPipe[0]);
  int Status = 0;
  waitpid(Pid, &Status, 0);
  R.ExitCode = WIFEXITED(Status) ? WEXITSTATUS(Status) : -WTERMSIG(Status);
  return R;
}

/// Replaces the pid in "==<pid>==" and "\"pid\":<pid>" with PID, for goldens.
inline std::string maskPid(const std::string &S) {
  std::string Out = std::regex_replace(S, std::regex("==[0-9]+=="), "==PID==");
  return std::regex_replace(Out, std::regex("\"pid\":[0-9]+"), "\"pid\":PID");
}

inline std::string readWholeFile(const std::string &Path) {
  std::string Text;
  if (FILE *F = std::fopen(Path.c_str(), "rb")) {
    char Buf[4096];
    size_t N;
    while ((N = std::fread(Buf, 1, sizeof Buf, F)) > 0)
      Text.append(Buf, N);
    std::fclose(F);
  }
  return Text;
}

} // namespace wavesan::test
