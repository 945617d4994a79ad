// Aspect (negative): the right ways to get the wave size: 'warpSize' at run time
// in device code, hipDeviceProp_t::warpSize and hipDeviceGetAttribute on the
// host, and a '__GFX9__' constant used in device code only.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection --passes=host,device
#include <hip/hip_runtime.h>

#if defined(__GFX9__)
#define DEVICE_WAVE_SIZE 64
#else
#define DEVICE_WAVE_SIZE 32
#endif

// Right on every AMD target in both passes: 64 on this wave64 target.
#ifdef __HIP_PLATFORM_AMD__
#define PLATFORM_WARP_SIZE 64
#else
#define PLATFORM_WARP_SIZE 32
#endif

// Not chosen by an arch test: wave64-hardcoded-warp-size's business.
#define CUDA_WARP_SIZE 32

__device__ float waveSum(float v) {
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_xor(v, off);
  return v;
}

__global__ void sums(const float *in, float *out) {
  __shared__ float partial[DEVICE_WAVE_SIZE];
  int lane = threadIdx.x % warpSize;
  int wave = threadIdx.x / warpSize;
  float v = waveSum(in[blockIdx.x * blockDim.x + threadIdx.x]);
  if (lane == 0)
    partial[wave % DEVICE_WAVE_SIZE] = v;
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0] + PLATFORM_WARP_SIZE + CUDA_WARP_SIZE;
}

int launchSums(const float *in, float *out, int n) {
  hipDeviceProp_t prop;
  if (hipGetDeviceProperties(&prop, 0) != hipSuccess)
    return -1;
  int attr = 0;
  hipDeviceGetAttribute(&attr, hipDeviceAttributeWarpSize, 0);
  int warpSize = prop.warpSize; // a host variable of the same name
  int block = 4 * warpSize + 0 * attr;
  int grid = (n + block - 1) / block;
  hipLaunchKernelGGL(sums, dim3(grid), dim3(block), 0, 0, in, out);
  return grid * PLATFORM_WARP_SIZE;
}
