// Family: a warp-aggregated atomic built on 32-bit masks (rule wave64-lane-mask-width).
//
// compact_positive copies the positive inputs to `out` in any order and counts them. Per
// wave, one leader lane reserves room for all the wave's selected elements with a single
// atomicAdd, broadcasts the base with __shfl, and each selected lane writes at base + its
// rank (the number of selected lanes below it).
//
// correct: the ballot, popcount, leader (__ffsll) and rank masks are 64-bit.
// buggy:   the ballot is kept in an `unsigned`, with __popc and __ffs on it, as in the CUDA
//          original. On wave64 the selected lanes 32-63 vanish from the mask: the leader
//          reserves room for the lower half only, upper lanes all write one slot past the
//          reservation (lost or clobbered), and a wave whose lower half selects nothing
//          drops its upper half entirely.
//
// Input: n = 100003, x[i] = (i % 13) - 6; `out` has n + 64 slots. Grid: compute units x 256
// threads, grid-stride, so element i sits in lane i % warpSize.
// Expected:
//   correct, wave 32 and 64: count = number of i with i % 13 >= 7, and out[0..count) holds
//                            exactly those x[i] in some order; no report.
//   buggy, wave 32: the same; no report.
//   buggy, wave 64: count = number of such i with i % 64 < 32; lane-mask-truncated is
//                   reported at the marked line.
#include "harness.h"

__device__ int reserve_correct(bool want, int *counter) {
  const int lane = threadIdx.x % warpSize;
  const unsigned long long active = __ballot(want);
  const int total = __popcll(active);
  if (total == 0) return -1; // wave-uniform
  const int leader = __ffsll(active) - 1;
  const int rank = __popcll(active & ((1ull << lane) - 1ull));
  int base = 0;
  if (lane == leader) base = atomicAdd(counter, total);
  base = __shfl(base, leader);
  return base + rank;
}

__device__ int reserve_buggy(bool want, int *counter) {
  const int lane = threadIdx.x % warpSize;
  const unsigned active = __ballot(want); // wavesan-expect: lane-mask-truncated
  const int total = __popc(active);
  if (total == 0) return -1; // wave-uniform
  const int leader = __ffs(active) - 1;
  const int rank = __popcll(active & ((1ull << lane) - 1ull));
  int base = 0;
  if (lane == leader) base = atomicAdd(counter, total);
  base = __shfl(base, leader);
  return base + rank;
}

__global__ void compact_positive(const float *x, float *out, int *counter, int n, bool buggy) {
  for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
    const int i = base + threadIdx.x;
    const bool want = i < n && x[i] > 0.0f;
    const int slot = buggy ? reserve_buggy(want, counter) : reserve_correct(want, counter);
    if (want && slot >= 0) out[slot] = x[i];
  }
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int n = 100003;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 13 - 6);
  float *d_x = kernels_to_device(x);
  float *d_out = kernels_zeros<float>(n + 64);
  int *d_counter = kernels_zeros<int>(1);
  hipLaunchKernelGGL(compact_positive, dim3(kernels_compute_units()), dim3(256), 0, 0, d_x,
                     d_out, d_counter, n, buggy);
  KERNELS_HIP_CHECK(hipGetLastError());
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  const int count = kernels_to_host(d_counter, 1)[0];
  std::printf("count %d\n", count);
  // Histogram of the compacted values 1..6, so the test can compare multisets.
  const std::vector<float> out = kernels_to_host(d_out, n + 64);
  int histogram[7] = {0, 0, 0, 0, 0, 0, 0};
  for (int k = 0; k < count && k < n; ++k) {
    const int v = static_cast<int>(out[k]);
    histogram[v >= 0 && v <= 6 ? v : 0] += 1;
  }
  std::printf("histogram");
  for (int v = 0; v <= 6; ++v) std::printf(" %d", histogram[v]);
  std::printf("\n");
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_out));
  KERNELS_HIP_CHECK(hipFree(d_counter));
  return 0;
}
