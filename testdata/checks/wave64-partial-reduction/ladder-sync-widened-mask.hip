// Aspect: ladders whose mask was widened to 64 bits for the port while the
// first offset stayed at 16. The widened mask alone says the result is meant
// per wavefront, but not for certain (a fix-it widening the mask writes the
// same mask): reported, without a fix-it.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

__device__ float sumSync(float v) {
  for (int off = 16; off > 0; off /= 2)
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: (the 64-bit mask names lanes 32-63, but the ladder never reads them) [wave64-partial-reduction]
    v += __shfl_down_sync(0xffffffffffffffffull, v, off);
  return v;
}

__device__ int orSync(int bits) {
  const unsigned long long everyone = __activemask();
  for (int off = 16; off > 0; off >>= 1)
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: (the 64-bit mask names lanes 32-63, but the ladder never reads them) [wave64-partial-reduction]
    bits |= __shfl_xor_sync(everyone, bits, off);
  return bits;
}

__device__ double unrolledSync(double d) {
  d += __shfl_xor_sync(~0ull, d, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: (the 64-bit mask names lanes 32-63, but the ladder never reads them) [wave64-partial-reduction]
  d += __shfl_xor_sync(~0ull, d, 8);
  d += __shfl_xor_sync(~0ull, d, 4);
  d += __shfl_xor_sync(~0ull, d, 2);
  d += __shfl_xor_sync(~0ull, d, 1);
  return d;
}

// Not flagged: widened mask and a ladder from half the wavefront.
__device__ float sumSyncFixed(float v) {
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffffffffffffull, v, off);
  return v;
}
