// Aspect: a gather inside 32-lane tiles written without a shuffle width:
// `__shfl(v, src & (TILE - 1))` with TILE = 32. On a 32-lane warp the mask is
// a no-op; on a 64-lane wavefront the source lane stays in 0-31 for every
// lane, so lanes 32-63 read the first tile instead of their own. Reported at
// the mask, without a fix-it (the tile width the code means is written
// nowhere in the shuffle). The wave model reports the lost inputs too; the
// AST finding replaces it. Not reported: the same gather with the width, and
// one whose value is the same in both halves of the wavefront.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#define TILE 32

__device__ float tileRotate(float v, int src) {
  return __shfl(v, src & (TILE - 1));
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: source lane of a shuffle without a width kept below 32 ('src & (TILE - 1)'); wavefronts have 64 lanes on this target, so lanes 32-63 read lanes 0-31 instead of their own 32-lane group [wave64-hardcoded-warp-size]
}

__global__ void rotate(const float *x, float *y) {
  int lane = threadIdx.x % TILE;
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: lane index computed with 32 ('threadIdx.x % TILE') [wave64-hardcoded-warp-size]
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  y[blockIdx.x * blockDim.x + threadIdx.x] = tileRotate(v, lane + 1);
}

// A literal mask, the source lane taken from data.
__global__ void permute(const float *x, const int *perm, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = __shfl(x[i], perm[i] % 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: source lane of a shuffle without a width kept below 32 ('perm[i] % 32') [wave64-hardcoded-warp-size]
}

// Not reported: the width keeps each half to its own tile.
__device__ float tileRotateWidth(float v, int src) {
  return __shfl(v, src & (TILE - 1), TILE);
}

__global__ void rotateWidth(const float *x, float *y) {
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  y[blockIdx.x * blockDim.x + threadIdx.x] = tileRotateWidth(v, threadIdx.x + 1);
}

// Not reported: the value read depends on the lane only through its 32-lane
// id, so lane l and lane l + 32 hold the same.
__global__ void tableLookup(float scale, const int *key, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float entry = scale * (threadIdx.x % 32);
  y[i] = __shfl(entry, key[i] & 31);
}
