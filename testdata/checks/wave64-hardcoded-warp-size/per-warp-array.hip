// Aspect: per-warp arrays with extent 32 ([32] and [32][8]) indexed by a warp
// id computed with 32; the fix is a constant (warpSize is not constexpr since
// ROCm 7). Ids from warpSize: see negatives-per-warp-array-wavesize-ids.hip.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

__global__ void histogram8(const int *bins, int *out) {
  __shared__ int counts[32][8];
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: per-warp array extent 32 ('counts[32]') is sized for 32-lane warps; wavefronts have 64 lanes on this target [wave64-hardcoded-warp-size]
  __shared__ float sums[32];
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: per-warp array extent 32 ('sums[32]') [wave64-hardcoded-warp-size]
  const int wid = threadIdx.x / 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: warp id computed with 32 ('threadIdx.x / 32') [wave64-hardcoded-warp-size]
  int b = bins[threadIdx.x] & 7;
  unsigned long long m = __ballot(b == 0);
  if (threadIdx.x % warpSize == 0) {
    counts[wid][0] = __popcll(m);
    sums[wid] = 1.0f;
  }
  __syncthreads();
  out[threadIdx.x] = counts[0][threadIdx.x & 7] + (int)sums[0];
}

// Extent 32 indexed by a lane or by data, not by a warp id: no finding.
__global__ void staging(const float *in, float *out) {
  __shared__ float tile[32];
  __shared__ float rows[32][33];
  int lane = threadIdx.x % warpSize;
  if (lane < 32)
    tile[lane] = in[lane];
  rows[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[lane & 7] + rows[0][0];
}
