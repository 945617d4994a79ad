// wavesan-cc test input: code that picks its wave size and its path from the macros a
// HIP compiler predefines for the device pass. On gfx9 targets (wave 64) the kernel
// must store 64, the device path must be taken, and the target's own macro is set.
#include <hip/hip_runtime.h>

#include <cstdio>

#if defined(__GFX9__) || defined(__gfx90a__) || defined(__gfx942__) || defined(__gfx950__)
#define LANES 64
#else
#define LANES 32
#endif

__device__ int path() {
#if defined(__HIP_DEVICE_COMPILE__)
  return 1;
#else
  return 0;
#endif
}

__global__ void lanes(int *out) { out[threadIdx.x] = LANES * 10 + path(); }

int main() {
  int *d = nullptr;
  hipMalloc(&d, 64 * sizeof(int));
  lanes<<<1, 64>>>(d);
  int h = 0;
  hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
#if defined(__gfx90a__)
  const char *arch = "gfx90a";
#elif defined(__gfx942__)
  const char *arch = "gfx942";
#elif defined(__gfx950__)
  const char *arch = "gfx950";
#else
  const char *arch = "none";
#endif
  std::printf("%s %d %d\n", arch, h, N_FROM_BUILD_LINE);
  return 0;
}
