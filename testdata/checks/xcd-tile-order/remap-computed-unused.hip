// Aspect: a remap is computed but the tiles are still taken from the raw id
// (the kind of refactor slip that silently disables a remap). Reported with
// a note at the unused remap and no fix-it: wrapping the id would remap twice.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>
#include <wavecheck/xcd_remap.h>

__global__ void remapIgnored(const float *A, const float *B, float *C, int N, int K) {
  const int pid = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: workgroup id 'pid' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  const int tile = remap_pid_for_xcds(pid, gridDim.x);
  const int gridN = N / 64;
  const int m = pid / gridN;
  const int n = pid % gridN;
  (void)tile;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[m * 64 * K + k] * B[k * N + n * 64];
  C[m * N + n] = acc;
}

__global__ void inlineRemapIgnored(const float *A, const float *B, float *C, int N, int K) {
  unsigned per = gridDim.x / 8;
  unsigned logical = (blockIdx.x % 8) * per + blockIdx.x / 8;
  unsigned gn = N / 64;
  unsigned m = blockIdx.x / gn, n = blockIdx.x % gn;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: workgroup id 'blockIdx.x' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.x) * K + k] * B[k * N + n * 64 + threadIdx.y];
  C[(m * 64 + threadIdx.x) * N + n * 64 + threadIdx.y] = acc + float(logical);
}

// A chunked remap and a macro remap, both computed and both bypassed.
#define SWIZZLE_FOR_XCDS(id, count) ((id) % 8 * ((count) / 8) + (id) / 8)

__global__ void chunkedRemapIgnored(const float *A, const float *B, float *C, int N, int K) {
  int pid = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: workgroup id 'pid' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  int xcd = pid % 8, slot = pid / 8;
  int spread = (slot / 2) * 16 + xcd * 2 + slot % 2;
  int viaMacro = SWIZZLE_FOR_XCDS(pid, (int)gridDim.x);
  int gn = N / 32;
  int m = pid / gn, n = pid % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 32 + threadIdx.x) * K + k] * B[k * N + n * 32 + threadIdx.y];
  C[(m * 32 + threadIdx.x) * N + n * 32 + threadIdx.y] = acc + spread + viaMacro;
}
