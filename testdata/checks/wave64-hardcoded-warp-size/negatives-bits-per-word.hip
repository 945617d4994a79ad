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
