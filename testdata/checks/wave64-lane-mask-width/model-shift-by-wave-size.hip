// Aspect (wave model): a full-wave mask built as (1ull << warpSize) - 1 is a
// shift by 64 on wave64, which is undefined (x86 and AMDGPU both take the
// shift modulo 64 and give 0).
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>

__global__ void activeCount(const int *x, unsigned long long *out) {
  unsigned long long full = (1ull << warpSize) - 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: with 64-lane wavefronts this shifts a 64-bit value by 64, which is und [wave64-lane-mask-width]
  unsigned long long b = __ballot(x[threadIdx.x] > 3);
  out[threadIdx.x] = b & full;
}

// Not reported: the full mask of a 64-lane wavefront is spelled out.
__global__ void activeCountGuarded(const int *x, unsigned long long *out) {
  unsigned long long full = warpSize == 64 ? ~0ull : (1ull << warpSize) - 1;
  unsigned long long b = __ballot(x[threadIdx.x] > 3);
  out[threadIdx.x] = b & full;
}
