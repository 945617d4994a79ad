/* Stand-in header written for wavecheck; NOT a ROCm header and contains no ROCm
 * code. More device intrinsics of the HIP/CUDA device API: 64-bit high products,
 * byte permutes and funnel shifts, type conversions with a rounding mode
 * (__float2int_rd, __double2hiint, ...), the unsafe and system-scope atomics.
 * Written from the public HIP device API and CUDA math API documentation
 * (ROCm 6.x/7.x). Included by amd_device_functions.h, inside its __WC_D
 * (__device__ __forceinline__) definition. */
#ifndef WAVECHECK_STANDIN_AMD_DEVICE_MORE_H
#define WAVECHECK_STANDIN_AMD_DEVICE_MORE_H

/* ---- integer intrinsics ---------------------------------------------------- */
__WC_D unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
  return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
__WC_D long long __mul64hi(long long a, long long b) {
  return (long long)(((__int128)a * b) >> 64);
}
/* Byte s of the eight bytes {y:x} for each selector nibble of s (low 3 bits). */
__WC_D unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  unsigned long long v = ((unsigned long long)y << 32) | x;
  unsigned int r = 0;
  for (int i = 0; i < 4; ++i)
    r |= (unsigned int)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
  return r;
}
__WC_D unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
  return (unsigned int)(((((unsigned long long)hi << 32) | lo) << (shift & 31)) >> 32);
}
__WC_D unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
  return (unsigned int)((((unsigned long long)hi << 32) | lo) >> (shift & 31));
}
__WC_D int __rhadd(int a, int b) { return (int)(((long long)a + b + 1) >> 1); }
__WC_D unsigned int __urhadd(unsigned int a, unsigned int b) {
  return (unsigned int)(((unsigned long long)a + b + 1) >> 1);
}
__WC_D unsigned int __uhadd(unsigned int a, unsigned int b) {
  return (unsigned int)(((unsigned long long)a + b) >> 1);
}
__WC_D unsigned int __sad(int a, int b, unsigned int c) {
  return c + (unsigned int)(a > b ? a - b : b - a);
}
__WC_D unsigned int __usad(unsigned int a, unsigned int b, unsigned int c) {
  return c + (a > b ? a - b : b - a);
}

/* ---- conversions: halves of a double, rounding modes ----------------------- */
__WC_D int __double2hiint(double x) {
  return (int)(__builtin_bit_cast(unsigned long long, x) >> 32);
}
__WC_D int __double2loint(double x) { return (int)__builtin_bit_cast(unsigned long long, x); }
__WC_D double __hiloint2double(int hi, int lo) {
  return __builtin_bit_cast(double, ((unsigned long long)(unsigned int)hi << 32) |
                                        (unsigned int)lo);
}
__WC_D unsigned long long __double_as_ulonglong(double x) {
  return __builtin_bit_cast(unsigned long long, x);
}
/* NAME<mode>(x): x rounded to nearest even (rn), down (rd), up (ru) or toward
 * zero (rz), then converted. */
#define __WC_CVT(NAME, FROM, TO) \
  __WC_D TO NAME##_rn(FROM x) { return (TO)__builtin_rint(x); } \
  __WC_D TO NAME##_rd(FROM x) { return (TO)__builtin_floor(x); } \
  __WC_D TO NAME##_ru(FROM x) { return (TO)__builtin_ceil(x); } \
  __WC_D TO NAME##_rz(FROM x) { return (TO)x; }
__WC_CVT(__float2int, float, int)
__WC_CVT(__float2uint, float, unsigned int)
__WC_CVT(__float2ll, float, long long)
__WC_CVT(__float2ull, float, unsigned long long)
__WC_CVT(__double2int, double, int)
__WC_CVT(__double2uint, double, unsigned int)
__WC_CVT(__double2ll, double, long long)
__WC_CVT(__double2ull, double, unsigned long long)
#undef __WC_CVT
/* Conversions to floating point: the value's nearest (rn) or directed roundings;
 * declared only. */
#define __WC_TOFP(NAME, FROM, TO) \
  __device__ TO NAME##_rn(FROM x); \
  __device__ TO NAME##_rd(FROM x); \
  __device__ TO NAME##_ru(FROM x); \
  __device__ TO NAME##_rz(FROM x);
__WC_TOFP(__int2float, int, float)
__WC_TOFP(__uint2float, unsigned int, float)
__WC_TOFP(__ll2float, long long, float)
__WC_TOFP(__ull2float, unsigned long long, float)
__WC_TOFP(__double2float, double, float)
__WC_TOFP(__ll2double, long long, double)
__WC_TOFP(__ull2double, unsigned long long, double)
#undef __WC_TOFP
__WC_D double __int2double_rn(int x) { return (double)x; }
__WC_D double __uint2double_rn(unsigned int x) { return (double)x; }

/* ---- atomics: unsafe (may use hardware float atomics that ignore denormals
 * or fine-grained memory), system scope, workgroup scope -------------------- */
