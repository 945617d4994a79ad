#include <hip/hip_runtime.h>
#include <cmath>

// Row softmax, one wavefront per row; masked positions hold -inf.
__global__ void softmax_rows_kernel(const float* __restrict__ logits, float* __restrict__ probs,
                                    int rows, int cols) {
  const int lane = threadIdx.x % warpSize;
  const int row = blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize;
  if (row >= rows) return;
  const float* in = logits + static_cast<size_t>(row) * cols;
  float* out = probs + static_cast<size_t>(row) * cols;

  float m = -INFINITY;
  for (int j = lane; j < cols; j += warpSize) m = fmaxf(m, in[j]);

  // Fully masked row: no valid position anywhere in the row.
  if (!__any_sync(0xffffffff, m != -INFINITY)) {
    for (int j = lane; j < cols; j += warpSize) out[j] = 0.0f;
    return;
  }

  for (int offset = warpSize / 2; offset > 0; offset /= 2) {
    m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, offset));
  }

  float s = 0.0f;
  for (int j = lane; j < cols; j += warpSize) s += __expf(in[j] - m);
  for (int offset = warpSize / 2; offset > 0; offset /= 2) {
    s += __shfl_xor_sync(0xffffffffffffffffull, s, offset);
  }

  const float inv = 1.0f / s;
  for (int j = lane; j < cols; j += warpSize) out[j] = __expf(in[j] - m) * inv;
}

hipError_t softmax_rows(const float* logits, float* probs, int rows, int cols,
                        hipStream_t stream) {
  int device = 0;
  int warp_size = 0;
  hipError_t err = hipGetDevice(&device);
  if (err == hipSuccess) err = hipDeviceGetAttribute(&warp_size, hipDeviceAttributeWarpSize, device);
  if (err != hipSuccess) return err;

  const int threads = 256;
  const int rows_per_block = threads / warp_size;
  const int blocks = (rows + rows_per_block - 1) / rows_per_block;
  hipLaunchKernelGGL(softmax_rows_kernel, dim3(blocks), dim3(threads), 0, stream,
                     logits, probs, rows, cols);
  return hipGetLastError();
}
