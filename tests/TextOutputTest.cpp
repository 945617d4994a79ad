//===--- TextOutputTest.cpp - the text report, as a terminal shows it ------===//
///
/// Through the wavecheck binary: fix-its with several parts, compiler errors
/// of a file that cannot be analysed (clang's excerpt and caret), and
/// colours (`--color`). The golden testdata/text/warp-count.txt is the text
/// report of testdata/checks/wave64-hardcoded-warp-size/warp-count.hip, its
/// fix-it columns checked by hand against the source (`>>` of line 11 at
/// column 34, its `5` at 37; `31` and `32` of line 9 at 37 and 43).
///
//===----------------------------------------------------------------------===//
#include "DriverTest.h"

#include <gtest/gtest.h>

using namespace wavecheck::test;

namespace {

using TextOutput = TempDirTest;

const char *WarpCount = "/checks/wave64-hardcoded-warp-size/warp-count.hip";

TEST_F(TextOutput, FixItPartsEachOnTheirOwnLine) {
  write("warp-count.hip", readFile(testdataDir() + WarpCount));
  ProcessResult R = runWavecheck({"warp-count.hip"}, Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  std::string Golden = readFile(testdataDir() + "/text/warp-count.txt");
  ASSERT_FALSE(Golden.empty()) << "testdata/text/warp-count.txt is missing";
  EXPECT_EQ(R.Out, Golden);
  // `blockDim.x >> 5` -> `blockDim.x / warpSize`: `/` under `>>`, then
  // `warpSize` under `5`, not run together on one line.
  EXPECT_NE(R.Out.find("   11 |   const int shifted = blockDim.x >> 5;\n"
                       "      |                                     ^\n"
                       "      |                                  /\n"
                       "      |                                     warpSize\n"),
            std::string::npos)
      << R.Out;
}

TEST_F(TextOutput, FixItPartOnAnotherLineIsShownUnderThatLine) {
  // A rounded-up warp count split over two lines: its fix-it replaces the
  // `31` of line 3 and the `32` of line 4 (the check fires because the
  // kernel also counts wavefronts with warpSize, line 7).
  write("k.hip", "#include <hip/hip_runtime.h>\n"
                 "__global__ void k(float *partials) {\n"
                 "  const int rounded = (blockDim.x + 31)\n"
                 "                      / 32;\n"
                 "  if (threadIdx.x < rounded)\n"
                 "    partials[threadIdx.x] = 0.0f;\n"
                 "  const int waves = (blockDim.x + warpSize - 1) / warpSize;\n"
                 "  partials[waves] = 0.0f;\n"
                 "}\n");
  ProcessResult R = runWavecheck({"k.hip"}, Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("    4 |                       / 32;\n"
                       "      |                         ^\n"
                       "      |                         warpSize\n"
                       "    3 |   const int rounded = (blockDim.x + 31)\n"
                       "      |                                     warpSize - 1\n"),
            std::string::npos)
      << R.Out;
}

} // namespace
