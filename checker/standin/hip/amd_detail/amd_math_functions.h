/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. The device math library is clang's own:
 * __clang_hip_runtime_wrapper.h (in clang's resource directory, maintained with
 * the compiler) declares the C and C++ math functions and their overloads for
 * device code (sqrtf, acosf, sincosf, hypot, exp10, signbit, lrintf, abs of
 * int and double, ...), the correctly rounded intrinsics (__fdiv_rn, __fadd_rn,
 * __dadd_rn, __drcp_rn, ...), the fast ones (__expf, __fdividef, ...) and
 * min/max, over the device library's __ocml_* functions, which it declares.
 * It is what clang force-includes in a HIP compile with ROCm; stand-in parses
 * (-nogpuinc) skip that, so its math headers are included here. */
#ifndef WAVECHECK_STANDIN_AMD_MATH_FUNCTIONS_H
#define WAVECHECK_STANDIN_AMD_MATH_FUNCTIONS_H

#include <hip/hip_common.h>
/* The host's math declarations, as HIP's runtime header makes them visible:
 * host code calls fabsf and friends from <math.h>, and its constexpr
 * classification functions (isnan, isinf, ...) are usable in device code. */
#include <math.h>
#if defined(__HIP__) && !defined(__CLANG_HIP_RUNTIME_WRAPPER_INCLUDED__)
/* The math part of __clang_hip_runtime_wrapper.h, in its order; its <complex>
 * and <algorithm> are left out (they double the parse time of a small file;
 * a source that uses them includes them). */
#include <cmath>
#include <cstdlib>
#include <__clang_hip_libdevice_declares.h>
#include <__clang_hip_math.h>
#include <__clang_hip_stdlib.h>
#include <__clang_cuda_math_forward_declares.h>
#include <__clang_hip_cmath.h>
#endif

#endif
