//===--- EmuMemoryTest.cpp - emulator: shared memory, atomics, device API -===//
///
/// \file
/// Part of emu_test: dynamic and static shared memory (per block), atomics on global
/// and shared memory, shuffles of 64-bit types, votes, bit intrinsics and device
/// properties, with kernels compiled as C++ against the emulator's
/// <hip/hip_runtime.h>. The wave semantics and their reports: EmuTest.cpp.
///
//===----------------------------------------------------------------------===//
#include "EmuTest.h"

#include <hip/hip_runtime.h>

#include "wavesan/report.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using emu_test::deviceCopy;
using emu_test::Emu;
using emu_test::hostCopy;

//===-- Kernels -------------------------------------------------------------===//

__global__ void dynamicSharedReverse(const int *In, int *Out) {
  HIP_DYNAMIC_SHARED(int, Buf);
  Buf[threadIdx.x] = In[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Buf[blockDim.x - 1 - threadIdx.x];
}

// Every block writes its own id into shared memory and checks, after a
// barrier, that no other block overwrote it.
__global__ void sharedPerBlock(int *Bad) {
  __shared__ int Owner[256];
  Owner[threadIdx.x] = blockIdx.x;
  __syncthreads();
  for (int K = 0; K < 256; ++K)
    if (Owner[K] != static_cast<int>(blockIdx.x))
      atomicAdd(Bad, 1);
}

__global__ void atomicsKernel(int *Sum, int *Max, unsigned *Min, float *FSum, int *SharedOut) {
  __shared__ int Local;
  if (threadIdx.x == 0)
    Local = 0;
  __syncthreads();
  atomicAdd(&Local, 2);
  atomicAdd(Sum, 1);
  atomicMax(Max, static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x));
  atomicMin(Min, 1000u - threadIdx.x);
  atomicAdd(FSum, 0.5f);
  __syncthreads();
  if (threadIdx.x == 0)
    SharedOut[blockIdx.x] = Local;
}

__global__ void shuffleTypes(double *D, long long *LL) {
  D[threadIdx.x] = __shfl(1.5 * threadIdx.x, 0);
  LL[threadIdx.x] = __shfl_up((1ll << 40) + threadIdx.x, 1);
}

__global__ void votes(int *Any, int *All, unsigned long long *Active) {
  int A = __any(threadIdx.x == 5);
  int L = __all(threadIdx.x < 64);
  unsigned long long M = __activemask();
  if (threadIdx.x == 0) {
    *Any = A;
    *All = L;
    *Active = M;
  }
}

//===-- Tests ---------------------------------------------------------------===//

TEST_F(Emu, DynamicSharedMemory) {
  const int Blocks = 4, Threads = 128;
  std::vector<int> In(Blocks * Threads);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = static_cast<int>(I);
  int *DIn = deviceCopy(In), *DOut;
  ASSERT_EQ(hipMalloc(&DOut, In.size() * sizeof *DOut), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(dynamicSharedReverse, Blocks, Threads, Threads * sizeof(int), 0,
                               DIn, DOut),
            hipSuccess);
  auto H = hostCopy(DOut, In.size());
  EXPECT_EQ(H[0], 127);
  EXPECT_EQ(H[128], 255);
  EXPECT_EQ(H[511], 384);
  hipFree(DIn);
  hipFree(DOut);
}

TEST_F(Emu, SharedMemoryIsPerBlock) {
  wavesan::setWorkers(2);
  int *Bad;
  ASSERT_EQ(hipMalloc(&Bad, sizeof *Bad), hipSuccess);
  ASSERT_EQ(hipMemset(Bad, 0, sizeof *Bad), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(sharedPerBlock, 400, 256, 0, 0, Bad), hipSuccess);
  EXPECT_EQ(hostCopy(Bad, 1)[0], 0);
  hipFree(Bad);
}

