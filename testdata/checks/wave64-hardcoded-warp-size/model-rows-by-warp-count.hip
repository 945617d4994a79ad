// Aspect (wave model): rows assigned with a per-block warp count computed
// from 32 (kThreads / 32) while the warp index counts 64-lane wavefronts: on
// wave64 half the rows of each block are never read or written.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

constexpr int kThreads = 256;
constexpr int kRowsPerBlock = kThreads / 32;
constexpr int kCols = 128;

__device__ float waveSum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  return v;
}

__global__ void __launch_bounds__(kThreads) rowNorms(const float *x, float *y) {
  int warp = threadIdx.x / warpSize, lane = threadIdx.x % warpSize;
  int row = blockIdx.x * kRowsPerBlock + warp;
  float s = 0;
  for (int c = lane; c < kCols; c += warpSize)
    s += x[row * kCols + c];
  s = waveSum(s);
  if (lane == 0)
    y[row] = s;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: with 64-lane wavefronts the inputs that threads 128-255 read with 32 l [wave64-hardcoded-warp-size]
}

// Not reported: the rows of a block are counted in wavefronts.
__global__ void __launch_bounds__(kThreads) rowNormsWave(const float *x, float *y) {
  int warp = threadIdx.x / warpSize, lane = threadIdx.x % warpSize;
  int row = blockIdx.x * (blockDim.x / warpSize) + warp;
  float s = 0;
  for (int c = lane; c < kCols; c += warpSize)
    s += x[row * kCols + c];
  s = waveSum(s);
  if (lane == 0)
    y[row] = s;
}
