// Aspect: a constexpr wave size chosen by a gfx list, either declared in the
// branches of the #if or computed from a flag macro that the #if sets.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection
#include <hip/hip_runtime.h>

#if defined(__gfx90a__) || defined(__gfx908__)
#define ARCH_HAS_WAVE64 1
#else
#define ARCH_HAS_WAVE64 0
#endif

constexpr int kWarpSize = ARCH_HAS_WAVE64 ? 64 : 32;
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'kWarpSize' resolves to 32 for gfx942 (device pass), whose wavefronts have 64 lanes: it is computed from 'ARCH_HAS_WAVE64', and the #if at line 6 chooses that from a list of gfx targets that does not include gfx942 [wave64-warp-size-detection]

#if defined(__gfx906__) || defined(__gfx90a__)
static constexpr unsigned kWaveSize = 64;
#else
static constexpr unsigned kWaveSize = 32;
// CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'kWaveSize' resolves to 32 for gfx942 (device pass), whose wavefronts have 64 lanes: the #if at line 15 chooses it from a list of gfx targets that does not include gfx942 [wave64-warp-size-detection]
#endif

// Not a wave size: a tile width tuned per target is left alone.
constexpr int kTileCols = ARCH_HAS_WAVE64 ? 128 : 64;

__global__ void scale(float *data) {
  int lane = threadIdx.x % kWarpSize;
  int group = threadIdx.x / kWaveSize;
  data[threadIdx.x] *= lane + group + kTileCols;
}
