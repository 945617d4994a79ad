#include <hip/hip_runtime.h>

// Wave-level helpers shared by the CUDA and the HIP build of this file.
__device__ __forceinline__ int wave_count(bool flag) {
#if defined(__CUDA_ARCH__)
  const unsigned mask = __ballot_sync(0xffffffff, flag);
  return __popc(mask);
#else
  const unsigned long long mask = __ballot(flag);
  return __popcll(mask);
#endif
}

__device__ __forceinline__ float wave_max(float v) {
#if defined(__CUDA_ARCH__)
  for (int offset = 16; offset > 0; offset >>= 1) {
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, offset));
  }
#else
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) {
    v = fmaxf(v, __shfl_xor(v, offset));
  }
#endif
  return v;
}

// Non-zero count and max magnitude of a tensor, used to choose a quantisation scale.
__global__ void nnz_absmax_kernel(const float* __restrict__ x, int n, int* __restrict__ nnz,
                                  float* __restrict__ absmax) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float v = i < n ? fabsf(x[i]) : 0.0f;
  const int count = wave_count(v != 0.0f);
  const float m = wave_max(v);
  if (threadIdx.x % warpSize == 0) {
    atomicAdd(nnz, count);
    // Non-negative floats order like their bit patterns.
    atomicMax(reinterpret_cast<int*>(absmax), __float_as_int(m));
  }
}

hipError_t nnz_absmax(const float* x, int n, int** nnz, float** absmax, hipStream_t stream) {
  hipError_t err = hipMalloc(nnz, sizeof(int));
  if (err == hipSuccess) err = hipMalloc(absmax, sizeof(float));
  if (err == hipSuccess) err = hipMemsetAsync(*nnz, 0, sizeof(int), stream);
  if (err == hipSuccess) err = hipMemsetAsync(*absmax, 0, sizeof(float), stream);
  if (err != hipSuccess) return err;
  const int threads = 256;
  const int blocks = (n + threads - 1) / threads;
  hipLaunchKernelGGL(nnz_absmax_kernel, dim3(blocks), dim3(threads), 0, stream, x, n, *nnz, *absmax);
  return hipGetLastError();
}
