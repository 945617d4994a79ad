// Aspect: GEMMs whose XCD remap hides behind a macro (an expression macro, a
// statement macro applied in place, an opaque lookup named for XCDs): silent.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>

#define XCDS 8
#define REMAP_PID(id, count)                                                   \
  ((id) < (count) / XCDS * XCDS ? ((id) % XCDS) * ((count) / XCDS) + (id) / XCDS : (id))
#define APPLY_XCD_REMAP(id, count)                                             \
  do {                                                                         \
    if ((id) < (count) / XCDS * XCDS)                                          \
      (id) = ((id) % XCDS) * ((count) / XCDS) + (id) / XCDS;                   \
  } while (0)

__device__ int xcdTileTable[4096];
#define XCD_ORDER(id) xcdTileTable[id]

__global__ void gemmRemapMacro(const float *A, const float *B, float *C, int N, int K) {
  const int tile = REMAP_PID(blockIdx.x, gridDim.x);
  const int tilesN = N / 64;
  const int tm = tile / tilesN;
  const int tn = tile % tilesN;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(tm * 64 + threadIdx.y) * K + k] * B[k * N + tn * 64 + threadIdx.x];
  C[(tm * 64 + threadIdx.y) * N + tn * 64 + threadIdx.x] = acc;
}

__global__ void gemmRemapStatement(const float *A, const float *B, float *C, int N, int K) {
  int pid = blockIdx.x;
  APPLY_XCD_REMAP(pid, (int)gridDim.x);
  int gn = N / 64;
  int m = pid / gn, n = pid % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[m * 64 * K + k] * B[k * N + n * 64];
  C[m * N + n] = acc;
}

__global__ void gemmRemapTable(const float *A, const float *B, float *C, int N, int K) {
  int order = XCD_ORDER(blockIdx.x);
  int gn = N / 64;
  int m = order / gn, n = order % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[m * 64 * K + k] * B[k * N + n * 64];
  C[m * N + n] = acc;
}
