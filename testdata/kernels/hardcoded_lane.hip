// Family: lane id `threadIdx.x % 32` and warp id `threadIdx.x / 32` (rule
// wave64-hardcoded-warp-size).
//
// count_key counts the keys equal to `key`: each wave ballots "my key matches", the wave's
// lane 0 adds the popcount to a per-warp counter in shared memory, and thread 0 adds the
// block's counters to the global count. The ballot and __popcll are already 64-bit.
//
// correct: lane, warp id and warp count come from warpSize.
// buggy:   lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32. On
//          wave64, lanes 0 and 32 of every wave both see lane == 0 and both add the popcount
//          of the whole 64-lane ballot (into two different per-warp counters).
//
// Input: n = 100003, keys[i] = (7 * i) % 5, key = 3. Grid: compute units x 256 threads.
// Expected:
//   correct, wave 32 and 64: the number of i < n with (7 * i) % 5 == 3; no report.
//   buggy, wave 32: the same count; no report.
//   buggy, wave 64: exactly twice that count. Every operation is well defined, so nothing is
//                   reported during the run; the 32/64 difference is the finding.
#include "harness.h"

__global__ void count_key(const int *keys, int *count, int n, int key, bool buggy) {
  __shared__ int per_warp[32];
  const int lane = buggy ? threadIdx.x % 32 : threadIdx.x % warpSize;
  const int warp = buggy ? threadIdx.x / 32 : threadIdx.x / warpSize;
  const int warps = buggy ? blockDim.x / 32 : blockDim.x / warpSize;

  if (threadIdx.x < warps) per_warp[threadIdx.x] = 0;
  __syncthreads();
  // The loop bound is the same for the whole block, so every wave op sees all lanes.
  for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
    const int i = base + threadIdx.x;
    const unsigned long long hits = __ballot(i < n && keys[i] == key);
    if (lane == 0) per_warp[warp] += __popcll(hits);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    int total = 0;
    for (int w = 0; w < warps; ++w) total += per_warp[w];
    atomicAdd(count, total);
  }
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int n = 100003;
  std::vector<int> keys(n);
  for (int i = 0; i < n; ++i) keys[i] = (7 * i) % 5;
  int *d_keys = kernels_to_device(keys);
  int *d_count = kernels_zeros<int>(1);
  hipLaunchKernelGGL(count_key, dim3(kernels_compute_units()), dim3(256), 0, 0, d_keys,
                     d_count, n, 3, buggy);
  KERNELS_HIP_CHECK(hipGetLastError());
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  std::printf("count %d\n", kernels_to_host(d_count, 1)[0]);
  KERNELS_HIP_CHECK(hipFree(d_keys));
  KERNELS_HIP_CHECK(hipFree(d_count));
  return 0;
}
