// Aspect: sync-mask. A mask narrower than 64 bits passed to a *_sync builtin or
// __syncwarp: 0xffffffff, ~0u, -1, a partial constant, a uint32_t variable.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>
#include <cstdint>

#define FULL_MASK32 0xffffffff

__global__ void row_max(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, offset));
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 32-bit mask '0xffffffff' passed to '__shfl_xor_sync' covers lanes 0-31 only; ROCm requires a 64-bit mask [wave64-lane-mask-width]
  v = __shfl_sync(0xFFFFFFFFu, v, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 32-bit mask '0xFFFFFFFFu' passed to '__shfl_sync' covers lanes 0-31 only [wave64-lane-mask-width]
  v += __shfl_down_sync(~0u, v, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 32-bit mask '~0u' passed to '__shfl_down_sync' covers lanes 0-31 only [wave64-lane-mask-width]
  v += __shfl_up_sync(-1, v, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 32-bit mask '-1' passed to '__shfl_up_sync' is not 64-bit; ROCm's '*_sync' builtins require a 64-bit mask type [wave64-lane-mask-width]
  v += __shfl_xor_sync(FULL_MASK32, v, 2);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 32-bit mask 'FULL_MASK32' passed to '__shfl_xor_sync' covers lanes 0-31 only [wave64-lane-mask-width]
  __syncwarp(0xffffffff);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 32-bit mask '0xffffffff' passed to '__syncwarp' covers lanes 0-31 only [wave64-lane-mask-width]
  out[threadIdx.x] = v;
}

__global__ void votes(const int *flags, int *out) {
  const bool f = flags[threadIdx.x] != 0;
  out[0] = __any_sync(0xffffffff, f);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 32-bit mask '0xffffffff' passed to '__any_sync' covers lanes 0-31 only; ROCm requires a 64-bit mask and '__any_sync' ANDs its result with it, dropping lanes 32-63 [wave64-lane-mask-width]
  out[1] = __all_sync(0x0000ffff, f);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 32-bit mask '0x0000ffff' passed to '__all_sync' covers lanes 0-31 only; ROCm requires a 64-bit mask and '__all_sync' ANDs its result [wave64-lane-mask-width]
  const uint32_t group = 0xffffffffu;
  out[2] = __popcll(__ballot_sync(group, f));
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: 32-bit mask 'group' passed to '__ballot_sync' covers lanes 0-31 only; ROCm requires a 64-bit mask and '__ballot_sync' ANDs its result with it, dropping lanes 32-63 [wave64-lane-mask-width]
}

// Not reported: 64-bit masks, including __activemask() passed straight on.
__global__ void negatives(const float *in, float *out, const int *flags) {
  float v = in[threadIdx.x];
  const unsigned long long all = __activemask();
  v += __shfl_xor_sync(0xffffffffffffffffull, v, 1);
  v += __shfl_down_sync(~0ull, v, 1);
  v += __shfl_sync(__activemask(), v, 0);
  v += __shfl_up_sync(all, v, 1);
  out[threadIdx.x] = v + __popcll(__ballot_sync(__activemask(), flags[threadIdx.x] != 0));
  __syncwarp();
  __syncwarp(all);
}
