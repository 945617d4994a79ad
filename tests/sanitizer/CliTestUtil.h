//===--- CliTestUtil.h - running build/bin/wavesan from tests ---*- C++ -*-===//
///
/// \file
/// What the CLI tests (IntegCliTest, XcdCliTest, DoctorCliTest,
/// RooflineCliTest) share: a run's exit status and output, reading a file,
/// running a shell command with its output captured in files, and a fixture
/// with a fresh temporary directory per test.
///
//===----------------------------------------------------------------------===//
#ifndef WAVESAN_TESTS_CLITESTUTIL_H
#define WAVESAN_TESTS_CLITESTUTIL_H

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace cli_test {

/// One run: exit status (-1 when killed by a signal), stdout, stderr.
struct CliRun {
  int Status = -1;
  std::string Out, Err;
};

/// The whole content of \p Path ("" when it cannot be read).
inline std::string slurp(const std::filesystem::path &P) {
  std::ifstream In(P, std::ios::binary);
  std::ostringstream S;
  S << In.rdbuf();
  return S.str();
}

/// Runs \p Command with /bin/sh, its stdout and stderr going to files in
/// \p Dir (which must exist), and returns what it printed and its status.
inline CliRun runShell(const std::string &Command, const std::filesystem::path &Dir) {
  const std::filesystem::path Out = Dir / "cli-stdout", Err = Dir / "cli-stderr";
  const int Raw = std::system(
      (Command + " >'" + Out.string() + "' 2>'" + Err.string() + "'").c_str());
  CliRun R;
  R.Status = WIFEXITED(Raw) ? WEXITSTATUS(Raw) : -1;
  R.Out = slurp(Out);
  R.Err = slurp(Err);
  return R;
}

/// A fixture with an empty directory of its own per test (removed after it).
class TempDirTest : public ::testing::Test {
protected:
  void SetUp() override {
    const auto *Info = ::testing::UnitTest::GetInstance()->current_test_info();
    Dir = std::filesystem::temp_directory_path() /
          ("wavesan-" + std::string(Info->test_suite_name()) + "-" + Info->name() + "-" +
           std::to_string(::getpid()));
    std::filesystem::remove_all(Dir);
    std::filesystem::create_directories(Dir);
  }
  void TearDown() override { std::filesystem::remove_all(Dir); }
  std::string path(const std::string &Name) const { return (Dir / Name).string(); }

  std::filesystem::path Dir;
};

} // namespace cli_test

#endif
