// Aspect: the 32 of a 32-lane warp reached through a lambda (whatever its
// parameter is called), a struct field (a constexpr configuration or a field
// assigned once) and a function-like macro, in kernels whose leader lanes
// each count a 64-lane ballot: both group leaders (lanes 0 and 32) add the
// same count. Not reported: the same code with no wave-wide operation, and a
// field of 32 that is not used as a warp size.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

__global__ void countLambda(const float *x, unsigned long long *out) {
  auto laneOf = [](unsigned t) { return t % 32; };
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: lane index computed with 32 ('t % 32') [wave64-hardcoded-warp-size]
  unsigned long long hits = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 0.0f);
  if (laneOf(threadIdx.x) == 0)
    atomicAdd(out, (unsigned long long)__popcll(hits));
}

struct WarpShape {
  int lanes;
  int rows;
};
constexpr WarpShape kShape{32, 4};
// CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'lanes' defines the wavefront size as 32 and is used as a lane index; wavefronts have 64 lanes on this target [wave64-hardcoded-warp-size]

__global__ void countConstexprField(const float *x, unsigned long long *out) {
  int lane = threadIdx.x % kShape.lanes;
  unsigned long long hits = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 0.0f);
  if (lane == 0 && blockIdx.x < kShape.rows)
    atomicAdd(out, (unsigned long long)__popcll(hits));
}

struct Config {
  int warp;
  int scale;
};

__global__ void countAssignedField(const float *x, unsigned long long *out) {
  Config cfg;
  cfg.warp = 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'warp' defines the wavefront size as 32 and is used as a warp id; wavefronts have 64 lanes on this target [wave64-hardcoded-warp-size]
  cfg.scale = 2;
  int group = threadIdx.x / cfg.warp;
  unsigned long long hits = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 0.0f);
  out[blockIdx.x * 64 + group] = hits * cfg.scale;
}

#define GROUP_LANE(t) ((t) & 31)
__global__ void countMacro(const float *x, unsigned long long *out) {
  unsigned long long hits = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 0.0f);
  if (GROUP_LANE(threadIdx.x) == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lane index computed with 32 ('GROUP_LANE(threadIdx.x)') [wave64-hardcoded-warp-size]
    atomicAdd(out, (unsigned long long)__popcll(hits));
}

// Not reported: 32-lane groups through a lambda, with no wave-wide operation.
__global__ void groupSumLambda(const float *x, float *y) {
  auto groupOf = [](unsigned any) { return any / 32; };
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor(v, o, 32);
  if (threadIdx.x % 32 == 0)
    y[blockIdx.x * (blockDim.x / 32) + groupOf(threadIdx.x)] = v;
}

// Not reported: a field of 32 that is a count of columns, not lanes.
__global__ void columns(const float *x, float *y) {
  Config cfg;
  cfg.warp = 32;
  cfg.scale = 1;
  int col = blockIdx.x % cfg.warp;
  y[blockIdx.x] = x[col] * cfg.scale;
}
