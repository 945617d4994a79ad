// Aspect (wave model): a full-wave mask `(1ull << n) - 1` built in a lambda
// that is called with warpSize: a shift by 64 on wave64, which AMD GPUs take
// modulo 64, so the mask is 0. The AST tier sees only a lambda parameter.
// Not reported: the same lambda called with a group width of 32.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>

__global__ void activeInWave(const int *x, unsigned long long *out) {
  auto lowMask = [](int n) { return (1ull << n) - 1; };
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: with 64-lane wavefronts this shifts a 64-bit value by 64, which is und [wave64-lane-mask-width]
  unsigned long long b = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 3);
  out[blockIdx.x * blockDim.x + threadIdx.x] = b & lowMask(warpSize);
}

__global__ void activeInGroup(const int *x, unsigned long long *out) {
  auto lowMask = [](int n) { return (1ull << n) - 1; };
  unsigned long long b = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 3);
  out[blockIdx.x * blockDim.x + threadIdx.x] = b & lowMask(32);
}
