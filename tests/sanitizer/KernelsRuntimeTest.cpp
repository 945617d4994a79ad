//===--- KernelsRuntimeTest.cpp - testdata/kernels/: barriers, limits, checks ===//
///
/// \file
/// Part of kernels_test (see KernelsTest.cpp for what every test checks): the
/// barrier, partial wave-op and shuffle-width families, launch limits (block size,
/// grid fill, LDS), the spin timeout, the remaining runtime checks
/// (shuffle-lane-out-of-range, inactive-lane-read, wave-op-divergent) and
/// wave-size-divergence (ladder_compare). A run that prints an error report exits
/// 1 (the runtime's fail_at_exit: each program returns 0 from main); a clean or
/// note-only run exits 0.
///
//===----------------------------------------------------------------------===//
#include "KernelsHarness.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace {

using namespace kernels_test;

// ---- barrier_divergent: __syncthreads inside `if (i < n)` ----

TEST(KernelBarrierDivergent, CorrectAtBothWidths) {
  const long LastStart = 390L * 256;
  double First = 0, Last = 0;
  for (long I = 0; I < 256; ++I) First += x(I);
  for (long I = LastStart; I < N; ++I) Last += x(I);
  atBothWidths("barrier_divergent", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("blocks"), "391") << R.describe();
    EXPECT_EQ(R.value("kernel_error"), "0") << R.describe();
    EXPECT_EQ(R.value("first"), fixed1(First)) << R.describe();
    EXPECT_EQ(R.value("last"), fixed1(Last)) << R.describe();
    EXPECT_EQ(R.value("total"), fixed1(sumWhere([](long) { return true; }))) << R.describe();
  });
}

TEST(KernelBarrierDivergent, BuggyDeadlockReportedWithinBoundAtBothWidths) {
  atBothWidths("barrier_divergent", "buggy", /*BoundSeconds=*/60, "",
               [&](KernelRun &R, unsigned) {
    EXPECT_FALSE(R.TimedOut) << "deadlock not detected: killed after 60 s\n" << R.describe();
    expectReport(R, "barrier_divergent", "barrier-deadlock");
    EXPECT_EQ(R.ExitCode, 1) << R.describe();
    EXPECT_EQ(R.value("kernel_error"), "1") << R.describe();
  });
}

// ---- wave_op_partial: "the first warp" as threadIdx.x < 32 ----

TEST(KernelWaveOpPartial, CorrectAtBothWidths) {
  atBothWidths("wave_op_partial", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("sum"), fixed1(sumWhere([](long) { return true; }))) << R.describe();
  });
}

TEST(KernelWaveOpPartial, BuggyCleanAt32ReportedAt64) {
  const std::string All = fixed1(sumWhere([](long) { return true; }));
  KernelRun R32 = runKernel("wave_op_partial", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.value("sum"), All) << R32.describe();
  KernelRun R64 = runKernel("wave_op_partial", "buggy", 64);
  expectReport(R64, "wave_op_partial", "wave-op-partial");
  // Exactly lanes 0-31 took part: the report names the 32-lane pattern.
  for (const Report *Rep : R64.reportsOf("wave-op-partial"))
    EXPECT_NE(Rep->Message.find("exactly lanes 0-31"), std::string::npos) << Rep->Message;
  // Lane 0's sum depends on lanes 0-31 only (header comment): still right.
  EXPECT_EQ(R64.value("sum"), All) << R64.describe();
}

// ---- shuffle_width: width 48 ----

TEST(KernelShuffleWidth, CorrectAtBothWidths) {
  const long Last = N - 1;
  atBothWidths("shuffle_width", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("mismatches"), "0") << R.describe();
    EXPECT_EQ(R.Values["sample"],
              (std::vector<std::string>{fixed1(x(0)), fixed1(x(16)), fixed1(x(Last - Last % 16))}))
        << R.describe();
  });
}

