// Tests of __syncthreads_count/_and/_or (sanitizer/include/wavesan/emu/sync.h) and of
// wavesan::compareWaveSizes's restore of the wave size: kernels compiled as C++ against
// the emulator's <hip/hip_runtime.h>. Expected values are counted by hand from the
// predicates.
#include <hip/hip_runtime.h>

#include "wavesan/report.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

// Two tests here provoke error reports on purpose and check them with reportCount(): the
// exit status is the tests' own (fail_at_exit=0).
extern "C" const char *__wavesan_default_options() { return "fail_at_exit=0"; }

namespace {

/// Per block: count of (t % 3 == 0), then count of (t < 10), and, or of (t >= 0),
/// and/or of (t == 5), and/or of (t < 0), written to out[block * 8 + 0..7].
__global__ void votes(int *out) {
  const int t = static_cast<int>(threadIdx.x);
  const int c3 = __syncthreads_count(t % 3 == 0);
  const int c10 = __syncthreads_count(t < 10); // the counter is reset between calls
  const int allTrue = __syncthreads_and(t >= 0), anyTrue = __syncthreads_or(t >= 0);
  const int and5 = __syncthreads_and(t == 5), or5 = __syncthreads_or(t == 5);
  const int orNone = __syncthreads_or(t < 0), andNone = __syncthreads_and(t < 0);
  if (t == 0) {
    int *o = out + blockIdx.x * 8;
    o[0] = c3;
    o[1] = c10;
    o[2] = allTrue;
    o[3] = anyTrue;
    o[4] = and5;
    o[5] = or5;
    o[6] = orNone;
    o[7] = andNone;
  }
}

class EmuSyncVote : public ::testing::TestWithParam<unsigned> {};

TEST_P(EmuSyncVote, CountsAndOrPerBlock) {
  const unsigned Threads = GetParam();
  const int Blocks = 304;
  int *D = nullptr;
  ASSERT_EQ(hipMalloc(&D, Blocks * 8 * sizeof(int)), hipSuccess);
  ASSERT_EQ(hipMemset(D, 0xff, Blocks * 8 * sizeof(int)), hipSuccess);
  wavesan::resetReports();
  ASSERT_EQ(hipLaunchKernelGGL(votes, dim3(Blocks), dim3(Threads), 0, 0, D), hipSuccess);
  std::vector<int> Out(Blocks * 8);
  ASSERT_EQ(hipMemcpy(Out.data(), D, Out.size() * sizeof(int), hipMemcpyDeviceToHost),
            hipSuccess);
  // 256 threads: t % 3 == 0 for t = 0, 3, ..., 255: 86; 100 threads: 0..99: 34.
  const int C3 = Threads == 256 ? 86 : 34;
  const std::vector<int> Expected = {C3, 10, 1, 1, 0, 1, 0, 0};
  for (int B = 0; B < Blocks; ++B)
    ASSERT_EQ(std::vector<int>(Out.begin() + B * 8, Out.begin() + B * 8 + 8), Expected)
        << "block " << B;
  EXPECT_EQ(wavesan::reportCount(), 0u);
  hipFree(D);
}

INSTANTIATE_TEST_SUITE_P(Blocks, EmuSyncVote, ::testing::Values(256u, 100u));

/// A divergent __syncthreads_count (threads >= 32 skip it) is a barrier deadlock.
__global__ void divergentCount(int *out) {
  if (threadIdx.x < 32)
    out[threadIdx.x] = __syncthreads_count(1);
}

TEST(EmuSyncVoteDeadlock, DivergentCallIsReportedNotHung) {
  int *D = nullptr;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof(int)), hipSuccess);
  wavesan::resetReports();
  EXPECT_EQ(hipLaunchKernelGGL(divergentCount, dim3(304), dim3(64), 0, 0, D),
            hipErrorLaunchFailure);
  EXPECT_GE(wavesan::reportCount(), 1u);
  (void)hipGetLastError();
  hipFree(D);
}

