// Aspect: negatives-data-words. 32-bit bit operations on data words, not on lane
// masks: popcounts of bitsets and hashes, bits set by data-derived positions.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>
#include <cstdint>

// Hamming distance between two 32-bit fingerprints.
__device__ int hamming(uint32_t x, uint32_t y) { return __popc(x ^ y); }

__global__ void bitset_ops(const uint32_t *keys, uint32_t *bits, int *stats, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const uint32_t key = keys[i];
  // One bit per key, 32 keys per word.
  atomicOr(&bits[key / 32], 1u << (key % 32));
  uint32_t words[4] = {0, 0, 0, 0};
  words[i / 32 % 4] |= 1u << (i % 32);
  // Popcount and first set bit of a data word.
  int ones = __popc(bits[i]);
  int first = __ffs(key);
  int lead = __clz(key | 1u);
  // Low bits of a data value.
  const int width = key & 15;
  const uint32_t low_mask = (1u << width) - 1;
  // Bit positions read from memory.
  const uint32_t pos = keys[(i + 1) % n];
  words[1] = (1u << keys[i]) | (1u << pos);
  stats[i] = ones + first + lead + hamming(key, low_mask) + __popc(words[0]);
}

// A lane mask split on purpose into its two 32-bit halves.
__global__ void split_halves(const int *flags, int *out) {
  const unsigned long long voted = __ballot(flags[threadIdx.x] != 0);
  const uint32_t lo = static_cast<uint32_t>(voted);
  const uint32_t hi = static_cast<uint32_t>(voted >> 32);
  out[threadIdx.x] = __popc(lo) + __popc(hi) + __popc(voted >> 32);
}
