// Family: a grid with fewer workgroups than the GPU has compute units (runtime kind
// launch-underfilled-grid, a note).
//
// scale writes out[i] = 2 x[i] with a grid-stride loop, so any grid size gives the right
// answer; only the speed differs. A gfx942 has 304 CUs (8 XCDs x 38), and a grid of 128
// workgroups leaves 176 of them idle: a grid size picked on a GPU with fewer SMs.
//
// correct: one block per compute unit (hipDeviceProp_t::multiProcessorCount, 304).
// buggy:   a fixed 128 blocks.
//
// Input: n = 100003, x[i] = (i % 13) - 6; 256-thread blocks.
// Expected:
//   correct, wave 32 and 64: out[i] = 2 x[i]; no report.
//   buggy, wave 32 and 64: the same values, and, with WAVESAN_OPTIONS
//                          report_underfilled_grid=1, a launch-underfilled-grid note giving
//                          the fill ratio 128 of 304 (no report by default).
#include "harness.h"

__global__ void scale(const float *x, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = 2.0f * x[i];
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int n = 100003;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 13 - 6);
  float *d_x = kernels_to_device(x);
  float *d_out = kernels_zeros<float>(n);
  const int blocks = buggy ? 128 : kernels_compute_units();
  hipLaunchKernelGGL(scale, dim3(blocks), dim3(256), 0, 0, d_x, d_out, n);
  KERNELS_HIP_CHECK(hipGetLastError());
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  const std::vector<float> out = kernels_to_host(d_out, n);
  double total = 0.0;
  for (float v : out) total += v;
  std::printf("blocks %d\n", blocks);
  std::printf("total %.1f\n", total);
  std::printf("sample %.1f %.1f\n", out[7], out[n - 1]);
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
