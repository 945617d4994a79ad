// Family: a shuffle width that is not a power of two (runtime kind shuffle-width-invalid).
//
// group_broadcast gives every element the value of the first element of its group of W
// lanes: out[i] = __shfl(x[i], 0, W).
//
// correct: W = 16. Lanes are grouped by lane / 16, and element i sits in lane i % warpSize,
//          so out[i] = x[i - i % 16].
// buggy:   W = 48, for rows of 48 values laid over the lanes. HIP requires a power of two
//          no larger than warpSize; the hardware's lane arithmetic then mixes rows.
//
// Input: n = 100003, x[i] = (i % 13) - 6. Grid: compute units x 256 threads, grid-stride.
// Expected:
//   correct, wave 32 and 64: out[i] = x[i - i % 16] for every i; no report.
//   buggy, wave 32 and 64: shuffle-width-invalid at the marked line (48 is not a power of
//                          two, at either width); the values are not checked.
#include "harness.h"

__global__ void group_broadcast(const float *x, float *out, int n, int width) {
  for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
    const int i = base + threadIdx.x;
    const float v = i < n ? x[i] : 0.0f;
    const float first = __shfl(v, 0, width); // wavesan-expect: shuffle-width-invalid
    if (i < n) out[i] = first;
  }
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int n = 100003;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 13 - 6);
  float *d_x = kernels_to_device(x);
  float *d_out = kernels_zeros<float>(n);
  hipLaunchKernelGGL(group_broadcast, dim3(kernels_compute_units()), dim3(256), 0, 0, d_x,
                     d_out, n, buggy ? 48 : 16);
  KERNELS_HIP_CHECK(hipGetLastError());
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  // Count the elements that differ from x[i - i % 16]: the test wants 0 for `correct`.
  const std::vector<float> out = kernels_to_host(d_out, n);
  int mismatches = 0;
  for (int i = 0; i < n; ++i) mismatches += out[i] != x[i - i % 16];
  std::printf("mismatches %d\n", mismatches);
  std::printf("sample %.1f %.1f %.1f\n", out[0], out[17], out[n - 1]);
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
