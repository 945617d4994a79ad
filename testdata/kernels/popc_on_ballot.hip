// Family: __popc applied to a 64-bit ballot (rule wave64-lane-mask-width).
//
// count_negative counts the negative inputs. Every lane takes the popcount of the wave's
// ballot, and lane 0 adds it to a global counter.
//
// correct: __popcll(__ballot(...)).
// buggy:   __popc(__ballot(...)): __popc takes an unsigned int, so the 64-bit ballot is
//          converted implicitly and, on wave64, lanes 32-63 drop out of the count.
//
// Input: n = 100003, x[i] = (i % 13) - 6. Grid: compute units x 256 threads, grid-stride,
// so element i sits in lane i % warpSize.
// Expected:
//   correct, wave 32 and 64: the number of i < n with i % 13 < 6; no report.
//   buggy, wave 32: the same count; no report.
//   buggy, wave 64: only the negatives with i % 64 < 32 are counted; lane-mask-truncated is
//                   reported at the marked line.
#include "harness.h"

__global__ void count_negative_correct(const float *x, int *count, int n) {
  const int lane = threadIdx.x % warpSize;
  for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
    const int i = base + threadIdx.x;
    const int negatives = __popcll(__ballot(i < n && x[i] < 0.0f));
    if (lane == 0) atomicAdd(count, negatives);
  }
}

__global__ void count_negative_buggy(const float *x, int *count, int n) {
  const int lane = threadIdx.x % warpSize;
  for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
    const int i = base + threadIdx.x;
    const int negatives = __popc(__ballot(i < n && x[i] < 0.0f)); // wavesan-expect: lane-mask-truncated
    if (lane == 0) atomicAdd(count, negatives);
  }
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int n = 100003;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 13 - 6);
  float *d_x = kernels_to_device(x);
  int *d_count = kernels_zeros<int>(1);
  if (buggy)
    hipLaunchKernelGGL(count_negative_buggy, dim3(kernels_compute_units()), dim3(256), 0, 0,
                       d_x, d_count, n);
  else
    hipLaunchKernelGGL(count_negative_correct, dim3(kernels_compute_units()), dim3(256), 0, 0,
                       d_x, d_count, n);
  KERNELS_HIP_CHECK(hipGetLastError());
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  std::printf("count %d\n", kernels_to_host(d_count, 1)[0]);
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_count));
  return 0;
}
