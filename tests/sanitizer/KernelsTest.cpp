//===--- KernelsTest.cpp - testdata/kernels/ at wave 32 and wave 64 -------===//
///
/// \file
/// Runs every kernel program of testdata/kernels/ (one per bug family of
/// CUDA-to-HIP ports, testdata/kernels/README.md, each with a `correct` and a `buggy` variant) on the emulator at wave
/// 32 and at wave 64, each run in its own process with
/// `WAVESAN_OPTIONS=wave_size=N:report_format=json:log_path=<tmp>/log` and a hard
/// kill after a bound, and checks:
///   - correct variants: the printed result equals the value computed here, at
///     both widths, and the run wrote no report at all;
///   - buggy variants: the report kind the family expects at wave 64 (at the line
///     marked `wavesan-expect: <kind>` in the source, when the report has one) and
///     the expected right or wrong result at wave 32;
///   - deadlock and timeout cases end within their bound.
/// Expected values are plain host arithmetic written here from the input formulas
/// in each kernel's header comment, never taken from the emulator.
///
/// Files: the lane-mask and reduction families (ladder_from_16 to aggregated_atomic)
/// here; barriers, launch limits, timeouts and the remaining runtime checks in
/// KernelsRuntimeTest.cpp; the runner and input formulas in KernelsHarness.{h,cpp}.
///
//===----------------------------------------------------------------------===//
#include "KernelsHarness.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace kernels_test;

// ---- ladder_from_16: reduction ladder from offset 16 ----

TEST(KernelLadderFrom16, CorrectSumsAtBothWidths) {
  const double All = sumWhere([](long) { return true; });
  atBothWidths("ladder_from_16", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("sum"), fixed1(All)) << R.describe();
  });
}

TEST(KernelLadderFrom16, BuggyRightAt32LowerHalvesOnlyAt64) {
  KernelRun R32 = runKernel("ladder_from_16", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.value("sum"), fixed1(sumWhere([](long) { return true; }))) << R32.describe();

  KernelRun R64 = runKernel("ladder_from_16", "buggy", 64);
  EXPECT_EQ(R64.ExitCode, 0) << R64.describe();
  const double Low = sumWhere(lowerHalfOfWave64);
  ASSERT_NE(Low, sumWhere([](long) { return true; })); // the input tells the two apart
  EXPECT_EQ(R64.value("sum"), fixed1(Low)) << R64.describe();
}

// ---- hardcoded_lane: lane = tid % 32, warp = tid / 32 ----

TEST(KernelHardcodedLane, CorrectCountsAtBothWidths) {
  const int Expected = countWhere([](long I) { return (7 * I) % 5 == 3; });
  atBothWidths("hardcoded_lane", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("count"), std::to_string(Expected)) << R.describe();
  });
}

TEST(KernelHardcodedLane, BuggyRightAt32DoubleAt64) {
  const int Expected = countWhere([](long I) { return (7 * I) % 5 == 3; });
  KernelRun R32 = runKernel("hardcoded_lane", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.value("count"), std::to_string(Expected)) << R32.describe();
  KernelRun R64 = runKernel("hardcoded_lane", "buggy", 64);
  EXPECT_EQ(R64.ExitCode, 0) << R64.describe();
  EXPECT_EQ(R64.value("count"), std::to_string(2 * Expected)) << R64.describe();
}

// ---- ballot_narrowed: unsigned votes = __ballot(...) ----

bool positive(long I) { return I % 13 >= 7; }
bool negative(long I) { return I % 13 < 6; }

TEST(KernelBallotNarrowed, CorrectCountsAtBothWidths) {
  atBothWidths("ballot_narrowed", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("count"), std::to_string(countWhere(positive))) << R.describe();
  });
}

TEST(KernelBallotNarrowed, BuggyRightAt32TruncatedAndReportedAt64) {
  KernelRun R32 = runKernel("ballot_narrowed", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.value("count"), std::to_string(countWhere(positive))) << R32.describe();
  KernelRun R64 = runKernel("ballot_narrowed", "buggy", 64);
  expectReport(R64, "ballot_narrowed", "lane-mask-truncated");
  EXPECT_EQ(R64.value("count"),
            std::to_string(countWhere([](long I) { return positive(I) && I % 64 < 32; })))
      << R64.describe();
}

