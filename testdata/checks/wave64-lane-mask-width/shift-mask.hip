// Aspect: shift-mask. Lane masks built by shifting a 32-bit constant by a lane id:
// 1 << lane, 1u << lane, (1u << lane) - 1, ~(-1 << lane), 0xffffffff >> (32 - lane).
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>
#include <cstdint>

__global__ void rank_in_wave(const int *keep, int *rank, unsigned long long *masks) {
  const int lane = threadIdx.x % warpSize;
  const unsigned long long voted = __ballot(keep[threadIdx.x] != 0);
  const unsigned long long mine = 1 << lane;
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: lane mask built in 32 bits ('1 << lane'); shifting by a lane id >= 32 is undefined, a wave64 wavefront has 64 lanes [wave64-lane-mask-width]
  const unsigned long long lower = (1U << lane) - 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: lane mask built in 32 bits ('1U << lane') [wave64-lane-mask-width]
  const uint32_t below = (1u << lane) - 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: lane mask built in 32 bits ('1u << lane'); shifting by a lane id >= 32 is undefined [wave64-lane-mask-width]
  unsigned long long upto = ~(-1 << lane);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: lane mask built in 32 bits ('-1 << lane') [wave64-lane-mask-width]
  unsigned long long upto2 = 0xffffffff >> (32 - lane);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: lane mask built in 32 bits ('0xffffffff >> (32 - lane)'); the shift amount is negative for lane ids above 32, a wave64 wavefront has 64 lanes [wave64-lane-mask-width]
  masks[threadIdx.x] = mine | upto | upto2;
  rank[threadIdx.x] = __popcll(voted & lower) + __popcll(voted & below);
}

// The lane taken straight from the thread index, in a helper.
__device__ bool lane_voted(unsigned long long voted) {
  return (voted & (1u << threadIdx.x)) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: lane mask built in 32 bits ('1u << threadIdx.x') [wave64-lane-mask-width]
}

// Not reported: 64-bit shifts, lanes bounded below 32, warp ids, bits per word,
// and host code.
__global__ void negatives(const int *keep, unsigned *words, unsigned long long *out) {
  const int lane = threadIdx.x % warpSize;
  const int half_lane = threadIdx.x & 31;
  const int wave = threadIdx.x / warpSize;
  out[0] = (1ull << lane) - 1;
  out[1] = ~(~0ull << lane);
  out[2] = 1u << half_lane;
  const int group = threadIdx.x / 16;
  out[3] = (1u << wave) | (1u << group) | (1u << (threadIdx.x / warpSize));
  words[threadIdx.x / 32] |= 1u << (threadIdx.x % 32);
}

unsigned host_bits(int lanes) {
  unsigned m = 0;
  for (int lane = 0; lane < lanes; ++lane)
    m |= 1u << lane;
  return m;
}
