// Aspect: segmented reductions and scans over 16-lane groups (width 16):
// the ladder starts at 8 and is meant to stay inside its segment.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

__device__ float segmentSum(float v) {
  for (int off = 8; off > 0; off /= 2)
    v += __shfl_xor(v, off, 16);
  return v;
}

__device__ float segmentSumUnrolled(float v) {
  v += __shfl_down(v, 8, 16);
  v += __shfl_down(v, 4, 16);
  v += __shfl_down(v, 2, 16);
  v += __shfl_down(v, 1, 16);
  return v;
}

__device__ int segmentScan(int v, int lane) {
  for (int d = 1; d < 16; d *= 2) {
    int t = __shfl_up(v, d, 16);
    if ((lane & 15) >= d)
      v += t;
  }
  return __shfl(v, 15, 16);
}

__device__ float quarterSum(float v, int width) {
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_xor(v, off, width);
  return v;
}
