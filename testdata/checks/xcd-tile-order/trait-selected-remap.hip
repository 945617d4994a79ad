// Aspect: a remap that is written but switched off by the configuration: a
// trait that is false in one instantiation of a template kernel (through
// '?:', 'if constexpr' or a macro), or a constant flag. Reported for the
// instantiation that leaves the remap off, with a note at the remap, and
// without fix-it: wrapping the id would remap it twice where the trait is
// on. Instantiations with the trait on are silent (gemmOnlyOn).
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>

__device__ int remap_for_xcds(int pid, int n) {
  int per = n / 8;
  return pid < per * 8 ? (pid % 8) * per + pid / 8 : pid;
}

struct NoRemap {
  static constexpr bool kRemap = false;
};
struct WithRemap {
  static constexpr bool kRemap = true;
};

template <typename Traits>
__global__ void gemmTernary(const float *A, const float *B, float *C, int N, int K) {
  int pid = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: workgroup id 'pid' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  int tile = Traits::kRemap ? remap_for_xcds(pid, gridDim.x) : pid;
  int gn = N / 64;
  int m = tile / gn, n = tile % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}
template __global__ void gemmTernary<NoRemap>(const float *, const float *, float *, int, int);
template __global__ void gemmTernary<WithRemap>(const float *, const float *, float *, int, int);

template <typename Traits>
__global__ void gemmIfConstexpr(const float *A, const float *B, float *C, int N, int K) {
  int pid = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: workgroup id 'pid' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  if constexpr (Traits::kRemap)
    pid = remap_for_xcds(pid, gridDim.x);
  int gn = N / 64;
  int m = pid / gn, n = pid % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}
template __global__ void gemmIfConstexpr<WithRemap>(const float *, const float *, float *, int, int);
template __global__ void gemmIfConstexpr<NoRemap>(const float *, const float *, float *, int, int);

// Instantiated with the remap on only: silent.
template <typename Traits>
__global__ void gemmOnlyOn(const float *A, const float *B, float *C, int N, int K) {
  int pid = blockIdx.x;
  if constexpr (Traits::kRemap)
    pid = remap_for_xcds(pid, gridDim.x);
  int gn = N / 64;
  int m = pid / gn, n = pid % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}
template __global__ void gemmOnlyOn<WithRemap>(const float *, const float *, float *, int, int);

#define MAYBE_REMAP(T, id, n) (T::kRemap ? remap_for_xcds(id, n) : (id))
template <typename Traits>
__global__ void gemmMacro(const float *A, const float *B, float *C, int N, int K) {
  const int tile = MAYBE_REMAP(Traits, (int)blockIdx.x, (int)gridDim.x);
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: workgroup id 'tile' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  const int gn = N / 64;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[((tile / gn) * 64 + threadIdx.y) * K + k] * B[k * N + (tile % gn) * 64 + threadIdx.x];
  C[threadIdx.x] = acc;
}
template __global__ void gemmMacro<NoRemap>(const float *, const float *, float *, int, int);

// Not a template: a constant flag that is off.
constexpr bool kUseXcdRemap = false;
__global__ void gemmFlagOff(const float *A, const float *B, float *C, int N, int K) {
  int pid = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: workgroup id 'pid' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  if (kUseXcdRemap)
    pid = remap_for_xcds(pid, gridDim.x);
  int gn = N / 64;
  int m = pid / gn, n = pid % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}
