#include <hip/hip_runtime.h>

// RMSNorm for narrow hidden sizes: a 32x32 block normalises 32 rows, 32 threads per row.
__global__ void rmsnorm_kernel(const float* __restrict__ x, const float* __restrict__ weight,
                               float* __restrict__ y, int rows, int hidden, float eps) {
  const int row = blockIdx.x * blockDim.y + threadIdx.y;
  const bool valid = row < rows;
  const float* in = x + static_cast<size_t>(row) * hidden;

  float ss = 0.0f;
  if (valid) {
    for (int i = threadIdx.x; i < hidden; i += blockDim.x) ss += in[i] * in[i];
  }
  for (int offset = 16; offset > 0; offset >>= 1) {
    ss += __shfl_down(ss, offset);
  }
  ss = __shfl(ss, 0);
  if (!valid) return;

  const float scale = rsqrtf(ss / hidden + eps);
  float* out = y + static_cast<size_t>(row) * hidden;
  for (int i = threadIdx.x; i < hidden; i += blockDim.x) {
    out[i] = in[i] * scale * weight[i];
  }
}

hipError_t rmsnorm(const float* x, const float* weight, float* y, int rows, int hidden,
                   float eps, hipStream_t stream) {
  const dim3 block(32, 32);
  const dim3 grid((rows + block.y - 1) / block.y);
  hipLaunchKernelGGL(rmsnorm_kernel, grid, block, 0, stream, x, weight, y, rows, hidden, eps);
  return hipGetLastError();
}
