// Aspect: code written in 32-lane groups (width-32 ladders, group leaders)
// with one wave-wide operation left in it: a broadcast `__shfl(v, 0)` without
// a width, where lanes 32-63 take the total of lanes 0-31, and a stored vote
// `__any(p)`, which on wave64 answers for both groups at once. The wave model
// does not report a value taken from the other half; the AST tier reports the
// 32s with a note at the operation. Not reported: a vote that only steers a
// branch, and a broadcast with width 32.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

__global__ void normaliseGroups(const float *x, float *y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor(v, o, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: shuffle width 32 splits the 64-lane wavefront into two independent halves [wave64-hardcoded-warp-size]
  float total = __shfl(v, 0);
  y[i] = x[i] / total;
}

__global__ void anyPerGroup(const float *x, int *flags) {
  const int group = threadIdx.x >> 5;
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: warp id computed with 32 ('threadIdx.x >> 5') [wave64-hardcoded-warp-size]
  const int lane = threadIdx.x & 31;
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: lane index computed with 32 ('threadIdx.x & 31') [wave64-hardcoded-warp-size]
  int any = __any(x[blockIdx.x * blockDim.x + threadIdx.x] < 0.0f);
  if (lane == 0)
    flags[blockIdx.x * (blockDim.x >> 5) + group] = any;
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: warp count computed with 32 ('blockDim.x >> 5') [wave64-hardcoded-warp-size]
}

// Not reported: the vote decides only whether to do work, and the group
// total is broadcast within the group.
__global__ void normaliseGroupsSafe(const float *x, float *y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  if (__all(v == 0.0f))
    return;
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor(v, o, 32);
  float total = __shfl(v, 0, 32);
  if ((threadIdx.x & 31) == 0)
    y[i >> 5] = total;
}
