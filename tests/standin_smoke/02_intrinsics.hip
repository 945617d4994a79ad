// atomics, bit intrinsics, match, min/max, math, fences, hip*_x macros, dim3
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cmath>
#include <algorithm>
#include <cassert>

__constant__ float coeffs[16];
__device__ int counter;
HIP_DYNAMIC_SHARED(float, dyn_smem)

__global__ void intrinsics(int* ip, unsigned* up, float* fp, unsigned long long* qp) {
  extern __shared__ float more_smem[];
  int t = hipThreadIdx_x + hipBlockIdx_x * hipBlockDim_x + hipGridDim_x;
  atomicAdd(ip, 1); atomicAdd(up, 1u); atomicAdd(fp, 1.0f); atomicAdd(qp, 1ull);
  atomicMax(ip, t); atomicMax(up, 2u); atomicMax(fp, 2.0f); atomicMax(qp, 2ull);
  atomicMin(ip, t); atomicMin(up, 2u); atomicMin(fp, 2.0f); atomicMin(qp, 2ull);
  atomicCAS(ip, 0, 1); atomicCAS(up, 0u, 1u); atomicCAS(qp, 0ull, 1ull);
  atomicExch(ip, 1); atomicExch(up, 1u); atomicExch(fp, 1.0f); atomicExch(qp, 1ull);
  atomicSub(ip, 1); atomicAnd(up, 1u); atomicOr(up, 2u); atomicXor(qp, 3ull);
  int bits = __popc(up[0]) + __popcll(qp[0]) + __ffs(ip[0]) + __ffs(up[0]) + __ffsll(qp[0]) +
             __ffsll((long long)ip[0]) + __clz(ip[0]) + __clzll((long long)qp[0]);
  unsigned r = __brev(up[0]); unsigned long long r64 = __brevll(qp[0]);
  unsigned long long peers = __match_any(ip[0]) | __match_any_sync(0xffffffffu, up[0]);
  int all_same; __match_all_sync(~0ull, fp[0], &all_same);
  float x = fp[t];
  float m = expf(x) + rsqrtf(x) + sqrtf(x) + fmaxf(x, 1.f) + fminf(x, 0.f) + fabsf(x) + logf(x) +
            __expf(x) + __fdividef(x, 3.f) + tanhf(x) + powf(x, 2.f) + fmaf(x, x, x) + coeffs[t & 15];
  double dm = sqrt((double)x) + exp((double)x) + fabs(-1.0) + std::sqrt(x) + std::max(x, 1.0f);
  int mn = min(t, 3) + max(t, 4) + (int)min(t, 3u) + (int)max((size_t)t, sizeof(int));
  float mf = min(x, 1.0f) + max(x, 2.0f);
  dim3 tid = threadIdx; dim3 bid = blockIdx;
  dyn_smem[tid.x] = more_smem[bid.x] = m;
  __threadfence(); __threadfence_block(); __threadfence_system();
  printf("%d %u %llu %f %f %d %f %d %lld\n", bits, r, r64, m, dm, mn, mf, counter, clock64());
  (void)peers; (void)all_same;
  assert(t >= 0);
}