TEST(KernelShuffleWidth, BuggyReportedAtBothWidths) {
  atBothWidths("shuffle_width", "buggy", [&](KernelRun &R, unsigned) {
    expectReport(R, "shuffle_width", "shuffle-width-invalid");
  });
}

// ---- block_too_large: 2048-thread blocks ----

TEST(KernelBlockTooLarge, CorrectAtBothWidths) {
  const long Count = 304L * 2048;
  atBothWidths("block_too_large", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("launch_error"), "0") << R.describe();
    EXPECT_EQ(R.value("wrong"), "0") << R.describe();
    EXPECT_EQ(R.value("nonzero"), std::to_string(Count)) << R.describe();
    EXPECT_EQ(R.Values["sample"],
              (std::vector<std::string>{"1", std::to_string(3 * (Count - 1) + 1)}))
        << R.describe();
  });
}

TEST(KernelBlockTooLarge, BuggyRejectedAndReportedAtBothWidths) {
  atBothWidths("block_too_large", "buggy", [&](KernelRun &R, unsigned) {
    expectReport(R, "block_too_large", "block-too-large");
    EXPECT_EQ(R.value("launch_error"), "1") << R.describe();
    EXPECT_EQ(R.value("nonzero"), "0") << R.describe();
  });
}

// ---- underfilled_grid: 128 workgroups ----

TEST(KernelUnderfilledGrid, CorrectAtBothWidths) {
  atBothWidths("underfilled_grid", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("blocks"), "304") << R.describe();
    EXPECT_EQ(R.value("total"), fixed1(2 * sumWhere([](long) { return true; })))
        << R.describe();
  });
}

TEST(KernelUnderfilledGrid, BuggyRightWithNoteAtBothWidths) {
  atBothWidths("underfilled_grid", "buggy", 120, "report_underfilled_grid=1",
               [&](KernelRun &R, unsigned) {
    EXPECT_EQ(R.ExitCode, 0) << R.describe(); // a note does not fail the process
    expectReport(R, "underfilled_grid", "launch-underfilled-grid");
    const std::vector<const Report *> Notes = R.reportsOf("launch-underfilled-grid");
    ASSERT_FALSE(Notes.empty());
    EXPECT_EQ(Notes[0]->Level, "note") << R.describe();
    EXPECT_NE(Notes[0]->Message.find("128"), std::string::npos) << R.describe();
    EXPECT_NE(Notes[0]->Message.find("304"), std::string::npos) << R.describe();
    EXPECT_EQ(R.value("total"), fixed1(2 * sumWhere([](long) { return true; })))
        << R.describe();
    EXPECT_EQ(R.Values["sample"], (std::vector<std::string>{fixed1(2 * x(7)), fixed1(2 * x(N - 1))}))
        << R.describe();
  });
}

TEST(KernelUnderfilledGrid, BuggyWithoutNoteByDefault) {
  KernelRun R = runKernel("underfilled_grid", "buggy", 64);
  expectCleanRun(R); // report_underfilled_grid is off by default
  EXPECT_EQ(R.value("total"), fixed1(2 * sumWhere([](long) { return true; }))) << R.describe();
}

// ---- spin_timeout: a spin loop nothing releases ----

TEST(KernelSpinTimeout, CorrectAtBothWidths) {
  atBothWidths("spin_timeout", "correct", 120, "kernel_timeout_s=30",
               [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("out"), "42") << R.describe();
    EXPECT_EQ(R.value("kernel_error"), "0") << R.describe();
  });
}

TEST(KernelSpinTimeout, BuggyTimesOutWithinBoundAtBothWidths) {
  atBothWidths("spin_timeout", "buggy", /*BoundSeconds=*/30, "kernel_timeout_s=2",
               [&](KernelRun &R, unsigned) {
    EXPECT_FALSE(R.TimedOut) << "watchdog did not end the run within 30 s\n" << R.describe();
    expectReport(R, "spin_timeout", "kernel-timeout");
    EXPECT_EQ(R.ExitCode, 1) << R.describe();
    EXPECT_EQ(R.value("kernel_error"), "1") << R.describe();
    EXPECT_EQ(R.value("out"), "0") << R.describe();
  });
}

