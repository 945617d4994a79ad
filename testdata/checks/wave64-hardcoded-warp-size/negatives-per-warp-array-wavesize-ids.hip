// Aspect (negative only): per-warp arrays of extent 32 indexed by warp ids
// computed with warpSize. On wave64 a block of at most 1024 threads has at most
// 16 wavefronts, so 32 slots over-allocate harmlessly: the extent is reported
// only when the warp id indexing it is computed with 32 (per-warp-array.hip).
// A variable merely named like a warp, and an id divided by a tile size, do not
// make an extent per-warp either.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define TILE 32

__device__ float block_sum(float v) {
  __shared__ float partial[32];
  __shared__ int counts[32][4];
  const int lane = threadIdx.x % warpSize;
  const int wid = threadIdx.x / warpSize;
  const int wave = wid;
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  if (lane == 0) {
    partial[wid] = v;
    counts[wave][0] = __popcll(__ballot(v > 0.0f));
  }
  __syncthreads();
  const int nwaves = blockDim.x / warpSize;
  v = lane < nwaves ? partial[lane] + counts[lane][0] : 0.0f;
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  return v;
}

__device__ float pick(const float *src, int warp) {
  float slots[32];
  for (int i = 0; i < 32; ++i)
    slots[i] = src[i];
  return slots[warp] + (__ballot(warp == 0) != 0);
}

__global__ void tiles(const float *in, float *out) { // no wave operation
  __shared__ float tile_sums[32];
  tile_sums[threadIdx.x / TILE] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile_sums[threadIdx.x % 8];
}
