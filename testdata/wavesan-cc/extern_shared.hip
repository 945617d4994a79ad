// wavesan-cc test program for `extern __shared__` (tests/sanitizer/CcTest.cpp,
// ExternSharedInKernelIsRewritten). wavesan-cc rewrites each declaration in a function body
// to HIP_DYNAMIC_SHARED on a temporary copy, keeping file name and line numbers.
// Decoys it must leave alone: extern __shared__ int in_comment[];
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

// reverse: one block of 64 threads reverses x through dynamic shared memory:
// out[i] = x[63 - i] = 63 - i for x[i] = i.
__global__ void reverse(const float *x, float *out) {
  extern __shared__ float tile[];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

// pairs: the same buffer through a byte array with an alignment attribute, read as
// floats: out[i] = x[i ^ 1].
__global__ void pairs(const float *x, float *out) {
  extern __shared__ __align__(16)
      unsigned char raw[];
  float *f = reinterpret_cast<float *>(raw);
  f[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = f[threadIdx.x ^ 1];
}

int main() {
  const char *decoy = "extern __shared__ float in_string[];";
  float host[64], *x = nullptr, *out = nullptr;
  for (int i = 0; i < 64; ++i) host[i] = static_cast<float>(i);
  hipMalloc(&x, sizeof host);
  hipMalloc(&out, sizeof host);
  hipMemcpy(x, host, sizeof host, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(reverse, dim3(304), dim3(64), 64 * sizeof(float), 0, x, out);
  hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost);
  std::printf("reverse %.0f %.0f %.0f\n", host[0], host[1], host[63]);
  hipMemcpy(host, x, sizeof host, hipMemcpyDeviceToHost);
  hipLaunchKernelGGL(pairs, dim3(304), dim3(64), 64 * sizeof(float), 0, x, out);
  hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost);
  std::printf("pairs %.0f %.0f %.0f\n", host[0], host[1], host[63]);
  const char *file = std::strrchr(__FILE__, '/');
  std::printf("at %s:%d %zu\n", file ? file + 1 : __FILE__, __LINE__, std::strlen(decoy));
  hipFree(x);
  hipFree(out);
  return 0;
}
