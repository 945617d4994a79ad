// Aspect: 'warpSize' read in host code, e.g. to size a launch. ROCm 7 made it
// device-only; before, the host always saw 64, even for wave32 targets.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection --passes=host,device
#include <hip/hip_runtime.h>

__global__ void squares(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i * i + threadIdx.x % warpSize;
}

int wavesFor(int n) {
  return (n + warpSize - 1) / warpSize;
// CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'warpSize' read in host code: since ROCm 7 it exists in device code only, and before that the host saw 64 even for wave32 targets; query hipDeviceProp_t::warpSize or hipDeviceGetAttribute(hipDeviceAttributeWarpSize) on the host [wave64-warp-size-detection]
// CHECK-MESSAGES: :[[@LINE-2]]:31: warning: 'warpSize' read in host code [wave64-warp-size-detection]
}

void launchSquares(int *out, int n) {
  hipLaunchKernelGGL(squares, dim3(wavesFor(n)), dim3(warpSize), 0, 0, out, n);
// CHECK-MESSAGES: :[[@LINE-1]]:55: warning: 'warpSize' read in host code [wave64-warp-size-detection]
}
