// Family: a wave operation reached by only part of a wave (runtime kind wave-op-partial).
//
// block_sum_partial adds n floats in two stages: every wave reduces with a warpSize-based
// ladder and parks its sum in shared memory, then "the first warp" adds the partials.
//
// correct: the second stage runs in `if (threadIdx.x < warpSize)`: exactly wave 0.
// buggy:   it runs in `if (threadIdx.x < 32)`, the CUDA spelling of "the first warp", with a
//          ladder 16..1. On wave64 only lanes 0-31 of wave 0 reach those shuffles, and the
//          lanes 16-31 read lanes 32-47, which are not there (undefined on hardware). Lane
//          0's sum happens to depend on lanes 0-31 only, so the result is still right: a
//          latent bug that only the emulator's check shows.
//
// Input: n = 100003, x[i] = (i % 13) - 6. Grid: compute units x 256 threads, grid-stride.
// Expected:
//   correct, wave 32 and 64: the sum of all x[i]; no report.
//   buggy, wave 32: the same sum; no report (lanes 0-31 are the whole wave).
//   buggy, wave 64: the same sum, and one wave-op-partial at the marked line, naming
//                   the read of a missing lane (not also an inactive-lane-read).
#include "harness.h"

__global__ void block_sum_partial(const float *x, float *out, int n, bool buggy) {
  __shared__ float partials[32];
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;
  const int waves = blockDim.x / warpSize;

  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    acc += x[i];
  for (int offset = warpSize / 2; offset > 0; offset /= 2) acc += __shfl_down(acc, offset);
  if (lane == 0) partials[wave] = acc;
  __syncthreads();

  if (!buggy && threadIdx.x < unsigned(warpSize)) {
    float v = lane < waves ? partials[lane] : 0.0f;
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down(v, offset);
    if (lane == 0) atomicAdd(out, v);
  }
  if (buggy && threadIdx.x < 32) {
    float v = lane < waves ? partials[lane] : 0.0f;
    for (int offset = 16; offset > 0; offset /= 2)
      v += __shfl_down(v, offset); // wavesan-expect: wave-op-partial
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
  hipLaunchKernelGGL(block_sum_partial, dim3(kernels_compute_units()), dim3(256), 0, 0, d_x,
                     d_out, n, buggy);
  KERNELS_HIP_CHECK(hipGetLastError());
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  std::printf("sum %.1f\n", kernels_to_host(d_out, 1)[0]);
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
