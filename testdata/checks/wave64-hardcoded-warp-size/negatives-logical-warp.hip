// Aspect (negative only): consistent 32-lane logical warps. Every shuffle a
// kernel reaches passes width 32 and none votes, so two 32-lane tiles share
// one wave64 correctly: lane, tile id, stride and extent 32 are all fine.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define TILE 32
constexpr int kTile = 32;

__device__ float tile_sum(float v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor(v, o, 32);
  return v;
}

// Dot product of each 32-element row with x, one 32-thread tile per row.
__global__ void tiled_rows(const float *a, const float *x, float *y, int rows, int cols) {
  __shared__ float row_sums[32];
  const int lane = threadIdx.x % 32;
  const int tile = threadIdx.x / TILE;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int tiles = blockDim.x / kTile;
  if (row >= rows)
    return;
  float acc = 0.0f;
  for (int k = lane; k < cols; k += 32)
    acc += a[row * cols + k] * x[k];
  acc = tile_sum(acc);
  float first = __shfl(acc, 0, kTile);
  if ((threadIdx.x & 31) == 0)
    row_sums[tile] = first;
  __syncthreads();
  if (threadIdx.x < tiles)
    y[blockIdx.x * tiles + threadIdx.x] = row_sums[threadIdx.x];
}

// '__syncwarp' only orders memory among the lanes of a tile: a logical warp
// that synchronises its 32 lanes before reading a neighbour's shared slot
// makes no hardware-wave assumption, and stays exempt.
__global__ void tiled_shift(const float *in, float *out) {
  __shared__ float stage[256];
  const int lane = threadIdx.x % 32;
  const int tile = threadIdx.x / 32;
  float v = in[threadIdx.x];
  stage[threadIdx.x] = v;
  __syncwarp();
  v += stage[tile * 32 + ((lane + 1) & 31)];
  v += __shfl_down(v, 1, 32);
  if (lane == 0)
    out[blockIdx.x * 8 + tile] = v;
}
