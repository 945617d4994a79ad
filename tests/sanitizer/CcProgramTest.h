//===--- CcProgramTest.h - one wavesan-cc program built per test suite ------===//
///
/// \file
/// A GoogleTest fixture base for tests that build one testdata/wavesan-cc program
/// with wavesan-cc once (SetUpTestSuite) and run it in several modes, capturing its
/// exit status, stdout (to a file: fully buffered, as in a CI log) and stderr.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace wavesan::test {

struct CcResult {
  int Status = -1; ///< exit status, or 128 + signal
  std::string Out, Err;
};

inline std::string slurpFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

/// How often \p Part occurs in \p S.
inline size_t occurrences(const std::string &S, const std::string &Part) {
  size_t N = 0;
  for (size_t P = S.find(Part); P != std::string::npos; P = S.find(Part, P + 1))
    ++N;
  return N;
}

/// testdata/wavesan-cc/\p Name.
inline std::string ccSource(const std::string &Name) {
  return std::string(WAVESAN_TESTDATA_DIR) + "/wavesan-cc/" + Name;
}

/// The directory a suite's program is built in; commands run there.
class CcProgramTest : public ::testing::Test {
protected:
  /// Builds testdata/wavesan-cc/\p Source as \p Output in a fresh directory.
  static void build(const std::string &Source, const std::string &Output,
                    const std::string &Flags = "-O1") {
    std::string Templ = ::testing::TempDir() + "wavesan-ccprog-XXXXXX";
    ASSERT_NE(::mkdtemp(Templ.data()), nullptr);
    Dir = Templ;
    const CcResult B = run(std::string(WAVESAN_CC) + " " + Flags + " '" + ccSource(Source) +
                           "' -o " + Output);
    ASSERT_EQ(B.Status, 0) << B.Err;
  }
  static void TearDownTestSuite() {
    if (!Dir.empty())
      std::system(("rm -rf '" + Dir + "'").c_str());
    Dir.clear();
  }
  /// A shell command line run in the build directory.
  static CcResult run(const std::string &Cmd) {
    const std::string Line =
        "cd '" + Dir + "' && " + Cmd + " >'" + Dir + "/.out' 2>'" + Dir + "/.err'";
    const int Raw = std::system(Line.c_str());
    CcResult R;
    R.Status = WIFEXITED(Raw) ? WEXITSTATUS(Raw) : 128 + WTERMSIG(Raw);
    R.Out = slurpFile(Dir + "/.out");
    R.Err = slurpFile(Dir + "/.err");
    return R;
  }

  static inline std::string Dir;
};

} // namespace wavesan::test
