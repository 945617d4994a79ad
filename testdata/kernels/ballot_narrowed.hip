// Family: a ballot stored in a 32-bit integer (rule wave64-lane-mask-width).
//
// count_positive counts the positive inputs: each wave ballots x[i] > 0, and the wave's
// lane 0 adds the popcount of the ballot to a global counter.
//
// correct: `unsigned long long votes = __ballot(...)` and __popcll.
// buggy:   `unsigned votes = __ballot(...)` and __popc, as the CUDA code had it (CUDA's
//          ballot is 32 bits wide). HIP's ballot is 64 bits wide; on wave64 the conversion
//          drops lanes 32-63.
//
// Input: n = 100003, x[i] = (i % 13) - 6. Grid: compute units x 256 threads, grid-stride,
// so element i sits in lane i % warpSize.
// Expected:
//   correct, wave 32 and 64: the number of i < n with i % 13 >= 7; no report.
//   buggy, wave 32: the same count; no report (bits 32-63 of a wave32 ballot are zero, so
//                   nothing is lost in the conversion).
//   buggy, wave 64: only the positives with i % 64 < 32 are counted, and the conversion is
//                   reported as lane-mask-truncated at the marked line.
#include "harness.h"

__global__ void count_positive_correct(const float *x, int *count, int n) {
  const int lane = threadIdx.x % warpSize;
  for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
    const int i = base + threadIdx.x;
    const unsigned long long votes = __ballot(i < n && x[i] > 0.0f);
    if (lane == 0) atomicAdd(count, __popcll(votes));
  }
}

__global__ void count_positive_buggy(const float *x, int *count, int n) {
  const int lane = threadIdx.x % warpSize;
  for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
    const int i = base + threadIdx.x;
    const unsigned votes = __ballot(i < n && x[i] > 0.0f); // wavesan-expect: lane-mask-truncated
    if (lane == 0) atomicAdd(count, __popc(votes));
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
    hipLaunchKernelGGL(count_positive_buggy, dim3(kernels_compute_units()), dim3(256), 0, 0,
                       d_x, d_count, n);
  else
    hipLaunchKernelGGL(count_positive_correct, dim3(kernels_compute_units()), dim3(256), 0, 0,
                       d_x, d_count, n);
  KERNELS_HIP_CHECK(hipGetLastError());
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  std::printf("count %d\n", kernels_to_host(d_count, 1)[0]);
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_count));
  return 0;
}
