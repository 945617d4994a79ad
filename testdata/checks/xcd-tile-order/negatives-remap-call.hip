// Aspect: the remap applied through a call: wavecheck's helper, a function
// named for XCDs whose body is elsewhere, and a helper under another name
// whose body holds the remap arithmetic: silent.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>
#include <wavecheck/xcd_remap.h>

__device__ unsigned xcdSwizzle(unsigned id, unsigned count);

__device__ __forceinline__ int spreadOverDies(int id, int count, int dies = 8) {
  int perDie = count / dies;
  if (id >= perDie * dies)
    return id;
  return (id % dies) * perDie + id / dies;
}

__global__ void gemmHelper(const float *A, const float *B, float *C, int N, int K) {
  const unsigned pid = remap_pid_for_xcds(blockIdx.x, gridDim.x);
  const unsigned gn = N / 64;
  const unsigned m = pid / gn, n = pid % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[m * 64 * K + k] * B[k * N + n * 64];
  C[m * N + n] = acc;
}

__global__ void gemmHelper2d(const float *A, const float *B, float *C, int N, int K) {
  int pid = blockIdx.y * gridDim.x + blockIdx.x;
  pid = remap_pid_for_xcds(pid, gridDim.x * gridDim.y);
  int gn = N / 64;
  int m = pid / gn, n = pid % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[m * 64 * K + k] * B[k * N + n * 64];
  C[m * N + n] = acc;
}

__global__ void gemmExternal(const float *A, const float *B, float *C, int N, int K) {
  unsigned t = xcdSwizzle(blockIdx.x, gridDim.x);
  unsigned gn = N / 64;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[(t / gn) * 64 * K + k] * B[k * N + (t % gn) * 64];
  C[(t / gn) * N + t % gn] = acc;
}

__global__ void gemmLocalHelper(const float *A, const float *B, float *C, int N, int K) {
  int tile = spreadOverDies(blockIdx.x, gridDim.x);
  int gn = N / 64;
  int m = tile / gn, n = tile % gn;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[m * 64 * K + k] * B[k * N + n * 64];
  C[m * N + n] = acc;
}
