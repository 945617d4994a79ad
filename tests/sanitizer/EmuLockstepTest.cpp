//===--- EmuLockstepTest.cpp - lanes of one wave sharing LDS; grid-wide waits ===//
///
/// \file
/// The wave-lds-race check (sanitizer/src/emu/lockstep.cpp) and the kernel-timeout
/// report of a workgroup waiting for a later one. emu_test is built with the project's
/// C++ compiler, which need not have Clang's load/store callbacks: the kernels here call
/// them by hand before each shared-memory access, as `wavesan-cc -fwavesan-lockstep`
/// makes Clang do (CcTest.WaveLdsRaceIsReportedAtItsLine builds the same scan with it).
///
//===----------------------------------------------------------------------===//
#include "EmuTest.h"

#include <chrono>
#include <string>
#include <thread>

extern "C" void __sanitizer_cov_load4(uint32_t *Addr);
extern "C" void __sanitizer_cov_store4(uint32_t *Addr);

namespace {

using wavesan::ReportKind;
using emu_test::Emu;
using emu_test::hostCopy;

/// A load and a store of an int with the call Clang's instrumentation puts before them.
int ld(int *P) {
  __sanitizer_cov_load4(reinterpret_cast<uint32_t *>(P));
  return *P;
}
void st(int *P, int V) {
  __sanitizer_cov_store4(reinterpret_cast<uint32_t *>(P));
  *P = V;
}

enum Sync { None = 0, Barrier = 1, WaveSync = 2 };

void sync(int Mode) {
  if (Mode == Barrier)
    __syncthreads();
  if (Mode == WaveSync)
    __syncwarp();
}

/// Inclusive scan of 1..64 (Hillis-Steele) in S, synchronised by \p Mode between the
/// loads and the stores of each step (None: warp-synchronous code that relies on the
/// wave running in lockstep).
__device__ void scan(int *S, int *Out, int Mode) {
  const int I = threadIdx.x;
  st(&S[I], I + 1);
  sync(Mode);
  for (int Off = 1; Off < 64; Off *= 2) {
    const int T = I >= Off ? ld(&S[I - Off]) : 0;
    sync(Mode);
    // Unsigned: the unsynchronised scan's sums wrap (int would overflow).
    st(&S[I], static_cast<int>(static_cast<unsigned>(ld(&S[I])) + static_cast<unsigned>(T)));
    sync(Mode);
  }
  Out[I] = ld(&S[I]);
}

__global__ void scanStatic(int *Out, int Mode) {
  __shared__ int S[64];
  scan(S, Out, Mode);
}

__global__ void scanDynamic(int *Out, int Mode) {
  HIP_DYNAMIC_SHARED(int, S);
  scan(S, Out, Mode);
}

/// Every lane stores its id to one word, then lane 0 reads it back.
__global__ void storeToOneWord(int *Out) {
  __shared__ int Word;
  st(&Word, static_cast<int>(threadIdx.x));
  __syncthreads();
  if (threadIdx.x == 0)
    Out[0] = ld(&Word);
}

/// Lane i stores slot i and loads only slot i: no lane touches another's slot.
__global__ void ownSlotsOnly(int *Out) {
  __shared__ int S[64];
  const int I = threadIdx.x;
  st(&S[I], I);
  st(&S[I], ld(&S[I]) * 2);
  Out[I] = ld(&S[I]);
}

std::vector<int> runScan(void (*Kernel)(int *, int), int Mode, size_t Shared) {
  int *D = nullptr;
  EXPECT_EQ(hipMalloc(&D, 64 * sizeof(int)), hipSuccess);
  EXPECT_EQ(hipLaunchKernelGGL(Kernel, 1, 64, Shared, 0, D, Mode), hipSuccess);
  std::vector<int> H = hostCopy(D, 64);
  hipFree(D);
  return H;
}

/// The prefix sums of 1..64, by hand: (i + 1)(i + 2) / 2.
std::vector<int> prefixSums() {
  std::vector<int> P(64);
  for (int I = 0; I < 64; ++I)
    P[I] = (I + 1) * (I + 2) / 2;
  return P;
}

// Option lockstep_lds (the default): the lanes take each shared-memory access
// together, so the scan without synchronisation computes what a lockstep wavefront
// computes, and nothing is reported.
TEST_F(Emu, ScanInSharedMemoryWithoutSyncComputesTheLockstepResult) {
  EXPECT_EQ(runScan(scanStatic, None, 0), prefixSums());
  EXPECT_EQ(runScan(scanDynamic, None, 64 * sizeof(int)), prefixSums());
  EXPECT_EQ(wavesan::reportCount(), 0u);
}

// lockstep_lds=0: the lanes run one after another, the answer is not the GPU's, and
// the sharing is reported.
TEST_F(Emu, ScanInSharedMemoryWithoutSyncIsReportedWhenLanesRunOneAfterAnother) {
  wavesan::setLockstepLds(0);
  const std::vector<int> Got = runScan(scanStatic, None, 0);
  EXPECT_EQ(wavesan::reportCount(ReportKind::WaveLdsRace), 1u);
  EXPECT_NE(Got, prefixSums());
}

TEST_F(Emu, ScanInDynamicSharedMemoryWithoutSyncIsReportedWhenLanesRunOneAfterAnother) {
  wavesan::setLockstepLds(0);
  runScan(scanDynamic, None, 64 * sizeof(int));
  EXPECT_EQ(wavesan::reportCount(ReportKind::WaveLdsRace), 1u);
}

// The warp-synchronous tail of a block reduction, as CUDA code wrote it for 32-lane
// warps: after the barrier, lanes 0-31 add S[i + 32], S[i + 16], ... S[i + 1] into S[i]
// with no synchronisation. 64 values 1..64: S[0] ends at 64 * 65 / 2 = 2080 on a
// lockstep wavefront; lanes 32-63 have left the branch (they wait at the kernel's end).
__global__ void warpSyncReduce(int *Out) {
  __shared__ int S[64];
  const int I = threadIdx.x;
  st(&S[I], I + 1);
  __syncthreads();
  if (I < 32)
    for (int Off = 32; Off > 0; Off /= 2)
      st(&S[I], ld(&S[I]) + ld(&S[I + Off]));
  if (I == 0)
    Out[0] = ld(&S[0]);
}

TEST_F(Emu, WarpSynchronousReductionTailComputesTheLockstepSum) {
  int *D = nullptr;
  ASSERT_EQ(hipMalloc(&D, sizeof(int)), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(warpSyncReduce, 1, 64, 0, 0, D), hipSuccess);
  EXPECT_EQ(hostCopy(D, 1)[0], 2080);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  hipFree(D);
}

TEST_F(Emu, ScanWithBarriersIsNotReported) {
  EXPECT_EQ(runScan(scanStatic, Barrier, 0), prefixSums());
  EXPECT_EQ(runScan(scanDynamic, Barrier, 64 * sizeof(int)), prefixSums());
  EXPECT_EQ(wavesan::reportCount(ReportKind::WaveLdsRace), 0u);
  EXPECT_EQ(wavesan::reportCount(), 0u);
}

TEST_F(Emu, ScanWithWaveSyncIsNotReported) {
  EXPECT_EQ(runScan(scanStatic, WaveSync, 0), prefixSums());
  EXPECT_EQ(wavesan::reportCount(), 0u);
}

TEST_F(Emu, StoresBySeveralLanesToOneWordAreReported) {
  int *D = nullptr;
  ASSERT_EQ(hipMalloc(&D, sizeof(int)), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(storeToOneWord, 1, 64, 0, 0, D), hipSuccess);
  EXPECT_EQ(wavesan::reportCount(ReportKind::WaveLdsRace), 1u);
  hipFree(D);
}

TEST_F(Emu, LanesUsingOnlyTheirOwnSlotsAreNotReported) {
  int *D = nullptr;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof(int)), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(ownSlotsOnly, 1, 64, 0, 0, D), hipSuccess);
  const std::vector<int> H = hostCopy(D, 64);
  for (int I = 0; I < 64; ++I)
    EXPECT_EQ(H[I], 2 * I);
  EXPECT_EQ(wavesan::reportCount(), 0u);
  hipFree(D);
}

