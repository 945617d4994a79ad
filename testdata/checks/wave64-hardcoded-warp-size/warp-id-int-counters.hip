// Aspect: a warp id kept in a local and used to index 32-bit integer counters
// is still a warp id: only a word index paired with a bit shift of a 32-bit
// value in the same statement means bits per word (negatives-bits-per-word.hip).
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

__global__ void count_per_warp(const int *keys, int *counts, unsigned *flags) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int warp = tid / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: warp id computed with 32 ('tid / 32') [wave64-hardcoded-warp-size]
  int lane = tid & 31;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: lane index computed with 32 ('tid & 31') [wave64-hardcoded-warp-size]
  unsigned long long hits = __ballot(keys[tid] > 0);
  if (lane == 0)
    atomicAdd(&counts[warp], (int)__popcll(hits));
  flags[warp] = 1u << 4;
}
