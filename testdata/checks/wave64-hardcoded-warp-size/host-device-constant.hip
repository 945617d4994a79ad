// Aspect: in '__host__ __device__' functions (and constexpr functions, which
// clang makes host-device implicitly) the fix-it writes the constant wave size,
// not 'warpSize': warpSize is device-only in ROCm 7, so 'tid % warpSize' would
// not compile in the host pass. A macro used there is fixed to the constant too.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define WARP_SIZE 32
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'WARP_SIZE' defines the wavefront size as 32 and is used as a lane index [wave64-hardcoded-warp-size]

__host__ __device__ int lane_of(int tid) { return tid % 32; }
// CHECK-MESSAGES: :[[@LINE-1]]:57: warning: lane index computed with 32 ('tid % 32') [wave64-hardcoded-warp-size]

__host__ __device__ inline int lane_mask_of(int tid) { return tid & 31; }
// CHECK-MESSAGES: :[[@LINE-1]]:69: warning: lane index computed with 32 ('tid & 31') [wave64-hardcoded-warp-size]

__device__ __host__ int warp_of(int tid) { return tid >> 5; }
// CHECK-MESSAGES: :[[@LINE-1]]:58: warning: warp id computed with 32 ('tid >> 5') [wave64-hardcoded-warp-size]

constexpr int warp_index(int tid) { return tid / 32; }
// CHECK-MESSAGES: :[[@LINE-1]]:50: warning: warp id computed with 32 ('tid / 32') [wave64-hardcoded-warp-size]

__host__ __device__ int lane_in_warp(unsigned tid) { return tid % WARP_SIZE; }

// Device-only code keeps warpSize.
__device__ int device_lane(int tid) { return tid % 32; }
// CHECK-MESSAGES: :[[@LINE-1]]:52: warning: lane index computed with 32 ('tid % 32') [wave64-hardcoded-warp-size]

__global__ void use(int *out) {
  int t = threadIdx.x;
  out[t] = lane_of(t) + lane_mask_of(t) + warp_of(t) + warp_index(t) + device_lane(t) +
           lane_in_warp(t) + (__ballot(t == 0) != 0);
}
