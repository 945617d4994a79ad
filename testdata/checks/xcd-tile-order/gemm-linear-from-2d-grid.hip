// Aspect: a linear workgroup id built from a 2-D (or 3-D) grid in dispatch
// order, x fastest, then split into tiles; also reported on gfx950 (8 XCDs).
// RUN-ARGS: --checks=-*,xcd-tile-order --offload-arch=gfx950
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#define BM 128
#define BN 128

__global__ void hgemmFlat(const __half *A, const __half *B, float *C, int N, int K) {
  const int tilesPerRow = N / BN;
  const int flat = blockIdx.y * gridDim.x + blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: workgroup id 'flat' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  const int bm = flat / tilesPerRow;
  const int bn = flat % tilesPerRow;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += float(A[(bm * BM + threadIdx.x) * K + k]) * float(B[k * N + bn * BN + threadIdx.y]);
  C[(bm * BM + threadIdx.x) * N + bn * BN + threadIdx.y] = acc;
}

// Operands in the other order, the id used directly.
__global__ void gemmFlatDirect(const float *A, const float *B, float *C, int N, int K) {
  int gridN = N / BN;
  int r = (blockIdx.x + gridDim.x * blockIdx.y) / gridN;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: workgroup id 'blockIdx.x + gridDim.x * blockIdx.y' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  int c = (blockIdx.x + gridDim.x * blockIdx.y) % gridN;
  const float *a = A + r * BM * K;
  const float *b = B + c * BN;
  C[r * N + c] = a[threadIdx.x] * b[threadIdx.y];
}

// A 3-D grid flattened in dispatch order.
__global__ void gemmFlat3d(const float *A, const float *B, float *C, int N, int K) {
  unsigned linear = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: workgroup id 'linear' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  unsigned tr = linear / (N / BN), tc = linear % (N / BN);
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[tr * BM * K + k] * B[k * N + tc * BN];
  C[tr * N + tc] = acc;
}
