// Aspect: negatives-cuda-arch-guard. 32-bit masks inside #if defined(__CUDA_ARCH__):
// the HIP passes (host and device) never define __CUDA_ARCH__, so no finding.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>

__device__ int count_votes(bool p) {
#if defined(__CUDA_ARCH__)
  const unsigned mask = __ballot_sync(0xffffffff, p);
  const unsigned below = mask & ((1u << (threadIdx.x % 32)) - 1);
  return __popc(mask) + __popc(below) + __shfl_sync(0xffffffff, 0, 0);
#else
  const unsigned long long mask = __ballot(p);
  return __popcll(mask);
#endif
}

__device__ unsigned long long lanes_below(int lane) {
#ifdef __CUDA_ARCH__
  return (1u << lane) - 1;
#else
  return (1ull << lane) - 1;
#endif
}
