// Aspect (negative): the C++ forms done right: a constexpr function and a
// trait whose gfx lists name gfx942 and gfx950; device-only macros (also
// an '#ifndef' fallback) used in device code only; the host sizing its
// launch from hipDeviceProp_t::warpSize and hipDeviceAttributeWarpSize,
// copied into a host constant. Silent for gfx942 and gfx950, both passes.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection --offload-arch=gfx942 --offload-arch=gfx950 --passes=host,device
#include <hip/hip_runtime.h>

__host__ __device__ constexpr int waveSizeForArch() {
#if defined(__gfx90a__) || defined(__gfx942__) || defined(__gfx950__)
  return 64;
#else
  return 32;
#endif
}

struct ArchTraits {
#if defined(__gfx90a__) || defined(__gfx942__) || defined(__gfx950__)
  static constexpr bool kWave64 = true;
#else
  static constexpr bool kWave64 = false;
#endif
};

__global__ void laneSums(const float *in, float *out) {
  constexpr int kWarpSize = waveSizeForArch();
  constexpr int WARP_THREADS = ArchTraits::kWave64 ? 64 : 32;
  int lane = threadIdx.x % kWarpSize;
  float v = in[threadIdx.x];
  for (int off = WARP_THREADS / 2; off > 0; off /= 2)
    v += __shfl_down(v, off);
  if (lane == 0)
    out[threadIdx.x / kWarpSize] = v;
}

#ifdef __HIP_DEVICE_COMPILE__
#define DEV_WARP_SIZE 64
#else
#define DEV_WARP_SIZE 1
#endif
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

int launchScale(float *out, int n) {
  hipDeviceProp_t prop;
  if (hipGetDeviceProperties(&prop, 0) != hipSuccess)
    return -1;
  int lanes = 0;
  hipDeviceGetAttribute(&lanes, hipDeviceAttributeWarpSize, 0);
  const int hostWave = prop.warpSize;
  dim3 block(4 * hostWave);
  dim3 grid((n + lanes - 1) / lanes);
  hipLaunchKernelGGL(scale, grid, block, 0, 0, out, n);
  return 0;
}

// A log2 of the wave size chosen by the device pass: not a wave size, even
// if host code reads it.
#if defined(__HIP_DEVICE_COMPILE__) && defined(__GFX9__)
#define WARP_SIZE_LOG2 6
#else
#define WARP_SIZE_LOG2 5
#endif
int hostShift(int n) { return n >> WARP_SIZE_LOG2; }
