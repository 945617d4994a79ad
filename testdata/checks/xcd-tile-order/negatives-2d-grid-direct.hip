// Aspect: 2-D grids whose blockIdx.y and blockIdx.x are the tile coordinates
// themselves: there is no linear id to remap here (see the rule's
// limitations), so nothing is reported.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>

__global__ void gemm2dGrid(const float *A, const float *B, float *C, int N, int K) {
  const int tileRow = blockIdx.y;
  const int tileCol = blockIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(tileRow * 32 + threadIdx.y) * K + k] * B[k * N + tileCol * 32 + threadIdx.x];
  C[(tileRow * 32 + threadIdx.y) * N + tileCol * 32 + threadIdx.x] = acc;
}

__global__ void gemm2dGridDirect(const float *A, const float *B, float *C, int N, int K) {
  const float *a = A + blockIdx.y * 64 * K;
  const float *b = B + blockIdx.x * 64;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += a[threadIdx.y * K + k] * b[k * N + threadIdx.x];
  C[(blockIdx.y * 64 + threadIdx.y) * N + blockIdx.x * 64 + threadIdx.x] = acc;
}
