// Aspect: a 32-valued macro that is also used outside the roles reported
// (static_assert, #if, template argument, case label, host launch shape) gets
// no fix-it: changing it would change those uses too (a case label would
// match another value, the launch would get twice the threads). One that is
// only needed as a constant where it is reported (a __host__ __device__
// function) is fixed with the literal wave size, never warpSize; a macro
// shared with 32-lane logical warps gets no fix.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define WS_ASSERTED 32
// CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'WS_ASSERTED' defines the wavefront size as 32 and is used as a lane index [wave64-hardcoded-warp-size]
#define WS_IF 32
// CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'WS_IF' defines the wavefront size as 32 and is used as a warp id [wave64-hardcoded-warp-size]
#define WS_TEMPLATE (32)
// CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'WS_TEMPLATE' defines the wavefront size as 32 and is used as a lane index [wave64-hardcoded-warp-size]
#define WS_CASE 32u
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'WS_CASE' defines the wavefront size as 32 and is used as a warp id [wave64-hardcoded-warp-size]
#define WS_HOST 32
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'WS_HOST' defines the wavefront size as 32 and is used as a lane index [wave64-hardcoded-warp-size]
#define WS_SHARED 32
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'WS_SHARED' defines the wavefront size as 32 and is used as a lane index [wave64-hardcoded-warp-size]
#define WS_HD 32
// CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'WS_HD' defines the wavefront size as 32 and is used as a lane index [wave64-hardcoded-warp-size]

static_assert(256 % WS_ASSERTED == 0, "blocks hold whole warps");
#if WS_IF >= 32
#define LOG_WS 5
#endif

template <int N> __device__ int scaled(int v) { return v * N; }

__host__ __device__ int lane_of(int tid) { return tid % WS_HD; }

__global__ void uses(int *out, int sel) {
  int a = threadIdx.x % WS_ASSERTED;
  int b = threadIdx.x / WS_IF;
  int c = scaled<WS_TEMPLATE>(threadIdx.x % WS_TEMPLATE);
  int d = threadIdx.x / WS_CASE;
  switch (sel) {
  case WS_CASE:
    d += 1;
    break;
  default:
    break;
  }
  int e = threadIdx.x % WS_HOST;
  int f = threadIdx.x & (WS_SHARED - 1);
  out[threadIdx.x] = a + b + c + d + e + f + LOG_WS + lane_of(threadIdx.x) +
                     __popcll(__ballot(a == 0));
}

// 32-lane logical warps: every shuffle has width 32 and no vote is used.
__global__ void tiles32(float *out) {
  int lane = threadIdx.x % WS_SHARED;
  float v = out[threadIdx.x];
  v += __shfl_down(v, 1, WS_SHARED);
  if (lane == 0)
    out[threadIdx.x] = v;
}

hipError_t launch(int *out, int sel) {
  hipLaunchKernelGGL(uses, dim3(1), dim3(4 * WS_HOST), 0, 0, out, sel);
  return hipGetLastError();
}
