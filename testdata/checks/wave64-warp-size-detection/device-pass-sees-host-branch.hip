// Aspect: the default run parses the device pass only. A wave-size macro
// chosen by a device-only test (64 under '__GFX9__', 32 in the '#else') is
// right in device code, but a host-only function that uses it (a host
// template sizing a launch here) is compiled by the host pass, which defines
// no gfx macro and takes the '#else': it works with 32 lanes on gfx942. The
// device pass reports such a use in the words of the host pass, so a run of
// both passes reports it once.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection
#include <hip/hip_runtime.h>

#ifdef __GFX9__
#define TILE_WAVE_LANES 64
#else
#define TILE_WAVE_LANES 32
#endif

// Same value in both branches: nothing to get wrong.
#if defined(__GFX9__)
#define SAME_WAVE_SIZE 64
#else
#define SAME_WAVE_SIZE 64
#endif

// A test of a wave32 target: on gfx942 device and host both take the
// '#else', so both see 64.
#if defined(__gfx1100__)
#define RDNA_WARP_SIZE 32
#else
#define RDNA_WARP_SIZE 64
#endif

__global__ void scaleRows(float *data, int rowsPerWave) {
  // Device code: 64 on gfx942, right.
  int lane = threadIdx.x % TILE_WAVE_LANES;
  data[blockIdx.x * TILE_WAVE_LANES + lane] *= float(rowsPerWave);
}

template <typename T>
void launchScale(T *data, int n) {
  int blocks = n / 256;
  if (TILE_WAVE_LANES == 64)
// CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'TILE_WAVE_LANES' resolves to 32 in the host pass, where no __gfx*__ macro is defined, so this host code assumes 32-lane wavefronts, but gfx942 wavefronts have 64 lanes: the #ifdef at line 11 tests '__GFX9__', which only the device pass defines [wave64-warp-size-detection]
    blocks = n / 512;
  int perWave = 256 / SAME_WAVE_SIZE + 256 / RDNA_WARP_SIZE;
  hipLaunchKernelGGL(scaleRows, dim3(blocks), dim3(256), 0, 0, data, perWave);
}

template void launchScale<float>(float *, int);
