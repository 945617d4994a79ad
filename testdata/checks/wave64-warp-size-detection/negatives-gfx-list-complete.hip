// Aspect (negative): a gfx list that names every wave64 target checked here,
// gfx90a, gfx942 and gfx950, used in device code only: silent for both targets.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection --offload-arch=gfx942 --offload-arch=gfx950
#include <hip/hip_runtime.h>

#if defined(__gfx90a__) || defined(__gfx942__) || defined(__gfx950__)
#define WARP_SIZE 64
#else
#define WARP_SIZE 32
#endif

#if defined(__gfx90a__) || defined(__gfx942__) || defined(__gfx950__)
constexpr int kWaveSize = 64;
#else
constexpr int kWaveSize = 32;
#endif

__global__ void rowMax(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int off = WARP_SIZE / 2; off > 0; off /= 2)
    v = fmaxf(v, __shfl_xor(v, off));
  if (threadIdx.x % kWaveSize == 0)
    out[threadIdx.x / kWaveSize] = v;
}
