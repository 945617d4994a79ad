// Tests of wavesan's SIMT engine and emulator headers: kernels written as HIP,
// compiled as ordinary C++ against <hip/hip_runtime.h> (the emulator).
// Wave semantics and their reports: reductions, ballots and lane masks, barriers,
// workers, *_sync masks, shuffles, launch checks and timeouts. Partial and divergent
// waves: EmuDivergenceTest.cpp. Shared memory, atomics and the rest of the device API: EmuMemoryTest.cpp.
#include "EmuTest.h"

#include <hip/hip_runtime.h>

#include "wavesan/report.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

// emu_test provokes error reports on purpose and checks them with reportCount(): its exit
// status is its tests' own (fail_at_exit=0). Emu.LaunchChecks checks the under-filled grid
// note, which is off by default (report_underfilled_grid=1). WAVESAN_OPTIONS still wins.
extern "C" const char *__wavesan_default_options() {
  return "fail_at_exit=0:report_underfilled_grid=1";
}

namespace {

using wavesan::ReportKind;
using emu_test::deviceCopy;
using emu_test::Emu;
using emu_test::hostCopy;

//===-- Kernels -------------------------------------------------------------===//

// Block sum: a shuffle ladder per wave, partial sums through shared memory,
// the first wave reduces them. Works for any warpSize (32 or 64).
__global__ void blockSum(const int *In, long long *Out, int N) {
  __shared__ long long Partial[1024 / 32];
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  long long V = I < N ? In[I] : 0;
  for (int Offset = warpSize / 2; Offset > 0; Offset /= 2)
    V += __shfl_down(V, Offset);
  const int Lane = threadIdx.x % warpSize, WaveId = threadIdx.x / warpSize;
  if (Lane == 0)
    Partial[WaveId] = V;
  __syncthreads();
  const int Waves = (blockDim.x + warpSize - 1) / warpSize;
  if (WaveId == 0) {
    V = Lane < Waves ? Partial[Lane] : 0;
    for (int Offset = warpSize / 2; Offset > 0; Offset /= 2)
      V += __shfl_down(V, Offset);
    if (Lane == 0)
      Out[blockIdx.x] = V;
  }
}

__global__ void ballotEveryThird(unsigned long long *Out) {
  unsigned long long M = __ballot(threadIdx.x % 3 == 0);
  if (threadIdx.x % warpSize == 0)
    Out[threadIdx.x / warpSize] = M;
}

unsigned NarrowLine = 0;
__global__ void narrowBallot(unsigned *Out) {
  unsigned M = __ballot(1); NarrowLine = __LINE__;
  Out[threadIdx.x] = M;
}

__global__ void waitAfterReturn(int *Out) {
  if (threadIdx.x >= 32)
    return;
  __syncthreads();
  Out[threadIdx.x] = 1;
}

__global__ void noSync(float *Out) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = 2.0f * I;
}

// Float results depend on the order of additions, so equal bits across worker
// counts show that the schedule does not depend on the worker.
__global__ void floatBlockSum(const float *In, float *Out) {
  __shared__ float Partial[16];
  float V = In[blockIdx.x * blockDim.x + threadIdx.x];
  for (int Offset = 1; Offset < warpSize; Offset *= 2)
    V += __shfl_xor(V, Offset);
  if (threadIdx.x % warpSize == 0)
    Partial[threadIdx.x / warpSize] = V;
  __syncthreads();
  if (threadIdx.x == 0) {
    float S = 0;
    for (unsigned W = 0; W < blockDim.x / warpSize; ++W)
      S += Partial[W] * (1.0f + 1e-3f * W);
    Out[blockIdx.x] = S;
  }
}

__global__ void syncFullMask32(int *Out) {
  Out[threadIdx.x] = __shfl_down_sync(0xffffffff, static_cast<int>(threadIdx.x), 1);
}

__global__ void shuffleWidth(int *Out, int Width) {
  Out[threadIdx.x] = __shfl_xor(static_cast<int>(threadIdx.x), 1, Width);
}

__global__ void shuffleSourceLane(int *Out, int Src, int Width) {
  Out[threadIdx.x] = __shfl(static_cast<int>(threadIdx.x), Src, Width);
}


__global__ void spinOnFlag(int *Flag) {
  while (atomicAdd(Flag, 0) == 0) {
  }
}

//===-- Tests ---------------------------------------------------------------===//

long long expectedSum(const std::vector<int> &In) {
  long long S = 0;
  for (int V : In)
    S += V;
  return S;
}

