// Aspect: a per-warp table of 32 slots filled by one lane of each 64-lane
// wavefront (slot tid / warpSize) and then read over all 32 slots: a block of
// up to 1024 threads has at most 16 wavefronts, so slots 16-31 are never
// written and the sum reads whatever shared memory held. With 32-lane warps
// a 1024-thread block fills all 32. The wave model runs blocks of 1024 as 256
// threads, where neither width fills the table, so only the AST tier sees it.
// Not reported: the same table in consistent 32-lane groups (slot tid / 32),
// a table cleared first, and a read bounded by the wavefronts of the block.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

__device__ float waveSum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  return v;
}

__global__ void __launch_bounds__(1024) blockTotal(const float *x, float *out) {
  __shared__ float partial[32];
  float v = waveSum(x[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x % warpSize == 0)
    partial[threadIdx.x / warpSize] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int w = 0; w < 32; ++w)
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: per-warp table read over 32 slots ('w < 32') while it is filled once per 64-lane wavefront; a block of up to 1024 threads fills at most 16 slots, the others are never written [wave64-hardcoded-warp-size]
      s += partial[w];
    out[blockIdx.x] = s;
  }
}

// The table through a lambda writing at the wavefront's id.
__global__ void __launch_bounds__(1024) blockMax(const float *x, float *out) {
  __shared__ float best[32];
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = warpSize / 2; o > 0; o /= 2)
    v = fmaxf(v, __shfl_xor(v, o));
  const int wave = threadIdx.x / warpSize;
  auto publish = [&](float r) {
    if (__lane_id() == 0)
      best[wave] = r;
  };
  publish(v);
  __syncthreads();
  if (threadIdx.x == 0) {
    float m = best[0];
    for (int i = 0; i < 32; ++i)
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: per-warp table read over 32 slots ('i < 32') [wave64-hardcoded-warp-size]
      m = fmaxf(m, best[i]);
    out[blockIdx.x] = m;
  }
}

__device__ float groupSum(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor(v, o, 32);
  return v;
}

// Not reported: 32-lane groups fill all 32 slots of a 1024-thread block.
__global__ void __launch_bounds__(1024) blockTotalGroups(const float *x, float *out) {
  __shared__ float partial[32];
  float v = groupSum(x[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x % 32 == 0)
    partial[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int w = 0; w < 32; ++w)
      s += partial[w];
    out[blockIdx.x] = s;
  }
}

// Not reported: the slots are cleared before the wavefronts fill theirs.
__global__ void __launch_bounds__(1024) blockTotalCleared(const float *x, float *out) {
  __shared__ float partial[32];
  if (threadIdx.x < 32)
    partial[threadIdx.x] = 0.0f;
  __syncthreads();
  float v = waveSum(x[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x % warpSize == 0)
    partial[threadIdx.x / warpSize] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int w = 0; w < 32; ++w)
      s += partial[w];
    out[blockIdx.x] = s;
  }
}

// Not reported: the read stops at the number of wavefronts.
__global__ void __launch_bounds__(1024) blockTotalCounted(const float *x, float *out) {
  __shared__ float partial[32];
  float v = waveSum(x[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x % warpSize == 0)
    partial[threadIdx.x / warpSize] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int w = 0; w < blockDim.x / warpSize; ++w)
      s += partial[w];
    out[blockIdx.x] = s;
  }
}
