// Aspect: on a wave32 target (gfx1100) a ladder from 16, a scan to 32 and a
// broadcast from lane 31 cover the whole wavefront: no finding.
// RUN-ARGS: --checks=-*,wave64-partial-reduction --offload-arch=gfx1100
#include <hip/hip_runtime.h>

__device__ float sum32(float v) {
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_xor(v, off);
  v += __shfl_down(v, 16);
  v += __shfl_down(v, 8);
  return v;
}

__device__ float scan32(float v, int lane) {
  for (int d = 1; d < 32; d *= 2) {
    float t = __shfl_up(v, d);
    if (lane >= d)
      v += t;
  }
  if (lane == 31)
    v += 1.0f;
  return __shfl(v, 31);
}
