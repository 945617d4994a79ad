// Aspect: a workgroup tile whose width is written as its value. The block
// tile is 256 columns wide because, in the CUDA original, 32 lanes each load
// 8 consecutive floats. The port counts lanes with a wave size chosen for
// GFX9 (64): lanes 32-63 load columns 256-511, which belong to the next
// workgroup's tile, and the last workgroup runs past the end of the row.
// Not reported: a tile width that is the wave size times the values per
// lane (a template argument), 512 = 64 x 8, and a 256 that places the
// workgroup's tile while lanes take 4 values each (256 is 64 x 4 there).
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

#if defined(__GFX9__)
#define WAVE_LANES 64
#else
#define WAVE_LANES 32
#endif

static constexpr int kRows = 4;
static constexpr int kVals = 8;
static constexpr int kTileCols = 256;
// CHECK-MESSAGES: :[[@LINE-1]]:34: warning: tile width computed with 32 lanes ('kTileCols = 256 = 32 x 8') while lane indices counted in 64-lane wavefronts walk the tile; lanes 32-63 reach into the next tile [wave64-hardcoded-warp-size]

__global__ void addTiles(const float *a, const float *b, float *c, int ld) {
  int wave = threadIdx.x / WAVE_LANES;
  int lane = threadIdx.x % WAVE_LANES;
  int row0 = blockIdx.y * 16 + wave * kRows;
  int col0 = blockIdx.x * kTileCols + lane * kVals;
  for (int r = 0; r < kRows; ++r)
    for (int h = 0; h < kVals; ++h) {
      size_t at = size_t(row0 + r) * ld + col0 + h;
      c[at] = a[at] + b[at];
    }
}

// Not reported: the tile width is the wave size times the values per lane.
template <int TileCols>
__global__ void addTilesGeneric(const float *a, const float *b, float *c, int ld) {
  int lane = threadIdx.x % warpSize;
  int col0 = blockIdx.x * TileCols + lane * kVals;
  for (int h = 0; h < kVals; ++h)
    c[size_t(blockIdx.y) * ld + col0 + h] = a[col0 + h] + b[col0 + h];
}
template __global__ void addTilesGeneric<64 * kVals>(const float *, const float *, float *,
                                                       int);

// Not reported: 512 columns are 64 lanes of 8.
static constexpr int kWideCols = 512;
__global__ void addWideTiles(const float *a, const float *b, float *c) {
  int lane = threadIdx.x % WAVE_LANES;
  int col0 = blockIdx.x * kWideCols + lane * kVals;
  for (int h = 0; h < kVals; ++h)
    c[col0 + h] = a[col0 + h] + b[col0 + h];
}

// Not reported: 256 columns of 64 lanes taking 4 each.
static constexpr int kQuadCols = 256;
__global__ void addQuadTiles(const float *a, const float *b, float *c) {
  int lane = threadIdx.x % WAVE_LANES;
  int col0 = blockIdx.x * kQuadCols + lane * 4;
  for (int h = 0; h < 4; ++h)
    c[col0 + h] = a[col0 + h] + b[col0 + h];
}
