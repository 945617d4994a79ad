/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. Covers a basic set of device math functions
 * (expf, sqrtf, rsqrtf, fmaxf, ..., their double forms and the fast
 * __expf-style intrinsics) as static device functions over clang builtins, so
 * they can coexist with the host declarations of <math.h>. Written from the
 * public HIP/CUDA math API documentation (ROCm 6.x/7.x). */
#ifndef WAVECHECK_STANDIN_AMD_MATH_FUNCTIONS_H
#define WAVECHECK_STANDIN_AMD_MATH_FUNCTIONS_H

#include <hip/hip_common.h>
/* The host's math declarations, as HIP's runtime header makes them visible:
 * host code calls fabsf and friends from <math.h>, and its constexpr
 * classification functions (isnan, isinf, ...) are usable in device code. */
#include <math.h>

#define __WC_DEV static __device__ __forceinline__
#define __WC_MATH1(T, NAME, EXPR) __WC_DEV T NAME(T x) { return EXPR; }
#define __WC_MATH2(T, NAME, EXPR) __WC_DEV T NAME(T x, T y) { return EXPR; }

__WC_MATH1(float, sqrtf, __builtin_sqrtf(x))
__WC_MATH1(float, rsqrtf, 1.0f / __builtin_sqrtf(x))
__WC_MATH1(float, cbrtf, __builtin_cbrtf(x))
__WC_MATH1(float, expf, __builtin_expf(x))
__WC_MATH1(float, exp2f, __builtin_exp2f(x))
__WC_MATH1(float, exp10f, __builtin_exp10f(x))
__WC_MATH1(float, expm1f, __builtin_expm1f(x))
__WC_MATH1(float, logf, __builtin_logf(x))
__WC_MATH1(float, log2f, __builtin_log2f(x))
__WC_MATH1(float, log10f, __builtin_log10f(x))
__WC_MATH1(float, log1pf, __builtin_log1pf(x))
__WC_MATH1(float, sinf, __builtin_sinf(x))
__WC_MATH1(float, cosf, __builtin_cosf(x))
__WC_MATH1(float, tanf, __builtin_tanf(x))
__WC_MATH1(float, tanhf, __builtin_tanhf(x))
__WC_MATH1(float, erff, __builtin_erff(x))
__WC_MATH1(float, fabsf, __builtin_fabsf(x))
__WC_MATH1(float, floorf, __builtin_floorf(x))
__WC_MATH1(float, ceilf, __builtin_ceilf(x))
__WC_MATH1(float, roundf, __builtin_roundf(x))
__WC_MATH1(float, truncf, __builtin_truncf(x))
__WC_MATH1(float, rintf, __builtin_rintf(x))
__WC_MATH2(float, fmaxf, __builtin_fmaxf(x, y))
__WC_MATH2(float, fminf, __builtin_fminf(x, y))
__WC_MATH2(float, powf, __builtin_powf(x, y))
__WC_MATH2(float, fmodf, __builtin_fmodf(x, y))
__WC_MATH2(float, atan2f, __builtin_atan2f(x, y))
__WC_MATH2(float, copysignf, __builtin_copysignf(x, y))
__WC_DEV float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }

__WC_MATH1(double, sqrt, __builtin_sqrt(x))
__WC_MATH1(double, rsqrt, 1.0 / __builtin_sqrt(x))
__WC_MATH1(double, exp, __builtin_exp(x))
__WC_MATH1(double, exp2, __builtin_exp2(x))
__WC_MATH1(double, log, __builtin_log(x))
__WC_MATH1(double, log2, __builtin_log2(x))
__WC_MATH1(double, sin, __builtin_sin(x))
__WC_MATH1(double, cos, __builtin_cos(x))
__WC_MATH1(double, tanh, __builtin_tanh(x))
__WC_MATH1(double, fabs, __builtin_fabs(x))
__WC_MATH1(double, floor, __builtin_floor(x))
__WC_MATH1(double, ceil, __builtin_ceil(x))
__WC_MATH1(double, round, __builtin_round(x))
__WC_MATH1(double, trunc, __builtin_trunc(x))
__WC_MATH2(double, fmax, __builtin_fmax(x, y))
__WC_MATH2(double, fmin, __builtin_fmin(x, y))
__WC_MATH2(double, pow, __builtin_pow(x, y))
__WC_MATH2(double, fmod, __builtin_fmod(x, y))
__WC_DEV double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }

/* Fast/approximate intrinsics (same results here: only parsing matters). */
__WC_MATH1(float, __expf, __builtin_expf(x))
__WC_MATH1(float, __exp10f, __builtin_exp10f(x))
__WC_MATH1(float, __logf, __builtin_logf(x))
__WC_MATH1(float, __log2f, __builtin_log2f(x))
__WC_MATH1(float, __sinf, __builtin_sinf(x))
__WC_MATH1(float, __cosf, __builtin_cosf(x))
__WC_MATH1(float, __frcp_rn, 1.0f / x)
__WC_MATH1(float, __fsqrt_rn, __builtin_sqrtf(x))
__WC_MATH1(float, __frsqrt_rn, 1.0f / __builtin_sqrtf(x))
__WC_MATH1(float, __saturatef, x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x))
__WC_MATH2(float, __powf, __builtin_powf(x, y))
__WC_MATH2(float, __fdividef, x / y)
__WC_DEV float __fmaf_rn(float x, float y, float z) { return __builtin_fmaf(x, y, z); }

#undef __WC_MATH2
#undef __WC_MATH1
#undef __WC_DEV
#endif
