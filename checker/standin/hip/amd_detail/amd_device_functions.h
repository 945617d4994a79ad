/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. Covers the HIP built-in variables (threadIdx,
 * blockIdx, blockDim, gridDim, warpSize), hipThreadIdx_x-style macros,
 * barriers and fences, atomics, integer intrinsics (__popc, __ffs, __clz,
 * __brev ...), min/max, device printf/assert and clocks. Written from the
 * public HIP and CUDA documentation (ROCm 6.x/7.x); bodies use clang
 * __builtin_amdgcn_* / __hip_atomic_* builtins. */
#ifndef WAVECHECK_STANDIN_AMD_DEVICE_FUNCTIONS_H
#define WAVECHECK_STANDIN_AMD_DEVICE_FUNCTIONS_H

#include <hip/hip_runtime_api.h>

#define __WC_D __device__ __forceinline__

/* ---- built-in index variables ------------------------------------------
 * Real variables named threadIdx/blockIdx/blockDim/gridDim (wavecheck matches
 * them by name). Each is a const device object whose x/y/z members are
 * properties read through static device getters. */
#define __WC_INDEX_TYPE(TYPE, F) \
  struct TYPE { \
    __declspec(property(get = __get_x)) unsigned int x; \
    __declspec(property(get = __get_y)) unsigned int y; \
    __declspec(property(get = __get_z)) unsigned int z; \
    static __WC_D unsigned int __get_x() { return F(x); } \
    static __WC_D unsigned int __get_y() { return F(y); } \
    static __WC_D unsigned int __get_z() { return F(z); } \
    __device__ operator dim3() const { return dim3(__get_x(), __get_y(), __get_z()); } \
  };
#define __WC_TID(c) __builtin_amdgcn_workitem_id_##c()
#define __WC_BID(c) __builtin_amdgcn_workgroup_id_##c()
#define __WC_BDIM(c) __builtin_amdgcn_workgroup_size_##c()
/* gridDim counts blocks: ceil(grid size in work-items / block size). */
#define __WC_GDIM(c) ((__builtin_amdgcn_grid_size_##c() + __WC_BDIM(c) - 1) / __WC_BDIM(c))
__WC_INDEX_TYPE(__wavecheck_thread_idx_t, __WC_TID)
__WC_INDEX_TYPE(__wavecheck_block_idx_t, __WC_BID)
__WC_INDEX_TYPE(__wavecheck_block_dim_t, __WC_BDIM)
__WC_INDEX_TYPE(__wavecheck_grid_dim_t, __WC_GDIM)
#undef __WC_INDEX_TYPE
#undef __WC_TID
#undef __WC_BID
#undef __WC_BDIM
#undef __WC_GDIM

extern const __device__ __wavecheck_thread_idx_t threadIdx;
extern const __device__ __wavecheck_block_idx_t blockIdx;
extern const __device__ __wavecheck_block_dim_t blockDim;
extern const __device__ __wavecheck_grid_dim_t gridDim;

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

/* ---- warpSize -------------------------------------------------------------
 * ROCm 7 style: a device-side object, NOT a constant expression, read through
 * a device-only conversion to int that yields the target's wave size (64 on
 * gfx9, 32 on gfx10+). `int a[warpSize]`, `__shared__ T s[warpSize]`,
 * template arguments, static_assert and constexpr uses do not compile; host
 * code must ask hipDeviceProp_t::warpSize / hipDeviceAttributeWarpSize.
 * In the AST a use is DeclRefExpr(warpSize) under an implicit call of
 * `operator int` (as with ROCm 7). -DWAVECHECK_WARPSIZE_INT declares it as a
 * plain `extern const int` instead (then a local `int a[warpSize]` is only a
 * variable length array warning). */
#if defined(WAVECHECK_WARPSIZE_INT)
extern __device__ const int warpSize;
typedef int __wavecheck_warp_size_t;
#else
struct __wavecheck_warp_size_t {
  __device__ operator int() const { return __WAVECHECK_WAVE_SIZE; }
};
extern __device__ const __wavecheck_warp_size_t warpSize;
#endif

/* ---- barriers and fences --------------------------------------------------- */
__WC_D void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__WC_D void __threadfence_block() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup"); }
__WC_D void __threadfence() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); }
__WC_D void __threadfence_system() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, ""); }

/* ---- atomics (device scope, relaxed, returning the old value) ------------- */
#define __WC_ATOMIC(NAME, BUILTIN, T) \
  __WC_D T NAME(T *address, T val) { \
    return BUILTIN(address, val, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT); \
  }
#define __WC_ATOMIC_INT_TYPES(NAME, BUILTIN) \
  __WC_ATOMIC(NAME, BUILTIN, int) \
  __WC_ATOMIC(NAME, BUILTIN, unsigned int) \
  __WC_ATOMIC(NAME, BUILTIN, unsigned long) \
  __WC_ATOMIC(NAME, BUILTIN, unsigned long long)
