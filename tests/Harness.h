//===--- Harness.h - running the wavecheck binary from tests ---------------===//
#ifndef WAVECHECK_TESTS_HARNESS_H
#define WAVECHECK_TESTS_HARNESS_H

#include "llvm/Support/JSON.h"
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace wavecheck::test {

struct ProcessResult {
  int ExitCode = -1;
  std::string Out, Err;
};

/// Runs build/bin/wavecheck with \p Args in directory \p Cwd (empty: the
/// test's own), capturing stdout and stderr.
ProcessResult runWavecheck(const std::vector<std::string> &Args,
                           const std::string &Cwd = "");

/// Runs any program the same way. A program killed by a signal or still
/// running after \p SecondsToWait seconds (then killed) gives ExitCode -2,
/// with the reason in Err.
ProcessResult runProgram(const std::string &Program,
                         const std::vector<std::string> &Args,
                         const std::string &Cwd = "", unsigned SecondsToWait = 300);

/// Runs /usr/bin/clang-tidy-22 with \p Args the same way. In an ASan build (the
/// asan-ubsan preset) the plugin is instrumented and clang-tidy-22 is not: ASan's
/// runtime must come first in the process's libraries, so clang-tidy runs with it
/// preloaded (WAVECHECK_TIDY_PRELOAD, tests/CMakeLists.txt).
ProcessResult runClangTidy(const std::vector<std::string> &Args);

/// Whether the tests, and so the whole build (CMakePresets.json's asan-ubsan preset,
/// scripts/test-asan), are built with AddressSanitizer.
bool asanBuild();

/// Parses wavecheck's JSON output; fails the current test when it is not JSON.
llvm::json::Object parseReport(const std::string &Out);

/// The source tree's testdata/ directory and the build's wavecheck binary.
std::string testdataDir();
std::string wavecheckBinary();

/// A fresh temporary directory, removed by the caller with removeTree.
std::string makeTempDir();
void removeTree(const std::string &Dir);

std::string readFile(const std::string &Path);
void writeFile(const std::string &Path, const std::string &Text);

/// A HIP kernel with one finding: wave64-hardcoded-warp-size on line 4,
/// column 20 (the `32` of `tid % 32`); its fix-it makes it `tid % warpSize`.
extern const char *const LaneKernel;

/// A fixture with a fresh temporary directory per test: Dir (no trailing
/// slash), removed after the test even when a test made files in it
/// unreadable or read-only.
class TempDirTest : public ::testing::Test {
protected:
  void SetUp() override;
  void TearDown() override;
  /// Writes \p Text to Dir/\p Name, creating its directories; returns the path.
  std::string write(const std::string &Name, const std::string &Text);
  std::string Dir;
};

} // namespace wavecheck::test

#endif
