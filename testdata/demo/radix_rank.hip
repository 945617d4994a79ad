#include <hip/hip_runtime.h>
#include <cstdint>

#include "common.h"

constexpr int kRadixBits = 4;
constexpr int kRadix = 1 << kRadixBits;

// One radix-sort pass: rank of each key among the keys of its wavefront with the same
// digit, plus per-wavefront digit counts (digit-major) for the global offset scan.
__global__ void radix_rank_kernel(const uint32_t* __restrict__ keys, uint32_t* __restrict__ ranks,
                                  uint32_t* __restrict__ wave_counts, int n, int shift,
                                  int num_waves) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % warpSize;
  const int wave = gid / warpSize;
  const bool valid = gid < n;
  const uint32_t digit = valid ? (keys[gid] >> shift) & (kRadix - 1) : kRadix;
  const uint32_t lower = (1u << lane) - 1;

  uint32_t rank = 0;
  for (uint32_t d = 0; d < kRadix; ++d) {
    const uint32_t peers = __ballot(digit == d);
    if (digit == d) rank = __popc(peers & lower);
    if (lane == 0) wave_counts[d * num_waves + wave] = __popc(peers);
  }
  if (valid) ranks[gid] = rank;
}

hipError_t radix_rank(const uint32_t* keys, uint32_t* ranks, int n, int shift,
                      uint32_t** wave_counts_out, hipStream_t stream) {
  int warp_size = 0;
  HIP_RETURN_IF_ERROR(device_warp_size(&warp_size));
  const int threads = 256;
  const int blocks = ceil_div(n, threads);
  const int num_waves = blocks * (threads / warp_size);

  uint32_t* wave_counts = nullptr;
  HIP_RETURN_IF_ERROR(hipMalloc(&wave_counts, sizeof(uint32_t) * kRadix * num_waves));
  hipLaunchKernelGGL(radix_rank_kernel, dim3(blocks), dim3(threads), 0, stream,
                     keys, ranks, wave_counts, n, shift, num_waves);
  *wave_counts_out = wave_counts;
  return hipGetLastError();
}