/// out[0] = warpSize as seen by the kernel.
__global__ void whichWidth(int *out) {
  if (threadIdx.x == 0 && blockIdx.x == 0) out[0] = warpSize;
}

TEST(EmuCompareWaveSizes, RestoresWaveSizeAndBuffers) {
  int *D = nullptr;
  ASSERT_EQ(hipMalloc(&D, sizeof(int)), hipSuccess);
  ASSERT_EQ(hipMemset(D, 0, sizeof(int)), hipSuccess);
  wavesan::setWaveSize(32);
  wavesan::resetReports();
  std::vector<int> Seen;
  const bool Same = wavesan::compareWaveSizes(
      "whichWidth",
      [&] {
        int Before = -1;
        hipMemcpy(&Before, D, sizeof(int), hipMemcpyDeviceToHost);
        Seen.push_back(Before); // both runs start from the entry bytes: 0
        hipLaunchKernelGGL(whichWidth, dim3(304), dim3(64), 0, 0, D);
      },
      {{D, sizeof(int)}});
  EXPECT_FALSE(Same); // 32 vs 64: the output is the width itself
  EXPECT_EQ(Seen, (std::vector<int>{0, 0}));
  EXPECT_EQ(wavesan::reportCount(), 1u);
  int After = 0;
  hipMemcpy(&After, D, sizeof(int), hipMemcpyDeviceToHost);
  EXPECT_EQ(After, 64); // the buffers keep the wave-64 result
  EXPECT_EQ(static_cast<unsigned>(wavesan::options().wave_size), 32u); // restored
  wavesan::setWaveSize(64);
  hipFree(D);
}

/// out[0] = 1 + 2^-20 at wave 32, 1 at wave 64: a last-bits difference, as from another
/// summation order. out[1] = warpSize, a real difference.
__global__ void roundingAndWidth(float *out) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    out[0] = warpSize == 32 ? 1.0f + 0x1p-20f : 1.0f;
    out[1] = static_cast<float>(static_cast<int>(warpSize));
  }
}

TEST(EmuCompareWaveSizes, FloatsWithinToleranceAgreeAndValuesArePrinted) {
  float *D = nullptr;
  ASSERT_EQ(hipMalloc(&D, 2 * sizeof(float)), hipSuccess);
  ASSERT_EQ(hipMemset(D, 0, 2 * sizeof(float)), hipSuccess);
  wavesan::resetReports();
  auto Launch = [&] { hipLaunchKernelGGL(roundingAndWidth, dim3(1), dim3(64), 0, 0, D); };
  // Only out[0]: 2^-20 relative is within float's rtol of 1e-4.
  EXPECT_TRUE(wavesan::compareWaveSizes("rounding", Launch, {{D, sizeof(float)}}));
  EXPECT_EQ(wavesan::reportCount(), 0u);
  // Both elements: out[1] differs, shown as float values with its index.
  testing::internal::CaptureStderr();
  EXPECT_FALSE(wavesan::compareWaveSizes("width", Launch, {{D, 2 * sizeof(float)}}));
  const std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("width gives different results at wave 32 and wave 64: buffer 0 (float, 8 "
                     "bytes): 1 of 2 elements differ: [1] wave 32: 32, wave 64: 64;"),
            std::string::npos)
      << Err;
  // A void * buffer is compared byte by byte: 32.0f = 0x42000000, 64.0f = 0x42800000
  // (little endian: byte 6 of the buffer holds 0x00 vs 0x80).
  testing::internal::CaptureStderr();
  EXPECT_FALSE(wavesan::compareWaveSizes("bytes", Launch,
                                         {{static_cast<void *>(D), 2 * sizeof(float)}}));
  const std::string Bytes = testing::internal::GetCapturedStderr();
  EXPECT_NE(Bytes.find("buffer 0 (bytes, 8 bytes): "), std::string::npos) << Bytes;
  EXPECT_NE(Bytes.find("[6] wave 32: 00, wave 64: 80"), std::string::npos) << Bytes;
  hipFree(D);
}

} // namespace
