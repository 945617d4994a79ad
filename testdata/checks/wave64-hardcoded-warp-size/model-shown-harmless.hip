// Aspect (wave model): lanes grouped by 32 next to an operation over the
// whole 64-lane wavefront, where what the kernel stores is the same at both
// widths. The AST tier sees the crossing; the wave model runs the kernel at
// wave 32 and wave 64 and finds the same values, from the same inputs, at the
// same places, so the finding is dropped. The last kernel differs and is
// reported.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

// Each group leader ORs "some lane of my wavefront is positive" into one
// flag: at wave 64 the leaders of lanes 0 and 32 both see the whole
// wavefront, and the flag is the OR over the block either way.
__global__ void anyPositive(const float *in, int *flag) {
  const int lane = threadIdx.x & 31;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  unsigned long long b = __ballot(v > 0.0f);
  if (lane == 0 && b != 0)
    atomicOr(flag, 1);
}

// A broadcast within 32-lane groups, and an active mask only tested for
// being non-empty (every lane is active).
__global__ void firstOfGroup(const int *in, int *out) {
  int lane = threadIdx.x % 32;
  int v = in[threadIdx.x];
  int first = __shfl(v, 0, 32);
  unsigned long long live = __activemask();
  if (lane == 0)
    out[threadIdx.x / 32] = first + (live != 0ull);
}

// Reported: each group leader stores its own flag, and at wave 64 the
// leader of lanes 32-63 stores the flag of the whole wavefront.
__global__ void anyPositivePerGroup(const float *in, int *flags) {
  const int lane = threadIdx.x & 31;
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: lane index computed with 32 ('threadIdx.x & 31') [wave64-hardcoded-warp-size]
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  unsigned long long b = __ballot(v > 0.0f);
  if (lane == 0)
    flags[threadIdx.x / 32] = b != 0;
}
