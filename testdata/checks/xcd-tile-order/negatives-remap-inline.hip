// Aspect: the XCD remap already written inline with the documented arithmetic (docs/hardware.md)
// (in place, into a new local, as a conditional, chunked, with an uneven
// split over the XCDs, with masks and shifts) before the tile split: silent.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>

#define NUM_XCDS 8

// The documented form: pids past the last full round keep their tile.
__global__ void remapInPlace(const float *A, const float *B, float *C, int N, int K) {
  const int numPids = gridDim.x;
  const int perXcd = numPids / NUM_XCDS;
  int pid = blockIdx.x;
  if (pid < perXcd * NUM_XCDS)
    pid = (pid % NUM_XCDS) * perXcd + pid / NUM_XCDS;
  const int gridN = N / 64;
  const int m = pid / gridN, n = pid % gridN;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[m * 64 * K + k] * B[k * N + n * 64];
  C[m * N + n] = acc;
}

// Into a new local through a conditional, the XCD and slot named.
__global__ void remapConditional(const float *A, const float *B, float *C, int N, int K) {
  const unsigned wg = blockIdx.x;
  const unsigned total = gridDim.x;
  const unsigned xcd = wg % 8;
  const unsigned slot = wg / 8;
  const unsigned perXcd = total / 8;
  const unsigned tile = wg < perXcd * 8 ? xcd * perXcd + slot : wg;
  const unsigned tilesN = N / 128;
  const unsigned tm = tile / tilesN;
  const unsigned tn = tile % tilesN;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[tm * 128 * K + k] * B[k * N + tn * 128];
  C[tm * N + tn] = acc;
}

// Chunked: each XCD takes CHUNK consecutive tiles per round.
__global__ void remapChunked(const float *A, const float *B, float *C, int N, int K) {
  constexpr int CHUNK = 4;
  int pid = blockIdx.x;
  int xcdId = pid % NUM_XCDS;
  int local = pid / NUM_XCDS;
  int round = local / CHUNK;
  int offsetInChunk = local % CHUNK;
  int logical = round * NUM_XCDS * CHUNK + xcdId * CHUNK + offsetInChunk;
  int tn = N / 64;
  int row = logical / tn, col = logical % tn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[row * 64 * K + k] * B[k * N + col * 64];
  C[row * N + col] = acc;
}

// Grids that do not divide by 8: the first 'tall' XCDs take one tile more.
__global__ void remapUneven(const float *A, const float *B, float *C, int N, int K,
                            int numXcds) {
  int pid = blockIdx.x;
  int total = gridDim.x;
  int perXcd = (total + numXcds - 1) / numXcds;
  int tall = total % numXcds == 0 ? numXcds : total % numXcds;
  int xcd = pid % numXcds;
  int local = pid / numXcds;
  int tile = xcd < tall ? xcd * perXcd + local
                        : tall * perXcd + (xcd - tall) * (perXcd - 1) + local;
  int gn = N / 64;
  int m = tile / gn, n = tile % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[m * 64 * K + k] * B[k * N + n * 64];
  C[m * N + n] = acc;
}

// Masks and shifts instead of '%' and '/'.
__global__ void remapBits(const float *A, const float *B, float *C, int N, int K) {
  unsigned pid = blockIdx.x;
  unsigned per = gridDim.x >> 3;
  unsigned tile = pid < per << 3 ? (pid & 7) * per + (pid >> 3) : pid;
  unsigned gn = N / 64;
  unsigned m = tile / gn, n = tile % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[m * 64 * K + k] * B[k * N + n * 64];
  C[m * N + n] = acc;
}
