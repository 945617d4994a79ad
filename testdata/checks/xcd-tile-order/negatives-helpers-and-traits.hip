// Aspect (negative): the same helper, lambda, struct-field and trait shapes
// as helpers-lambdas-fields.hip and trait-selected-remap.hip, with the remap
// applied: the helper is handed the remapped id or remaps it itself, the
// trait or flag is on in every instantiation; a transpose whose lambda
// combines both coordinates, and a streaming index helper: silent.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>
#include <wavecheck/xcd_remap.h>

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

// The helper is handed the remapped id.
__global__ void gemmHelperRemapped(const float *A, const float *B, float *C, int N, int K) {
  TileCoord t = tileOf(remap_pid_for_xcds(blockIdx.x, gridDim.x), N / 64);
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(t.row * 64 + threadIdx.y) * K + k] * B[k * N + t.col * 64 + threadIdx.x];
  C[(t.row * 64 + threadIdx.y) * N + t.col * 64 + threadIdx.x] = acc;
}

// The helper remaps the id itself before splitting it.
__device__ TileCoord tileOfRemapped(unsigned pid, unsigned count, unsigned tilesN) {
  unsigned logical = remap_pid_for_xcds(pid, count);
  return {int(logical / tilesN), int(logical % tilesN)};
}

__global__ void gemmHelperRemaps(const float *A, const float *B, float *C, int N, int K) {
  auto [m, n] = tileOfRemapped(blockIdx.x, gridDim.x, N / 64);
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}

// A lambda given the remapped id; a lambda that returns both coordinates in
// one element index (a transpose: no panel shared).
__global__ void gemmLambdaRemapped(const float *A, const float *B, float *C, int N, int K) {
  const int gn = N / 64;
  auto locate = [=](int p) { return TileCoord{p / gn, p % gn}; };
  TileCoord t = locate(remap_pid_for_xcds(blockIdx.x, gridDim.x));
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(t.row * 64 + threadIdx.y) * K + k] * B[k * N + t.col * 64 + threadIdx.x];
  C[(t.row * 64 + threadIdx.y) * N + t.col * 64 + threadIdx.x] = acc;
}

__global__ void transposeTiles(const float *in, float *out, int N) {
  auto element = [&](int p) { return (p / (N / 32)) * 32 * N + (p % (N / 32)) * 32; };
  int base = element(blockIdx.x);
  out[base + threadIdx.y * N + threadIdx.x] = in[base + threadIdx.x * N + threadIdx.y];
}

// A struct holding the remapped id.
struct Work {
  int id;
  int tilesN;
};

__global__ void gemmStructRemapped(const float *A, const float *B, float *C, int N, int K) {
  Work w{(int)remap_pid_for_xcds(blockIdx.x, gridDim.x), N / 64};
  int m = w.id / w.tilesN, n = w.id % w.tilesN;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}

// The remap selected by a trait that is true in every instantiation.
__device__ int remap_for_xcds(int pid, int n) {
  int per = n / 8;
  return pid < per * 8 ? (pid % 8) * per + pid / 8 : pid;
}
struct WithRemap { static constexpr bool kRemap = true; };

template <typename Traits>
__global__ void gemmTraitTernary(const float *A, const float *B, float *C, int N, int K) {
  int pid = blockIdx.x;
  int tile = Traits::kRemap ? remap_for_xcds(pid, gridDim.x) : pid;
  int gn = N / 64;
  int m = tile / gn, n = tile % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}
template __global__ void gemmTraitTernary<WithRemap>(const float *, const float *, float *, int, int);

template <typename Traits>
__global__ void gemmTraitIfConstexpr(const float *A, const float *B, float *C, int N, int K) {
  int pid = blockIdx.x;
  if constexpr (Traits::kRemap)
    pid = remap_for_xcds(pid, gridDim.x);
  int gn = N / 64;
  int m = pid / gn, n = pid % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}
template __global__ void gemmTraitIfConstexpr<WithRemap>(const float *, const float *, float *, int, int);

#define MAYBE_REMAP(T, id, n) (T::kRemap ? remap_for_xcds(id, n) : (id))
template <typename Traits>
__global__ void gemmTraitMacro(const float *A, const float *B, float *C, int N, int K) {
  const int tile = MAYBE_REMAP(Traits, (int)blockIdx.x, (int)gridDim.x);
  const int gn = N / 64;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[((tile / gn) * 64 + threadIdx.y) * K + k] * B[k * N + (tile % gn) * 64 + threadIdx.x];
  C[threadIdx.x] = acc;
}
template __global__ void gemmTraitMacro<WithRemap>(const float *, const float *, float *, int, int);

// A flag that is on.
constexpr bool kUseXcdRemap = true;
__global__ void gemmFlagOn(const float *A, const float *B, float *C, int N, int K) {
  int pid = blockIdx.x;
  if (kUseXcdRemap)
    pid = remap_for_xcds(pid, gridDim.x);
  int gn = N / 64;
  int m = pid / gn, n = pid % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}

// A streaming helper: the id scales a global index only.
__device__ int globalIndex(unsigned block, unsigned dim, unsigned t) { return block * dim + t; }
__global__ void axpy(const float *x, float *y, float a, int n) {
  int i = globalIndex(blockIdx.x, blockDim.x, threadIdx.x);
  if (i < n)
    y[i] += a * x[i];
}

// A helper that returns the id already remapped.
__device__ int remappedIndex() {
  int per = gridDim.x / 8;
  int id = blockIdx.x;
  return id < per * 8 ? (id % 8) * per + id / 8 : id;
}
__global__ void gemmRemappedHelper(const float *A, const float *B, float *C, int N, int K) {
  int pid = remappedIndex();
  int gn = N / 64;
  int m = pid / gn, n = pid % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(m * 64 + threadIdx.y) * K + k] * B[k * N + n * 64 + threadIdx.x];
  C[(m * 64 + threadIdx.y) * N + n * 64 + threadIdx.x] = acc;
}
