#include <hip/hip_runtime.h>

// LayerNorm over the last dimension, one block per row.

__device__ __forceinline__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1) {
    v += __shfl_xor(v, offset);
  }
  return v;
}

__device__ float block_sum(float v) {
  __shared__ float partials[32];
  __shared__ float total;
  const int tid = threadIdx.x;
  const int lane = tid & 0x1f;
  const int warp = tid >> 5;

  v = warp_sum(v);
  if (lane == 0) partials[warp] = v;
  __syncthreads();

  const int num_warps = blockDim.x / warpSize;
  v = (tid < num_warps) ? partials[lane] : 0.0f;
  if (warp == 0) v = warp_sum(v);
  if (tid == 0) total = v;
  __syncthreads();
  return total;
}

__global__ void layernorm_kernel(const float* __restrict__ x, const float* __restrict__ gamma,
                                 const float* __restrict__ beta, float* __restrict__ y,
                                 int cols, float eps) {
  const float* in = x + static_cast<size_t>(blockIdx.x) * cols;
  float* out = y + static_cast<size_t>(blockIdx.x) * cols;

  float sum = 0.0f;
  for (int i = threadIdx.x; i < cols; i += blockDim.x) sum += in[i];
  const float mean = block_sum(sum) / cols;

  float sq = 0.0f;
  for (int i = threadIdx.x; i < cols; i += blockDim.x) {
    const float d = in[i] - mean;
    sq += d * d;
  }
  const float rstd = rsqrtf(block_sum(sq) / cols + eps);

  for (int i = threadIdx.x; i < cols; i += blockDim.x) {
    out[i] = (in[i] - mean) * rstd * gamma[i] + beta[i];
  }
}

hipError_t layernorm(const float* x, const float* gamma, const float* beta, float* y,
                     int rows, int cols, float eps, hipStream_t stream) {
  const int threads = cols >= 4096 ? 1024 : 256;
  hipLaunchKernelGGL(layernorm_kernel, dim3(rows), dim3(threads), 0, stream,
                     x, gamma, beta, y, cols, eps);
  return hipGetLastError();
}
