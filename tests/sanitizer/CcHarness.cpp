//===--- CcHarness.cpp - build programs with wavesan-cc and run them -------===//
#include "CcHarness.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace wavesan::test {

const std::string &ccPath() {
  static const std::string Path = WAVESAN_CC;
  return Path;
}

std::string slurpFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

bool fileExists(const std::string &Path) {
  struct stat St;
  return ::stat(Path.c_str(), &St) == 0;
}

size_t occurrences(const std::string &S, const std::string &Part) {
  size_t N = 0;
  for (size_t P = S.find(Part); P != std::string::npos; P = S.find(Part, P + 1))
    ++N;
  return N;
}

std::string ccSource(const std::string &Name) {
  return std::string(WAVESAN_TESTDATA_DIR) + "/wavesan-cc/" + Name;
}

std::string makeTempDir(const std::string &Prefix) {
  std::string Templ = ::testing::TempDir() + Prefix + "XXXXXX";
  if (!::mkdtemp(Templ.data()))
    return "";
  return Templ;
}

void removeDir(const std::string &Dir) {
  if (!Dir.empty())
    std::system(("rm -rf '" + Dir + "'").c_str());
}

CcResult runIn(const std::string &Dir, const std::string &Cmd) {
  const std::string Line =
      "cd '" + Dir + "' && " + Cmd + " >'" + Dir + "/.out' 2>'" + Dir + "/.err'";
  const int Raw = std::system(Line.c_str());
  CcResult R;
  R.Status = WIFEXITED(Raw) ? WEXITSTATUS(Raw) : 128 + WTERMSIG(Raw);
  R.Out = slurpFile(Dir + "/.out");
  R.Err = slurpFile(Dir + "/.err");
  return R;
}

void CcDirTest::SetUp() {
  Dir = makeTempDir("wavesan-cc-");
  ASSERT_NE(Dir, "") << "cannot make a directory under " << ::testing::TempDir();
}

void CcDirTest::TearDown() {
  if (!HasFailure())
    removeDir(Dir);
}

CcResult CcDirTest::buildAndRun(const std::string &Source, const std::string &Exe,
                                const std::string &Flags, const std::string &Env,
                                const std::string &RunArgs) {
  const CcResult B = cc((Flags.empty() ? "" : Flags + " ") + Source + " -o " + Exe);
  EXPECT_EQ(B.Status, 0) << B.Err;
  if (B.Status != 0)
    return B;
  return run((Env.empty() ? "" : Env + " ") + "./" + Exe +
             (RunArgs.empty() ? "" : " " + RunArgs));
}

void CcProgramTest::build(const std::string &Source, const std::string &Output,
                          const std::string &Flags) {
  Dir = makeTempDir("wavesan-ccprog-");
  ASSERT_NE(Dir, "") << "cannot make a directory under " << ::testing::TempDir();
  const CcResult B = run(ccPath() + " " + Flags + " '" + ccSource(Source) + "' -o " + Output);
  ASSERT_EQ(B.Status, 0) << B.Err;
}

void CcProgramTest::TearDownTestSuite() {
  removeDir(Dir);
  Dir.clear();
}

} // namespace wavesan::test
