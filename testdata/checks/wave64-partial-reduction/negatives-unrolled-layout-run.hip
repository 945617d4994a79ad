// Aspect (negative only): an unrolled xor run 16, 8 that then jumps to 1 sums
// the lanes an interleaved layout gives one output (lanes l, l^1, l^8, l^16),
// not a 32-lane warp, even with a 64-bit mask: no finding, and no step of
// 'warpSize / 2' is inserted.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

__global__ void interleaved_sums(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  v += __shfl_xor_sync(0xffffffffffffffffull, v, 16);
  v += __shfl_xor_sync(0xffffffffffffffffull, v, 8);
  v += __shfl_xor_sync(0xffffffffffffffffull, v, 1);
  if (__lane_id() % 16 == 0)
    out[blockIdx.x * blockDim.x / 16 + threadIdx.x / 16] = v;
}
