// wavesan-cc test input (Makefile project): multiplies each element by SCALE, a macro
// from the build line, in a kernel launched with hipLaunchKernelGGL.
#include <hip/hip_runtime.h>
#include "scale.h"

__global__ void scale(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= SCALE;
}

void scale_on_device(int *host, int n) {
  int *d = nullptr;
  hipMalloc(&d, n * sizeof(int));
  hipMemcpy(d, host, n * sizeof(int), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(scale, dim3((n + 63) / 64), dim3(64), 0, 0, d, n);
  hipMemcpy(host, d, n * sizeof(int), hipMemcpyDeviceToHost);
  hipFree(d);
}
