// Aspect: wave32 target. The positives of the other files, checked for gfx1100
// (RDNA3, 32-lane wavefronts): the rule does not apply, no finding.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width --offload-arch=gfx1100
#include <hip/hip_runtime.h>
#include <cstdint>

__global__ void wave32_kernel(const float *in, float *out, int *count) {
  const int lane = threadIdx.x % warpSize;
  const uint32_t m = __ballot(in[threadIdx.x] > 0.0f);
  const uint32_t below = m & ((1u << lane) - 1);
  float v = __shfl_xor_sync(0xffffffff, in[threadIdx.x], 1);
  if (lane == 0) atomicAdd(count, __popc(m));
  out[threadIdx.x] = v + __popc(below) + (unsigned)__activemask();
}
