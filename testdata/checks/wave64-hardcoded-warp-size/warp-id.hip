// Aspect: warp id computed with 32: 'tid / 32' and 'tid >> 5' (the fix keeps
// the grouping of 'a + b >> 5'), in a kernel that also uses a full-wave shuffle.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define LOG_WARP 5

__global__ void per_warp_max(const float *in, float *out, int base) {
  unsigned tid = threadIdx.x;
  float v = in[blockIdx.x * blockDim.x + tid];
  for (int o = warpSize / 2; o > 0; o /= 2)
    v = fmaxf(v, __shfl_xor(v, o));
  int warp = tid / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: warp id computed with 32 ('tid / 32'); wavefronts have 64 lanes on this target, so one wavefront gets 2 warp ids [wave64-hardcoded-warp-size]
  int w2 = tid >> 5;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: warp id computed with 32 ('tid >> 5') [wave64-hardcoded-warp-size]
  int gw = base + tid >> 5;
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: warp id computed with 32 ('base + tid >> 5') [wave64-hardcoded-warp-size]
  int w3 = tid >> LOG_WARP;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: warp id computed with 32 ('tid >> LOG_WARP') [wave64-hardcoded-warp-size]
  if (tid % warpSize == 0)
    out[blockIdx.x * 64 + warp + w2 + gw + w3] = v;
}

// Not a warp id: sizes and block indices divided by 32.
__global__ void tiles(int *out, int n) {
  int tiles = n / 32;
  int group = blockIdx.x >> 5;
  out[threadIdx.x] = tiles + group + (int)(threadIdx.x / warpSize);
}
