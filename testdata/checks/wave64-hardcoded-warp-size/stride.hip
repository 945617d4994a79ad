// Aspect: a loop stride '+= 32' on a variable initialised from a lane id, in a
// kernel that also votes over the whole wavefront.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

__global__ void row_nonzeros(const float *row, int n, int *out) {
  const int lane = threadIdx.x % warpSize;
  int count = 0;
  for (int k = lane; k < n; k += 32)
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: loop stride 32 on a lane-indexed variable ('k += 32'); wavefronts have 64 lanes on this target, so lanes 32-63 revisit elements of lanes 0-31 [wave64-hardcoded-warp-size]
    count += row[k] != 0.0f;
  int j = threadIdx.x;
  while (j < n) {
    count += row[j] > 1.0f;
    j += 32;
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: loop stride 32 on a lane-indexed variable ('j += 32') [wave64-hardcoded-warp-size]
  }
  if (__all(count == 0))
    return;
  out[blockIdx.x] = count;
}

// Not a lane-indexed stride: a counter and a data offset.
__global__ void offsets(int *out, int n) {
  int base = 0;
  for (int i = 0; i < n; ++i)
    base += 32;
  for (int k = threadIdx.x; k < n; k += warpSize)
    out[k] = base;
}
