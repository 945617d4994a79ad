// Aspect (negative only): 32 as bits per 32-bit word, also when the bit index
// is a thread index: 'bits[i / 32] |= 1u << (i % 32)' and '>> 5' / '& 31'.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>
#include <cstdint>

__global__ void mark_threads(uint32_t *bits, const int *keep) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (keep[tid])
    atomicOr(&bits[tid >> 5], 1u << (tid & 31));
  unsigned local = threadIdx.x;
  if (keep[local] > 1)
    bits[local / 32] |= 1u << (local % 32);
  unsigned long long any = __ballot(keep[tid] != 0);
  if (any == 0 && threadIdx.x == 0)
    bits[0] = 0;
}

__device__ bool test_bit(const uint32_t *bits, int key) {
  return (bits[key / 32] >> (key % 32)) & 1u;
}

// Split over statements: the word and bit indices are locals, used as the
// subscript of a 32-bit-word array and as the shift amount of a 32-bit value.
__global__ void mark_split(uint32_t *bits, const int *keep, int n) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid >= n || !keep[gid])
    return;
  int word = gid >> 5;
  int bit = gid & 31;
  atomicOr(&bits[word], 1u << bit);
  const unsigned w2 = threadIdx.x / 32, b2 = threadIdx.x % 32;
  bits[w2] |= 1u << b2;
  unsigned long long any = __ballot(keep[gid] != 0);
  if (any == 0)
    bits[0] = 0;
}
