// Aspect: '__GFX9__' (and '__HIP_DEVICE_COMPILE__') tests give the right wave
// size in the device pass, but the host pass defines no gfx macro, so host code
// that sizes a launch from them works with 32 lanes.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection --passes=host,device
#include <hip/hip_runtime.h>

#ifdef __GFX9__
#define WAVE_SIZE 64
#else
#define WAVE_SIZE 32
#endif

#if defined(__HIP_DEVICE_COMPILE__) && defined(__GFX9__)
#define LANES_PER_WARP 64
#else
#define LANES_PER_WARP 32
#endif

#define WAVES_PER_BLOCK 4
#define BLOCK_THREADS (WAVES_PER_BLOCK * WAVE_SIZE)
constexpr int kRowsPerBlock = WAVES_PER_BLOCK * LANES_PER_WARP;

__global__ void rowSums(const float *in, float *out, int cols) {
  // Device code: both macros are 64 on gfx942 here, no finding.
  int wave = threadIdx.x / WAVE_SIZE;
  int lane = threadIdx.x % LANES_PER_WARP;
  float v = in[(blockIdx.x * WAVES_PER_BLOCK + wave) * cols + lane];
  for (int off = WAVE_SIZE / 2; off > 0; off /= 2)
    v += __shfl_down(v, off);
  if (lane == 0)
    out[blockIdx.x * WAVES_PER_BLOCK + wave] = v;
}

void launchRowSums(const float *in, float *out, int rows, int cols) {
  dim3 block(BLOCK_THREADS);
// CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'WAVE_SIZE' (through 'BLOCK_THREADS') resolves to 32 in the host pass, where no __gfx*__ macro is defined, so this host code assumes 32-lane wavefronts, but gfx942 wavefronts have 64 lanes: the #ifdef at line 7 tests '__GFX9__', which only the device pass defines [wave64-warp-size-detection]
  dim3 grid((rows + WAVES_PER_BLOCK - 1) / WAVES_PER_BLOCK);
  size_t lds = sizeof(float) * rows / LANES_PER_WARP;
// CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'LANES_PER_WARP' resolves to 32 in the host pass, where no __gfx*__ macro is defined, so this host code assumes 32-lane wavefronts, but gfx942 wavefronts have 64 lanes: the #if at line 13 tests '__HIP_DEVICE_COMPILE__' and '__GFX9__', which only the device pass defines [wave64-warp-size-detection]
  int blocks = (rows + kRowsPerBlock - 1) / kRowsPerBlock;
// CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'kRowsPerBlock' is computed from 'LANES_PER_WARP', which resolves to 32 in the host pass, where no __gfx*__ macro is defined, so this host code assumes 32-lane wavefronts, but gfx942 wavefronts have 64 lanes: the #if at line 13 tests '__HIP_DEVICE_COMPILE__' and '__GFX9__', which only the device pass defines [wave64-warp-size-detection]
// CHECK-MESSAGES: :[[@LINE-2]]:45: warning: 'kRowsPerBlock' is computed from 'LANES_PER_WARP' [wave64-warp-size-detection]
  hipLaunchKernelGGL(rowSums, grid, block, lds, 0, in, out, cols + blocks);
}
