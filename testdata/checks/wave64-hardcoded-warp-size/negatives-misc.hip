// Aspect (negative only): 32s that are not the wave size (sizes, block ids,
// products, data values), host code, and wave-size-correct code.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define WARP_SIZE_UNUSED 32

__global__ void scale(const int *keys, int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int chunks = n / 32;
  const int group = blockIdx.x % 32;
  const int bucket = keys[i] % 32;
  const int key = keys[i];
  int w = threadIdx.x * 32 + (key & 31);
  __shared__ float scratch[32];
  scratch[key & 31] = 1.0f;
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;
  const int waves = blockDim.x / warpSize;
  for (int k = lane; k < n; k += warpSize)
    w += __shfl_xor(k, 1) + (__ballot(k > 0) != 0);
  out[i] = chunks + group + bucket + w + wave + waves + (int)scratch[0];
}

// Host code: launch shapes and host-side arithmetic are not wave math.
int host_lane(int tid) { return tid % 32; }

hipError_t launch(const int *keys, int *out, int n) {
  dim3 block(32, 8);
  dim3 grid((n + 255) / 256);
  int warps_on_host = 256 / 32 + host_lane(n);
  hipLaunchKernelGGL(scale, grid, block, 0, 0, keys, out, n + warps_on_host * 0);
  return hipGetLastError();
}
