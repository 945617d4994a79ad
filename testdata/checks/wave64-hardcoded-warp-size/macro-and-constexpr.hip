// Aspect: a WARP_SIZE macro and constexpr constants with the value 32, reported
// once at the definition with notes at the uses; the fix-it depends on the uses.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define WARP_SIZE 32
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'WARP_SIZE' defines the wavefront size as 32 and is used as a lane index; wavefronts have 64 lanes on this target [wave64-hardcoded-warp-size]
#define HALF_WARP 32
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'HALF_WARP' defines the wavefront size as 32 and is used as a warp id [wave64-hardcoded-warp-size]
#define TILE_WARP_SIZE 32
#define UNUSED_WARP_SIZE 32

constexpr int kWarpSize = 32;
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'kWarpSize' defines the wavefront size as 32 and is used as a warp count and a shuffle width [wave64-hardcoded-warp-size]

__global__ void sums(const float *in, float *out) {
  __shared__ float partial[WARP_SIZE];
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / HALF_WARP;
  const int nwarps = blockDim.x / kWarpSize;
  float v = in[threadIdx.x];
  v += __shfl_down(v, 1, kWarpSize);
  unsigned long long positive = __ballot(v > 0.0f);
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (threadIdx.x < nwarps)
    out[threadIdx.x] = partial[threadIdx.x] + __popcll(positive);
}

// Used only at run time in device code: the fix is warpSize.
__global__ void runtime_only(int *out) {
  out[threadIdx.x] = threadIdx.x / HALF_WARP + __popcll(__activemask());
}

// Uses that are no role (an unrelated product) do not make a finding.
__global__ void no_role(int *out, int n) {
  out[threadIdx.x] = n * TILE_WARP_SIZE;
}
