// Aspect: a grouped tile order (GROUP_M): consecutive workgroups walk down a
// group of tile rows before moving right. The grouping alone is defeated by
// round-robin dispatch just as a row-major order is.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>

constexpr int BLOCK_M = 256;
constexpr int BLOCK_N = 256;
constexpr int GROUP_M = 8;

__global__ void bf16GemmGrouped(const __hip_bfloat16 *a, const __hip_bfloat16 *b, float *c,
                                int M, int N, int K) {
  const int numPidM = (M + BLOCK_M - 1) / BLOCK_M;
  const int numPidN = (N + BLOCK_N - 1) / BLOCK_N;
  const int pid = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: workgroup id 'pid' is mapped in GROUP_M groups onto output tiles without the XCD remap; neighbouring tiles run on different XCDs, so a panel shared by 8 of them is fetched into 8 L2 caches instead of one [xcd-tile-order]
  const int pidsPerGroup = GROUP_M * numPidN;
  const int group = pid / pidsPerGroup;
  const int firstPidM = group * GROUP_M;
  const int groupRows = min(numPidM - firstPidM, GROUP_M);
  const int pidM = firstPidM + (pid % pidsPerGroup) % groupRows;
  const int pidN = (pid % pidsPerGroup) / groupRows;

  const __hip_bfloat16 *aRows = a + (size_t)pidM * BLOCK_M * K;
  const __hip_bfloat16 *bCols = b + pidN * BLOCK_N;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += float(aRows[threadIdx.x * K + k]) * float(bCols[(size_t)k * N + threadIdx.y]);
  c[((size_t)pidM * BLOCK_M + threadIdx.x) * N + pidN * BLOCK_N + threadIdx.y] = acc;
}

// The same grouping written inline on blockIdx.x.
__global__ void gemmGroupedInline(const float *A, const float *B, float *C, int M, int N,
                                  int K) {
  int inGroup = GROUP_M * (N / BLOCK_N);
  int rowStart = blockIdx.x / inGroup * GROUP_M;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: workgroup id 'blockIdx.x' is mapped in GROUP_M groups onto output tiles without the XCD remap [xcd-tile-order]
  int rows = min(M / BLOCK_M - rowStart, GROUP_M);
  int tileM = rowStart + blockIdx.x % rows;
  int tileN = blockIdx.x % inGroup / rows;
  float s = 0.0f;
  for (int k = 0; k < K; ++k)
    s += A[(tileM * BLOCK_M + threadIdx.x) * K + k] * B[k * N + tileN * BLOCK_N + threadIdx.y];
  C[(tileM * BLOCK_M + threadIdx.x) * N + tileN * BLOCK_N + threadIdx.y] = s;
}
