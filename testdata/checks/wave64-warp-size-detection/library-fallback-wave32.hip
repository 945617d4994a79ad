// Aspect: the same fallback definition of '__AMDGCN_WAVEFRONT_SIZE' on a
// wave32 target: 64 is wrong there, and only the project's definition is
// left since clang 22.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection --offload-arch=gfx1100
#include <hip/hip_runtime.h>

#ifndef __AMDGCN_WAVEFRONT_SIZE
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: '__AMDGCN_WAVEFRONT_SIZE' was deprecated in LLVM in late 2024 and removed in October 2025: clang 22 leaves it undefined, so this test sees no definition unless the project provides one [wave64-warp-size-detection]
#define __AMDGCN_WAVEFRONT_SIZE 64
#endif
#define LIB_WAVEFRONT_SIZE __AMDGCN_WAVEFRONT_SIZE
// CHECK-MESSAGES: :[[@LINE-1]]:28: warning: '__AMDGCN_WAVEFRONT_SIZE' was deprecated in LLVM in late 2024 and removed in October 2025: clang 22 leaves it undefined, so only the project's own definition keeps this working [wave64-warp-size-detection]

__global__ void sizes(unsigned *out) { out[0] = LIB_WAVEFRONT_SIZE; }