void runBlockSum(unsigned Wave) {
  wavesan::setWaveSize(Wave);
  const int N = 256 * 40 + 17; // a partial last block
  std::vector<int> In(N);
  for (int I = 0; I < N; ++I)
    In[I] = (I * 7) % 13 - 3;
  int *DIn = deviceCopy(In);
  const int Blocks = (N + 255) / 256;
  long long *DOut;
  ASSERT_EQ(hipMalloc(&DOut, Blocks * sizeof(long long)), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(blockSum, dim3(Blocks), dim3(256), 0, 0, DIn, DOut, N), hipSuccess);
  auto Out = hostCopy(DOut, Blocks);
  long long Total = 0;
  for (long long V : Out)
    Total += V;
  EXPECT_EQ(Total, expectedSum(In)) << "wave " << Wave;
  // Block 0 by hand: sum of (I*7)%13 - 3 over I < 256.
  long long B0 = 0;
  for (int I = 0; I < 256; ++I)
    B0 += (I * 7) % 13 - 3;
  EXPECT_EQ(Out[0], B0);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  wavesan::LaunchStats S = wavesan::lastLaunchStats();
  EXPECT_EQ(S.WaveSize, Wave);
  EXPECT_EQ(S.Blocks, static_cast<uint64_t>(Blocks));
  EXPECT_GT(S.WaveOps, 0u);
  hipFree(DIn);
  hipFree(DOut);
}

TEST_F(Emu, BlockReductionWithShufflesWave64) { runBlockSum(64); }
TEST_F(Emu, BlockReductionWithShufflesWave32) { runBlockSum(32); }

TEST_F(Emu, BallotReturns64BitMasksAtWave64) {
  unsigned long long *D;
  ASSERT_EQ(hipMalloc(&D, 2 * sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(ballotEveryThird, 1, 128, 0, 0, D), hipSuccess);
  auto H = hostCopy(D, 2);
  // Lanes 0, 3, ..., 63 of wave 0; wave 1 holds threads 64-127: 66, 69, ... are
  // its lanes 2, 5, ..., 62.
  EXPECT_EQ(H[0], 0x9249249249249249ull);
  EXPECT_EQ(H[1], 0x4924924924924924ull);
  hipFree(D);
}

TEST_F(Emu, BallotAtWave32) {
  wavesan::setWaveSize(32);
  unsigned long long *D;
  ASSERT_EQ(hipMalloc(&D, 4 * sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(ballotEveryThird, 1, 128, 0, 0, D), hipSuccess);
  auto H = hostCopy(D, 4);
  EXPECT_EQ(H[0], 0x49249249ull); // threads 0, 3, ..., 30
  EXPECT_EQ(H[1], 0x92492492ull); // threads 33, 36, ... are lanes 1, 4, ..., 31
  EXPECT_EQ(H[2], 0x24924924ull); // threads 66, ... are lanes 2, 5, ..., 29
  EXPECT_EQ(H[3], 0x49249249ull);
  hipFree(D);
}

TEST_F(Emu, NarrowingBallotReportsWithLine) {
  unsigned *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  testing::internal::CaptureStderr();
  ASSERT_EQ(hipLaunchKernelGGL(narrowBallot, 1, 64, 0, 0, D), hipSuccess);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(wavesan::reportCount(ReportKind::LaneMaskTruncated), 1u);
  EXPECT_NE(Err.find("lane-mask-truncated"), std::string::npos) << Err;
  EXPECT_NE(Err.find("EmuTest.cpp:" + std::to_string(NarrowLine)), std::string::npos) << Err;
  EXPECT_EQ(hostCopy(D, 1)[0], 0xffffffffu);
  hipFree(D);
}

TEST_F(Emu, NarrowingBallotIsFineAtWave32) {
  wavesan::setWaveSize(32);
  unsigned *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(narrowBallot, 1, 64, 0, 0, D), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(ReportKind::LaneMaskTruncated), 0u);
  hipFree(D);
}

TEST_F(Emu, LaneMaskOperatorsKeep64Bits) {
  wavesan::emu::LaneMask M(0xF000000000000001ull);
  EXPECT_EQ((M >> 60) & 0xF, 0xFu);
  EXPECT_TRUE(static_cast<bool>(M));
  EXPECT_EQ(__popcll(M), 5);
  EXPECT_EQ(M & (M - 1), 0xF000000000000000ull);
  unsigned long long Wide = M;
  EXPECT_EQ(Wide, 0xF000000000000001ull);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  EXPECT_EQ(__popc(M), 1); // narrowed to the low 32 bits, and reported
  EXPECT_EQ(wavesan::reportCount(ReportKind::LaneMaskTruncated), 1u);
}

TEST_F(Emu, BarrierDeadlockIsReportedAndReturns) {
  int *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  auto Start = std::chrono::steady_clock::now();
  testing::internal::CaptureStderr();
  EXPECT_EQ(hipLaunchKernelGGL(waitAfterReturn, 2, 64, 0, 0, D), hipErrorLaunchFailure);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(10));
  EXPECT_EQ(wavesan::reportCount(ReportKind::BarrierDeadlock), 1u); // once per site
  EXPECT_NE(Err.find("32 wait at"), std::string::npos) << Err;
  EXPECT_NE(Err.find("(threads 0-31)"), std::string::npos) << Err;
  EXPECT_NE(Err.find("32 exited (threads 32-63)"), std::string::npos) << Err;
  EXPECT_EQ(hipGetLastError(), hipErrorLaunchFailure);
  EXPECT_EQ(hipGetLastError(), hipSuccess);
  // As on a GPU, the next synchronize returns the execution error, once.
  EXPECT_EQ(hipDeviceSynchronize(), hipErrorLaunchFailure);
  EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
  hipFree(D);
}

