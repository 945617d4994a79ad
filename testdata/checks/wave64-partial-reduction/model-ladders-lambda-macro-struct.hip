// Aspect (wave model): 32-lane ladders whose offsets the AST tier cannot
// read as written, with the result taken once per 64-lane wavefront: a step
// count in a lambda, a macro expanded five times, a width-generic helper
// called with 32 and no shuffle width, a half-width read from a struct
// field, and a 1024-thread block. Lanes 32-63 never reach the stored value.
// Not reported: the same ladders in consistent 32-lane groups.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

__global__ void stepsInLambda(const float *x, float *y) {
  auto fold = [](float v) {
    for (int s = 0; s < 5; ++s)
      v += __shfl_xor(v, 1 << s);
    return v;
  };
  float v = fold(x[blockIdx.x * blockDim.x + threadIdx.x]);
  int lane = threadIdx.x % warpSize;
  if (lane == 0)
    atomicAdd(y + blockIdx.x, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: with 64-lane wavefronts the value stored here lacks the inputs of threads 32-63, 96-127, 160-191 and 224-255 [wave64-partial-reduction]
}

#define XOR_STEP(v, s) v += __shfl_xor(v, 1 << (s))
__global__ void stepsInMacro(const float *x, float *y) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  XOR_STEP(v, 0);
  XOR_STEP(v, 1);
  XOR_STEP(v, 2);
  XOR_STEP(v, 3);
  XOR_STEP(v, 4);
  if (threadIdx.x % warpSize == 0)
    y[blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: with 64-lane wavefronts the inputs of threads 32-63, 96-127, 160-191 and 224-255 are read but reach no store to global memory [wave64-partial-reduction]
}

template <int W> __device__ float groupSum(float v) {
  for (int o = W / 2; o > 0; o /= 2)
    v += __shfl_down(v, o);
  return v;
}

__global__ void helperWithoutWidth(const float *x, float *y) {
  float v = groupSum<32>(x[blockIdx.x * blockDim.x + threadIdx.x]);
  const int wave = threadIdx.x / warpSize;
  if (threadIdx.x % warpSize == 0)
    y[blockIdx.x * (blockDim.x / warpSize) + wave] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: with 64-lane wavefronts the inputs of threads 32-63, 96-127, 160-191 and 224-255 are read but reach no store to global memory [wave64-partial-reduction]
}

struct Ladder {
  int lanes;
};

__global__ void halfFromField(const float *x, float *y) {
  Ladder cfg;
  cfg.lanes = 32;
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = cfg.lanes / 2; o > 0; o /= 2)
    v += __shfl_down(v, o);
  if (__lane_id() == 0)
    y[blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: with 64-lane wavefronts the inputs of threads 32-63, 96-127, 160-191 and 224-255 are read but reach no store to global memory [wave64-partial-reduction]
}

__global__ void __launch_bounds__(1024) largeBlock(const float *x, float *y) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int s = 0; s < 5; ++s)
    v += __shfl_xor(v, 1 << s);
  if (threadIdx.x % warpSize == 0)
    atomicAdd(y, v);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: with 64-lane wavefronts the value stored here lacks the inputs of threads 32-63 [wave64-partial-reduction]
}

// Not reported: one leader per 32-lane group, and outputs indexed by group.
__global__ void stepsInGroups(const float *x, float *y) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int s = 0; s < 5; ++s)
    v += __shfl_xor(v, 1 << s);
  if (threadIdx.x % 32 == 0)
    y[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = v;
}

__global__ void helperInGroups(const float *x, float *y) {
  float v = groupSum<32>(x[blockIdx.x * blockDim.x + threadIdx.x]);
  if ((threadIdx.x & 31) == 0)
    y[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = v;
}
