// Aspect: arrays with extent 32 that hold one slot per lane, indexed by a lane
// id computed with 32 (`% 32`, `& 31`, directly or through a local). Once the
// lane id is fixed to a 64-lane one, lanes 32-63 write past the 32 slots, so
// the extent is reported with the lane id; the fix is a constant (warpSize is
// not constexpr since ROCm 7). Per-warp arrays (indexed by a warp id) are not
// reported: 32 slots hold the 16 wavefronts of a 1024-thread block.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <hip/hip_runtime.h>

__global__ void transpose_lanes(const float *in, float *out) {
  __shared__ float slots[32];
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: per-lane array extent 32 ('slots[32]') holds one slot per lane of a 32-lane warp; wavefronts have 64 lanes on this target, so a lane index reaches 63 [wave64-hardcoded-warp-size]
  __shared__ int flags[32][4];
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: per-lane array extent 32 ('flags[32]') [wave64-hardcoded-warp-size]
  const int lane = threadIdx.x % 32;
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: lane index computed with 32 ('threadIdx.x % 32') [wave64-hardcoded-warp-size]
  slots[lane] = in[threadIdx.x];
  flags[threadIdx.x & 31][0] = __ballot(in[threadIdx.x] > 0.f) != 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: lane index computed with 32 ('threadIdx.x & 31') [wave64-hardcoded-warp-size]
  __syncthreads();
  out[threadIdx.x] = slots[lane ^ 1] + flags[0][0];
}

// Per-warp arrays: only the warp id computed with 32 is reported, not [32].
__global__ void histogram8(const int *bins, int *out) {
  __shared__ int counts[32][8];
  __shared__ float sums[32];
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

// Extent 32 indexed by a 64-lane id or by data: no finding.
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

// Read by a lane id only under a guard (`tid < nwarps`): the usual second
// stage of a block reduction stays in the first slots, so [32] is not reported.
__global__ void guarded_read(const float *in, float *out) {
  __shared__ float partials[32];
  const int lane = threadIdx.x & 31;
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: lane index computed with 32 ('threadIdx.x & 31') [wave64-hardcoded-warp-size]
  const int warp = threadIdx.x / warpSize;
  float v = in[threadIdx.x];
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_xor(v, off);
  if (threadIdx.x % warpSize == 0)
    partials[warp] = v;
  __syncthreads();
  v = (threadIdx.x < blockDim.x / warpSize) ? partials[lane] : 0.0f;
  out[threadIdx.x] = v;
}
