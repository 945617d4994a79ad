// Aspect (negative only): on a wave32 target (gfx1100) a warp of 32 lanes is
// the wavefront, so none of the forms this check reports is a finding there.
// RUN-ARGS: --offload-arch=gfx1100 --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define WARP_SIZE 32
constexpr int kWarpSize = 32;

__global__ void all_forms(const float *in, float *out) {
  __shared__ float partial[32];
  const int tid = threadIdx.x;
  const int lane = tid & 31;
  const int warp = tid >> 5;
  const int nwarps = blockDim.x / WARP_SIZE;
  float v = in[tid] + (__ballot(lane == 0) != 0);
  v += __shfl_down(v, 1, kWarpSize);
  for (int k = lane; k < 128; k += 32)
    v += in[k];
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (tid < nwarps)
    out[tid % 32] = partial[tid];
}
