// Family: a shuffle source lane past the end of the wave (runtime kind
// shuffle-lane-out-of-range).
//
// rotate gives every lane the value of its right neighbour in the wave, the last lane
// that of lane 0: out[i] = x[base + (lane + 1) % warpSize], base = i - lane.
//
// correct: __shfl(v, (lane + 1) % warpSize).
// buggy:   __shfl(v, lane + 1): the last lane asks for lane warpSize, outside [0, width).
//          HIP wraps the index to the width (lane & (width - 1)), so the values are the
//          same as the correct variant's: only the report shows the bug.
//
// Input: n = 304 * 256 = 77824 (whole blocks), x[i] = (i % 13) - 6. Grid: compute units
// x 256 threads, one element per thread; element i is in lane i % warpSize.
// Expected:
//   correct, wave 32 and 64: out as above; no report.
//   buggy, wave 32 and 64: shuffle-lane-out-of-range at the marked line; out as above.
#include "harness.h"

__global__ void rotate(const float *x, float *out, bool buggy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % warpSize;
  const int src = buggy ? lane + 1 : (lane + 1) % warpSize;
  out[i] = __shfl(x[i], src); // wavesan-expect: shuffle-lane-out-of-range
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int blocks = kernels_compute_units(), n = blocks * 256;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 13 - 6);
  float *d_x = kernels_to_device(x);
  float *d_out = kernels_zeros<float>(n);
  hipLaunchKernelGGL(rotate, dim3(blocks), dim3(256), 0, 0, d_x, d_out, buggy);
  KERNELS_HIP_CHECK(hipGetLastError());
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  const std::vector<float> out = kernels_to_host(d_out, n);
  double checksum = 0;
  for (int i = 0; i < n; ++i) checksum += static_cast<double>(out[i]) * (i % 7);
  std::printf("checksum %.1f\n", checksum);
  std::printf("sample %.1f %.1f %.1f\n", out[0], out[31], out[63]);
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
