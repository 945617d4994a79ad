// Aspect: an inclusive up-scan bounded by 32 whose add is guarded by the
// lane within a 32-lane group (`lane = tid & 31`). The guard keeps lane 32
// (group lane 0) from adding lane 31's value, so every 32-lane half of a
// wavefront gets its own scan: a consistent logical warp, correct on wave64,
// even when the kernel also does something that spans the whole wavefront.
// The same scan without the guard, or with a guard on the wavefront lane,
// carries across the halves and is still reported.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

__device__ void groupScan(int &x, int *partials) {
  const int group = threadIdx.x >> 5;
  const int gl = threadIdx.x & 31;
  for (int step = 1; step < 32; step *= 2) {
    int from = __shfl_up(x, step);
    if (gl >= step)
      x += from;
  }
  if (gl == 31)
    partials[group] = x;
  __syncthreads();
  if (group == 0) {
    int p = partials[gl];
    for (int step = 1; step < 32; step <<= 1) {
      int from = __shfl_up(p, step);
      if (step <= gl)
        p += from;
    }
    partials[gl] = p;
  }
  __syncthreads();
  if (group > 0)
    x += partials[group - 1];
}

// The guard is missing: lane 32 adds lane 31's running sum.
__device__ void unguardedScan(int &x) {
  for (int step = 1; step < 32; step *= 2)
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: shuffle scan stops at offset 16 and never carries lanes 0-31 into lanes 32-63 [wave64-partial-reduction]
    x += __shfl_up(x, step) * ((threadIdx.x & 31) != 0);
}

__global__ void compact(const int *flags, int *pos, unsigned long long *masks, int *out) {
  __shared__ int partials[32];
  int f = flags[blockIdx.x * blockDim.x + threadIdx.x];
  masks[threadIdx.x / warpSize] = __ballot(f);
  groupScan(f, partials);
  pos[blockIdx.x * blockDim.x + threadIdx.x] = f;
  int g = f;
  unguardedScan(g);
  out[threadIdx.x] = g;
}
