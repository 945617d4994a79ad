// Aspect: a void helper that forms its own 32-lane groups (lane = tid & 31,
// group = tid >> 5) for a two-level scan, with nothing in it spanning both
// halves of a wavefront, keeps those ids to itself: a ballot that its caller
// stores for its own purpose does not meet the helper's groups, so the 32s
// in the helper are a consistent logical warp. A helper that hands its lane
// id back to such a caller, or that stores a ballot itself, is still reported.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

__device__ void twoLevelScan(int &v, int *groupTotals) {
  const int group = threadIdx.x >> 5;
  const int gl = threadIdx.x & 31;
  for (int s = 1; s < 32; s <<= 1) {
    int up = __shfl_up(v, s);
    if (gl >= s)
      v += up;
  }
  if (gl == 31)
    groupTotals[group] = v;
  __syncthreads();
  if (group == 0) {
    int t = groupTotals[gl];
    for (int s = 1; s < 32; s <<= 1) {
      int up = __shfl_up(t, s);
      if (gl >= s)
        t += up;
    }
    groupTotals[gl] = t;
  }
  __syncthreads();
  if (group > 0)
    v += groupTotals[group - 1];
}

// Returns its lane id: the caller's ballot below indexes with it.
__device__ int groupLane() { return threadIdx.x & 31; }
// CHECK-MESSAGES: :[[@LINE-1]]:51: warning: lane index computed with 32 ('threadIdx.x & 31') [wave64-hardcoded-warp-size]

// Stores a ballot of its own next to its 32-lane ids.
__device__ void flagsPerGroup(int f, unsigned long long *out) {
  const int gl = threadIdx.x % 32;
// CHECK-MESSAGES: :[[@LINE-1]]:32: warning: lane index computed with 32 ('threadIdx.x % 32') [wave64-hardcoded-warp-size]
  unsigned long long m = __ballot(f);
  if (gl == 0)
    out[threadIdx.x / warpSize] = m;
}

__global__ void packNonZero(const int *in, int *pos, unsigned long long *bits,
                            unsigned long long *flags) {
  __shared__ int totals[32];
  int v = in[blockIdx.x * blockDim.x + threadIdx.x] != 0;
  unsigned long long m = __ballot(v);
  bits[blockIdx.x * blockDim.x + threadIdx.x] = (m >> groupLane()) & 1;
  flagsPerGroup(v, flags);
  twoLevelScan(v, totals);
  pos[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
