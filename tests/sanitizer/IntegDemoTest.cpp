// The sanitiser demo of ./scripts/demo (scripts/wavesan-demo): its whole output, with the
// process ids of the report headers ("==1234==") replaced by "==PID==", must equal
// testdata/wavesan-demo/expected.txt, the output documented in testdata/wavesan-demo/README.md.
// Regenerate after reading the diff:
//   scripts/wavesan-demo build 2>&1 | sed -E 's/==[0-9]+==/==PID==/' \
//     > testdata/wavesan-demo/expected.txt
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

std::string slurp(const std::string &Path) {
  std::ifstream In(Path);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

TEST(IntegDemo, OutputMatchesExpected) {
  const std::string Out = (std::filesystem::temp_directory_path() /
                           ("wavesan-demo-out-" + std::to_string(::getpid())))
                              .string();
  const std::string Cmd = std::string("'") + WAVESAN_SOURCE_DIR + "/scripts/wavesan-demo' '" +
                          WAVESAN_BUILD_DIR + "' >'" + Out + "' 2>&1";
  const int Raw = std::system(Cmd.c_str());
  ASSERT_TRUE(WIFEXITED(Raw));
  EXPECT_EQ(WEXITSTATUS(Raw), 0) << "both bugs must be diagnosed (wavesan diff exit 1)";
  const std::string Got = std::regex_replace(slurp(Out), std::regex("==[0-9]+=="), "==PID==");
  std::filesystem::remove(Out);
  EXPECT_EQ(Got, slurp(std::string(WAVESAN_TESTDATA_DIR) + "/wavesan-demo/expected.txt"));
  // The two diagnoses the demo exists for (also in the golden, named here for the reader).
  EXPECT_NE(Got.find("rule: wave64-partial-reduction"), std::string::npos);
  EXPECT_NE(Got.find("rule: fp8-format-target-mismatch"), std::string::npos);
}

} // namespace
