// wavesan-cc test program for compare_wave_sizes=1 (tests/sanitizer/CcWaveDiffTest.cpp).
// One block of 64 threads sums x[i] = i + 1 (i = 0..63, total 2080) with a shuffle ladder;
// lane 0 of each wave adds its wave's sum to out[0], and the program prints out[0].
//   ./diff ladder16   the ladder starts at offset 16 (written for 32-lane warps): lane 0
//                     of a wave ends with the sum of its wave's lanes 0-31. At wave 32 the
//                     two waves add 1 + ... + 32 = 528 and 33 + ... + 64 = 1552: 2080. At
//                     wave 64 the one wave adds 528: lanes 32-63 are lost.
//   ./diff full       the ladder starts at warpSize / 2: 2080 at both wave sizes.
//   ./diff float      ladder16 in float on x[i] = 0.5 * (i + 1): 1040 at wave 32, 264 at 64.
//   ./diff bcast31    out[t] = __shfl(t, 31), "the last lane of the warp": at wave 32 lanes
//                     0-31 get 31 and lanes 32-63 (the second wave) get 63; at wave 64 all
//                     get 31: elements 32-63 differ (63 vs 31). Prints out[40].
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

__global__ void sum_from_16(const int *x, int *out) {
  int v = x[threadIdx.x];
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down(v, off);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(out, v);
}

__global__ void sum_full(const int *x, int *out) {
  int v = x[threadIdx.x];
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_down(v, off);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(out, v);
}

__global__ void sum_from_16_float(const float *x, float *out) {
  float v = x[threadIdx.x];
  for (int off = 16; off > 0; off /= 2)
    v += __shfl_down(v, off);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(out, v);
}

__global__ void broadcast_31(int *out) {
  out[threadIdx.x] = __shfl(static_cast<int>(threadIdx.x), 31);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "full";
  if (std::strcmp(mode, "float") == 0) {
    float h[64];
    for (int i = 0; i < 64; ++i)
      h[i] = 0.5f * (i + 1);
    float *x = nullptr, *out = nullptr;
    hipMalloc(&x, sizeof h);
    hipMalloc(&out, sizeof(float));
    hipMemcpy(x, h, sizeof h, hipMemcpyHostToDevice);
    hipMemset(out, 0, sizeof(float));
    hipLaunchKernelGGL(sum_from_16_float, dim3(1), dim3(64), 0, 0, x, out);
    float r = 0;
    hipMemcpy(&r, out, sizeof r, hipMemcpyDeviceToHost);
    std::printf("out %g\n", r);
    return 0;
  }
  if (std::strcmp(mode, "bcast31") == 0) {
    int *out = nullptr;
    hipMalloc(&out, 64 * sizeof(int));
    hipLaunchKernelGGL(broadcast_31, dim3(1), dim3(64), 0, 0, out);
    int r[64];
    hipMemcpy(r, out, sizeof r, hipMemcpyDeviceToHost);
    std::printf("out[40] %d\n", r[40]);
    return 0;
  }
  int h[64];
  for (int i = 0; i < 64; ++i)
    h[i] = i + 1;
  int *x = nullptr, *out = nullptr;
  hipMalloc(&x, sizeof h);
  hipMalloc(&out, sizeof(int));
  hipMemcpy(x, h, sizeof h, hipMemcpyHostToDevice);
  hipMemset(out, 0, sizeof(int));
  if (std::strcmp(mode, "ladder16") == 0)
    hipLaunchKernelGGL(sum_from_16, dim3(1), dim3(64), 0, 0, x, out);
  else
    sum_full<<<1, 64>>>(x, out);
  int r = 0;
  hipMemcpy(&r, out, sizeof r, hipMemcpyDeviceToHost);
  std::printf("out %d\n", r);
  hipFree(x);
  hipFree(out);
  return 0;
}
