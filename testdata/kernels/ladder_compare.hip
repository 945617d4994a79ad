// wave-size-divergence: the ladder_from_16 kernel run through wavesan::compareWaveSizes,
// the emulator's API that runs a launch at wave 32 and at wave 64 from the same buffer
// contents and reports when the results differ (docs/wavesan.md). wavesan-only: it
// includes ladder_from_16.hip for its kernel (that file's main is renamed away).
//
// correct: the ladder starts at warpSize / 2: the same sum at both widths; no report.
// buggy:   the ladder starts at 16: right at wave 32, lanes 32-63 lost at wave 64, so the
//          one comparison reports wave-size-divergence at the marked line.
// Prints `same 1|0` (compareWaveSizes' result) and `sum` (the wave-64 result it leaves).
// The input sums are whole numbers far below 2^24 and every partial sum is exact, so
// the float atomicAdd order across blocks cannot change the bits.
#define main ladder_from_16_main
#include "ladder_from_16.hip"
#undef main

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int n = 100003;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 13 - 6);
  float *d_x = kernels_to_device(x);
  float *d_out = kernels_zeros<float>(1);
  const bool same = wavesan::compareWaveSizes( // wavesan-expect: wave-size-divergence
      "block_sum",
      [&] {
        hipLaunchKernelGGL(block_sum, dim3(kernels_compute_units()), dim3(256), 0, 0, d_x,
                           d_out, n, buggy);
        KERNELS_HIP_CHECK(hipGetLastError());
      },
      {{d_out, sizeof(float)}});
  std::printf("same %d\n", same ? 1 : 0);
  std::printf("sum %.1f\n", kernels_to_host(d_out, 1)[0]);
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
