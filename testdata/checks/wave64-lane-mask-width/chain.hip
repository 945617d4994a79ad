// Aspect: chain. A mask followed through local variables: every link that narrows
// it or treats it as 32 bits is reported, not only the first.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>
#include <cstdint>

// Compaction written for 32-lane warps: rank of each kept element among the
// kept elements of its wavefront.
__global__ void compact(const float *in, float *out, int *count) {
  const int lane = threadIdx.x % warpSize;
  const bool keep = in[threadIdx.x] > 0.0f;
  uint32_t m = __ballot(keep);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: '__ballot' returns a 64-bit lane mask; storing it in 'uint32_t' drops lanes 32-63 [wave64-lane-mask-width]
  int n = __popc(m);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: '__popc' counts only 32 bits of the lane mask [wave64-lane-mask-width]
  unsigned below = m & ((1u << lane) - 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: lane mask built in 32 bits ('1u << lane') [wave64-lane-mask-width]
  const int rank = __popc(below);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: '__popc' counts only 32 bits of the lane mask [wave64-lane-mask-width]
  uint32_t copy = m;
  const int leader = __ffs(copy) - 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: '__ffs' searches only 32 bits of the lane mask [wave64-lane-mask-width]
  int base = 0;
  if (lane == leader) base = atomicAdd(count, n);
  base = __shfl_sync(m, base, leader);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-bit mask 'm' passed to '__shfl_sync' covers lanes 0-31 only [wave64-lane-mask-width]
  if (keep) out[base + rank] = in[threadIdx.x];
}

// The mask kept in 64 bits first, narrowed one step later, then accumulated.
__global__ void vote_rounds(const int *flags, int rounds, int *out) {
  unsigned long long wide = __ballot(flags[threadIdx.x] != 0);
  unsigned narrow = wide;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'wide' holds a 64-bit lane mask; storing it in 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  unsigned seen = 0;
  for (int r = 1; r < rounds; ++r)
    seen |= __ballot(flags[r * blockDim.x + threadIdx.x] != 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: '__ballot' returns a 64-bit lane mask; assigning it to 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  auto either = seen | narrow;
  out[threadIdx.x] = __popc(either);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: '__popc' counts only 32 bits of the lane mask [wave64-lane-mask-width]
}
