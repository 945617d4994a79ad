// Aspect: a wave size picked from a hand-kept list of gfx targets that stops at
// gfx90a, so gfx942 (MI300X) takes the 32 fallback in the device pass; also the
// list behind a helper macro, and an #elif chain.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection
#include <hip/hip_runtime.h>

#if defined(__gfx90a__) || defined(__gfx908__) || defined(__gfx906__)
#define WARP_SIZE 64
#else
#define WARP_SIZE 32
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'WARP_SIZE' resolves to 32 for gfx942 (device pass), whose wavefronts have 64 lanes: the #if at line 7 chooses it from a list of gfx targets that does not include gfx942 [wave64-warp-size-detection]
#endif

// The list hidden behind a helper macro.
#define CDNA_TARGET (defined(__gfx908__) || defined(__gfx90a__))
#if CDNA_TARGET
#define WAVEFRONT_WIDTH (64)
#else
#define WAVEFRONT_WIDTH (32)
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'WAVEFRONT_WIDTH' resolves to 32 for gfx942 (device pass), whose wavefronts have 64 lanes: the #if at line 16 chooses it from a list of gfx targets that does not include gfx942 [wave64-warp-size-detection]
#endif

// An #elif chain: wave32 targets first, then an incomplete wave64 list.
#if defined(__gfx1030__) || defined(__gfx1100__)
#define kWaveLanes 32
#elif defined(__gfx90a__)
#define kWaveLanes 64
#else
#define kWaveLanes 32u
// CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'kWaveLanes' resolves to 32 for gfx942 (device pass), whose wavefronts have 64 lanes: the #if at line 24 chooses it from a list of gfx targets that does not include gfx942 [wave64-warp-size-detection]
#endif

__global__ void warpSums(const float *in, float *out) {
  int lane = threadIdx.x % WARP_SIZE;
  int warp = threadIdx.x / WARP_SIZE;
  float v = in[threadIdx.x];
  for (int off = kWaveLanes / 2; off > 0; off /= 2)
    v += __shfl_down(v, off);
  if (lane == 0)
    out[warp] = v * WAVEFRONT_WIDTH;
}
