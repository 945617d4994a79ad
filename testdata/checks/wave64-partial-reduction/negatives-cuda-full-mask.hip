// Aspect (negative only): CUDA's "all lanes" mask written as '~0' or '-1' (an
// int, 32 bits as written) in a ladder from 16 whose result is taken at lane
// 0 of each 32-lane group. The int only becomes 64 bits through the
// conversion to HIP's mask parameter: nobody widened it for wave64, and it
// is no sign that the result is meant per 64-lane wavefront.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

__global__ void dot_rows(const float *a, const float *x, float *y, int cols) {
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  float acc = 0.0f;
  for (int c = lane; c < cols; c += 32)
    acc += a[row * cols + c] * x[c];
  for (int off = 16; off > 0; off >>= 1)
    acc += __shfl_xor_sync(~0, acc, off);
  acc += __shfl_xor_sync(-1, acc, 0);
  if (lane == 0)
    y[row] = acc;
}