__WC_ATOMIC_INT_TYPES(atomicAdd, __hip_atomic_fetch_add)
__WC_ATOMIC(atomicAdd, __hip_atomic_fetch_add, float)
__WC_ATOMIC(atomicAdd, __hip_atomic_fetch_add, double)
__WC_ATOMIC_INT_TYPES(atomicSub, __hip_atomic_fetch_sub)
__WC_ATOMIC_INT_TYPES(atomicMax, __hip_atomic_fetch_max)
__WC_ATOMIC(atomicMax, __hip_atomic_fetch_max, float)
__WC_ATOMIC(atomicMax, __hip_atomic_fetch_max, double)
__WC_ATOMIC_INT_TYPES(atomicMin, __hip_atomic_fetch_min)
__WC_ATOMIC(atomicMin, __hip_atomic_fetch_min, float)
__WC_ATOMIC(atomicMin, __hip_atomic_fetch_min, double)
__WC_ATOMIC_INT_TYPES(atomicAnd, __hip_atomic_fetch_and)
__WC_ATOMIC_INT_TYPES(atomicOr, __hip_atomic_fetch_or)
__WC_ATOMIC_INT_TYPES(atomicXor, __hip_atomic_fetch_xor)
__WC_ATOMIC_INT_TYPES(atomicExch, __hip_atomic_exchange)
__WC_ATOMIC(atomicExch, __hip_atomic_exchange, float)
#undef __WC_ATOMIC_INT_TYPES
#undef __WC_ATOMIC

#define __WC_ATOMIC_CAS(T) \
  __WC_D T atomicCAS(T *address, T compare, T val) { \
    __hip_atomic_compare_exchange_strong(address, &compare, val, __ATOMIC_RELAXED, \
                                         __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT); \
    return compare; \
  }
__WC_ATOMIC_CAS(int)
__WC_ATOMIC_CAS(unsigned int)
__WC_ATOMIC_CAS(unsigned long long)
__WC_ATOMIC_CAS(float)
#undef __WC_ATOMIC_CAS
__device__ unsigned int atomicInc(unsigned int *address, unsigned int limit);
__device__ unsigned int atomicDec(unsigned int *address, unsigned int limit);

/* ---- integer intrinsics ---------------------------------------------------- */
__WC_D int __popc(unsigned int x) { return __builtin_popcount(x); }
__WC_D int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
__WC_D int __ffs(int x) { return __builtin_ffs(x); }
__WC_D int __ffs(unsigned int x) { return __builtin_ffs((int)x); }
__WC_D int __ffsll(long long x) { return __builtin_ffsll(x); }
__WC_D int __ffsll(unsigned long long x) { return __builtin_ffsll((long long)x); }
__WC_D int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
__WC_D int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
__WC_D unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
__WC_D unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }

/* Bit reinterpretation between floating-point and integer values. */
__WC_D int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
__WC_D unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
__WC_D float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
__WC_D float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
__WC_D long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
__WC_D double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
__WC_D unsigned int __umulhi(unsigned int a, unsigned int b) {
  return (unsigned int)(((unsigned long long)a * b) >> 32);
}
__WC_D int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
__WC_D int __mul24(int a, int b) { return a * b; }
__WC_D unsigned int __umul24(unsigned int a, unsigned int b) { return a * b; }
template <class T> __WC_D T __ldg(const T *ptr) { return *ptr; }

/* ---- min / max (host and device) ------------------------------------------- */
/* ---- min / max -------------------------------------------------------------
 * clang's __clang_hip_math.h declares min/max of one type (a template and the
 * int, float and double overloads, and the host ones). Added here: operands of
 * two types (warpSize counting as int), where the usual arithmetic conversions
 * decide. */
template <class T> struct __wavecheck_arith { typedef T type; };
template <> struct __wavecheck_arith<__wavecheck_warp_size_t> { typedef int type; };
template <class T, class U, class A = typename __wavecheck_arith<T>::type,
          class B = typename __wavecheck_arith<U>::type,
          bool = __is_arithmetic(A) && __is_arithmetic(B)>
struct __wavecheck_minmax_result {};
template <class T, class U, class A, class B>
struct __wavecheck_minmax_result<T, U, A, B, true> {
  typedef decltype(true ? A() : B()) type;
};
template <class T, class U>
__host__ __WC_D typename __wavecheck_minmax_result<T, U>::type min(T a, U b) {
  typename __wavecheck_minmax_result<T, U>::type x = a, y = b;
  return y < x ? y : x;
}
template <class T, class U>
__host__ __WC_D typename __wavecheck_minmax_result<T, U>::type max(T a, U b) {
  typename __wavecheck_minmax_result<T, U>::type x = a, y = b;
  return x < y ? y : x;
}

/* ---- printf, assert, clocks ------------------------------------------------ */
extern "C" __device__ int printf(const char *format, ...);
extern "C" __device__ void __assert_fail(const char *assertion, const char *file,
                                         unsigned int line, const char *function);
__WC_D long long clock64() { return (long long)__builtin_readcyclecounter(); }
__WC_D long long clock() { return clock64(); }
__WC_D long long wall_clock64() { return (long long)__builtin_readsteadycounter(); }
__WC_D void __trap() { __builtin_trap(); }

#include <hip/amd_detail/amd_device_more.h>

#undef __WC_D
#endif
