// Aspect: host launch math on a wave size that only the device pass gets
// right: a macro that is a placeholder 1 on the host, a namespace-scope
// constant copied from it, and a macro the host pass leaves undefined (its
// '#define' is under '__GFX9__') so that a later '#ifndef' fallback of 32
// applies. Each sizes a launch computed on the host.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection --passes=host,device
#include <hip/hip_runtime.h>

#ifdef __HIP_DEVICE_COMPILE__
#define DEV_WARP_SIZE 64
#else
#define DEV_WARP_SIZE 1
#endif
static const int kLaunchWave = DEV_WARP_SIZE;

#if defined(__GFX9__)
#define WAVE_LANES 64
#endif
#ifndef WAVE_LANES
#define WAVE_LANES 32
#endif

__global__ void scale(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] *= float(threadIdx.x % DEV_WARP_SIZE + threadIdx.x % WAVE_LANES);
}

void launchScale(float *out, int n) {
  dim3 block(4 * kLaunchWave);
// CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'kLaunchWave' is computed from 'DEV_WARP_SIZE', which resolves to 1 in the host pass, where no __gfx*__ macro is defined, so this host code assumes 1-lane wavefronts, but gfx942 wavefronts have 64 lanes: the #ifdef at line 9 tests '__HIP_DEVICE_COMPILE__', which only the device pass defines [wave64-warp-size-detection]
  dim3 wide(8 * DEV_WARP_SIZE);
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'DEV_WARP_SIZE' resolves to 1 in the host pass [wave64-warp-size-detection]
  dim3 grid((n + WAVE_LANES - 1) / WAVE_LANES);
// CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'WAVE_LANES' resolves to 32 in the host pass, where no __gfx*__ macro is defined, so this host code assumes 32-lane wavefronts, but gfx942 wavefronts have 64 lanes: the #ifndef at line 19 tests '__GFX9__', which only the device pass defines [wave64-warp-size-detection]
// CHECK-MESSAGES: :[[@LINE-2]]:36: warning: 'WAVE_LANES' resolves to 32 in the host pass [wave64-warp-size-detection]
  hipLaunchKernelGGL(scale, grid, block, 0, 0, out, n);
  hipLaunchKernelGGL(scale, grid, wide, 0, 0, out, n);
}