// ---- popc_on_ballot: __popc(__ballot(...)) ----

TEST(KernelPopcOnBallot, CorrectCountsAtBothWidths) {
  atBothWidths("popc_on_ballot", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("count"), std::to_string(countWhere(negative))) << R.describe();
  });
}

TEST(KernelPopcOnBallot, BuggyRightAt32TruncatedAndReportedAt64) {
  KernelRun R32 = runKernel("popc_on_ballot", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.value("count"), std::to_string(countWhere(negative))) << R32.describe();
  KernelRun R64 = runKernel("popc_on_ballot", "buggy", 64);
  expectReport(R64, "popc_on_ballot", "lane-mask-truncated");
  EXPECT_EQ(R64.value("count"),
            std::to_string(countWhere([](long I) { return negative(I) && I % 64 < 32; })))
      << R64.describe();
}

// ---- sync_mask_32bit: 0xffffffff as a *_sync mask ----

/// Row maxima of sync_mask_32bit.hip's input; rows with r % 4 == 2 read as 0 when
/// \p DropUpperLanes (the vote misses lanes 32-63 of a wave64).
std::vector<std::string> rowMaxima(bool DropUpperLanes) {
  const int Rows = 64, Cols = 256;
  std::vector<std::string> Out;
  for (int Row = 0; Row < Rows; ++Row) {
    bool Any = false;
    double Max = 0;
    for (int C = 0; C < Cols; ++C) {
      const int Type = Row % 4;
      const bool Valid = Type == 0 || (Type == 2 && C % 64 >= 32) || (Type == 3 && C == 5);
      if (!Valid) continue;
      const double V = (31 * Row + 17 * C) % 101 - 50;
      Max = Any ? std::max(Max, V) : V;
      Any = true;
    }
    if (DropUpperLanes && Row % 4 == 2) Any = false;
    Out.push_back(fixed1(Any ? Max : 0.0));
  }
  return Out;
}

TEST(KernelSyncMask32Bit, CorrectAtBothWidths) {
  atBothWidths("sync_mask_32bit", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.Values["rowmax"], rowMaxima(false)) << R.describe();
  });
}

TEST(KernelSyncMask32Bit, BuggyRightAt32ReportedAndRowsZeroedAt64) {
  KernelRun R32 = runKernel("sync_mask_32bit", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.Values["rowmax"], rowMaxima(false)) << R32.describe();
  KernelRun R64 = runKernel("sync_mask_32bit", "buggy", 64);
  expectReport(R64, "sync_mask_32bit", "sync-mask-incomplete");
  // HIP documentation: __any_sync ANDs the vote with the mask.
  EXPECT_EQ(R64.Values["rowmax"], rowMaxima(true)) << R64.describe();
}

// ---- aggregated_atomic: warp-aggregated atomic on 32-bit masks ----

/// `histogram h0 h1 .. h6` of the compacted values when everything selected arrives.
std::vector<std::string> fullHistogram() {
  std::vector<std::string> H = {"0"};
  for (int V = 1; V <= 6; ++V)
    H.push_back(std::to_string(countWhere([V](long I) { return x(I) == V; })));
  return H;
}

TEST(KernelAggregatedAtomic, CorrectCompactsAtBothWidths) {
  atBothWidths("aggregated_atomic", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("count"), std::to_string(countWhere(positive))) << R.describe();
    EXPECT_EQ(R.Values["histogram"], fullHistogram()) << R.describe();
  });
}

TEST(KernelAggregatedAtomic, BuggyRightAt32TruncatedAndReportedAt64) {
  KernelRun R32 = runKernel("aggregated_atomic", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.value("count"), std::to_string(countWhere(positive))) << R32.describe();
  EXPECT_EQ(R32.Values["histogram"], fullHistogram()) << R32.describe();
  KernelRun R64 = runKernel("aggregated_atomic", "buggy", 64);
  expectReport(R64, "aggregated_atomic", "lane-mask-truncated");
  EXPECT_EQ(R64.value("count"),
            std::to_string(countWhere([](long I) { return positive(I) && I % 64 < 32; })))
      << R64.describe();
}

} // namespace
