// Aspect: 32-lane logical warps that something spans: a 64-lane ballot counted
// by each group's leader (lanes 0 and 32 both add the whole wavefront's
// count), and a group sum broadcast from lane 0 without a width (lanes 32-63
// get the sum of lanes 0-31). The 32s are reported with a note at what
// crosses the halves. The fix-it only where no other 32 of the computation
// stays (not beside the ladder from 16).
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

__global__ void count_hits(const float *x, unsigned long long *count) {
  const int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: lane index computed with 32 ('threadIdx.x % 32'); wavefronts have 64 lanes on this target, so lanes 32-63 alias lanes 0-31 [wave64-hardcoded-warp-size]
  unsigned long long hits = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 0.0f);
  if (lane == 0)
    atomicAdd(count, (unsigned long long)__popcll(hits));
}

__global__ void normalise(const float *x, float *y) {
  const int lane = threadIdx.x & 31;
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: lane index computed with 32 ('threadIdx.x & 31') [wave64-hardcoded-warp-size]
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  float s = v;
  for (int o = 16; o > 0; o >>= 1)
    s += __shfl_xor(s, o);
  s = __shfl(s, 0);
  y[blockIdx.x * blockDim.x + threadIdx.x] = v / s + (lane == 0 ? 0.0f : 0.0f);
}
