// Aspect: the tile coordinates are computed away from the kernel's own
// '/' and '%': in a __device__ helper handed the id that returns them in a
// struct (also unpacked with a structured binding), in a lambda (whatever
// its parameter is called, or capturing the id), through a field of a local
// struct, in a member function of a scheduler object, and in macros. The
// A panel is still read by the tile row alone, with no XCD remap.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>

struct TileCoord {
  int row;
  int col;
};

__device__ TileCoord tileOf(int pid, int tilesN) {
  TileCoord t;
  t.row = pid / tilesN;
  t.col = pid % tilesN;
  return t;
}

__device__ TileCoord tileBraced(unsigned id, unsigned tilesN) {
  return {int(id / tilesN), int(id % tilesN)};
}

__global__ void gemmHelperStruct(const float *A, const float *B, float *C, int N, int K) {
  TileCoord t = tileOf(blockIdx.x, N / 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: workgroup id 'blockIdx.x' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(t.row * 64 + threadIdx.y) * K + k] * B[k * N + t.col * 64 + threadIdx.x];
  C[(t.row * 64 + threadIdx.y) * N + t.col * 64 + threadIdx.x] = acc;
}

__global__ void gemmHelperBinding(const float *A, const float *B, float *C, int N, int K) {
  const int pid = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: workgroup id 'pid' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  auto [m, n] = tileBraced(pid, N / 64);
  const float *a = A + m * 64 * K;
  const float *b = B + n * 64;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += a[threadIdx.y * K + k] * b[k * N + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}

__global__ void gemmLambda(const float *A, const float *B, float *C, int N, int K) {
  const int gn = N / 64;
  auto locate = [=](int whichever) { return TileCoord{whichever / gn, whichever % gn}; };
  TileCoord t = locate(blockIdx.x);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: workgroup id 'blockIdx.x' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(t.row * 64 + threadIdx.y) * K + k] * B[k * N + t.col * 64 + threadIdx.x];
  C[(t.row * 64 + threadIdx.y) * N + t.col * 64 + threadIdx.x] = acc;
}

__global__ void gemmLambdaCapture(const float *A, const float *B, float *C, int N, int K) {
  int pid = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: workgroup id 'pid' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  const int gn = N / 64;
  auto rowOf = [&] { return pid / gn; };
  auto colOf = [&]() { return pid % gn; };
  int r = rowOf(), c = colOf();
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(r * 64 + threadIdx.y) * K + k] * B[k * N + c * 64 + threadIdx.x];
  C[(r * 64 + threadIdx.y) * N + c * 64 + threadIdx.x] = acc;
}

struct Work {
  int id;
  int tilesN;
};

__global__ void gemmStructField(const float *A, const float *B, float *C, int N, int K) {
  Work w{(int)blockIdx.x, N / 64};
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: workgroup id 'blockIdx.x' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  int m = w.id / w.tilesN, n = w.id % w.tilesN;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}

struct Scheduler {
  int pid, tilesN;
  __device__ int row() const { return pid / tilesN; }
  __device__ int col() const { return pid % tilesN; }
};

__global__ void gemmMember(const float *A, const float *B, float *C, int N, int K) {
  Scheduler s{(int)blockIdx.x, N / 64};
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: workgroup id 'blockIdx.x' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  int m = s.row(), n = s.col();
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}

// The id only inside macro arguments: reported at the first macro, no fix-it.
#define TILE_ROW(id, w) ((id) / (w))
#define TILE_COL(id, w) ((id) % (w))
__global__ void gemmMacro(const float *A, const float *B, float *C, int N, int K) {
  int m = TILE_ROW(blockIdx.x, N / 64), n = TILE_COL(blockIdx.x, N / 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: workgroup id 'blockIdx.x' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}

// The id returned as it is by a helper: reported at the call, no fix-it in
// the inline style (it would call the helper several times).
__device__ __forceinline__ int tileIndex() { return blockIdx.x; }
__device__ int flatIndex() { return blockIdx.y * gridDim.x + blockIdx.x; }

__global__ void gemmIdHelper(const float *A, const float *B, float *C, int N, int K) {
  int pid = tileIndex();
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: workgroup id 'pid' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  int gn = N / 64;
  int m = pid / gn, n = pid % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}

__global__ void gemmFlatHelper(const float *A, const float *B, float *C, int N, int K) {
  int gn = N / 64;
  int m = flatIndex() / gn, n = flatIndex() % gn;
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: workgroup id 'flatIndex()' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}
