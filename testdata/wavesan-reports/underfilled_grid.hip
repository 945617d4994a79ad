// wavesan report golden, run with report_underfilled_grid=1 (else silent): 4 blocks on a 304-CU
// gfx942 get the launch-underfilled-grid note (no SUMMARY, exit 0), 304 blocks none. The kernel
// is a template launched through hipify's HIP_KERNEL_NAME(...): the note names "scale<float, 2>".
#include <hip/hip_runtime.h>

template <class T, int N> __global__ void scale(T *data) {
  data[blockIdx.x * blockDim.x + threadIdx.x] *= T(N);
}

int main() {
  float *data = nullptr;
  hipMalloc(&data, 304 * 64 * sizeof(float));
  hipMemset(data, 0, 304 * 64 * sizeof(float));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<float, 2>), dim3(4), dim3(64), 0, 0, data);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<float, 2>), dim3(304), dim3(64), 0, 0, data);
  hipFree(data);
  return 0;
}
