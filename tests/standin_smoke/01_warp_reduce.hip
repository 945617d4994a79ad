// warp reductions, ballots stored into 32 bits, 32-bit masks, shared arrays
#include <hip/hip_runtime.h>
#include <stdint.h>

__device__ float wave_sum(float v) {
  for (int off = warpSize / 2; off > 0; off >>= 1) v += __shfl_xor(v, off);
  return v;
}
__device__ float wave_sum_sync(float v) {
  for (int off = 32; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffffffffffull, v, off);
  return v;
}
__device__ int cuda_style(int v) {
  v += __shfl_xor_sync(0xffffffff, v, 16);  // 32-bit mask: must parse
  v += __shfl_sync(0xffffffffu, v, 0, 32);
  v += __shfl_up_sync(0xffffffff, v, 1);
  uint32_t m = __ballot_sync(0xffffffff, v > 0);  // 64-bit result narrowed
  return v + __popc(m) + __any_sync(0xffffffff, v) + __all_sync(~0ull, v);
}

__global__ void __launch_bounds__(256) reduce(const float* in, float* out, int n) {
  __shared__ float partial[256 / 64];
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  float v = tid < n ? in[tid] : 0.0f;
  v = wave_sum(v) + wave_sum_sync(v);
  uint32_t ballot32 = __ballot(v > 0.0f);     // narrowing: warning at most
  unsigned long long ballot64 = __ballot(v > 0.0f);
  int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
  if (lane == 0) partial[wid] = v + __popc(ballot32) + __popcll(ballot64);
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int i = 0; i < (int)(blockDim.x / warpSize); ++i) s += partial[i];
    atomicAdd(out, s);
  }
  double d = __shfl((double)v, 0);
  long long ll = __shfl_down(1ll, 1u, 16);
  unsigned long long ull = __shfl_up(2ull, 1u);
  unsigned u = __shfl_xor(3u, 1);
  out[1] = d + ll + ull + u + cuda_style(tid) + __lane_id() + __activemask();
  __syncwarp();
  __syncwarp(0xffffffff);
}
