// Aspect: consistent 32-lane logical warps (width 32 on every shuffle): two
// per wavefront on wave64, correct as written, no finding.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

constexpr int kLogicalWarp = 32;

__device__ float logicalSum(float v) {
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_xor(v, off, 32);
  return v;
}

__device__ float logicalSumUnrolled(float v) {
  v += __shfl_down(v, 16, kLogicalWarp);
  v += __shfl_down(v, 8, kLogicalWarp);
  v += __shfl_down(v, 4, kLogicalWarp);
  return v;
}

__global__ void logicalScan(float *data) {
  __shared__ float totals[64];
  int lane = threadIdx.x % 32;
  float v = data[threadIdx.x];
  for (int d = 1; d < 32; d *= 2) {
    float t = __shfl_up(v, d, 32);
    if (lane >= d)
      v += t;
  }
  if (lane == 31)
    totals[threadIdx.x / 32] = v;
  float total = __shfl(v, 31, 32);
  data[threadIdx.x] = v + total;
}