TEST_F(Emu, AtomicsOnGlobalAndSharedMemory) {
  int *Sum, *Max, *SharedOut;
  unsigned *Min;
  float *FSum;
  ASSERT_EQ(hipMalloc(&Sum, sizeof *Sum), hipSuccess);
  ASSERT_EQ(hipMalloc(&Max, sizeof *Max), hipSuccess);
  ASSERT_EQ(hipMalloc(&Min, sizeof *Min), hipSuccess);
  ASSERT_EQ(hipMalloc(&FSum, sizeof *FSum), hipSuccess);
  ASSERT_EQ(hipMalloc(&SharedOut, 8 * sizeof *SharedOut), hipSuccess);
  hipMemset(Sum, 0, sizeof *Sum);
  hipMemset(Max, 0, sizeof *Max);
  hipMemset(FSum, 0, sizeof *FSum);
  unsigned Big = 5000;
  hipMemcpy(Min, &Big, sizeof Big, hipMemcpyHostToDevice);
  ASSERT_EQ(hipLaunchKernelGGL(atomicsKernel, 8, 128, 0, 0, Sum, Max, Min, FSum, SharedOut),
            hipSuccess);
  EXPECT_EQ(hostCopy(Sum, 1)[0], 1024);
  EXPECT_EQ(hostCopy(Max, 1)[0], 1023);
  EXPECT_EQ(hostCopy(Min, 1)[0], 873u); // 1000 - 127
  EXPECT_EQ(hostCopy(FSum, 1)[0], 512.0f);
  auto S = hostCopy(SharedOut, 8);
  for (int V : S)
    EXPECT_EQ(V, 256);
  for (void *P : {static_cast<void *>(Sum), static_cast<void *>(Max), static_cast<void *>(Min),
                  static_cast<void *>(FSum), static_cast<void *>(SharedOut)})
    hipFree(P);
}

TEST_F(Emu, ShufflesOfWideTypes) {
  double *D;
  long long *LL;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess);
  ASSERT_EQ(hipMalloc(&LL, 64 * sizeof *LL), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(shuffleTypes, 1, 64, 0, 0, D, LL), hipSuccess);
  EXPECT_EQ(hostCopy(D, 64)[10], 0.0);
  auto H = hostCopy(LL, 64);
  EXPECT_EQ(H[0], (1ll << 40));     // shfl_up below lane 0: own value
  EXPECT_EQ(H[10], (1ll << 40) + 9);
  hipFree(D);
  hipFree(LL);
}

TEST_F(Emu, Votes) {
  int *Any, *All;
  unsigned long long *Active;
  ASSERT_EQ(hipMalloc(&Any, sizeof *Any), hipSuccess);
  ASSERT_EQ(hipMalloc(&All, sizeof *All), hipSuccess);
  ASSERT_EQ(hipMalloc(&Active, sizeof *Active), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(votes, 1, 64, 0, 0, Any, All, Active), hipSuccess);
  EXPECT_EQ(hostCopy(Any, 1)[0], 1);
  EXPECT_EQ(hostCopy(All, 1)[0], 1);
  EXPECT_EQ(hostCopy(Active, 1)[0], ~0ull);
  hipFree(Any);
  hipFree(All);
  hipFree(Active);
}

TEST_F(Emu, BitIntrinsics) {
  EXPECT_EQ(__popc(0xF0F0u), 8);
  EXPECT_EQ(__popcll(0xFFFFFFFFFFFFFFFFull), 64);
  EXPECT_EQ(__ffs(0), 0);
  EXPECT_EQ(__ffs(8), 4);
  EXPECT_EQ(__ffsll(1ll << 40), 41);
  EXPECT_EQ(__clz(1), 31);
  EXPECT_EQ(__clz(0), 32);
  EXPECT_EQ(__clzll(1), 63);
  EXPECT_EQ(__brev(1u), 0x80000000u);
}

TEST_F(Emu, DeviceProperties) {
  hipDeviceProp_t P;
  ASSERT_EQ(hipGetDeviceProperties(&P, 0), hipSuccess);
  EXPECT_STREQ(P.gcnArchName, "gfx942:sramecc+:xnack-");
  EXPECT_EQ(P.multiProcessorCount, 304);
  EXPECT_EQ(P.warpSize, 64);
  EXPECT_EQ(P.sharedMemPerBlock, 65536u);
  EXPECT_EQ(P.maxThreadsPerBlock, 1024);
  int Count = 0;
  EXPECT_EQ(hipGetDeviceCount(&Count), hipSuccess);
  EXPECT_EQ(Count, 1);
  EXPECT_EQ(hipGetDeviceProperties(&P, 1), hipErrorInvalidDevice);
  EXPECT_STREQ(hipGetErrorString(hipErrorInvalidDevice), "invalid device ordinal");
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidDevice);
  hipEvent_t A, B;
  ASSERT_EQ(hipEventCreate(&A), hipSuccess);
  ASSERT_EQ(hipEventCreate(&B), hipSuccess);
  float Ms = -1;
  EXPECT_EQ(hipEventElapsedTime(&Ms, A, B), hipErrorNotReady);
  hipEventRecord(A);
  hipEventRecord(B);
  EXPECT_EQ(hipEventElapsedTime(&Ms, A, B), hipSuccess);
  EXPECT_GE(Ms, 0.0f);
  hipEventDestroy(A);
  hipEventDestroy(B);
}

} // namespace
