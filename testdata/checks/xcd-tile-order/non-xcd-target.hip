// Aspect: on a target without XCDs (gfx90a, MI200: one L2 per device as the
// program sees it) a row-major tile order needs no remap: silent.
// RUN-ARGS: --checks=-*,xcd-tile-order --offload-arch=gfx90a
#include <hip/hip_runtime.h>

__global__ void sgemmRowMajor(const float *A, const float *B, float *C, int N, int K) {
  int pid = blockIdx.x;
  int gridN = N / 64;
  int m = pid / gridN, n = pid % gridN;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}
