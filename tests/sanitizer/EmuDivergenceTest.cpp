//===--- EmuDivergenceTest.cpp - wave operations of partial and divergent waves ===//
///
/// \file
/// Shuffles and votes reached by part of a wave: lanes that exited (wave-op-partial,
/// inactive-lane-read), branches that each run a wave operation (defined on hardware
/// when each reads its own branch, wave-op-divergent when one reads or names the other's
/// lanes), and lanes that reconverge. Part of emu_test (EmuTest.cpp: the rest of the
/// wave semantics).
///
//===----------------------------------------------------------------------===//
#include "EmuTest.h"

#include <hip/hip_runtime.h>

#include "wavesan/report.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using wavesan::ReportKind;
using emu_test::Emu;
using emu_test::hostCopy;

// The CUDA idiom "if (tid < 32) warp-reduce" on a 64-lane wave: lanes 16-31
// read lanes 32-47, which skipped the branch.
__global__ void halfWaveReduce(int *Out) {
  int V = threadIdx.x;
  if (threadIdx.x < 32)
    V += __shfl_down(V, 16);
  Out[threadIdx.x] = V;
}

__global__ void earlyExitBallot(unsigned long long *Out) {
  if (threadIdx.x >= 40)
    return;
  unsigned long long M = __ballot(1);
  if (threadIdx.x == 0)
    *Out = M;
}

// Lanes 0-31 and 32-63 shuffle at two call sites, each reading only lanes of its own
// branch: on hardware the branches run one after the other, each read hits an active
// lane, and the results are defined.
__global__ void divergentShuffles(int *Out) {
  int V = threadIdx.x;
  if (threadIdx.x < 32)
    V = __shfl_xor(V, 1);
  else
    V = __shfl_xor(V, 2);
  Out[threadIdx.x] = V;
}

// Two 32-lane logical warps of one 64-lane wave in different branches, each shuffling
// within width 32 (a port's per-warp code): defined on hardware.
__global__ void halvesWithWidth32(int *Out) {
  int V = threadIdx.x;
  if (threadIdx.x < 32)
    V = __shfl_xor(V, 1, 32);
  else
    V = __shfl_down(V, 1, 32);
  Out[threadIdx.x] = V;
}

// Lanes 0-31 read lanes 32-63, which are in the other branch: undefined on hardware.
__global__ void divergentCrossRead(int *Out) {
  int V = threadIdx.x;
  if (threadIdx.x < 32)
    V = __shfl(V, static_cast<int>(threadIdx.x) + 32);
  else
    V = __shfl_xor(V, 1);
  Out[threadIdx.x] = V;
}

// A full-mask ballot in each branch, as code written for independent thread scheduling
// does: the mask names the other branch's lanes, which never join.
__global__ void divergentBallotSync(unsigned long long *Out) {
  unsigned long long B;
  if (threadIdx.x < 32)
    B = __ballot_sync(~0ull, 1);
  else
    B = __ballot_sync(~0ull, threadIdx.x & 1);
  Out[threadIdx.x] = B;
}

// Lanes 32-63 skip the branch and wait at the second shuffle; lanes 0-31 join
// them there: no report, and the second shuffle sees all 64 lanes.
__global__ void reconverge(int *Out) {
  int V = threadIdx.x;
  if (threadIdx.x < 32)
    V = __shfl_xor(V, 1, 32);
  Out[threadIdx.x] = __shfl(V, 63 - static_cast<int>(threadIdx.x));
}

// Lanes 0-31 shuffle down by 16 with the default width 64 while lanes 32-63 went past:
// lanes 16-31 read lanes 32-47, which exited. One root cause (a lane range written for
// 32-lane warps): one wave-op-partial report naming the read, no inactive-lane-read too.
TEST_F(Emu, HalfWaveShuffleReadingTheOtherHalfIsOneReport) {
  int *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  testing::internal::CaptureStderr();
  ASSERT_EQ(hipLaunchKernelGGL(halfWaveReduce, 1, 64, 0, 0, D), hipSuccess);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(wavesan::reportCount(ReportKind::WaveOpPartial), 1u) << Err;
  EXPECT_EQ(wavesan::reportCount(ReportKind::InactiveLaneRead), 0u) << Err;
  EXPECT_NE(Err.find("__shfl_down reached by 32 of 64 lanes (active 0-31); lanes 32-63 exited; "
                     "__shfl_down in lane 16 reads lane 32, which is inactive"),
            std::string::npos)
      << Err;
  auto H = hostCopy(D, 64);
  EXPECT_EQ(H[0], 0 + 16);
  EXPECT_EQ(H[16], 16 + 0); // the inactive lane's value reads as 0
  EXPECT_EQ(H[40], 40);
  hipFree(D);
}

// Lanes 0-39 shuffle down by 8: lanes 32-39 read lanes 40-47, which exited. Not the
// 32-lane pattern: inactive-lane-read, once.
__global__ void partialShuffleDown8(int *Out) {
  int V = threadIdx.x;
  if (threadIdx.x < 40)
    V += __shfl_down(V, 8);
  Out[threadIdx.x] = V;
}

