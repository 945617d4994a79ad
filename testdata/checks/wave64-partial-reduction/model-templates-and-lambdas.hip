// Aspect (wave model): partial reductions written with templates and
// lambdas: a recursive template instantiated from 16, a width-generic helper
// called with 32 whose result is taken per wavefront through a lambda, and
// the same helper used by consistent 32-lane logical warps (correct).
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

template <int Offset> struct Fold {
  __device__ static float run(float v) {
    return Fold<Offset / 2>::run(v + __shfl_down(v, Offset));
  }
};
template <> struct Fold<0> {
  __device__ static float run(float v) { return v; }
};

template <int Width> __device__ float tileSum(float v) {
  for (int o = Width / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o, Width);
  return v;
}

__global__ void recursiveFold(const float *x, float *out) {
  __shared__ float part[16];
  float v = Fold<16>::run(x[threadIdx.x]);
  if (threadIdx.x % warpSize == 0)
    part[threadIdx.x / warpSize] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int w = 0; w < blockDim.x / warpSize; ++w)
      s += part[w];
    out[blockIdx.x] = s;
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: with 64-lane wavefronts the inputs of threads 32-63, 96-127, 160-191 a [wave64-partial-reduction]
  }
}

__global__ void tileAtCall(const float *x, float *out) {
  float v = tileSum<32>(x[threadIdx.x]);
  auto firstOfWave = [](unsigned t) { return t % warpSize == 0; };
  if (firstOfWave(threadIdx.x))
    atomicAdd(out, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: with 64-lane wavefronts the value stored here lacks the inputs of thre [wave64-partial-reduction]
}

// Not reported: 32-lane groups throughout (tid % 32, tid / 32, width 32) are
// what the wavefront computes too.
__global__ void logicalWarps(const float *x, float *out) {
  float v = tileSum<32>(x[threadIdx.x]);
  if (threadIdx.x % 32 == 0)
    out[threadIdx.x / 32] = v;
}