TEST_F(Emu, KernelWithoutSyncUsesOneFiberPerWorker) {
  const int Blocks = 64, Threads = 256;
  float *D;
  ASSERT_EQ(hipMalloc(&D, Blocks * Threads * sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(noSync, Blocks, Threads, 0, 0, D), hipSuccess);
  wavesan::LaunchStats S = wavesan::lastLaunchStats();
  EXPECT_EQ(S.PeakFibersPerWorker, 1u);
  EXPECT_LE(S.FibersCreated, S.Workers);
  EXPECT_EQ(S.Lanes, static_cast<uint64_t>(Blocks * Threads));
  EXPECT_EQ(S.Switches, 2u * Blocks); // into the block's fiber and back, per block
  auto H = hostCopy(D, Blocks * Threads);
  EXPECT_EQ(H[12345], 24690.0f);
  hipFree(D);
}

TEST_F(Emu, ResultsDoNotDependOnWorkerCount) {
  const int Blocks = 97, Threads = 256;
  std::vector<float> In(Blocks * Threads);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = 1.0f / static_cast<float>(1 + I % 1000) + 1e-7f * static_cast<float>(I);
  float *DIn = deviceCopy(In), *DOut;
  ASSERT_EQ(hipMalloc(&DOut, Blocks * sizeof *DOut), hipSuccess);
  std::vector<std::vector<float>> Runs;
  for (unsigned Workers : {1u, 2u, 1u}) {
    wavesan::setWorkers(Workers);
    ASSERT_EQ(hipLaunchKernelGGL(floatBlockSum, Blocks, Threads, 0, 0, DIn, DOut), hipSuccess);
    EXPECT_EQ(wavesan::lastLaunchStats().Workers, Workers);
    Runs.push_back(hostCopy(DOut, Blocks));
  }
  EXPECT_EQ(0, std::memcmp(Runs[0].data(), Runs[1].data(), Blocks * sizeof(float)));
  EXPECT_EQ(0, std::memcmp(Runs[0].data(), Runs[2].data(), Blocks * sizeof(float)));
  hipFree(DIn);
  hipFree(DOut);
}

TEST_F(Emu, SyncMaskOf32BitsIsIncompleteAtWave64) {
  int *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(syncFullMask32, 1, 64, 0, 0, D), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(ReportKind::SyncMaskIncomplete), 1u);
  auto H = hostCopy(D, 64);
  EXPECT_EQ(H[0], 1);
  EXPECT_EQ(H[62], 63);
  EXPECT_EQ(H[63], 63); // past the end of the wave: own value
  wavesan::setWaveSize(32);
  wavesan::resetReports();
  ASSERT_EQ(hipLaunchKernelGGL(syncFullMask32, 1, 64, 0, 0, D), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(ReportKind::SyncMaskIncomplete), 0u);
  hipFree(D);
}

