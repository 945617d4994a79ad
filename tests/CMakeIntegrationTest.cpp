//===--- CMakeIntegrationTest.cpp - wavecheck as CMAKE_CXX_CLANG_TIDY -----===//
///
/// Configures and builds testdata/cmake-project with
/// `-DCMAKE_CXX_CLANG_TIDY=<wavecheck>;--hip-headers=standin`, the way a user
/// runs wavecheck inside a build: CMake (`cmake -E __run_co_compile`) calls
/// wavecheck before each compile with the whole compile command after `--`,
/// and fails that compile when wavecheck exits non-zero.
///
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include "llvm/Support/FileSystem.h"
#include <gtest/gtest.h>

using namespace wavecheck::test;

namespace {

class CMakeIntegration : public ::testing::Test {
protected:
  void SetUp() override { Build = makeTempDir(); }
  void TearDown() override { removeTree(Build); }

  ProcessResult configure(bool WithBug) {
    return runProgram(WAVECHECK_CMAKE, {"-S", testdataDir() + "/cmake-project", "-B", Build,
                                        "-G", WAVECHECK_CMAKE_GENERATOR,
                                        "-DCMAKE_CXX_COMPILER=" WAVECHECK_CLANGXX,
                                        "-DWAVECHECK_STANDIN=" WAVECHECK_SOURCE_DIR
                                        "/checker/standin",
                                        "-DCMAKE_CXX_CLANG_TIDY=" + wavecheckBinary() +
                                            ";--hip-headers=standin",
                                        std::string("-DWITH_LANE32_BUG=") +
                                            (WithBug ? "ON" : "OFF")});
  }
  ProcessResult build() { return runProgram(WAVECHECK_CMAKE, {"--build", Build}); }
  std::string Build;
};

TEST_F(CMakeIntegration, CleanSourceBuilds) {
  ProcessResult C = configure(false);
  ASSERT_EQ(C.ExitCode, 0) << C.Out << C.Err;
  ProcessResult B = build();
  EXPECT_EQ(B.ExitCode, 0) << B.Out << B.Err;
  EXPECT_NE((B.Out + B.Err).find("scale.hip: no findings"), std::string::npos)
      << "wavecheck ran on the source\n" << B.Out << B.Err;
  EXPECT_TRUE(llvm::sys::fs::exists(Build + "/CMakeFiles/kernels.dir/scale.hip.o"));
}

TEST_F(CMakeIntegration, FindingFailsTheBuildAndIsShown) {
  ProcessResult C = configure(true);
  ASSERT_EQ(C.ExitCode, 0) << C.Out << C.Err;
  ProcessResult B = build();
  EXPECT_NE(B.ExitCode, 0) << B.Out << B.Err;
  std::string Log = B.Out + B.Err;
  EXPECT_NE(Log.find("lane32.hip:8:20: warning: lane index computed with 32"),
            std::string::npos)
      << Log;
  EXPECT_NE(Log.find("[wave64-hardcoded-warp-size]"), std::string::npos) << Log;
  // CMake does not run the compiler after a failing tidy step.
  EXPECT_FALSE(llvm::sys::fs::exists(Build + "/CMakeFiles/kernels.dir/lane32.hip.o"));
}

} // namespace
