// A user's HIP kernel test, built by wavesan_add_kernel_test() from an installed wavesan:
// a block reduction written for wave64 (shuffle ladder from warpSize / 2, one partial per
// wavefront in LDS), checked against hand-computed sums and against wavesan's reference
// reduction (EXPECT_WAVESAN_REDUCTION, whose failure message is wavesan's report).
#include <hip/hip_runtime.h>

#include <gtest/gtest.h>
#include <wavesan/gtest.h>

#include <vector>

namespace {

constexpr int BlockSize = 256;

__device__ int waveSum(int V) {
  for (int Offset = warpSize / 2; Offset > 0; Offset /= 2)
    V += __shfl_down(V, Offset);
  return V;
}

// Per-wavefront sums (WaveOut[global wave id]) and the grid's total (*Total, atomicAdd).
__global__ void blockReduce(const int *In, int N, int *WaveOut, int *Total) {
  __shared__ int Partial[BlockSize / 32]; // enough for wave32 and wave64
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  const int Lane = threadIdx.x % warpSize, Wave = threadIdx.x / warpSize;
  const int WavesPerBlock = blockDim.x / warpSize;
  int V = waveSum(I < N ? In[I] : 0);
  if (Lane == 0) {
    WaveOut[blockIdx.x * WavesPerBlock + Wave] = V;
    Partial[Wave] = V;
  }
  __syncthreads();
  if (Wave == 0) {
    V = waveSum(Lane < WavesPerBlock ? Partial[Lane] : 0);
    if (Lane == 0)
      atomicAdd(Total, V);
  }
}

struct Result {
  std::vector<int> Waves;
  int Total = 0;
};

Result run(const std::vector<int> &In) {
  const int N = static_cast<int>(In.size());
  const int Blocks = (N + BlockSize - 1) / BlockSize;
  hipDeviceProp_t Prop;
  EXPECT_EQ(hipGetDeviceProperties(&Prop, 0), hipSuccess);
  const int Waves = Blocks * (BlockSize / Prop.warpSize);
  int *DIn = nullptr, *DWaves = nullptr, *DTotal = nullptr;
  EXPECT_EQ(hipMalloc(&DIn, N * sizeof(int)), hipSuccess);
  EXPECT_EQ(hipMalloc(&DWaves, Waves * sizeof(int)), hipSuccess);
  EXPECT_EQ(hipMalloc(&DTotal, sizeof(int)), hipSuccess);
  EXPECT_EQ(hipMemcpy(DIn, In.data(), N * sizeof(int), hipMemcpyHostToDevice), hipSuccess);
  EXPECT_EQ(hipMemset(DTotal, 0, sizeof(int)), hipSuccess);
  hipLaunchKernelGGL(blockReduce, dim3(Blocks), dim3(BlockSize), 0, 0, DIn, N, DWaves, DTotal);
  EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
  Result R;
  R.Waves.resize(Waves);
  EXPECT_EQ(hipMemcpy(R.Waves.data(), DWaves, Waves * sizeof(int), hipMemcpyDeviceToHost),
            hipSuccess);
  EXPECT_EQ(hipMemcpy(&R.Total, DTotal, sizeof(int), hipMemcpyDeviceToHost), hipSuccess);
  hipFree(DIn);
  hipFree(DWaves);
  hipFree(DTotal);
  return R;
}

TEST(BlockReduce, WavefrontsHave64Lanes) {
  // 512 ones: 2 blocks x 4 wavefronts of 64 lanes, so every wave sums to 64 (32 on a
  // wave32 target, which this test does not expect).
  const Result R = run(std::vector<int>(512, 1));
  EXPECT_EQ(R.Waves, std::vector<int>(8, 64));
  EXPECT_EQ(R.Total, 512);
}

TEST(BlockReduce, SumOfPattern) {
  // x[i] = i % 100 for i < 100000: 1000 repetitions of 0 + 1 + ... + 99 = 4950, so the
  // total is 4950000 (hand arithmetic). 100000 is not a multiple of 256: the last block
  // is partial.
  std::vector<int> In(100000);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = static_cast<int>(I % 100);
  const Result R = run(In);
  EXPECT_EQ(R.Total, 4950000);
  // The same per-wavefront results, diffed against wavesan's wave64 reference.
  wavesan::ReduceSpec Spec;
  Spec.Scope = wavesan::ReduceScope::Wave;
  Spec.In = wavesan::DType::I32;
  // The kernel's last wavefront (elements 100032-100095) lies wholly past the input:
  // 100000 elements make ceil(100000 / 64) = 1563 wavefronts of data.
  const std::vector<double> WaveSums(R.Waves.begin(), R.Waves.begin() + 1563);
  EXPECT_WAVESAN_REDUCTION(Spec, In.data(), In.size(), WaveSums.data(), WaveSums.size());
}

} // namespace
