// Aspect: the rule is target-aware both ways: on a wave32 target (gfx1100) a
// wave size of 64 chosen by '__AMDGCN__' or the HIP platform is wrong, while a
// gfx9 list that falls back to 32 is right there.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection --offload-arch=gfx1100
#include <hip/hip_runtime.h>

#ifdef __AMDGCN__
#define WARP_SIZE 64
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'WARP_SIZE' resolves to 64 for gfx1100 (device pass), whose wavefronts have 32 lanes: the #ifdef at line 7 tests '__AMDGCN__', which does not tell one AMD GPU target from another, wave32 or wave64 [wave64-warp-size-detection]
#else
#define WARP_SIZE 32
#endif

#if defined(__HIP_PLATFORM_AMD__)
constexpr int kWaveSize = 64;
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'kWaveSize' resolves to 64 for gfx1100 (device pass), whose wavefronts have 32 lanes: the #if at line 14 tests '__HIP_PLATFORM_AMD__', which does not tell one AMD GPU target from another, wave32 or wave64 [wave64-warp-size-detection]
#else
constexpr int kWaveSize = 32;
#endif

// Right for gfx1100: not in the wave64 list, so 32.
#if defined(__gfx90a__) || defined(__gfx942__) || defined(__gfx950__)
#define WAVEFRONT_SIZE 64
#else
#define WAVEFRONT_SIZE 32
#endif

__global__ void histogram(const int *keys, int *bins) {
  int lane = threadIdx.x % WARP_SIZE;
  int wave = threadIdx.x / kWaveSize;
  atomicAdd(&bins[keys[threadIdx.x] % WAVEFRONT_SIZE], lane + wave);
}
