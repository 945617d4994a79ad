// wavesan-cc test program for memory faults that are reports (tests/sanitizer/CcTest.cpp).
// `./faults shared` runs a block of 65 threads that stores one int per thread into a
// static `__shared__ int tile[64]`: thread 64 writes tile[64], one past the end (line 15).
// `./faults double` frees one hipMalloc'd buffer twice; `./faults foreign` frees the
// address of a stack variable; `./faults interior` frees buf + 1. Each prints what hipFree
// returned and what the kernel computed, on stdout, which must survive the reports.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

__global__ void fill_tile(int *out) {
  __shared__ int tile[64];
  const int t = threadIdx.x;
  tile[t] = t + 1; // line 15: thread 64 writes tile[64]
  __syncthreads();
  if (t < 64)
    out[t] = tile[63 - t];
}

__global__ void fill_tile_in_bounds(int *out) {
  __shared__ int tile[64];
  const int t = threadIdx.x;
  tile[t] = t + 1;
  __syncthreads();
  out[t] = tile[63 - t];
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "none";
  int *d = nullptr;
  if (hipMalloc(&d, 64 * sizeof(int)) != hipSuccess)
    return 2;
  if (std::strcmp(mode, "shared") == 0 || std::strcmp(mode, "none") == 0) {
    if (std::strcmp(mode, "shared") == 0)
      hipLaunchKernelGGL(fill_tile, dim3(2), dim3(65), 0, 0, d);
    else
      hipLaunchKernelGGL(fill_tile_in_bounds, dim3(2), dim3(64), 0, 0, d);
    int h[64];
    hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
    std::printf("out[0] %d out[63] %d\n", h[0], h[63]); // tile[63] = 64, tile[0] = 1
    std::printf("free %s\n", hipGetErrorName(hipFree(d)));
    return 0;
  }
  if (std::strcmp(mode, "double") == 0) {
    std::printf("first %s\n", hipGetErrorName(hipFree(d)));
    std::printf("second %s\n", hipGetErrorName(hipFree(d)));
    std::printf("last error %s\n", hipGetErrorName(hipGetLastError()));
  } else if (std::strcmp(mode, "foreign") == 0) {
    int local = 0;
    std::printf("foreign %s\n", hipGetErrorName(hipFree(&local)));
    std::printf("free %s\n", hipGetErrorName(hipFree(d)));
  } else if (std::strcmp(mode, "interior") == 0) {
    std::printf("interior %s\n", hipGetErrorName(hipHostFree(d + 1)));
    std::printf("free %s\n", hipGetErrorName(hipFree(d)));
  }
  return 0;
}
