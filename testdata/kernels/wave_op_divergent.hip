// Family: the same wave operation called from two branches (runtime kind
// wave-op-divergent).
//
// pair_abs adds the magnitudes of each element and its partner lane (lane ^ 1):
// out[i] = |x[i]| + |x[i ^ 1]|.
//
// correct: w = |v| first, then one __shfl_xor(w, 1) that every lane reaches.
// buggy:   `if (v >= 0) s = __shfl_xor(v, 1) ... else s = __shfl_xor(-v, 1) ...`: two
//          call sites. On hardware the branches run one after the other under EXEC
//          masks, so a lane whose partner took the other branch reads an inactive lane;
//          the emulator reports the two groups that never meet.
//
// Input: n = 304 * 256 = 77824 (whole blocks), x[i] = (i % 13) - 6. Grid: compute units
// x 256 threads, one element per thread.
// Expected:
//   correct, wave 32 and 64: out as above; no report.
//   buggy, wave 32 and 64: wave-op-divergent at one of the marked lines; the values are
//                          not checked (undefined on hardware).
#include "harness.h"

__global__ void pair_abs(const float *x, float *out, bool buggy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float v = x[i];
  float s;
  if (buggy) {
    if (v >= 0.0f)
      s = v + __shfl_xor(v, 1); // wavesan-expect: wave-op-divergent
    else
      s = -v + __shfl_xor(-v, 1); // wavesan-expect: wave-op-divergent
  } else {
    const float w = v >= 0.0f ? v : -v;
    s = w + __shfl_xor(w, 1);
  }
  out[i] = s;
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int blocks = kernels_compute_units(), n = blocks * 256;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 13 - 6);
  float *d_x = kernels_to_device(x);
  float *d_out = kernels_zeros<float>(n);
  hipLaunchKernelGGL(pair_abs, dim3(blocks), dim3(256), 0, 0, d_x, d_out, buggy);
  KERNELS_HIP_CHECK(hipGetLastError());
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  const std::vector<float> out = kernels_to_host(d_out, n);
  double checksum = 0;
  for (int i = 0; i < n; ++i) checksum += static_cast<double>(out[i]) * (i % 7);
  std::printf("checksum %.1f\n", checksum);
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
