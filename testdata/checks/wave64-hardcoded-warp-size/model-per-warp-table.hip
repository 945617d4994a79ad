// Aspect (wave model): a per-warp table sized for 32-lane warps (512 / 32
// entries) filled by lane 0 of each warp and summed whole: 64-lane wavefronts
// fill only half of it, and the sum reads entries no lane wrote.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

constexpr int kWarps = 512 / 32;

__device__ float waveSum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  return v;
}

__global__ void __launch_bounds__(512) blockSum(const float *x, float *out) {
  __shared__ float partial[kWarps];
  float v = waveSum(x[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x % warpSize == 0)
    partial[threadIdx.x / warpSize] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int i = 0; i < kWarps; ++i)
      s += partial[i];
    out[blockIdx.x] = s;
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: with 64-lane wavefronts the value stored here is computed from LDS tha [wave64-hardcoded-warp-size]
  }
}

// Not reported: the sum stops at the number of wavefronts in the block.
__global__ void __launch_bounds__(512) blockSumCounted(const float *x, float *out) {
  __shared__ float partial[kWarps];
  float v = waveSum(x[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x % warpSize == 0)
    partial[threadIdx.x / warpSize] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int i = 0; i < blockDim.x / warpSize; ++i)
      s += partial[i];
    out[blockIdx.x] = s;
  }
}
