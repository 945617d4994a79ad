// Aspect: reductions, scans and broadcasts already written for the 64-lane
// wavefront: no finding.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

__device__ float ladderHalfWave(float v) {
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_xor(v, off);
  return v;
}

__device__ float ladderFrom32(float v) {
  for (int off = 32; off > 0; off >>= 1)
    v += __shfl_down(v, off);
  return v;
}

__device__ float unrolledFrom32(float v) {
  v += __shfl_down(v, 32);
  v += __shfl_down(v, 16);
  v += __shfl_down(v, 8);
  v += __shfl_down(v, 4);
  v += __shfl_down(v, 2);
  v += __shfl_down(v, 1);
  return v;
}

__device__ float guardedHalfStep(float v) {
  if (warpSize > 32) v += __shfl_xor(v, warpSize / 2);
  v += __shfl_xor(v, 16);
  v += __shfl_xor(v, 8);
  return v;
}

__device__ int scanToWarpSize(int v) {
  int lane = __lane_id();
  for (int d = 1; d < warpSize; d <<= 1) {
    int t = __shfl_up(v, d);
    if (lane >= d)
      v += t;
  }
  if (lane == warpSize - 1)
    v += 0;
  return __shfl(v, warpSize - 1);
}

__device__ int scanTo64(int v) {
  for (int d = 1; d <= 32; d *= 2)
    v += __shfl_up(v, d);
  return __shfl(v, 63);
}

// Lane 31 read for another reason than "last lane": a 32-lane logical warp.
__device__ int fromLane31(int v) { return __shfl(v, 31, 32); }
