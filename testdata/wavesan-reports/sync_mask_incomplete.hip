// wavesan report golden: a CUDA-style full mask 0xffffffff passed to __shfl_down_sync while
// all 64 lanes of the wave are active (sync-mask-incomplete, rule wave64-lane-mask-width).
#include <hip/hip_runtime.h>

__device__ int wave_sum(int v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void reduce(const int *in, int *out) {
  int v = wave_sum(in[threadIdx.x]);
  if (threadIdx.x == 0)
    *out = v;
}

int main() {
  int *in = nullptr, *out = nullptr;
  hipMalloc(&in, 64 * sizeof(int));
  hipMalloc(&out, sizeof(int));
  hipMemset(in, 0, 64 * sizeof(int));
  hipLaunchKernelGGL(reduce, dim3(1), dim3(64), 0, 0, in, out);
  hipFree(in);
  hipFree(out);
  return 0;
}
