// Aspect: lane 31 taken as the last lane of the wavefront, by a broadcast of
// a scan total and by a "last lane writes" guard.
// RUN-ARGS: --checks=-*,wave64-partial-reduction
#include <hip/hip_runtime.h>

#define WARP_SIZE 32

__global__ void blockScan(float *data) {
  __shared__ float warpTotals[16];
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / warpSize;
  float v = data[threadIdx.x];
  for (int d = 1; d < warpSize; d *= 2) {
    float t = __shfl_up(v, d);
    if (lane >= d)
      v += t;
  }
  if (lane == 31)
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: lane 31 is not the last lane of the 64-lane wavefront [wave64-partial-reduction]
    warpTotals[warp] = v;
  __syncthreads();
  float total = __shfl(v, 31);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: '__shfl' from lane 31 reads the middle of the 64-lane wavefront [wave64-partial-reduction]
  data[threadIdx.x] = v + total * 0.0f + warpTotals[0];
}

// No kernel calls this helper: the wave model cannot run it, so its findings
// have no fix-it.
__device__ int carryOut(int x) {
  unsigned laneId = __lane_id();
  int last = __shfl_sync(0xffffffffffffffffull, x, WARP_SIZE - 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:52: warning: '__shfl_sync' from lane 31 reads the middle of the 64-lane wavefront [wave64-partial-reduction]
  if (31 != laneId)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lane 31 is not the last lane of the 64-lane wavefront [wave64-partial-reduction]
    return last;
  return x;
}

// Not flagged: the last lane is warpSize - 1.
__device__ float lastOfWave(float v) {
  int lane = threadIdx.x % warpSize;
  float last = __shfl(v, warpSize - 1);
  return lane == warpSize - 1 ? last : v;
}