__WC_D float unsafeAtomicAdd(float *address, float val) { return atomicAdd(address, val); }
__WC_D double unsafeAtomicAdd(double *address, double val) { return atomicAdd(address, val); }
__WC_D float safeAtomicAdd(float *address, float val) { return atomicAdd(address, val); }
__WC_D double safeAtomicAdd(double *address, double val) { return atomicAdd(address, val); }
__WC_D float unsafeAtomicMax(float *address, float val) { return atomicMax(address, val); }
__WC_D float unsafeAtomicMin(float *address, float val) { return atomicMin(address, val); }
__WC_D long long atomicAdd(long long *address, long long val) {
  return __hip_atomic_fetch_add(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
#define __WC_ATOMIC_SCOPED(NAME, SUFFIX, BUILTIN, SCOPE, T) \
  __WC_D T NAME##SUFFIX(T *address, T val) { \
    return BUILTIN(address, val, __ATOMIC_RELAXED, SCOPE); \
  }
#define __WC_ATOMIC_SCOPE(SUFFIX, SCOPE) \
  __WC_ATOMIC_SCOPED(atomicAdd, SUFFIX, __hip_atomic_fetch_add, SCOPE, int) \
  __WC_ATOMIC_SCOPED(atomicAdd, SUFFIX, __hip_atomic_fetch_add, SCOPE, unsigned int) \
  __WC_ATOMIC_SCOPED(atomicAdd, SUFFIX, __hip_atomic_fetch_add, SCOPE, unsigned long long) \
  __WC_ATOMIC_SCOPED(atomicAdd, SUFFIX, __hip_atomic_fetch_add, SCOPE, float) \
  __WC_ATOMIC_SCOPED(atomicAdd, SUFFIX, __hip_atomic_fetch_add, SCOPE, double) \
  __WC_ATOMIC_SCOPED(atomicSub, SUFFIX, __hip_atomic_fetch_sub, SCOPE, int) \
  __WC_ATOMIC_SCOPED(atomicSub, SUFFIX, __hip_atomic_fetch_sub, SCOPE, unsigned int) \
  __WC_ATOMIC_SCOPED(atomicMax, SUFFIX, __hip_atomic_fetch_max, SCOPE, int) \
  __WC_ATOMIC_SCOPED(atomicMax, SUFFIX, __hip_atomic_fetch_max, SCOPE, unsigned int) \
  __WC_ATOMIC_SCOPED(atomicMax, SUFFIX, __hip_atomic_fetch_max, SCOPE, float) \
  __WC_ATOMIC_SCOPED(atomicMin, SUFFIX, __hip_atomic_fetch_min, SCOPE, int) \
  __WC_ATOMIC_SCOPED(atomicMin, SUFFIX, __hip_atomic_fetch_min, SCOPE, unsigned int) \
  __WC_ATOMIC_SCOPED(atomicMin, SUFFIX, __hip_atomic_fetch_min, SCOPE, float) \
  __WC_ATOMIC_SCOPED(atomicAnd, SUFFIX, __hip_atomic_fetch_and, SCOPE, int) \
  __WC_ATOMIC_SCOPED(atomicAnd, SUFFIX, __hip_atomic_fetch_and, SCOPE, unsigned int) \
  __WC_ATOMIC_SCOPED(atomicOr, SUFFIX, __hip_atomic_fetch_or, SCOPE, int) \
  __WC_ATOMIC_SCOPED(atomicOr, SUFFIX, __hip_atomic_fetch_or, SCOPE, unsigned int) \
  __WC_ATOMIC_SCOPED(atomicXor, SUFFIX, __hip_atomic_fetch_xor, SCOPE, int) \
  __WC_ATOMIC_SCOPED(atomicXor, SUFFIX, __hip_atomic_fetch_xor, SCOPE, unsigned int) \
  __WC_ATOMIC_SCOPED(atomicExch, SUFFIX, __hip_atomic_exchange, SCOPE, int) \
  __WC_ATOMIC_SCOPED(atomicExch, SUFFIX, __hip_atomic_exchange, SCOPE, unsigned int) \
  __WC_ATOMIC_SCOPED(atomicExch, SUFFIX, __hip_atomic_exchange, SCOPE, float) \
  __WC_D int atomicCAS##SUFFIX(int *address, int compare, int val) { \
    __hip_atomic_compare_exchange_strong(address, &compare, val, __ATOMIC_RELAXED, \
                                         __ATOMIC_RELAXED, SCOPE); \
    return compare; \
  } \
  __WC_D unsigned int atomicCAS##SUFFIX(unsigned int *address, unsigned int compare, \
                                        unsigned int val) { \
    __hip_atomic_compare_exchange_strong(address, &compare, val, __ATOMIC_RELAXED, \
                                         __ATOMIC_RELAXED, SCOPE); \
    return compare; \
  } \
  __WC_D unsigned long long atomicCAS##SUFFIX(unsigned long long *address, \
                                              unsigned long long compare, \
                                              unsigned long long val) { \
    __hip_atomic_compare_exchange_strong(address, &compare, val, __ATOMIC_RELAXED, \
                                         __ATOMIC_RELAXED, SCOPE); \
    return compare; \
  }
__WC_ATOMIC_SCOPE(_system, __HIP_MEMORY_SCOPE_SYSTEM)
__WC_ATOMIC_SCOPE(_block, __HIP_MEMORY_SCOPE_WORKGROUP)
#undef __WC_ATOMIC_SCOPE
#undef __WC_ATOMIC_SCOPED
__device__ unsigned int atomicInc_system(unsigned int *address, unsigned int limit);
__device__ unsigned int atomicDec_system(unsigned int *address, unsigned int limit);

#endif
