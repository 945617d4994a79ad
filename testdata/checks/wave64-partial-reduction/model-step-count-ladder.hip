// Aspect (wave model): a shuffle ladder whose offsets come from a step
// count, `1 << s` for s < 5, folds 32 lanes; the value taken once per 64-lane
// wavefront lacks lanes 32-63. The AST tier sees no literal 16 here; the model
// runs the kernel at wave 32 and wave 64 and compares what reaches memory.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

__global__ void rowSums(const float *x, float *y) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int s = 0; s < 5; ++s)
    v += __shfl_xor(v, 1 << s);
  if (threadIdx.x % warpSize == 0)
    y[blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: with 64-lane wavefronts the inputs of threads 32-63, 96-127, 160-191 a [wave64-partial-reduction]
}

// Not reported: the step count is bounded by the wavefront, every lane is
// folded, and the per-wavefront output is indexed by the wavefront.
__global__ void rowSumsWave(const float *x, float *y) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int s = 0; (1 << s) < warpSize; ++s)
    v += __shfl_xor(v, 1 << s);
  if (threadIdx.x % warpSize == 0)
    y[blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize] = v;
}