TEST_F(Emu, ShuffleWidthAndLaneChecks) {
  int *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(shuffleWidth, 1, 64, 0, 0, D, 16), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  EXPECT_EQ(hostCopy(D, 64)[6], 7);
  ASSERT_EQ(hipLaunchKernelGGL(shuffleWidth, 1, 64, 0, 0, D, 48), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(ReportKind::ShuffleWidthInvalid), 1u);
  wavesan::resetReports();
  ASSERT_EQ(hipLaunchKernelGGL(shuffleSourceLane, 1, 64, 0, 0, D, 40, 32), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(ReportKind::ShuffleLaneOutOfRange), 1u);
  auto H = hostCopy(D, 64);
  EXPECT_EQ(H[0], 8);  // 40 & 31 in the first 32-lane segment (HIP's formula)
  EXPECT_EQ(H[33], 40); // in the second segment
  wavesan::resetReports();
  ASSERT_EQ(hipLaunchKernelGGL(shuffleSourceLane, 1, 64, 0, 0, D, 40, 64), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  EXPECT_EQ(hostCopy(D, 64)[5], 40);
  hipFree(D);
}


TEST_F(Emu, LaunchChecks) {
  int *D;
  ASSERT_EQ(hipMalloc(&D, 2048 * sizeof *D), hipSuccess);
  EXPECT_EQ(hipLaunchKernelGGL(syncFullMask32, 1, 2048, 0, 0, D), hipErrorInvalidConfiguration);
  EXPECT_EQ(wavesan::reportCount(ReportKind::BlockTooLarge), 1u);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidConfiguration);
  EXPECT_EQ(hipLaunchKernelGGL(syncFullMask32, 1, 64, 70000, 0, D), hipErrorLaunchOutOfResources);
  EXPECT_EQ(wavesan::reportCount(ReportKind::LdsOverLimit), 1u);
  EXPECT_EQ(hipLaunchKernelGGL(syncFullMask32, 0, 64, 0, 0, D), hipErrorInvalidConfiguration);
  testing::internal::CaptureStderr();
  EXPECT_EQ(hipLaunchKernelGGL(noSync, 76, 16, 0, 0, reinterpret_cast<float *>(D)), hipSuccess);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(wavesan::reportCount(ReportKind::LaunchUnderfilledGrid), 1u);
  EXPECT_NE(Err.find("25.0%"), std::string::npos) << Err; // 76 / 304
  wavesan::resetReports();
  {
    const wavesan::QuietLaunchNotes Quiet; // wavesan's own launches: no note
    EXPECT_EQ(hipLaunchKernelGGL(noSync, 76, 16, 0, 0, reinterpret_cast<float *>(D)), hipSuccess);
    EXPECT_EQ(hipLaunchKernelGGL(syncFullMask32, 1, 2048, 0, 0, D), hipErrorInvalidConfiguration);
  }
  EXPECT_EQ(wavesan::reportCount(ReportKind::LaunchUnderfilledGrid), 0u);
  EXPECT_EQ(wavesan::reportCount(ReportKind::BlockTooLarge), 1u); // errors still reported
  testing::internal::CaptureStderr();
  EXPECT_EQ(hipLaunchKernelGGL(noSync, 76, 16, 0, 0, reinterpret_cast<float *>(D)), hipSuccess);
  testing::internal::GetCapturedStderr();
  EXPECT_EQ(wavesan::reportCount(ReportKind::LaunchUnderfilledGrid), 1u); // scope ended
  hipFree(D);
}

TEST_F(Emu, SpinOnAtomicTimesOut) {
  wavesan::setKernelTimeout(0.5);
  int *Flag;
  ASSERT_EQ(hipMalloc(&Flag, sizeof *Flag), hipSuccess);
  ASSERT_EQ(hipMemset(Flag, 0, sizeof *Flag), hipSuccess);
  auto Start = std::chrono::steady_clock::now();
  EXPECT_EQ(hipLaunchKernelGGL(spinOnFlag, 2, 64, 0, 0, Flag), hipErrorLaunchTimeOut);
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(10));
  EXPECT_EQ(wavesan::reportCount(ReportKind::KernelTimeout), 1u);
  hipStream_t S;
  ASSERT_EQ(hipStreamCreate(&S), hipSuccess);
  EXPECT_EQ(hipStreamSynchronize(S), hipErrorLaunchTimeOut);
  EXPECT_EQ(hipStreamSynchronize(S), hipSuccess);
  hipStreamDestroy(S);
  // The engine is usable again.
  int *D;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  EXPECT_EQ(hipLaunchKernelGGL(shuffleWidth, 1, 64, 0, 0, D, 64), hipSuccess);
  EXPECT_EQ(hostCopy(D, 64)[1], 0);
  hipFree(Flag);
  hipFree(D);
}

} // namespace
