// Aspect (wave model): launch shapes and instantiations chosen by the host.
// A tile kernel whose tile width is a template argument (lanes x 8 values,
// lanes counted with warpSize). The host asks the device for its wave size
// and launches the 256-column instantiation with 4 x 32 threads where
// wavefronts have 32 lanes, the 512-column one with 4 x 64 threads where they
// have 64: not reported, the 256-column instantiation never runs on gfx942
// and the 512-column one has no 32-lane original to compare with.
// Reported: a second kernel of the same shape whose host always launches the
// 256-column instantiation, so lanes 32-63 of each wavefront load the
// columns of the next workgroup's tile and the rows of the other wavefronts
// are never written.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

constexpr int kRowsPerWave = 4;
constexpr int kVals = 8;
constexpr int kWaves = 4;

template <int TileCols>
__global__ void addTiles(const float *a, const float *b, float *c, int ld) {
  const int lanes = warpSize;
  int wave = threadIdx.x / lanes, lane = threadIdx.x % lanes;
  int row0 = blockIdx.y * kWaves * kRowsPerWave + wave * kRowsPerWave;
  int col0 = blockIdx.x * TileCols + lane * kVals;
  for (int r = 0; r < kRowsPerWave; ++r)
    for (int v = 0; v < kVals; ++v) {
      int at = (row0 + r) * ld + col0 + v;
      c[at] = a[at] + b[at];
    }
}

template <int Lanes, int TileCols>
void launchAdd(const float *a, const float *b, float *c, int rows, int cols) {
  dim3 grid(cols / TileCols, rows / (kWaves * kRowsPerWave));
  dim3 block(kWaves * Lanes);
  addTiles<TileCols><<<grid, block>>>(a, b, c, cols);
}

void add(const float *a, const float *b, float *c, int rows, int cols) {
  int lanes = 0;
  hipDeviceGetAttribute(&lanes, hipDeviceAttributeWarpSize, 0);
  if (lanes == 64)
    launchAdd<64, 64 * kVals>(a, b, c, rows, cols);
  else
    launchAdd<32, 32 * kVals>(a, b, c, rows, cols);
}

template <int TileCols>
__global__ void scaleTiles(const float *a, float *c, int ld) {
  const int lanes = warpSize;
  int wave = threadIdx.x / lanes, lane = threadIdx.x % lanes;
  int row0 = blockIdx.y * kWaves * kRowsPerWave + wave * kRowsPerWave;
  int col0 = blockIdx.x * TileCols + lane * kVals;
  for (int r = 0; r < kRowsPerWave; ++r)
    for (int v = 0; v < kVals; ++v) {
      int at = (row0 + r) * ld + col0 + v;
      c[at] = 2.0f * a[at];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: with 64-lane wavefronts the inputs that threads 64-127 read with 32 lanes are never read [wave64-hardcoded-warp-size]
    }
}

void scale(const float *a, float *c, int rows, int cols) {
  dim3 grid(cols / 256, rows / (kWaves * kRowsPerWave));
  scaleTiles<256><<<grid, kWaves * 32>>>(a, c, cols);
}
