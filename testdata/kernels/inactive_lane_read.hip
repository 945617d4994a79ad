// Family: a shuffle inside a bounds check reads a lane that skipped it (runtime kind
// inactive-lane-read).
//
// pair_sum adds each element and its right neighbour in the wave: out[i] = v + next,
// next = __shfl_down(v, 1) (the last lane of a wave keeps its own v, as HIP's
// __shfl_down does when lane + 1 leaves the wave).
//
// correct: v = i < n ? x[i] : 0 for every lane; the shuffle runs in every lane; only
//          the store is guarded by i < n.
// buggy:   the shuffle is inside `if (i < n)`, as the CUDA original had it. In the last
//          wave that holds element n - 1, that lane reads lane + 1, which skipped the
//          branch: its value is undefined on hardware (the emulator returns 0).
//
// Input: n = 100003, x[i] = (i % 13) - 6; one element per thread, 391 blocks of 256
// threads (the last one partial); element i is in lane i % warpSize.
// Expected:
//   correct, wave 32 and 64: out[i] = x[i] + (lane == warpSize - 1 ? x[i] :
//                            (i + 1 < n ? x[i + 1] : 0)); no report.
//   buggy, wave 32 and 64: inactive-lane-read at the marked line (one report: the
//                          lanes past n exited, which alone is no error); out as above
//                          (the missing neighbour of element n - 1 reads as 0 here).
#include "harness.h"

__global__ void pair_sum(const float *x, float *out, int n, bool buggy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (buggy) {
    if (i < n) {
      const float v = x[i];
      out[i] = v + __shfl_down(v, 1); // wavesan-expect: inactive-lane-read
    }
  } else {
    const float v = i < n ? x[i] : 0.0f;
    const float next = __shfl_down(v, 1);
    if (i < n) out[i] = v + next;
  }
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int n = 100003;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 13 - 6);
  float *d_x = kernels_to_device(x);
  float *d_out = kernels_zeros<float>(n);
  hipLaunchKernelGGL(pair_sum, dim3((n + 255) / 256), dim3(256), 0, 0, d_x, d_out, n, buggy);
  KERNELS_HIP_CHECK(hipGetLastError());
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  const std::vector<float> out = kernels_to_host(d_out, n);
  double checksum = 0;
  for (int i = 0; i < n; ++i) checksum += static_cast<double>(out[i]) * (i % 7);
  std::printf("checksum %.1f\n", checksum);
  std::printf("last %.1f\n", out[n - 1]);
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