/// Workgroup 0 spins until workgroup 1 sets the flag; with one worker, workgroup 1
/// cannot start before workgroup 0 ends.
__global__ void waitForLaterWorkgroup(int *Flag) {
  if (blockIdx.x == 0)
    while (atomicAdd(Flag, 0) == 0) {
    }
  else
    atomicExch(Flag, 1);
}

TEST_F(Emu, WaitForLaterWorkgroupIsReportedWithTheWaitingOnes) {
  wavesan::setWorkers(1);
  wavesan::setKernelTimeout(0.5);
  int *Flag;
  ASSERT_EQ(hipMalloc(&Flag, sizeof *Flag), hipSuccess);
  ASSERT_EQ(hipMemset(Flag, 0, sizeof *Flag), hipSuccess);
  const auto Start = std::chrono::steady_clock::now();
  testing::internal::CaptureStderr();
  EXPECT_EQ(hipLaunchKernelGGL(waitForLaterWorkgroup, 2, 64, 0, 0, Flag),
            hipErrorLaunchTimeOut);
  const std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(10));
  EXPECT_EQ(wavesan::reportCount(ReportKind::KernelTimeout), 1u);
  EXPECT_NE(Err.find("Of 2 workgroups, 0 finished, 1 was still running: workgroups (0,0,0), "
                     "1 had not started. The emulator runs 1 workgroup at a time"),
            std::string::npos)
      << Err;
  EXPECT_NE(Err.find("a grid-wide spin on a flag that a later workgroup sets"),
            std::string::npos)
      << Err;
  EXPECT_EQ(hipDeviceSynchronize(), hipErrorLaunchTimeOut);
  hipFree(Flag);
}

/// Each workgroup's lane 0 sleeps 0.3 s: a slow kernel that keeps making progress.
__global__ void slowWorkgroups(int *Out) {
  if (threadIdx.x == 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    atomicAdd(Out, 1);
  }
}

// Six workgroups of 0.3 s each on one worker take 1.8 s, more than the 1 s watchdog; one
// finishes every 0.3 s, so the watchdog (no workgroup finished for 1 s) never fires.
TEST_F(Emu, SlowKernelThatKeepsFinishingWorkgroupsIsNotStopped) {
  wavesan::setWorkers(1);
  wavesan::setKernelTimeout(1.0);
  int *Out;
  ASSERT_EQ(hipMalloc(&Out, sizeof *Out), hipSuccess);
  ASSERT_EQ(hipMemset(Out, 0, sizeof *Out), hipSuccess);
  const auto Start = std::chrono::steady_clock::now();
  EXPECT_EQ(hipLaunchKernelGGL(slowWorkgroups, 6, 64, 0, 0, Out), hipSuccess);
  EXPECT_GT(std::chrono::steady_clock::now() - Start, std::chrono::milliseconds(1500));
  EXPECT_EQ(wavesan::reportCount(), 0u);
  EXPECT_EQ(hostCopy(Out, 1)[0], 6);
  hipFree(Out);
}

} // namespace
