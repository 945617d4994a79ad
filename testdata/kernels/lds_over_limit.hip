// Family: more LDS per block than a gfx942 CU has (runtime kind lds-over-limit).
//
// reverse_tiles reverses every tile of 256 floats through dynamic shared memory
// (HIP_DYNAMIC_SHARED): out[256 b + t] = x[256 b + 255 - t].
//
// correct: the launch asks for the 1 KB the tile needs.
// buggy:   the launch asks for 96 KB, a size tuned on a GPU with more shared memory per
//          block. A gfx942 CU has 64 KB of LDS, so the launch cannot run.
//
// Input: n = 304 * 256, x[i] = (i % 13) - 6, out zero-filled first.
// Expected:
//   correct, wave 32 and 64: every tile reversed (the sampled out[0] and out[n - 1] are
//                            x[255] and x[n - 256]); launch_error 0; no report.
//   buggy, wave 32 and 64: lds-over-limit is reported; the kernel does not run (the
//                          output stays zero: nonzero 0).
#include "harness.h"

__global__ void reverse_tiles(const float *x, float *out) {
  HIP_DYNAMIC_SHARED(float, tile);
  const int base = blockIdx.x * blockDim.x;
  tile[threadIdx.x] = x[base + threadIdx.x];
  __syncthreads();
  out[base + threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int blocks = 304, threads = 256, n = blocks * threads;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 13 - 6);
  float *d_x = kernels_to_device(x);
  float *d_out = kernels_zeros<float>(n);
  const unsigned lds_bytes = buggy ? 96u * 1024u : threads * sizeof(float);
  hipLaunchKernelGGL(reverse_tiles, dim3(blocks), dim3(threads), lds_bytes, 0, d_x, d_out);
  const hipError_t launch = hipGetLastError();
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  std::printf("launch_error %d\n", launch == hipSuccess ? 0 : 1);
  const std::vector<float> out = kernels_to_host(d_out, n);
  int nonzero = 0;
  for (float v : out) nonzero += v != 0.0f;
  std::printf("nonzero %d\n", nonzero);
  std::printf("sample %.1f %.1f\n", out[0], out[n - 1]);
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
