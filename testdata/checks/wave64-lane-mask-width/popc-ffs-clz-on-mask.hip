// Aspect: popc-ffs-clz-on-mask. 32-bit bit scans (__popc, __ffs, __clz and the
// __builtin_ forms) applied to a lane mask, directly or through a variable.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>

__global__ void count_forms(const int *flags, int *out) {
  const int lane = threadIdx.x % warpSize;
  const bool f = flags[threadIdx.x] > 0;
  out[0] = __popc(__ballot(f));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: '__popc' counts only 32 bits of the lane mask; lanes 32-63 of the wavefront are ignored [wave64-lane-mask-width]
  unsigned long long voted = __ballot(f);
  out[1] = __popc(voted);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: '__popc' counts only 32 bits of the lane mask [wave64-lane-mask-width]
  const unsigned long long below = (1ull << lane) - 1;
  out[2] = __popc(voted & below);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: '__popc' counts only 32 bits [wave64-lane-mask-width]
  out[3] = __builtin_popcount(~__activemask());
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: '__builtin_popcount' counts only 32 bits of the lane mask [wave64-lane-mask-width]
}

__global__ void search_forms(const int *flags, int *leader) {
  const bool f = flags[threadIdx.x] > 0;
  unsigned long long voted = __ballot(f);
  // First voting lane, 1-based; 0 when none.
  leader[0] = __ffs((unsigned)voted);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: '__ffs' searches only 32 bits of the lane mask [wave64-lane-mask-width]
  leader[1] = __builtin_ctz(voted | 1ull);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: '__builtin_ctz' searches only 32 bits of the lane mask [wave64-lane-mask-width]
  // Last voting lane: the top set bit.
  leader[2] = 31 - __clz(voted);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: '__clz' counts leading zeros in only 32 bits of the lane mask [wave64-lane-mask-width]
  leader[3] = __clz(__activemask());
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: '__clz' counts leading zeros in only 32 bits of the lane mask [wave64-lane-mask-width]
}

// Not reported: the 64-bit forms, and a deliberate lo/hi split.
__global__ void negatives(const int *flags, int *out) {
  const bool f = flags[threadIdx.x] > 0;
  unsigned long long voted = __ballot(f);
  out[0] = __popcll(voted);
  out[1] = __ffsll(voted);
  out[2] = 63 - __clzll(voted);
  out[3] = __popc(static_cast<unsigned>(voted)) + __popc(static_cast<unsigned>(voted >> 32));
}
