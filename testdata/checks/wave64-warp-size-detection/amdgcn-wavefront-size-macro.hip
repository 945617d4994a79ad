// Aspect: every use of '__AMDGCN_WAVEFRONT_SIZE' (and its '__' twin) in #if
// tests, #ifdef, macro bodies and code; clang 22 no longer defines it, so the
// tests fall to their fallback and code using it no longer compiles.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection
#include <hip/hip_runtime.h>

// A mention in a comment, __AMDGCN_WAVEFRONT_SIZE, is not a use.
#if __AMDGCN_WAVEFRONT_SIZE == 64
// CHECK-MESSAGES: :[[@LINE-1]]:5: warning: '__AMDGCN_WAVEFRONT_SIZE' was deprecated in LLVM in late 2024 and removed in October 2025: clang 22 leaves it undefined, so this test sees no definition unless the project provides one; where clang did define it, every host pass saw 64, even for wave32 targets [wave64-warp-size-detection]
#define WAVE_SIZE 64
#else
#define WAVE_SIZE 32
// CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'WAVE_SIZE' resolves to 32 for gfx942 (device pass), whose wavefronts have 64 lanes: the #if at line 8 tests '__AMDGCN_WAVEFRONT_SIZE', which clang 22 no longer defines [wave64-warp-size-detection]
#endif

#ifdef __AMDGCN_WAVEFRONT_SIZE__
// CHECK-MESSAGES: :[[@LINE-1]]:8: warning: '__AMDGCN_WAVEFRONT_SIZE__' was deprecated in LLVM in late 2024 and removed in October 2025: clang 22 leaves it undefined, so this test sees no definition [wave64-warp-size-detection]
#define LANES __AMDGCN_WAVEFRONT_SIZE__
#else
#define LANES __AMDGCN_WAVEFRONT_SIZE
// CHECK-MESSAGES: :[[@LINE-1]]:15: warning: '__AMDGCN_WAVEFRONT_SIZE' was deprecated in LLVM in late 2024 and removed in October 2025: clang 22 leaves it undefined, so this macro expands to an undeclared name [wave64-warp-size-detection]
#endif

#if 0
int unused = __AMDGCN_WAVEFRONT_SIZE; // skipped by the preprocessor: no finding
#endif

__global__ void fill(int *out) {
  out[threadIdx.x] = threadIdx.x % __AMDGCN_WAVEFRONT_SIZE;
// CHECK-MESSAGES: :[[@LINE-1]]:36: warning: '__AMDGCN_WAVEFRONT_SIZE' was deprecated in LLVM in late 2024 and removed in October 2025: clang 22 leaves it undefined, so this code does not compile; where clang did define it, every host pass saw 64, even for wave32 targets [wave64-warp-size-detection]
  const char *name = "__AMDGCN_WAVEFRONT_SIZE"; // a string is not a use
  out[0] = name[0] + WAVE_SIZE;
}
