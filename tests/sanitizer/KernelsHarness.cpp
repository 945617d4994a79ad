//===--- KernelsHarness.cpp - runner for kernels_test --------------------===//
///
/// \file
/// runKernel (posix_spawn with WAVESAN_OPTIONS replaced, a poll loop with a hard
/// SIGKILL bound, stdout and the JSON log parsed) and the shared expectations of
/// KernelsHarness.h.
///
//===----------------------------------------------------------------------===//
#include "KernelsHarness.h"

#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include <chrono>
#include <cmath>
#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace kernels_test {

namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

/// Lines of testdata/kernels/<Name>.hip marked `wavesan-expect: <Kind>`.
std::set<unsigned> markedLines(const std::string &Name, const std::string &Kind) {
  std::set<unsigned> Lines;
  std::istringstream In(readFile(fs::path(WAVESAN_TESTDATA_DIR) / "kernels" / (Name + ".hip")));
  unsigned Number = 0;
  for (std::string Line; std::getline(In, Line);) {
    ++Number;
    const std::string Marker = "wavesan-expect: " + Kind;
    const size_t At = Line.find(Marker);
    if (At != std::string::npos &&
        (At + Marker.size() == Line.size() || Line[At + Marker.size()] == ' '))
      Lines.insert(Number);
  }
  return Lines;
}

} // namespace

KernelRun runKernel(const std::string &Name, const std::string &Variant, unsigned WaveSize,
                    double BoundSeconds, const std::string &ExtraOptions) {
  KernelRun Result;
  const fs::path Program = fs::path(WAVESAN_KERNELS_BIN_DIR) / ("kernel_" + Name);
  char Template[] = "/tmp/wavesan-kernels-XXXXXX";
  const char *DirName = mkdtemp(Template);
  if (!DirName) {
    ADD_FAILURE() << "mkdtemp failed";
    return Result;
  }
  const fs::path Dir = DirName;
  const std::string Options = "wave_size=" + std::to_string(WaveSize) +
                              ":report_format=json:halt_on_error=0:log_path=" +
                              (Dir / "log").string() + (ExtraOptions.empty() ? "" : ":") +
                              ExtraOptions;

  // The child's environment: ours, with WAVESAN_OPTIONS replaced.
  std::vector<std::string> Env;
  for (char **E = environ; *E; ++E)
    if (std::string(*E).rfind("WAVESAN_OPTIONS=", 0) != 0) Env.push_back(*E);
  Env.push_back("WAVESAN_OPTIONS=" + Options);
  std::vector<char *> EnvP;
  for (std::string &E : Env) EnvP.push_back(E.data());
  EnvP.push_back(nullptr);

  std::string ProgramStr = Program.string(), VariantStr = Variant;
  char *Argv[] = {ProgramStr.data(), VariantStr.data(), nullptr};
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 1, (Dir / "stdout").c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&Actions, 2, (Dir / "stderr").c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t Pid = 0;
  const auto Start = std::chrono::steady_clock::now();
  const int SpawnError =
      posix_spawn(&Pid, ProgramStr.c_str(), &Actions, nullptr, Argv, EnvP.data());
  posix_spawn_file_actions_destroy(&Actions);
  if (SpawnError != 0) {
    ADD_FAILURE() << "cannot run " << ProgramStr << ": " << std::strerror(SpawnError);
    fs::remove_all(Dir);
    return Result;
  }
  int Status = 0;
  for (;;) {
    const pid_t Done = waitpid(Pid, &Status, WNOHANG);
    if (Done == Pid) break;
    const double Elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
    if (Elapsed > BoundSeconds) {
      kill(Pid, SIGKILL);
      waitpid(Pid, &Status, 0);
      Result.TimedOut = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  Result.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  Result.ExitCode = WIFEXITED(Status) ? WEXITSTATUS(Status) : -WTERMSIG(Status);

  Result.Stdout = readFile(Dir / "stdout");
  Result.Stderr = readFile(Dir / "stderr");
  std::istringstream Lines(Result.Stdout);
  for (std::string Line; std::getline(Lines, Line);) {
    std::istringstream Words(Line);
    std::string Key, Word;
    Words >> Key;
    while (Words >> Word) Result.Values[Key].push_back(Word);
  }
  // log_path=<prefix> writes <prefix>.<pid>.
  for (const fs::directory_entry &Entry : fs::directory_iterator(Dir)) {
    if (Entry.path().filename().string().rfind("log.", 0) != 0) continue;
    std::istringstream Log(readFile(Entry.path()));
    for (std::string Line; std::getline(Log, Line);) {
      if (Line.empty()) continue;
      llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Line);
      if (!Parsed) {
        ADD_FAILURE() << "report line is not JSON: " << Line << ": "
                      << llvm::toString(Parsed.takeError());
        continue;
      }
      const llvm::json::Object *Object = Parsed->getAsObject();
      if (!Object) {
        ADD_FAILURE() << "report line is not a JSON object: " << Line;
        continue;
      }
      Report R;
      R.Level = Object->getString("level").value_or("").str();
      R.Kind = Object->getString("kind").value_or("").str();
      R.File = Object->getString("file").value_or("").str();
      R.Message = Object->getString("message").value_or("").str();
      R.Line = static_cast<unsigned>(Object->getInteger("line").value_or(0));
      Result.Reports.push_back(R);
    }
  }
  fs::remove_all(Dir);
  return Result;
}

void expectCleanRun(const KernelRun &R) {
  EXPECT_FALSE(R.TimedOut) << R.describe();
  EXPECT_EQ(R.ExitCode, 0) << R.describe();
  EXPECT_TRUE(R.Reports.empty()) << R.describe();
}

void expectReport(const KernelRun &R, const std::string &Name, const std::string &Kind) {
  const std::vector<const Report *> Found = R.reportsOf(Kind);
  ASSERT_FALSE(Found.empty()) << "no " << Kind << " report\n" << R.describe();
  const std::set<unsigned> Marked = markedLines(Name, Kind);
  if (Marked.empty()) return;
  bool AtMarkedLine = false;
  for (const Report *Rep : Found)
    AtMarkedLine |= Marked.count(Rep->Line) != 0 &&
                    fs::path(Rep->File).filename() == fs::path(Name + ".hip");
  EXPECT_TRUE(AtMarkedLine) << Kind << " not reported at a marked line of " << Name
                            << ".hip\n"
                            << R.describe();
}

} // namespace kernels_test
