// Aspect: unrolled halving ladders (consecutive shuffles with constant offsets
// 16, 8, 4, 2, 1) over the full wavefront, in helpers whose results a kernel
// takes once per 64-lane wavefront.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

__device__ float blockPartial(float x) {
  x += __shfl_xor(x, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: shuffle reduction starts at offset 16 and never folds lanes 32-63 [wave64-partial-reduction]
  x += __shfl_xor(x, 8);
  x += __shfl_xor(x, 4);
  x += __shfl_xor(x, 2);
  x += __shfl_xor(x, 1);
  return x;
}

__device__ int minOfWave(int m) {
  int other = __shfl_down(m, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: shuffle reduction starts at offset 16 and never folds lanes 32-63 [wave64-partial-reduction]
  m = min(m, other);
  other = __shfl_down(m, 8);
  m = min(m, other);
  other = __shfl_down(m, 4);
  m = min(m, other);
  other = __shfl_down(m, 2);
  m = min(m, other);
  other = __shfl_down(m, 1);
  m = min(m, other);
  return m;
}

// Two values reduced side by side: each ladder is seen on its own.
__device__ void meanAndSquares(float &s, float &q) {
  s += __shfl_down(s, 16); q += __shfl_down(q, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: shuffle reduction starts at offset 16 and never folds lanes 32-63 [wave64-partial-reduction]
  // CHECK-MESSAGES: :[[@LINE-2]]:48: warning: shuffle reduction starts at offset 16 and never folds lanes 32-63 [wave64-partial-reduction]
  s += __shfl_down(s, 8);  q += __shfl_down(q, 8);
  s += __shfl_down(s, 4);  q += __shfl_down(q, 4);
  s += __shfl_down(s, 2);  q += __shfl_down(q, 2);
  s += __shfl_down(s, 1);  q += __shfl_down(q, 1);
}

// The first step's result lands in a new variable: no fix-it, still flagged.
__device__ float chained(float a) {
  float b = a + __shfl_xor(a, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: shuffle reduction starts at offset 16 and never folds lanes 32-63 [wave64-partial-reduction]
  float c = b + __shfl_xor(b, 8);
  float d = c + __shfl_xor(c, 4);
  float e = d + __shfl_xor(d, 2);
  return e + __shfl_xor(e, 1);
}

__device__ float peak(float y) {
  y = fmaxf(y, __shfl_xor(y, 16));
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: shuffle reduction starts at offset 16 and never folds lanes 32-63 [wave64-partial-reduction]
  y = fmaxf(y, __shfl_xor(y, 8));
  y = fmaxf(y, __shfl_xor(y, 4));
  y = fmaxf(y, __shfl_xor(y, 2));
  y = fmaxf(y, __shfl_xor(y, 1));
  return y;
}

// Not flagged: a full 64-lane ladder, and one lone half swap.
__device__ float fullLadder(float y) {
  y += __shfl_xor(y, 32);
  y += __shfl_xor(y, 16);
  y += __shfl_xor(y, 8);
  return y;
}
__device__ float swapHalves(float z) { return __shfl_xor(z, 16); }

__global__ void perWave(const float *in, float *out) {
  float s = in[threadIdx.x], q = s * s;
  meanAndSquares(s, q);
  float v = blockPartial(s) + minOfWave(int(q)) + chained(s) + peak(q) + fullLadder(s) +
            swapHalves(q);
  const int wave = threadIdx.x / warpSize;
  if (threadIdx.x % warpSize == 0)
    out[blockIdx.x * 16 + wave] = v;
}
