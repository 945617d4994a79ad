// Aspect (negative only), as wave-size-generic libraries write it: a fallback
// definition of the removed '__AMDGCN_WAVEFRONT_SIZE' whose value is the
// target's wave size (64 on gfx942), constants that name one supported size
// each, and a platform test around an #include that chooses nothing.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection
#include <hip/hip_runtime.h>

#ifndef __AMDGCN_WAVEFRONT_SIZE
#define __AMDGCN_WAVEFRONT_SIZE 64
#endif
#define LIB_WAVEFRONT_SIZE __AMDGCN_WAVEFRONT_SIZE

#ifdef __HIP_PLATFORM_AMD__
#define LIB_WARP_SIZE_32 32u
#define LIB_WARP_SIZE_64 64u
#endif

__global__ void sizes(unsigned *out) {
  out[0] = LIB_WAVEFRONT_SIZE + LIB_WARP_SIZE_32 + LIB_WARP_SIZE_64;
}
