// Aspect (negative only): a tile size of 32 is not the warp size. A macro or
// constant whose name says nothing of warps, wavefronts or lanes (TILE, kTile,
// BLOCK_DIM) is the wave size only in a function that reaches a wave operation
// (shuffle, ballot, vote, *_sync): a shared-memory matmul on 1-D blocks has
// none, and 'threadIdx.x / TILE', '% TILE' and '[TILE][TILE]' are correct on
// wave64.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define TILE 32
constexpr int kTile = 32;
#define BLOCK_DIM (32)

__global__ void matmul_tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int r = threadIdx.x / TILE, c = threadIdx.x % TILE;
  int row = blockIdx.y * TILE + r, col = blockIdx.x * TILE + c;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += TILE) {
    As[r][c] = A[row * n + k0 + c];
    Bs[r][c] = B[(k0 + r) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[r][k] * Bs[k][c];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

// The same with a constexpr tile, a helper computing the tile coordinates,
// and a tile row of shared memory indexed by 'threadIdx.x / kTile'.
__device__ int tile_row(int tid) { return tid / kTile; }

__global__ void transpose_tiled(const float *in, float *out, int n) {
  __shared__ float tile[kTile][kTile + 1];
  __shared__ int rows_done[BLOCK_DIM];
  int r = tile_row(threadIdx.x), c = threadIdx.x & (kTile - 1);
  tile[r][c] = in[(blockIdx.y * kTile + r) * n + blockIdx.x * kTile + c];
  rows_done[threadIdx.x / BLOCK_DIM] = 1;
  __syncthreads();
  out[(blockIdx.x * kTile + r) * n + blockIdx.y * kTile + c] = tile[c][r];
}
