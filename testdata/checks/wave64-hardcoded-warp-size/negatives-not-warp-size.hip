// Aspect (negative only): 32s that are no warp size: a 32-bit signature bit,
// a data layout of 32 float4s per row, a bit extraction, LDS bank padding
// (gfx942's LDS has 32 banks too), per-32-thread sub-histograms updated with
// atomics, and a WARP_SIZE-named constant in kernels that reach no wave
// operation at all.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define WARP_SIZE 32
#define TILE_DIM 32

__global__ void bloom_insert(const unsigned *keys, unsigned *filter, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned h = keys[i] * 2654435761u;
  atomicOr(&filter[(h >> 5) % 1024], 1u << (h & 31));
  const int tid = threadIdx.x;
  const int bit = (tid >> 5) & 1;
  filter[1024 + tid] = bit;
}

// Rows of 32 float4s: one row per 32 threads, no wave operation.
__global__ void scale_rows(float4 *rows, const float *s) {
  const int col = threadIdx.x % 32;
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  float4 v = rows[row * 32 + col];
  v.x *= s[row];
  rows[row * 32 + col] = v;
}

// Transpose through LDS padded against bank conflicts.
__global__ void transpose(const float *in, float *out, int w) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  out[x * w + y] = tile[threadIdx.x][threadIdx.y];
}

// One sub-histogram per 32 threads, merged with atomics.
__global__ void histogram(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned sub[8][256];
  const int group = threadIdx.x / WARP_SIZE;
  for (int b = threadIdx.x; b < 8 * 256; b += blockDim.x)
    (&sub[0][0])[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&sub[group][data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) {
    unsigned t = 0;
    for (int g = 0; g < 8; ++g)
      t += sub[g][b];
    atomicAdd(&bins[b], t);
  }
}
