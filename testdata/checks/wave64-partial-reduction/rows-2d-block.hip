// Aspect: reductions in a kernel that lays the block out in rows of
// blockDim.x threads (threadIdx.y, blockDim.y). With dim3(32, 32) blocks two
// 32-thread rows share one wave64, so starting the ladder at warpSize / 2
// would mix two rows: the findings stay, without a fix-it, and a note says to
// make each row a 32-lane logical warp (width 32 on every shuffle).
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

// rmsnorm-style: one row per threadIdx.y, the broadcast has no width either.
__global__ void row_norms(const float *x, float *y, int rows, int hidden) {
  const int row = blockIdx.x * blockDim.y + threadIdx.y;
  float ss = 0.0f;
  if (row < rows)
    for (int i = threadIdx.x; i < hidden; i += blockDim.x)
      ss += x[row * hidden + i] * x[row * hidden + i];
  for (int offset = 16; offset > 0; offset >>= 1)
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: shuffle reduction starts at offset 16 and never folds lanes 32-63 [wave64-partial-reduction]
    ss += __shfl_down(ss, offset);
  ss = __shfl(ss, 0);
  if (row < rows && threadIdx.x == 0)
    y[row] = ss;
}

// Not flagged: an xor ladder from 16 in rows of 32 threads (hipThreadIdx_y).
// Lane l and lane l ^ 16 are in the same row, so each row, one half of a
// wavefront, gets its own maximum: correct on wave64.
__global__ void row_max(const float *x, float *y) {
  float m = x[hipThreadIdx_y * 32 + threadIdx.x];
  m = fmaxf(m, __shfl_xor(m, 16));
  m = fmaxf(m, __shfl_xor(m, 8));
  m = fmaxf(m, __shfl_xor(m, 4));
  y[threadIdx.y] = m;
}

// A row scan bounded by 32 and its total taken from lane 31.
__global__ void row_scan(const int *x, int *y, int *totals) {
  const int lane = threadIdx.x % warpSize;
  int v = x[threadIdx.z * blockDim.x + threadIdx.x];
  for (int d = 1; d < 32; d *= 2) {
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: shuffle scan stops at offset 16 [wave64-partial-reduction]
    int t = __shfl_up(v, d);
    if (lane >= d)
      v += t;
  }
  y[threadIdx.z * blockDim.x + threadIdx.x] = v;
  if (lane == 31)
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: lane 31 is not the last lane of the 64-lane wavefront [wave64-partial-reduction]
    totals[threadIdx.z] = __shfl(v, 31);
    // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: '__shfl' from lane 31 reads the middle of the 64-lane wavefront [wave64-partial-reduction]
}
