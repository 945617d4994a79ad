// Aspect: shuffle width 32 in functions that also use the full wavefront (a
// ballot, or a shuffle without a width), directly or through a callee.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

// No kernel calls this helper: the wave model cannot run it, so the finding
// has no fix-it.
__device__ float pair_sum(float v) {
  v += __shfl_xor(v, 1, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: shuffle width 32 splits the 64-lane wavefront into two independent halves [wave64-hardcoded-warp-size]
  return __shfl(v, 0);
}

__global__ void vote_then_broadcast(const int *flags, int *out) {
  int f = flags[blockIdx.x * blockDim.x + threadIdx.x];
  unsigned long long any = __ballot(f != 0);
  int leader = __shfl(f, 0, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: shuffle width 32 splits the 64-lane wavefront into two independent halves [wave64-hardcoded-warp-size]
  out[blockIdx.x] = leader + (int)(any != 0);
}

// A width-32 helper is a consistent logical warp by itself, but a caller that
// also votes over the whole wavefront mixes the two sizes: reported in both.
__device__ int broadcast32(int v) { return __shfl(v, 0, 32); }
// CHECK-MESSAGES: :[[@LINE-1]]:57: warning: shuffle width 32 splits the 64-lane wavefront into two independent halves [wave64-hardcoded-warp-size]

__global__ void caller_votes(const int *flags, int *out) {
  int f = flags[threadIdx.x];
  int b = broadcast32(f) + __shfl_down(f, 1, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: shuffle width 32 splits the 64-lane wavefront into two independent halves [wave64-hardcoded-warp-size]
  out[threadIdx.x] = b + __any(f);
}

// Widths other than 32 are not this check's business.
__global__ void narrow(int *out) {
  int v = out[threadIdx.x];
  out[threadIdx.x] = __shfl_xor(v, 1, 16) + __shfl_xor(v, 1, warpSize) + (__ballot(v) != 0);
}
