// Family: a block of 2048 threads (runtime kind block-too-large).
//
// fill writes out[i] = 3 i + 1. CUDA and HIP both cap a block at 1024 threads; a launch
// with more fails (hipGetLastError returns an error) and the kernel does not run.
//
// correct: 1024-thread blocks, 608 of them.
// buggy:   2048-thread blocks, 304 of them (a shape tuned for a different product).
//
// Input: n = 304 * 2048 = 622592, out zero-filled first.
// Expected:
//   correct, wave 32 and 64: out[i] = 3 i + 1 for every i; launch_error 0; no report.
//   buggy, wave 32 and 64: block-too-large is reported, launch_error 1, and out stays
//                          all zero (nonzero 0).
#include "harness.h"

__global__ void fill(int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 3 * i + 1;
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int n = 304 * 2048;
  const int threads = buggy ? 2048 : 1024;
  int *d_out = kernels_zeros<int>(n);
  hipLaunchKernelGGL(fill, dim3(n / threads), dim3(threads), 0, 0, d_out, n);
  const hipError_t launch = hipGetLastError();
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  std::printf("launch_error %d\n", launch == hipSuccess ? 0 : 1);
  const std::vector<int> out = kernels_to_host(d_out, n);
  int nonzero = 0, wrong = 0;
  for (int i = 0; i < n; ++i) {
    nonzero += out[i] != 0;
    wrong += out[i] != 3 * i + 1;
  }
  std::printf("nonzero %d\n", nonzero);
  std::printf("wrong %d\n", wrong);
  std::printf("sample %d %d\n", out[0], out[n - 1]);
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
