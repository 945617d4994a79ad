//===--- CcHarness.h - build programs with wavesan-cc and run them ---------===//
///
/// \file
/// What the wavesan-cc tests share: a directory the commands run in, a shell
/// command run there with its exit status, stdout (to a file: fully buffered, as
/// in a CI log) and stderr captured, and wavesan-cc builds of testdata/wavesan-cc/
/// programs. CcDirTest gives each test a fresh directory (kept when the test
/// failed); CcProgramTest builds one program once per test suite and runs it in
/// several modes. Each test executable defines WAVESAN_CC (the wrapper to run)
/// and WAVESAN_TESTDATA_DIR (testdata/).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

namespace wavesan::test {

/// A command's outcome.
struct CcResult {
  int Status = -1; ///< exit status, or 128 + signal
  std::string Out, Err;
};

/// The wavesan-cc under test (WAVESAN_CC).
const std::string &ccPath();
/// The bytes of file \p Path ("" when it cannot be read).
std::string slurpFile(const std::string &Path);
/// Whether \p Path exists.
bool fileExists(const std::string &Path);
/// How often \p Part occurs in \p S.
size_t occurrences(const std::string &S, const std::string &Part);
/// testdata/wavesan-cc/\p Name.
std::string ccSource(const std::string &Name);
/// A new empty directory under GoogleTest's temporary directory, its name
/// starting with \p Prefix; "" when it cannot be made.
std::string makeTempDir(const std::string &Prefix);
/// Removes \p Dir and everything in it.
void removeDir(const std::string &Dir);
/// Runs the shell command line \p Cmd in \p Dir, capturing stdout and stderr
/// (through the files .out and .err of \p Dir).
CcResult runIn(const std::string &Dir, const std::string &Cmd);

/// A fresh directory per test (removed after a passing test); every command runs in it.
class CcDirTest : public ::testing::Test {
protected:
  void SetUp() override;
  void TearDown() override;
  CcResult run(const std::string &Cmd) { return runIn(Dir, Cmd); }
  /// `wavesan-cc <Args>` in Dir.
  CcResult cc(const std::string &Args) { return run(ccPath() + " " + Args); }
  /// Builds \p Source (a path) with `wavesan-cc <Flags> <Source> -o <Exe>` and, when
  /// that succeeded, runs `<Env> ./<Exe> <RunArgs>`; a failed build is a test failure
  /// and its result is returned.
  CcResult buildAndRun(const std::string &Source, const std::string &Exe,
                       const std::string &Flags = "", const std::string &Env = "",
                       const std::string &RunArgs = "");

  std::string Dir;
};

/// The directory a suite's program is built in; commands run there.
class CcProgramTest : public ::testing::Test {
protected:
  /// Builds testdata/wavesan-cc/\p Source as \p Output in a fresh directory.
  static void build(const std::string &Source, const std::string &Output,
                    const std::string &Flags = "-O1");
  static void TearDownTestSuite();
  /// A shell command line run in the build directory.
  static CcResult run(const std::string &Cmd) { return runIn(Dir, Cmd); }

  static inline std::string Dir;
};

} // namespace wavesan::test
