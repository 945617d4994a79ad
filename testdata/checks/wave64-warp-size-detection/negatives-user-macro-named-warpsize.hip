// Aspect (negative only): a project that defines its own macro named
// 'warpSize' (a CUDA-era shim, here 32 for 32-lane logical warps). Every
// later 'warpSize' is that macro, a literal, not HIP's variable: a subscript
// or a comparison with it is no ROCm 7 constant-context problem, and host
// code may use it. Whether 32 is the right group size is another rule's
// question (wave64-hardcoded-warp-size).
// RUN-ARGS: --checks=-*,wave64-warp-size-detection
#include <hip/hip_runtime.h>

#define warpSize 32

template <int N> __device__ int scaled(int v) { return v * N; }

__global__ void gather(const unsigned *in, unsigned *s_data, unsigned *out, int rows) {
  const int lane = threadIdx.x % warpSize;
  const int warp = threadIdx.x / warpSize;
  unsigned *stack = &s_data[rows * warpSize];
  __shared__ unsigned partial[warpSize];
  partial[lane] = in[threadIdx.x];
  __syncthreads();
  unsigned v = (threadIdx.x < blockDim.x / warpSize) ? partial[lane] : 0;
  stack[lane] = v + scaled<warpSize>(warp);
  out[threadIdx.x] = stack[lane];
}

int host_groups(int threads) { return (threads + warpSize - 1) / warpSize; }
