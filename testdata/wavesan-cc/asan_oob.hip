// wavesan-cc test program for -fsanitize=address (tests/sanitizer/CcTest.cpp). `./oob global`
// stores one past a hipMalloc'd buffer (line 16); `./oob shared` one past the block's dynamic
// shared memory (HIP_DYNAMIC_SHARED, 256 bytes; line 25); `./oob odd` one past 100 ints (400
// bytes, not a multiple of hipMalloc's 256-byte alignment; line 32); `./oob none` stays in bounds.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

constexpr int N = 256;

__global__ void store_global(int *out, int extra) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) out[i] = i;
  if (i == 0 && extra)
    out[N] = -1; // line 16: one past the end of the buffer
}

__global__ void store_shared(int *out, int extra) {
  HIP_DYNAMIC_SHARED(int, tile); // 64 ints: the launch's shmem
  int t = threadIdx.x;
  tile[t] = t;
  __syncthreads();
  if (t == 0 && extra)
    tile[64] = -1; // line 25: one past the end of the dynamic shared memory
  out[blockIdx.x * blockDim.x + t] = tile[63 - t];
}

__global__ void store_odd(int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0)
    out[100] = -1; // line 32: one past a 100-int buffer, a granule-aligned byte (400)
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "none";
  int *d = nullptr;
  if (hipMalloc(&d, N * sizeof(int)) != hipSuccess)
    return 2;
  if (std::strcmp(mode, "odd") == 0) {
    int *small = nullptr;
    if (hipMalloc(&small, 100 * sizeof(int)) != hipSuccess)
      return 2;
    hipLaunchKernelGGL(store_odd, dim3(1), dim3(64), 0, 0, small);
    hipFree(small);
  }
  bool shared = std::strcmp(mode, "shared") == 0;
  int extra = std::strcmp(mode, "none") != 0;
  if (shared)
    hipLaunchKernelGGL(store_shared, dim3(N / 64), dim3(64), 64 * sizeof(int), 0, d, extra);
  else
    hipLaunchKernelGGL(store_global, dim3(N / 64), dim3(64), 0, 0, d, extra);
  if (hipDeviceSynchronize() != hipSuccess)
    return 3;
  hipFree(d);
  std::printf("ok\n");
  return 0;
}
