//===--- HipBackendEmuTest.cpp - emulator and real HIP runtime in one binary ===//
///
/// \file
/// hip_backend_test, part 3: this binary links wavesan-emu (whose hip*
/// functions have C++ linkage and which this file reaches through the
/// emulator's <hip/hip_runtime.h>) and wavesan-hip (which calls the real
/// libamdhip64's extern "C" hip* functions). Each call must reach its own
/// implementation: the emulator always has one gfx942-profiled device and runs
/// kernels on the CPU; the real runtime reports what the machine has
/// (hipErrorNoDevice here). A symbol clash would show as the emulator's
/// hipGetDeviceCount answering for the real one, or the reverse, or as an
/// emulated kernel that does not run.
///
//===----------------------------------------------------------------------===//
#include <hip/hip_runtime.h>

#include "wavesan/hip_backend.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

/// Per-wavefront sum with a full 64-lane ladder (offsets 32, 16, ..., 1): lane 0 of
/// each wavefront writes the sum of its lanes' values.
__global__ void waveSum(const int *In, int *Out) {
  const unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  int V = In[I];
  for (int Offset = warpSize / 2; Offset > 0; Offset /= 2)
    V += __shfl_down(V, static_cast<unsigned>(Offset), warpSize);
  if (threadIdx.x % warpSize == 0)
    Out[I / warpSize] = V;
}

TEST(HipBackendEmu, EmulatorAndRealRuntimeAnswerSeparately) {
  // The emulator's hipGetDeviceCount (C++ linkage): always one device, hipSuccess.
  int Count = -1;
  EXPECT_EQ(hipGetDeviceCount(&Count), hipSuccess);
  EXPECT_EQ(Count, 1);
  hipDeviceProp_t Prop;
  ASSERT_EQ(hipGetDeviceProperties(&Prop, 0), hipSuccess);
  EXPECT_STREQ(Prop.gcnArchName, "gfx942:sramecc+:xnack-"); // the emulator's MI300X profile
  EXPECT_EQ(Prop.warpSize, 64);
  // The real runtime, through wavesan-hip, in the same process.
  wavesan::HipBackendStatus S = wavesan::hipBackendStatus();
  if (S.DeviceCount > 0)
    GTEST_SKIP() << "an AMD GPU is present (" << S.Message << "): only the emulator half applies";
  EXPECT_EQ(S.Error, 100); // hipErrorNoDevice (hip_runtime_api.h)
  EXPECT_EQ(S.ErrorName, "hipErrorNoDevice");
  // And the emulator still reports success afterwards (the real runtime's initialisation did
  // not replace it).
  EXPECT_EQ(hipGetDeviceCount(&Count), hipSuccess);
  EXPECT_EQ(Count, 1);
}

TEST(HipBackendEmu, EmulatedKernelRunsNextToTheRealRuntime) {
  (void)wavesan::hipBackendStatus(); // initialise the real runtime first
  // 4 workgroups of 128 threads = 8 wavefronts of 64; element i holds i % 64, so each
  // wavefront sums 0 + 1 + ... + 63 = 63 * 64 / 2 = 2016.
  constexpr unsigned Blocks = 4, Threads = 128, N = Blocks * Threads, Waves = N / 64;
  int *In = nullptr, *Out = nullptr; // the emulator's template hipMalloc<int>
  ASSERT_EQ(hipMalloc(&In, N * sizeof(int)), hipSuccess);
  ASSERT_EQ(hipMalloc(&Out, Waves * sizeof(int)), hipSuccess);
  std::vector<int> H(N);
  for (unsigned I = 0; I < N; ++I)
    H[I] = static_cast<int>(I % 64);
  ASSERT_EQ(hipMemcpy(In, H.data(), N * sizeof(int), hipMemcpyHostToDevice), hipSuccess);
  ASSERT_EQ(hipMemset(Out, 0, Waves * sizeof(int)), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(waveSum, dim3(Blocks), dim3(Threads), 0, 0, In, Out), hipSuccess);
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  std::vector<int> R(Waves);
  ASSERT_EQ(hipMemcpy(R.data(), Out, Waves * sizeof(int), hipMemcpyDeviceToHost), hipSuccess);
  EXPECT_EQ(R, std::vector<int>(Waves, 2016));
  EXPECT_EQ(hipFree(In), hipSuccess);
  EXPECT_EQ(hipFree(Out), hipSuccess);
}

TEST(HipBackendEmu, CpuReferenceKernelsRunNextToTheHipBackend) {
  // Backend::Cpu (the reference kernels on the emulator) in a binary that also holds
  // Backend::Hip: 200 ones in 64-lane wavefronts sum to 64, 64, 64 and 200 - 192 = 8.
  (void)wavesan::hipBackendStatus();
  std::vector<int32_t> X(200, 1);
  wavesan::ReduceSpec Spec;
  Spec.In = wavesan::DType::I32;
  Spec.Scope = wavesan::ReduceScope::Wave;
  EXPECT_EQ(wavesan::referenceReduce(wavesan::Backend::Cpu, Spec, X.data(), X.size()),
            (std::vector<double>{64, 64, 64, 8}));
}

} // namespace
