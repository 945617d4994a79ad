// Aspect: wave quantities derived from 32 inside another constant or stride.
// A tile of 32 * kVals elements (32 lanes, kVals each) walked with lane ids
// counted in 64-lane wavefronts: lanes 32-63 read the next warp's tile. A
// loop starting at lane * 4 that steps by 32 * 4: lanes 32-63 start where
// lanes 0-31 go next, and every element is summed twice. Not reported: the
// same code in consistent 32-lane groups, and a 32 * 4 that is a byte count.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

__device__ float waveSum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2)
    v += __shfl_xor(v, o);
  return v;
}

constexpr int kVals = 4;
constexpr int kTile = 32 * kVals;
// CHECK-MESSAGES: :[[@LINE-1]]:23: warning: tile width computed with 32 lanes ('32 * kVals') while lane indices counted in 64-lane wavefronts walk the tile; lanes 32-63 reach into the next tile [wave64-hardcoded-warp-size]

__global__ void tileSums(const float *x, float *y) {
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / warpSize;
  int tile = blockIdx.x * (blockDim.x / warpSize) + warp;
  float s = 0;
  for (int i = 0; i < kVals; ++i)
    s += x[tile * kTile + lane * kVals + i];
  s = waveSum(s);
  if (lane == 0)
    y[tile] = s;
}

__global__ void pairSums(const float *x, float *y, int n) {
  int lane = threadIdx.x % warpSize;
  float s = 0;
  for (int i = lane * 4; i + 3 < n; i += 32 * 4)
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: loop stride 32 on a lane-indexed variable ('i += 32 * 4'); wavefronts have 64 lanes on this target, so lanes 32-63 revisit elements of lanes 0-31 [wave64-hardcoded-warp-size]
    s += x[blockIdx.x * n + i] + x[blockIdx.x * n + i + 3];
  s = waveSum(s);
  if (lane == 0)
    y[blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize] = s;
}

// Not reported: 32-lane groups throughout (lane and group from 32, width 32).
constexpr int kGroupTile = 32 * kVals;
__global__ void tileSumsGroups(const float *x, float *y, int n) {
  int lane = threadIdx.x % 32;
  int group = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  float s = 0;
  for (int i = 0; i < kVals; ++i)
    s += x[group * kGroupTile + lane * kVals + i];
  for (int i = lane * 4; i + 3 < n; i += 32 * 4)
    s += x[i];
  for (int o = 16; o > 0; o /= 2)
    s += __shfl_xor(s, o, 32);
  if (lane == 0)
    y[group] = s;
}

// Not reported: 32 values per lane, each lane starting 32 values further;
// the stride counts the wavefront in warpSize.
constexpr int kPerLane = 32;
__global__ void packedRows(const unsigned char *x, float *y, int n) {
  int lane = threadIdx.x % warpSize;
  float s = 0;
  for (int i = lane * kPerLane; i < n; i += warpSize * kPerLane)
    s += x[i];
  s = waveSum(s);
  if (lane == 0)
    y[blockIdx.x] = s;
}

// Not reported: 32 * 4 bytes of a row, not lanes.
constexpr int kRowBytes = 32 * 4;
__global__ void rowCopy(const unsigned char *x, unsigned char *y) {
  int lane = threadIdx.x % warpSize;
  for (int b = lane; b < kRowBytes; b += warpSize)
    y[blockIdx.x * kRowBytes + b] = x[blockIdx.x * kRowBytes + b];
  if (__all(lane >= 0))
    y[0] = 0;
}
