// Aspect: a 64-lane ballot narrowed inside a helper. Where the helper returns
// the mask as a 32-bit value, widening its local would change nothing its
// callers see, so that finding has no fix-it; a helper that only counts the
// mask is fixed inside.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>

__device__ unsigned vote_mask(bool p) {
  unsigned m = __ballot(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: '__ballot' returns a 64-bit lane mask; storing it in 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  return m;
}

__device__ int vote_count(bool p) {
  unsigned m = __ballot(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: '__ballot' returns a 64-bit lane mask; storing it in 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  return __popc(m);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: '__popc' counts only 32 bits of the lane mask [wave64-lane-mask-width]
}

__global__ void votes(const float *in, unsigned *masks, int *counts) {
  masks[threadIdx.x] = vote_mask(in[threadIdx.x] > 0.0f);
  counts[threadIdx.x] = vote_count(in[threadIdx.x] > 1.0f);
}
