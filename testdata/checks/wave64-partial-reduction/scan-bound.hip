// Aspect: inclusive shuffle scans whose doubling distance stops below 32, so
// lanes 32-63 never receive the prefix of lanes 0-31.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

__global__ void prefixCounts(int *counts) {
  int lane = threadIdx.x % warpSize;
  int c = counts[threadIdx.x];
  for (int dist = 1; dist < 32; dist *= 2) {
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: shuffle scan stops at offset 16 and never carries lanes 0-31 into lanes 32-63 [wave64-partial-reduction]
    int below = __shfl_up(c, dist);
    if (lane >= dist)
      c += below;
  }
  counts[threadIdx.x] = c;
}

__device__ float runningSum(float x, int lane) {
  for (int d = 1; d <= 16; d <<= 1) {
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: shuffle scan stops at offset 16 and never carries lanes 0-31 into lanes 32-63 [wave64-partial-reduction]
    float y = __shfl_up_sync(0xffffffffffffffffull, x, d);
    if (lane >= d)
      x += y;
  }
  return x;
}

// An ascending butterfly also stops one step short.
__device__ int butterflyMax(int v) {
  for (int m = 1; 32 > m; m = m * 2)
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: shuffle reduction stops at offset 16 and never folds lanes 32-63 [wave64-partial-reduction]
    v = max(v, __shfl_xor(v, m));
  return v;
}

// Not flagged: bounded by the wavefront size.
__device__ float runningSumPortable(float x, int lane) {
  for (int d = 1; d < warpSize; d *= 2) {
    float y = __shfl_up(x, d);
    if (lane >= d)
      x += y;
  }
  return x;
}

__global__ void perWaveScan(const float *in, float *out, int *peaks) {
  const int lane = __lane_id();
  float x = runningSum(in[threadIdx.x], lane) + runningSumPortable(in[threadIdx.x], lane);
  if (lane == warpSize - 1)
    peaks[threadIdx.x / warpSize] = butterflyMax(int(x));
  out[threadIdx.x] = x;
}
