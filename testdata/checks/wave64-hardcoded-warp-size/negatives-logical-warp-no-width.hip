// Aspect (negative only): 32-lane logical warps written without a shuffle
// width, as many maintained ports are. Each aligned half of a 64-lane
// wavefront is one group: xor ladders from 16 stay inside it, a down ladder
// from 16 is read at group lane 0, an up-scan is guarded by the group lane,
// and one leader per group writes. Nothing used crosses lane 31/32, so the
// kernels compute on wave64 what they compute with 32-lane warps.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size,wave64-partial-reduction
#include <hip/hip_runtime.h>

#define WARP_SIZE 32
#define FULL_MASK 0xffffffff

__device__ float group_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_xor(v, offset);
  return v;
}

// Softmax row statistics, one 32-lane group per row.
__global__ void row_max_sum(const float *x, float *mx, float *sm, int rows, int cols) {
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
  const int row = blockIdx.x * (blockDim.x / WARP_SIZE) + warp;
  if (row >= rows)
    return;
  float m = -1e30f;
  for (int c = lane; c < cols; c += WARP_SIZE)
    m = fmaxf(m, x[row * cols + c]);
  for (int offset = 16; offset > 0; offset >>= 1)
    m = fmaxf(m, __shfl_xor(m, offset));
  float s = 0.0f;
  for (int c = lane; c < cols; c += WARP_SIZE)
    s += __expf(x[row * cols + c] - m);
  s = group_sum(s);
  if (lane == 0) {
    mx[row] = m;
    sm[row] = s;
  }
}

// Block sum: a down ladder per group, group leaders through shared memory.
__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[32];
  const int tid = threadIdx.x;
  const int lane = tid & 31;
  const int warp = tid >> 5;
  const int i = blockIdx.x * blockDim.x + tid;
  float v = i < n ? in[i] : 0.0f;
  v += __shfl_down(v, 16);
  v += __shfl_down(v, 8);
  v += __shfl_down(v, 4);
  v += __shfl_down(v, 2);
  v += __shfl_down(v, 1);
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < (blockDim.x >> 5) ? partial[lane] : 0.0f;
    for (int offset = 16; offset > 0; offset >>= 1)
      v += __shfl_down_sync(FULL_MASK, v, offset);
    if (lane == 0)
      out[blockIdx.x] = v;
  }
}

// Inclusive scan per group, guarded by the group lane; the last lane of each
// group (31) publishes the group total.
__global__ void group_scan(const int *in, int *out, int *totals) {
  const int lane = threadIdx.x % 32;
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int d = 1; d < 32; d *= 2) {
    int up = __shfl_up(v, d);
    if (lane >= d)
      v += up;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
  if (lane == 31)
    totals[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = v;
}