// ---- lds_over_limit: 96 KB of dynamic LDS ----

TEST(KernelLdsOverLimit, CorrectAtBothWidths) {
  const long Count = 304L * 256;
  const int NonZero = [&] {
    int C = 0;
    for (long I = 0; I < Count; ++I) C += x(I) != 0;
    return C;
  }();
  atBothWidths("lds_over_limit", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("launch_error"), "0") << R.describe();
    EXPECT_EQ(R.value("nonzero"), std::to_string(NonZero)) << R.describe();
    EXPECT_EQ(R.Values["sample"],
              (std::vector<std::string>{fixed1(x(255)), fixed1(x(Count - 256))}))
        << R.describe();
  });
}

TEST(KernelLdsOverLimit, BuggyRejectedAndReportedAtBothWidths) {
  atBothWidths("lds_over_limit", "buggy", [&](KernelRun &R, unsigned) {
    expectReport(R, "lds_over_limit", "lds-over-limit");
    EXPECT_EQ(R.value("nonzero"), "0") << R.describe();
  });
}

// ---- the remaining runtime checks (shuffle-lane-out-of-range,
// inactive-lane-read, wave-op-divergent) and wave-size-divergence. ----

/// Sum of out[i] * (i % 7) for i < \p Count, the checksum these programs print.
template <typename Out> double checksum(long Count, Out OutAt) {
  double S = 0;
  for (long I = 0; I < Count; ++I) S += OutAt(I) * static_cast<double>(I % 7);
  return S;
}

constexpr long WholeBlocks = 304L * 256;

/// shuffle_lane_range.hip: out[i] = x[base + (lane + 1) % W].
double rotated(long I, unsigned W) {
  const long Lane = I % W;
  return x(I - Lane + (Lane + 1) % W);
}

TEST(KernelShuffleLaneRange, CorrectAtBothWidths) {
  atBothWidths("shuffle_lane_range", "correct", [&](KernelRun &R, unsigned W) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("checksum"),
              fixed1(checksum(WholeBlocks, [W](long I) { return rotated(I, W); })))
        << R.describe();
    EXPECT_EQ(R.Values["sample"], (std::vector<std::string>{fixed1(rotated(0, W)),
                                                            fixed1(rotated(31, W)),
                                                            fixed1(rotated(63, W))}))
        << R.describe();
  });
}

TEST(KernelShuffleLaneRange, BuggyReportedAtBothWidthsValuesWrapped) {
  atBothWidths("shuffle_lane_range", "buggy", [&](KernelRun &R, unsigned W) {
    EXPECT_EQ(R.ExitCode, 1) << R.describe();
    expectReport(R, "shuffle_lane_range", "shuffle-lane-out-of-range");
    // The message names the last lane's request: source lane W in [0, W).
    ASSERT_FALSE(R.reportsOf("shuffle-lane-out-of-range").empty());
    EXPECT_NE(R.reportsOf("shuffle-lane-out-of-range")[0]->Message.find(
                  "source lane " + std::to_string(W) + " is outside [0, " + std::to_string(W) +
                  ")"),
              std::string::npos)
        << R.describe();
    // HIP wraps the index to the width: the same values as the correct variant.
    EXPECT_EQ(R.value("checksum"),
              fixed1(checksum(WholeBlocks, [W](long I) { return rotated(I, W); })))
        << R.describe();
  });
}

/// inactive_lane_read.hip: out[i] = x[i] + (last lane ? x[i] : (i + 1 < N ? x[i + 1] : 0)).
double pairSum(long I, unsigned W) {
  if (I % W == W - 1) return 2 * x(I);
  return x(I) + (I + 1 < N ? x(I + 1) : 0.0);
}

