// Aspect: halving shuffle ladders written as loops that start at offset 16 over
// the full wavefront (xor and down, '/= 2' and '>>= 1', a WARP_SIZE / 2 start),
// whose result is taken once per 64-lane wavefront (lane 0 of each wavefront).
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

#define WARP_SIZE 32

__global__ void rowSumXor(const float *in, float *out) {
  float acc = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int stride = 16; stride > 0; stride /= 2)
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: shuffle reduction starts at offset 16 and never folds lanes 32-63 [wave64-partial-reduction]
    acc += __shfl_xor(acc, stride);
  if (threadIdx.x % warpSize == 0)
    out[blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize] = acc;
}

__global__ void rowMaxDown(const float *in, float *out) {
  float best = in[blockIdx.x * blockDim.x + threadIdx.x];
#pragma unroll
  for (unsigned delta = 16; delta >= 1; delta >>= 1)
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: shuffle reduction starts at offset 16 and never folds lanes 32-63 [wave64-partial-reduction]
    best = fmaxf(best, __shfl_down(best, delta));
  if (__lane_id() == 0)
    out[blockIdx.x] = best;
}

__device__ int countVotes(int vote) {
  for (int hop = WARP_SIZE / 2; hop != 0; hop = hop >> 1) {
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: shuffle reduction starts at offset 16 and never folds lanes 32-63 [wave64-partial-reduction]
    vote += __shfl_down(vote, hop, warpSize);
  }
  return vote;
}

template <typename T> __device__ T waveSum(T value) {
  int step;
  for (step = 16; step > 0; step /= 2)
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: shuffle reduction starts at offset 16 and never folds lanes 32-63 [wave64-partial-reduction]
    value += __shfl_xor(value, step);
  return value;
}

template __device__ float waveSum<float>(float);

// Not flagged: the ladder already starts at half the wavefront.
__device__ float waveSumPortable(float value) {
  for (int step = warpSize / 2; step > 0; step /= 2)
    value += __shfl_xor(value, step);
  return value;
}

// The helpers above, used per wavefront.
__global__ void perWave(const int *votes, const float *in, float *out) {
  float v = waveSum(in[threadIdx.x]) + countVotes(votes[threadIdx.x]) + waveSumPortable(1.0f);
  if (threadIdx.x % warpSize == 0)
    out[threadIdx.x / warpSize] = v;
}
