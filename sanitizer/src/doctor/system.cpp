//===--- system.cpp - the probes of this process ---------------------------===//
///
/// \file
/// systemProbes(): commands run with posix_spawnp (stdout captured through a
/// pipe, stderr to /dev/null, stdin from /dev/null), read with poll() until
/// the timeout, after which the child - and only it, by its pid - is killed
/// with SIGKILL and reaped. A command that is not in PATH gives Started =
/// false with Error "not found in PATH".
///
//===----------------------------------------------------------------------===//
#include "wavesan/doctor.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace wavesan::doctor {
namespace {

using Clock = std::chrono::steady_clock;

/// More output than this makes the command's rows unknown (doctor.h).
constexpr size_t MaxOutputBytes = Probes::MaxOutputBytes;
/// How often a child that closed its stdout is polled for its exit.
constexpr std::chrono::milliseconds ReapInterval{5};

CommandResult runCommand(const std::vector<std::string> &Argv, std::chrono::milliseconds Timeout) {
  CommandResult R;
  if (Argv.empty()) {
    R.Error = "empty command";
    return R;
  }
  int Pipe[2];
  if (pipe2(Pipe, O_CLOEXEC) != 0) {
    R.Error = std::string("pipe: ") + std::strerror(errno);
    return R;
  }
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_adddup2(&Actions, Pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&Actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  std::vector<char *> Args;
  for (const std::string &A : Argv)
    Args.push_back(const_cast<char *>(A.c_str()));
  Args.push_back(nullptr);
  pid_t Pid = -1;
  const int E = posix_spawnp(&Pid, Args[0], &Actions, nullptr, Args.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  close(Pipe[1]);
  if (E != 0) {
    close(Pipe[0]);
    R.Error = E == ENOENT ? "not found in PATH" : std::strerror(E);
    return R;
  }
  R.Started = true;
  const Clock::time_point Deadline = Clock::now() + Timeout;
  auto remainingMs = [&] {
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(Deadline - Clock::now());
    return static_cast<int>(std::max<long long>(0, Left.count()));
  };
  char Buf[65536];
  bool Open = true;
  while (Open && !R.TimedOut) {
    pollfd Fd{Pipe[0], POLLIN, 0};
    const int N = poll(&Fd, 1, remainingMs());
    if (N < 0 && errno == EINTR)
      continue;
    if (N == 0) {
      R.TimedOut = true;
      break;
    }
    const ssize_t Got = read(Pipe[0], Buf, sizeof Buf);
    if (Got < 0 && errno == EINTR)
      continue;
    if (Got <= 0)
      Open = false;
    else if (R.OutputTooLarge)
      continue; // drained and dropped, so the command is not blocked on a full pipe
    else if (R.Output.size() + static_cast<size_t>(Got) > MaxOutputBytes) {
      R.OutputTooLarge = true;
      std::string().swap(R.Output);
    } else
      R.Output.append(Buf, static_cast<size_t>(Got));
  }
  close(Pipe[0]);
  int WaitStatus = 0;
  while (!R.TimedOut) {
    const pid_t W = waitpid(Pid, &WaitStatus, WNOHANG);
    if (W == Pid)
      break;
    if (W < 0 && errno != EINTR) {
      R.Error = std::string("waitpid: ") + std::strerror(errno);
      return R;
    }
    if (Clock::now() >= Deadline)
      R.TimedOut = true;
    else
      std::this_thread::sleep_for(ReapInterval);
  }
  if (R.TimedOut) {
    kill(Pid, SIGKILL);
    while (waitpid(Pid, &WaitStatus, 0) < 0 && errno == EINTR) {
    }
    R.Error = "killed after " + std::to_string(Timeout.count()) + " ms";
    return R;
  }
  if (WIFEXITED(WaitStatus))
    R.ExitCode = WEXITSTATUS(WaitStatus);
  else
    R.Error = "terminated by signal " + std::to_string(WTERMSIG(WaitStatus));
  return R;
}

/// A regular file of at most MaxOutputBytes (read in bounded chunks: /proc files report
/// size 0); std::nullopt otherwise.
std::optional<std::string> readFile(const std::string &Path) {
  const int Fd = open(Path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (Fd < 0)
    return std::nullopt;
  struct stat St;
  std::optional<std::string> Text;
  if (fstat(Fd, &St) == 0 && S_ISREG(St.st_mode)) {
    Text.emplace();
    char Buf[65536];
    while (true) {
      const ssize_t Got = read(Fd, Buf, sizeof Buf);
      if (Got < 0 && errno == EINTR)
        continue;
      if (Got < 0 || Text->size() + static_cast<size_t>(Got) > MaxOutputBytes) {
        Text.reset();
        break;
      }
      if (Got == 0)
        break;
      Text->append(Buf, static_cast<size_t>(Got));
    }
  }
  close(Fd);
  return Text;
}

} // namespace

Probes systemProbes() {
  Probes P;
  P.Run = runCommand;
  P.ReadFile = readFile;
  P.GetEnv = [](const std::string &Name) -> std::optional<std::string> {
    const char *V = std::getenv(Name.c_str());
    return V ? std::optional<std::string>(V) : std::nullopt;
  };
  P.IsFile = [](const std::string &Path) {
    std::error_code Ec;
    return std::filesystem::is_regular_file(Path, Ec);
  };
  return P;
}

} // namespace wavesan::doctor
