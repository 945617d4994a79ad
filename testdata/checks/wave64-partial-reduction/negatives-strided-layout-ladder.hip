// Aspect (negative only): a halving loop from 16 that stops at 4 reduces over
// the lanes an MMA tile layout spreads one column across (lanes that differ
// in bits 2-4), not over a warp: it is no 32-lane reduction, even next to
// per-wavefront code.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

__global__ void column_max(const float *tile, float *out) {
  float m = tile[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset >= 4; offset >>= 1)
    m = fmaxf(m, __shfl_xor(m, offset, warpSize));
  if (__lane_id() < 4)
    out[blockIdx.x * 4 + __lane_id()] = m;
}
