// Aspect: lane index computed with 32: 'tid % 32', 'tid & 31', 'tid & 0x1f' and macros
// (tid from threadIdx), next to a 64-lane ballot; plus lane math that is fine.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define LANE_MASK 31
#define LANE_OF(t) ((t) & 31)

__global__ void count_positive(const float *in, unsigned long long *hits, int *first) {
  const int tid = threadIdx.x;
  const int lane = tid % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: lane index computed with 32 ('tid % 32'); wavefronts have 64 lanes on this target, so lanes 32-63 alias lanes 0-31 [wave64-hardcoded-warp-size]
  unsigned long long mask = __ballot(in[blockIdx.x * blockDim.x + tid] > 0.0f);
  if (lane == 0)
    hits[blockIdx.x] = mask;
  if ((threadIdx.x & 31) == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: lane index computed with 32 ('threadIdx.x & 31') [wave64-hardcoded-warp-size]
    first[blockIdx.x] = tid;
  int sub = tid & 0x1f;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: lane index computed with 32 ('tid & 0x1f') [wave64-hardcoded-warp-size]
  first[blockIdx.x + 1] = sub;
  // A macro with the mask is fixed at the use; a function-like macro has no fix-it.
  first[blockIdx.x + 2] = (tid & LANE_MASK) + LANE_OF(tid);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: lane index computed with 32 ('tid & LANE_MASK') [wave64-hardcoded-warp-size]
  // CHECK-MESSAGES: :[[@LINE-2]]:47: warning: lane index computed with 32 ('LANE_OF(tid)') [wave64-hardcoded-warp-size]
}

// Not lane math: the left operand is not a thread index.
__global__ void bucket(const int *keys, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = keys[i] % 32 + (blockIdx.x & 31);
  // Correct for any wave size.
  int lane = threadIdx.x % warpSize;
  int lane2 = threadIdx.x & (warpSize - 1);
  out[i] += lane + lane2 + (__ballot(lane == 0) != 0);
}
