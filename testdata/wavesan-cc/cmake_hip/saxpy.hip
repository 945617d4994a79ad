// wavesan-cc test input (CMake HIP project): y = a * x + y over 1000 elements with a
// grid-stride loop, launched with the triple-chevron syntax; reports the target the code
// was compiled for, from the compiler's predefined macros.
#include <hip/hip_runtime.h>

void report(const float *y, int n, const char *arch);

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1000;
  float hx[n], hy[n];
  for (int i = 0; i < n; ++i) {
    hx[i] = float(i);
    hy[i] = 1.0f;
  }
  float *x = nullptr, *y = nullptr;
  hipMalloc(&x, sizeof hx);
  hipMalloc(&y, sizeof hy);
  hipMemcpy(x, hx, sizeof hx, hipMemcpyHostToDevice);
  hipMemcpy(y, hy, sizeof hy, hipMemcpyHostToDevice);
  saxpy<<<4, 64>>>(n, 2.0f, x, y);
  hipMemcpy(hy, y, sizeof hy, hipMemcpyDeviceToHost);
#if defined(__gfx942__)
  report(hy, n, "gfx942");
#else
  report(hy, n, "other");
#endif
  return 0;
}
