#include <hip/hip_runtime.h>

// Squared L2 norm of a vector, one atomic per wavefront.
__device__ __forceinline__ float wave_reduce_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) {
    v += __shfl_down_sync(0xffffffffffffffffull, v, offset);
  }
  return v;
}

__global__ void squared_norm_kernel(const float* __restrict__ x, float* __restrict__ result,
                                    int n) {
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    acc += x[i] * x[i];
  }
  acc = wave_reduce_sum(acc);
  if (threadIdx.x % warpSize == 0) atomicAdd(result, acc);
}

hipError_t squared_norm(const float* x, int n, float* result_host, hipStream_t stream) {
  float* result = nullptr;
  hipError_t err = hipMalloc(&result, sizeof(float));
  if (err == hipSuccess) err = hipMemsetAsync(result, 0, sizeof(float), stream);
  if (err != hipSuccess) return err;

  const int threads = 256;
  int blocks = (n + threads - 1) / threads;
  if (blocks > 1024) blocks = 1024;
  if (blocks < 1) blocks = 1;
  hipLaunchKernelGGL(squared_norm_kernel, dim3(blocks), dim3(threads), 0, stream, x, result, n);
  err = hipMemcpyAsync(result_host, result, sizeof(float), hipMemcpyDeviceToHost, stream);
  if (err == hipSuccess) err = hipStreamSynchronize(stream);
  const hipError_t free_err = hipFree(result);
  return err != hipSuccess ? err : free_err;
}