TEST_F(Emu, InactiveLaneReadIsReported) {
  int *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  testing::internal::CaptureStderr();
  ASSERT_EQ(hipLaunchKernelGGL(partialShuffleDown8, 1, 64, 0, 0, D), hipSuccess);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(wavesan::reportCount(ReportKind::InactiveLaneRead), 1u) << Err;
  EXPECT_EQ(wavesan::reportCount(ReportKind::WaveOpPartial), 0u) << Err;
  EXPECT_NE(Err.find("lane 32 reads lane 40, which is inactive"), std::string::npos) << Err;
  auto H = hostCopy(D, 64);
  EXPECT_EQ(H[0], 0 + 8);
  EXPECT_EQ(H[31], 31 + 39);
  EXPECT_EQ(H[32], 32 + 0);
  EXPECT_EQ(H[45], 45);
  hipFree(D);
}

// A ballot without a mask after lanes 40-63 returned: defined on hardware (the exited
// lanes are out of EXEC and contribute 0 bits), so no report.
TEST_F(Emu, SubWaveBallotWithoutMaskIsNotReported) {
  unsigned long long *D;
  ASSERT_EQ(hipMalloc(&D, sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(earlyExitBallot, 1, 64, 0, 0, D), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  EXPECT_EQ(hostCopy(D, 1)[0], (1ull << 40) - 1);
  hipFree(D);
}

TEST_F(Emu, DivergentShufflesReadingTheirOwnBranchAreNotReported) {
  int *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(divergentShuffles, 1, 64, 0, 0, D), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  auto H = hostCopy(D, 64);
  EXPECT_EQ(H[0], 1);   // 0 ^ 1
  EXPECT_EQ(H[32], 34); // 32 ^ 2
  EXPECT_EQ(H[63], 61); // 63 ^ 2
  hipFree(D);
}

TEST_F(Emu, LogicalWarpsOfWidth32InTwoBranchesAreNotReported) {
  int *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(halvesWithWidth32, 1, 64, 0, 0, D), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  auto H = hostCopy(D, 64);
  EXPECT_EQ(H[0], 1);   // 0 ^ 1
  EXPECT_EQ(H[31], 30); // 31 ^ 1
  EXPECT_EQ(H[32], 33); // lane 33 of its 32-lane segment
  EXPECT_EQ(H[63], 63); // past the segment's end: its own value
  hipFree(D);
}

TEST_F(Emu, DivergentShuffleReadingTheOtherBranchIsReported) {
  int *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  testing::internal::CaptureStderr();
  ASSERT_EQ(hipLaunchKernelGGL(divergentCrossRead, 1, 64, 0, 0, D), hipSuccess);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(wavesan::reportCount(ReportKind::WaveOpDivergent), 1u) << Err;
  EXPECT_EQ(wavesan::reportCount(ReportKind::InactiveLaneRead), 0u) << Err;
  EXPECT_NE(Err.find("__shfl reached by lanes 0-31 while lanes 32-63 run the wave operation "
                     "at "),
            std::string::npos)
      << Err;
  EXPECT_NE(Err.find("lane 0 reads lane 32, which is in the other group"), std::string::npos)
      << Err;
  auto H = hostCopy(D, 64);
  EXPECT_EQ(H[33], 32); // the other branch's reads are its own: 33 ^ 1
  hipFree(D);
}

TEST_F(Emu, DivergentSyncMaskNamingTheOtherBranchIsReported) {
  unsigned long long *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  testing::internal::CaptureStderr();
  ASSERT_EQ(hipLaunchKernelGGL(divergentBallotSync, 1, 64, 0, 0, D), hipSuccess);
  std::string Err = testing::internal::GetCapturedStderr();
  // Each branch's ballot names the other's lanes: one report per call site.
  EXPECT_EQ(wavesan::reportCount(ReportKind::WaveOpDivergent), 2u) << Err;
  EXPECT_NE(Err.find("__ballot_sync mask 0xffffffffffffffff names lanes 32-63, which run the "
                     "wave operation at "),
            std::string::npos)
      << Err;
  auto H = hostCopy(D, 64);
  EXPECT_EQ(H[0], 0xffffffffull);             // lanes 0-31 only, as on hardware
  EXPECT_EQ(H[32], 0xaaaaaaaa00000000ull);    // the odd lanes of 32-63
  hipFree(D);
}

TEST_F(Emu, ReconvergedLanesJoinWithoutReport) {
  int *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(reconverge, 1, 64, 0, 0, D), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  auto H = hostCopy(D, 64);
  EXPECT_EQ(H[0], 63);  // lane 63 kept its value
  EXPECT_EQ(H[63], 1);  // lane 0 holds lane 1's value after the xor
  EXPECT_EQ(H[62], 0);
  hipFree(D);
}

} // namespace
