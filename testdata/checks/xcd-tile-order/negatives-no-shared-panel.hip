// Aspect: the workgroup id is split into tile coordinates, but every read
// uses both coordinates (a tiled transpose, a 2-D stencil): neighbouring
// tiles share no operand panel, so the order does not matter: silent.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>

__global__ void transposeTiles(const float *in, float *out, int rows, int cols) {
  __shared__ float tile[32][33];
  int tilesAcross = cols / 32;
  int bid = blockIdx.x;
  int tr = bid / tilesAcross;
  int tc = bid % tilesAcross;
  tile[threadIdx.y][threadIdx.x] = in[(tr * 32 + threadIdx.y) * cols + tc * 32 + threadIdx.x];
  __syncthreads();
  out[(tc * 32 + threadIdx.y) * rows + tr * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void blur(const float *src, float *dst, int width) {
  int tilesX = width / 16;
  int ty = blockIdx.x / tilesX, tx = blockIdx.x % tilesX;
  int x = tx * 16 + threadIdx.x, y = ty * 16 + threadIdx.y;
  dst[y * width + x] = 0.25f * (src[y * width + x - 1] + src[y * width + x + 1] +
                                src[(y - 1) * width + x] + src[(y + 1) * width + x]);
}

// One element per tile row (a token id) is no panel.
__global__ void gatherRows(const int *tokenIds, const float *table, float *out, int dim) {
  int chunks = dim / 256;
  int token = blockIdx.x / chunks;
  int chunk = blockIdx.x % chunks;
  int id = tokenIds[token];
  out[(token * chunks + chunk) * 256 + threadIdx.x] = table[id * dim + chunk * 256 + threadIdx.x];
}
