// wavesan-cc test program for memory faults that are reports (tests/sanitizer/CcTest.cpp).
// `./faults shared` runs a block of 65 threads that stores one int per thread into a
// static `__shared__ int tile[64]`: thread 64 writes tile[64], one past the end (line 21;
// the array is declared at line 19).
// `./faults double` frees one hipMalloc'd buffer twice; `./faults foreign` frees the
// address of a stack variable; `./faults interior` frees buf + 1. Each prints what hipFree
// returned and what the kernel computed, on stdout, which must survive the reports.
// `./faults variants` checks declarations wavesan-cc rewrites or leaves alone (in bounds):
// a `static __shared__` 2-D array with a template extent, and two arrays in one
// declaration (left thread_local). tile[y][x] = t for t = 8y + x; thread t reads
// tile[x][y] = 8x + y, plus a[t] + b[t] = 3 for t < 4: out[0] = 3, out[1] = 8 + 3 = 11,
// out[10] = 17; sizeof(tile) = 8 * 9 * 4 = 288.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

__global__ void fill_tile(int *out) {
  __shared__ int tile[64];
  const int t = threadIdx.x;
  tile[t] = t + 1; // line 21: thread 64 writes tile[64]
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

template <int N> __global__ void transpose_tile(int *out, int *size) {
  static __shared__ float tile[N][N + 1];
  __shared__ int a[4], b[4];
  const int t = threadIdx.x, x = t % N, y = t / N;
  tile[y][x] = float(t);
  if (t < 4) {
    a[t] = 1;
    b[t] = 2;
  }
  __syncthreads();
  out[t] = int(tile[x][y]) + (t < 4 ? a[t] + b[t] : 0);
  if (t == 0)
    *size = int(sizeof(tile));
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
  if (std::strcmp(mode, "variants") == 0) {
    hipLaunchKernelGGL(transpose_tile<8>, dim3(3), dim3(64), 0, 0, d, d + 63);
    int h[64];
    hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
    std::printf("variants %d %d %d size %d\n", h[0], h[1], h[10], h[63]);
  } else if (std::strcmp(mode, "double") == 0) {
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
