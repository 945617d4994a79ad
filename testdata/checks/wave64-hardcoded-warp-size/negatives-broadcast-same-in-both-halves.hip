// Aspect (negative only): a broadcast from lane 0 without a width in 32-lane
// logical warps, where lane 0 and lane 32 hold the same value (it depends on
// the lane only through the 32-lane id, otherwise on kernel arguments): every
// lane gets what it gets with 32-lane warps.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size,wave64-partial-reduction
#include <hip/hip_runtime.h>

__global__ void broadcast_arg(const int arg, int *out) {
  int value = ((threadIdx.x & 0x1f) == 0) ? arg : 0;
  int got = __shfl(value, 0);
  out[blockIdx.x * blockDim.x + threadIdx.x] = got;
}

__global__ void broadcast_scaled(const float scale, float *out) {
  const int lane = threadIdx.x % 32;
  const float v = lane * scale + blockIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = __shfl(v, 0);
}
