//===--- CcWaveDiffTest.cpp - compare_wave_sizes=1 on a wavesan-cc program ---===//
///
/// \file
/// testdata/wavesan-cc/wave_size_diff.hip (its header comment derives the sums by
/// hand) run with and without WAVESAN_OPTIONS=compare_wave_sizes=1: a shuffle ladder
/// starting at offset 16 is one wave-size-divergence report naming the kernel, the
/// argument and both values; a ladder from warpSize / 2 is not reported; the program
/// keeps the wave-64 result either way.
///
//===----------------------------------------------------------------------===//
#include "CcHarness.h"

#include <regex>
#include <string>

namespace {

using wavesan::test::CcProgramTest;
using wavesan::test::CcResult;
using wavesan::test::occurrences;

class CcWaveDiff : public CcProgramTest {
protected:
  static void SetUpTestSuite() { build("wave_size_diff.hip", "diff"); }
};

constexpr const char *Compare = "WAVESAN_OPTIONS=compare_wave_sizes=1 ";

TEST_F(CcWaveDiff, LadderFrom16IsReportedWithBothValues) {
  CcResult R = run(std::string(Compare) + "./diff ladder16");
  EXPECT_EQ(R.Status, 1) << R.Err;
  EXPECT_EQ(R.Out, "out 528\n") << R.Err; // the wave-64 result
  EXPECT_EQ(occurrences(R.Err, "ERROR: wavesan: wave-size-divergence in kernel sum_from_16\n"), 1u)
      << R.Err;
  EXPECT_NE(R.Err.find("\n  argument 2 of 2 (int32_t *, the 4-byte hipMalloc buffer): 1 of 1 "
                       "elements differ: [0] wave 32: 2080, wave 64: 528\n"),
            std::string::npos)
      << R.Err;
  EXPECT_TRUE(std::regex_search(
      R.Err, std::regex("\nSUMMARY: wavesan: wave-size-divergence [^\n]*wave_size_diff\\.hip:[0-9]+ "
                        "in sum_from_16\n")))
      << R.Err;
}

TEST_F(CcWaveDiff, FloatValuesArePrintedAsFloats) {
  CcResult R = run(std::string(Compare) + "./diff float");
  EXPECT_EQ(R.Status, 1) << R.Err;
  EXPECT_EQ(R.Out, "out 264\n") << R.Err;
  EXPECT_NE(R.Err.find("argument 2 of 2 (float *, the 4-byte hipMalloc buffer): 1 of 1 elements "
                       "differ: [0] wave 32: 1040, wave 64: 264\n"),
            std::string::npos)
      << R.Err;
}

TEST_F(CcWaveDiff, BroadcastFromLane31ShowsTheFirstDifferingElements) {
  CcResult R = run(std::string(Compare) + "./diff bcast31");
  EXPECT_EQ(R.Status, 1) << R.Err;
  EXPECT_EQ(R.Out, "out[40] 31\n") << R.Err;
  EXPECT_NE(R.Err.find("argument 1 of 1 (int32_t *, the 256-byte hipMalloc buffer): 32 of 64 "
                       "elements differ: [32] wave 32: 63, wave 64: 31; [33] wave 32: 63, wave "
                       "64: 31; [34] wave 32: 63, wave 64: 31; [35] wave 32: 63, wave 64: 31; "
                       "... (28 more)\n"),
            std::string::npos)
      << R.Err;
}

TEST_F(CcWaveDiff, FullWaveLadderIsNotReported) {
  CcResult R = run(std::string(Compare) + "./diff full");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_EQ(R.Out, "out 2080\n");
  EXPECT_EQ(R.Err, "");
}

TEST_F(CcWaveDiff, WithoutTheOptionNothingIsCompared) {
  CcResult R = run("./diff ladder16");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_EQ(R.Out, "out 528\n");
  EXPECT_EQ(R.Err, "");
}

// The process's own wave size is the one whose result the buffers keep.
TEST_F(CcWaveDiff, BuffersKeepTheWaveSizeRunsResult) {
  CcResult R = run("WAVESAN_OPTIONS=compare_wave_sizes=1:wave_size=32 ./diff ladder16");
  EXPECT_EQ(R.Out, "out 2080\n") << R.Err;
  EXPECT_NE(R.Err.find("[0] wave 32: 2080, wave 64: 528\n"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("the buffers keep the wave 32 results"), std::string::npos) << R.Err;
}

} // namespace
