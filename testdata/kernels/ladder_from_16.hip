// Family: reduction ladder that starts at offset 16 (rule wave64-partial-reduction).
//
// block_sum adds n floats: every thread sums a grid-stride slice, each wavefront folds its
// lanes with a __shfl_down ladder, lane 0 of each wave parks the wave's sum in shared
// memory, and the first wave adds those partials and does one atomicAdd per block.
//
// correct: the ladder starts at warpSize / 2, so every lane of a wave folds in.
// buggy:   the ladder starts at 16, as in the CUDA original. Everything else already uses
//          warpSize, which is what makes the bug quiet.
//
// Input: n = 100003, x[i] = (i % 13) - 6 (whole numbers, so float sums are exact).
// Grid: one block of 256 threads per compute unit, grid-stride loop. The thread count is a
// multiple of 64, so element i is always handled by lane i % warpSize.
// Expected:
//   correct, wave 32 and 64: sum of all x[i]; no report.
//   buggy, wave 32: same sum (16 is warpSize / 2 there); no report.
//   buggy, wave 64: lanes 32-63 never fold in, so the sum covers only the elements with
//                   i % 64 < 32. Nothing is undefined, so the emulator cannot report it
//                   during the run: the difference between the two widths is the finding.
#include "harness.h"

__device__ float wave_sum(float v, bool buggy) {
  const int first = buggy ? 16 : warpSize / 2;
  for (int offset = first; offset > 0; offset /= 2) v += __shfl_down(v, offset);
  return v;
}

__global__ void block_sum(const float *x, float *out, int n, bool buggy) {
  __shared__ float partials[32]; // up to 1024 / 32 waves
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;
  const int waves = blockDim.x / warpSize;

  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    acc += x[i];
  acc = wave_sum(acc, buggy);
  if (lane == 0) partials[wave] = acc;
  __syncthreads();
  if (wave == 0) {
    float v = lane < waves ? partials[lane] : 0.0f;
    v = wave_sum(v, buggy);
    if (lane == 0) atomicAdd(out, v);
  }
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int n = 100003;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 13 - 6);
  float *d_x = kernels_to_device(x);
  float *d_out = kernels_zeros<float>(1);
  hipLaunchKernelGGL(block_sum, dim3(kernels_compute_units()), dim3(256), 0, 0, d_x, d_out, n,
                     buggy);
  KERNELS_HIP_CHECK(hipGetLastError());
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  std::printf("sum %.1f\n", kernels_to_host(d_out, 1)[0]);
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
