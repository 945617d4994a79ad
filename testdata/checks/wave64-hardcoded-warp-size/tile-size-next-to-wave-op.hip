// Aspect: a 32 macro or constant not named like the wave size (TILE, kTile)
// counts as the wave size only in a function that reaches a wave operation;
// it is then reported at each use, never at its definition, and without a
// fix-it (the definition may well be a tile size used elsewhere).
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define TILE 32
constexpr int kTile = 32;

// A ballot in the function: 'threadIdx.x % TILE' is taken for a lane index.
__global__ void tile_vote(const float *in, unsigned long long *votes) {
  const int lane = threadIdx.x % TILE;
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: lane index computed with 32 ('threadIdx.x % TILE') [wave64-hardcoded-warp-size]
  unsigned long long m = __ballot(in[threadIdx.x] > 0.0f);
  if (lane == 0)
    votes[threadIdx.x / warpSize] = m;
}

// A wave operation reached through a called function counts too.
__device__ float wave_sum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  return v;
}

__global__ void tile_sums(const float *in, float *out) {
  const int group = threadIdx.x / kTile;
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: warp id computed with 32 ('threadIdx.x / kTile') [wave64-hardcoded-warp-size]
  float v = wave_sum(in[threadIdx.x]);
  out[blockIdx.x * 16 + group] = v;
}

// The same macro in a kernel without wave operations: a tile size, no finding.
__global__ void tile_copy(const float *in, float *out, int n) {
  __shared__ float t[TILE][TILE + 1];
  int r = threadIdx.x / TILE, c = threadIdx.x % TILE;
  t[r][c] = in[r * n + c];
  __syncthreads();
  out[c * n + r] = t[r][c];
}
