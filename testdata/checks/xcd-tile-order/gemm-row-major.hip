// Aspect: a GEMM whose workgroup id is split row-major into (tile row, tile
// column) with '/' and '%' by the tile-grid width, the A panel read by the row
// and the B panel by the column, held in a local or used directly.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>

constexpr int TILE = 64;

__global__ void sgemmTiles(const float *A, const float *B, float *C, int M, int N, int K) {
  const int tilesN = N / TILE;
  int pid = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: workgroup id 'pid' is mapped row-major onto output tiles without the XCD remap; neighbouring tiles run on different XCDs, so a panel shared by 8 of them is fetched into 8 L2 caches instead of one [xcd-tile-order]
  int tileRow = pid / tilesN;
  int tileCol = pid % tilesN;
  const float *aPanel = A + tileRow * TILE * K;
  const float *bPanel = B + tileCol * TILE;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += aPanel[threadIdx.y * K + k] * bPanel[k * N + threadIdx.x];
  C[(tileRow * TILE + threadIdx.y) * N + tileCol * TILE + threadIdx.x] = acc;
}

// The id used directly, LDS staging with subscripts on the kernel arguments.
__global__ void sgemmDirect(const float *A, const float *B, float *C, int N, int K) {
  __shared__ float As[16][16];
  __shared__ float Bs[16][16];
  unsigned row0 = (blockIdx.x / (N / 16)) * 16;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: workgroup id 'blockIdx.x' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  unsigned col0 = (blockIdx.x % (N / 16)) * 16;
  float sum = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 16) {
    As[threadIdx.y][threadIdx.x] = A[(row0 + threadIdx.y) * K + k0 + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * N + col0 + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < 16; ++k)
      sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[(row0 + threadIdx.y) * N + col0 + threadIdx.x] = sum;
}

// The remainder spelled as a subtraction, the id through the HIP macro, the
// panel pointers advanced in place; a template kernel.
template <typename T>
__global__ void gemmSubtract(const T *__restrict__ A, const T *__restrict__ B, T *C,
                             int N, int K) {
  const int gridN = (N + 127) / 128;
  const int wg = hipBlockIdx_x;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: workgroup id 'wg' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  const int m = wg / gridN;
  const int n = wg - m * gridN;
  const T *a = A;
  const T *b = B;
  a += m * 128 * K;
  b += n * 128;
  T acc = T(0);
  for (int k = 0; k < K; ++k)
    acc += a[threadIdx.x * K + k] * b[k * N + threadIdx.y];
  C[(m * 128 + threadIdx.x) * N + n * 128 + threadIdx.y] = acc;
}

template __global__ void gemmSubtract<float>(const float *, const float *, float *, int, int);

// Column-major order, a power-of-two grid width split with '>>' and '&'.
__global__ void gemmColumnMajor(const float *A, const float *B, float *C, int N, int K) {
  unsigned id = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: workgroup id 'id' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  unsigned tm = id & 31;
  unsigned tn = id >> 5;
  float v = 0.0f;
  for (int k = 0; k < K; ++k)
    v += A[(tm * 32 + threadIdx.x) * K + k] * B[k * N + tn * 32 + threadIdx.y];
  C[(tm * 32 + threadIdx.x) * N + tn * 32 + threadIdx.y] = v;
}
