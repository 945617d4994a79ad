// Aspect: a 32-bit all-ones mask under 'if (tid < 32)': only lanes 0-31 run
// there, so the mask names exactly the running lanes. It is still reported
// (ROCm wants a 64-bit mask type), but without a fix-it: all 64 bits would
// name lanes that do not run.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>

__global__ void tail_sum(float *x, float *out) {
  const int tid = threadIdx.x;
  if (tid < 32) {
    float v = x[tid] + x[tid + 32];
    for (int i = 16; i >= 1; i >>= 1)
      v += __shfl_down_sync(0xffffffff, v, i);
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 32-bit mask '0xffffffff' passed to '__shfl_down_sync' covers lanes 0-31 only; ROCm requires a 64-bit mask [wave64-lane-mask-width]
    if (tid == 0)
      out[blockIdx.x] = v;
  }
}
