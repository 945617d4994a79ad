//===--- EmuWaveReportTest.cpp - which sub-wave operations are reported ------===//
///
/// \file
/// A wave operation reached by part of a wave is reported only where it is wrong on
/// hardware: a *_sync mask that names lanes which are not there, or a shuffle that
/// reads an inactive lane. A sub-wave shuffle with the matching width, or a ballot with
/// the matching mask, is not. One faulty site reached by many waves and blocks is one
/// report and one "N more times at this site" line. Expected values are worked out by
/// hand in the comments.
///
//===----------------------------------------------------------------------===//
#include "EmuTest.h"

#include <string>

namespace {

using emu_test::Emu;
using emu_test::hostCopy;
using wavesan::ReportKind;

/// Lanes 0-31 exchange with lane ^ 16 at width 32 (the other half exited): every
/// source is in 0-31. out[i] = i ^ 16 for i < 32, i otherwise.
__global__ void halfWaveXor32(int *Out) {
  int V = threadIdx.x;
  if (threadIdx.x % 64 < 32)
    V = __shfl_xor(V, 16, 32);
  Out[threadIdx.x] = V;
}

TEST_F(Emu, SubWaveShuffleWithMatchingWidthIsNotReported) {
  int *D;
  ASSERT_EQ(hipMalloc(&D, 128 * sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(halfWaveXor32, 1, 128, 0, 0, D), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  auto H = hostCopy(D, 128);
  EXPECT_EQ(H[0], 16);
  EXPECT_EQ(H[17], 1);
  EXPECT_EQ(H[31], 15);
  EXPECT_EQ(H[40], 40);
  EXPECT_EQ(H[64 + 5], 64 + 21); // the second wave: lane 5 reads lane 21
  hipFree(D);
}

/// Lanes 0-31 shuffle down by 16 at width 32: lanes 16-31 would leave the 32-lane
/// segment and keep their own value. out[i] = i + (i < 16 ? i + 16 : i) for i < 32.
__global__ void halfWaveDown32(int *Out) {
  int V = threadIdx.x;
  if (threadIdx.x < 32)
    V += __shfl_down(V, 16, 32);
  Out[threadIdx.x] = V;
}

TEST_F(Emu, HalfWaveLadderWithWidth32IsNotReported) {
  int *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(halfWaveDown32, 1, 64, 0, 0, D), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  auto H = hostCopy(D, 64);
  EXPECT_EQ(H[0], 0 + 16);
  EXPECT_EQ(H[15], 15 + 31);
  EXPECT_EQ(H[16], 16 + 16);
  EXPECT_EQ(H[50], 50);
  hipFree(D);
}

/// Under `lane < 32` a ballot with the mask of exactly those lanes: valid. out = the
/// ballot of (lane even) over lanes 0-31 = 0x55555555.
__global__ void halfWaveBallotMasked(unsigned long long *Out) {
  if (threadIdx.x < 32) {
    const unsigned long long B = __ballot_sync(0xFFFFFFFFull, threadIdx.x % 2 == 0);
    if (threadIdx.x == 0)
      *Out = B;
  }
}

TEST_F(Emu, SubWaveBallotWithMatchingMaskIsNotReported) {
  unsigned long long *D;
  ASSERT_EQ(hipMalloc(&D, sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(halfWaveBallotMasked, 1, 64, 0, 0, D), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  EXPECT_EQ(hostCopy(D, 1)[0], 0x55555555ull);
  hipFree(D);
}

/// Lanes 40-63 of every wave return; the rest ballot with the full 64-lane mask, which
/// names lanes 40-63: wrong on hardware. 4 blocks x 2 waves = 8 occurrences of one site.
__global__ void earlyExitFullMask(unsigned long long *Out) {
  if (threadIdx.x % 64 >= 40)
    return;
  const unsigned long long B = __ballot_sync(~0ull, 1);
  if (threadIdx.x % 64 == 0)
    Out[blockIdx.x * 2 + threadIdx.x / 64] = B;
}

TEST_F(Emu, MaskNamingExitedLanesIsReportedOnceWithACount) {
  unsigned long long *D;
  ASSERT_EQ(hipMalloc(&D, 8 * sizeof *D), hipSuccess);
  wavesan::setWorkers(1); // one worker: the eight waves resolve one after another
  testing::internal::CaptureStderr();
  ASSERT_EQ(hipLaunchKernelGGL(earlyExitFullMask, 4, 128, 0, 0, D), hipSuccess);
  const std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(wavesan::reportCount(ReportKind::WaveOpPartial), 1u) << Err;
  EXPECT_NE(Err.find("__ballot_sync mask 0xffffffffffffffff names lanes 40-63 that do not take "
                     "part: reached by 40 of 64 lanes (active 0-39); lanes 40-63 exited"),
            std::string::npos)
      << Err;
  // The other seven waves reached the same site: one line after the launch.
  EXPECT_NE(Err.find("wavesan: wave-op-partial at "), std::string::npos) << Err;
  // Line 91: the __ballot_sync call.
  EXPECT_NE(Err.find("EmuWaveReportTest.cpp:91 in earlyExitFullMask: 7 more times at this site "
                     "(reported once)\n"),
            std::string::npos)
      << Err;
  for (unsigned long long B : hostCopy(D, 8))
    EXPECT_EQ(B, (1ull << 40) - 1);
  hipFree(D);
}

} // namespace
