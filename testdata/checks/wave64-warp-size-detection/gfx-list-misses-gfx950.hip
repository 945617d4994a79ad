// Aspect: a gfx list updated for MI300X but not for MI350 (gfx950): right for
// gfx942, wrong for gfx950; the finding names the target it is wrong for.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection --offload-arch=gfx942 --offload-arch=gfx950
#include <hip/hip_runtime.h>

#if defined(__gfx90a__) || defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__)
#define WAVE_SIZE 64
#else
#define WAVE_SIZE 32
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'WAVE_SIZE' resolves to 32 for gfx950 (device pass), whose wavefronts have 64 lanes: the #if at line 6 chooses it from a list of gfx targets that does not include gfx950 [wave64-warp-size-detection]
#endif

__global__ void countPositive(const float *in, int *count) {
  int lane = threadIdx.x % WAVE_SIZE;
  unsigned long long votes = __ballot(in[threadIdx.x] > 0.f);
  if (lane == 0)
    atomicAdd(count, __popcll(votes));
}
