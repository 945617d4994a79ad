// Aspect: negatives-correct-wave64. Masks kept in 64 bits from ballot to use: no
// finding.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>
#include <cstdint>

__global__ void compact_positive(const float *in, float *out, int *count) {
  const int lane = threadIdx.x % warpSize;
  const bool keep = in[threadIdx.x] > 0.0f;
  const unsigned long long kept = __ballot(keep);
  const uint64_t active = __activemask();
  const auto all = __ballot_sync(active, true);
  const unsigned long long lower = (1ull << lane) - 1;
  const unsigned long long upto = ~(~0ull << lane);
  const int rank = __popcll(kept & lower);
  const int leader = __ffsll(kept) - 1;
  const int last = 63 - __clzll(all & upto);
  int base = 0;
  if (lane == leader) base = atomicAdd(count, __popcll(kept));
  base = __shfl_sync(__activemask(), base, leader);
  base = __shfl_xor_sync(0xffffffffffffffffull, base, 0);
  if (keep) out[base + rank] = in[threadIdx.x] + last;
  __syncwarp(kept | ~kept);
}

// Any/all built on a 64-bit ballot; a per-lane bit tested with a 64-bit one.
__device__ bool wave_any(bool p) { return __ballot(p) != 0; }
__device__ bool lane_bit(unsigned long long m, int lane) { return (m >> lane) & 1ull; }
__device__ bool wave_all(bool p) {
  const unsigned long long m = __ballot(p);
  return m == __activemask() && lane_bit(m, __lane_id());
}
