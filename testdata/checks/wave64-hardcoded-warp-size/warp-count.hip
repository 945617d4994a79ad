// Aspect: warp count computed with 32 from blockDim ('blockDim.x / 32',
// '(blockDim.x + 31) / 32', 'blockDim.x >> 5').
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

__global__ void zero_partials(float *partials) {
  const int nwarps = blockDim.x / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: warp count computed with 32 ('blockDim.x / 32'); wavefronts have 64 lanes on this target, so it is 2 times the number of wavefronts in the block [wave64-hardcoded-warp-size]
  const int rounded = (blockDim.x + 31) / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: warp count computed with 32 ('(blockDim.x + 31) / 32') [wave64-hardcoded-warp-size]
  const int shifted = blockDim.x >> 5;
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: warp count computed with 32 ('blockDim.x >> 5') [wave64-hardcoded-warp-size]
  if (threadIdx.x < nwarps + rounded + shifted)
    partials[threadIdx.x] = 0.0f;
  // Correct: the wave count from warpSize.
  const int waves = (blockDim.x + warpSize - 1) / warpSize;
  partials[waves] = 0.0f;
}
