// Aspect: on a wave32 RDNA target (gfx1100, no XCDs) the same row-major tile
// order is left alone: silent.
// RUN-ARGS: --checks=-*,xcd-tile-order --offload-arch=gfx1100
#include <hip/hip_runtime.h>

__global__ void sgemmRowMajor(const float *A, const float *B, float *C, int N, int K) {
  unsigned pid = blockIdx.x;
  unsigned tilesN = N / 32;
  unsigned m = pid / tilesN, n = pid % tilesN;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 32 + threadIdx.y) * K + k] * B[k * N + n * 32 + threadIdx.x];
  C[(m * 32 + threadIdx.y) * N + n * 32 + threadIdx.x] = acc;
}