TEST(KernelInactiveLaneRead, CorrectAtBothWidths) {
  atBothWidths("inactive_lane_read", "correct", [&](KernelRun &R, unsigned W) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("checksum"), fixed1(checksum(N, [W](long I) { return pairSum(I, W); })))
        << R.describe();
  });
}

TEST(KernelInactiveLaneRead, BuggyReportedAtBothWidths) {
  atBothWidths("inactive_lane_read", "buggy", [&](KernelRun &R, unsigned W) {
    EXPECT_EQ(R.ExitCode, 1) << R.describe();
    expectReport(R, "inactive_lane_read", "inactive-lane-read");
    // Element N - 1 = 100002 sits in lane 100002 % W (2 at wave 32, 34 at 64) and reads
    // the next lane, which skipped the branch.
    const unsigned Lane = (N - 1) % W;
    ASSERT_FALSE(R.reportsOf("inactive-lane-read").empty());
    EXPECT_NE(R.reportsOf("inactive-lane-read")[0]->Message.find(
                  "in lane " + std::to_string(Lane) + " reads lane " + std::to_string(Lane + 1) +
                  ", which is inactive"),
              std::string::npos)
        << R.describe();
  });
}

TEST(KernelWaveOpDivergent, CorrectAtBothWidths) {
  const double Expected = checksum(WholeBlocks, [](long I) {
    return std::abs(x(I)) + std::abs(x(I ^ 1));
  });
  atBothWidths("wave_op_divergent", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("checksum"), fixed1(Expected)) << R.describe();
  });
}

TEST(KernelWaveOpDivergent, BuggyReportedAtBothWidths) {
  atBothWidths("wave_op_divergent", "buggy", [&](KernelRun &R, unsigned) {
    EXPECT_EQ(R.ExitCode, 1) << R.describe();
    expectReport(R, "wave_op_divergent", "wave-op-divergent");
  });
}

// ---- ladder_compare: wavesan::compareWaveSizes on ladder_from_16's kernel ----

TEST(KernelLadderCompare, CorrectVariantAgreesWithoutReport) {
  // The process's own wave size does not matter: compareWaveSizes runs both.
  atBothWidths("ladder_compare", "correct", [&](KernelRun &R, unsigned) {
    expectCleanRun(R);
    EXPECT_EQ(R.value("same"), "1") << R.describe();
    EXPECT_EQ(R.value("sum"), fixed1(sumWhere([](long) { return true; }))) << R.describe();
  });
}

TEST(KernelLadderCompare, BuggyVariantReportsWaveSizeDivergenceOnce) {
  KernelRun R = runKernel("ladder_compare", "buggy", 64);
  EXPECT_EQ(R.ExitCode, 1) << R.describe();
  expectReport(R, "ladder_compare", "wave-size-divergence");
  EXPECT_EQ(R.reportsOf("wave-size-divergence").size(), 1u) << R.describe();
  EXPECT_EQ(R.Reports.size(), 1u) << R.describe(); // nothing else is undefined
  EXPECT_EQ(R.value("same"), "0") << R.describe();
  // The buffers keep the wave-64 result: lanes 32-63 never fold in.
  EXPECT_EQ(R.value("sum"), fixed1(sumWhere(lowerHalfOfWave64))) << R.describe();
  ASSERT_FALSE(R.Reports.empty());
  // Both results as float values (whole numbers: printed without a fraction).
  const std::string Expected =
      "block_sum gives different results at wave 32 and wave 64: buffer 0 (float, 4 bytes): 1 "
      "of 1 elements differ: [0] wave 32: " +
      std::to_string(static_cast<long>(sumWhere([](long) { return true; }))) +
      ", wave 64: " + std::to_string(static_cast<long>(sumWhere(lowerHalfOfWave64)));
  EXPECT_NE(R.Reports[0].Message.find(Expected), std::string::npos)
      << Expected << "\n" << R.describe();
}

} // namespace
