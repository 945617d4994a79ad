/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. Covers the HIP wave-level API: __lane_id, __ballot,
 * __any/__all, __activemask, __shfl/__shfl_up/__shfl_down/__shfl_xor, the
 * CUDA-style *_sync variants, __syncwarp and __match_any(_sync). Written from
 * the public HIP documentation (ROCm 6.x/7.x):
 *  - masks (__ballot, __activemask, __ballot_sync, __match_any*) are 64-bit
 *    unsigned long long, also on wave32 targets;
 *  - shuffle width must be a power of two <= the wave size and defaults to the
 *    wave size; lanes are grouped by width and the source lane wraps modulo it;
 *  - __ballot_sync/__any_sync/__all_sync AND the result with the mask.
 * Bodies use clang's __builtin_amdgcn_* builtins. */
#ifndef WAVECHECK_STANDIN_AMD_WARP_FUNCTIONS_H
#define WAVECHECK_STANDIN_AMD_WARP_FUNCTIONS_H

#include <hip/amd_detail/amd_device_functions.h>

#define __WC_D __device__ __forceinline__

__WC_D unsigned int __lane_id() {
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}
__WC_D unsigned long long __ballot(int predicate) {
  return __builtin_amdgcn_ballot_w64(predicate != 0);
}
__WC_D unsigned long long __ballot64(int predicate) { return __ballot(predicate); }
__WC_D unsigned long long __activemask() { return __ballot(1); }
__WC_D int __any(int predicate) { return __ballot(predicate) != 0; }
__WC_D int __all(int predicate) { return __ballot(predicate) == __activemask(); }

/* ---- shuffles ---------------------------------------------------------------
 * Each computes the source lane and moves 32-bit words with ds_bpermute. */
template <class T> __WC_D T __wavecheck_permute(int lane, T var) {
  constexpr int words = (sizeof(T) + 3) / 4;
  int buf[words] = {};
  __builtin_memcpy(buf, &var, sizeof(T));
  for (int i = 0; i < words; ++i)
    buf[i] = __builtin_amdgcn_ds_bpermute(lane << 2, buf[i]);
  __builtin_memcpy(&var, buf, sizeof(T));
  return var;
}
__WC_D int __wavecheck_src_shfl(int src, int width) {
  int self = (int)__lane_id();
  return (self & ~(width - 1)) + (src & (width - 1));
}
__WC_D int __wavecheck_src_up(unsigned int delta, int width) {
  int self = (int)__lane_id();
  return ((self & (width - 1)) < (int)delta) ? self : self - (int)delta;
}
__WC_D int __wavecheck_src_down(unsigned int delta, int width) {
  int self = (int)__lane_id();
  return ((self & (width - 1)) + (int)delta >= width) ? self : self + (int)delta;
}
__WC_D int __wavecheck_src_xor(int laneMask, int width) {
  int self = (int)__lane_id();
  int src = self ^ laneMask;
  return (src & ~(width - 1)) == (self & ~(width - 1)) ? src : self;
}

#define __WC_SHFL(T) \
  __WC_D T __shfl(T var, int srcLane, int width = __WAVECHECK_WAVE_SIZE) { \
    return __wavecheck_permute(__wavecheck_src_shfl(srcLane, width), var); \
  } \
  __WC_D T __shfl_up(T var, unsigned int delta, \
                                         int width = __WAVECHECK_WAVE_SIZE) { \
    return __wavecheck_permute(__wavecheck_src_up(delta, width), var); \
  } \
  __WC_D T __shfl_down(T var, unsigned int delta, \
                                           int width = __WAVECHECK_WAVE_SIZE) { \
    return __wavecheck_permute(__wavecheck_src_down(delta, width), var); \
  } \
  __WC_D T __shfl_xor(T var, int laneMask, \
                                          int width = __WAVECHECK_WAVE_SIZE) { \
    return __wavecheck_permute(__wavecheck_src_xor(laneMask, width), var); \
  }
__WC_SHFL(int)
__WC_SHFL(unsigned int)
__WC_SHFL(long)
__WC_SHFL(unsigned long)
__WC_SHFL(long long)
__WC_SHFL(unsigned long long)
__WC_SHFL(float)
__WC_SHFL(double)
#undef __WC_SHFL
/* The same four shuffles for another value type (hip_fp16.h and hip_bf16.h use it for
 * their half and bfloat16 types). */
#define __WAVECHECK_SHUFFLES_OF(T) \
  __device__ inline T __shfl(T var, int srcLane, int width = __WAVECHECK_WAVE_SIZE) { \
    return __wavecheck_permute(__wavecheck_src_shfl(srcLane, width), var); \
  } \
  __device__ inline T __shfl_up(T var, unsigned int delta, int width = __WAVECHECK_WAVE_SIZE) { \
    return __wavecheck_permute(__wavecheck_src_up(delta, width), var); \
  } \
  __device__ inline T __shfl_down(T var, unsigned int delta, \
                                  int width = __WAVECHECK_WAVE_SIZE) { \
    return __wavecheck_permute(__wavecheck_src_down(delta, width), var); \
  } \
  __device__ inline T __shfl_xor(T var, int laneMask, int width = __WAVECHECK_WAVE_SIZE) { \
    return __wavecheck_permute(__wavecheck_src_xor(laneMask, width), var); \
  }

/* ---- CUDA-style *_sync variants ----------------------------------------------
 * Templates on the mask type and on the value type (any trivially copyable
 * type is moved word by word). Unlike ROCm there is deliberately NO
 * static_assert that the mask is 8 bytes: wavecheck reports a 32-bit mask
 * (e.g. 0xffffffff) itself, so such code must still parse. */
template <class MaskT, class T>
__WC_D T __shfl_sync(MaskT mask, T var, int srcLane,
                                         int width = __WAVECHECK_WAVE_SIZE) {
  (void)mask;
  return __wavecheck_permute(__wavecheck_src_shfl(srcLane, width), var);
}
template <class MaskT, class T>
__WC_D T __shfl_up_sync(MaskT mask, T var, unsigned int delta,
                                            int width = __WAVECHECK_WAVE_SIZE) {
  (void)mask;
  return __wavecheck_permute(__wavecheck_src_up(delta, width), var);
}
template <class MaskT, class T>
__WC_D T __shfl_down_sync(MaskT mask, T var, unsigned int delta,
                                              int width = __WAVECHECK_WAVE_SIZE) {
  (void)mask;
  return __wavecheck_permute(__wavecheck_src_down(delta, width), var);
}
template <class MaskT, class T>
__WC_D T __shfl_xor_sync(MaskT mask, T var, int laneMask,
                                             int width = __WAVECHECK_WAVE_SIZE) {
  (void)mask;
  return __wavecheck_permute(__wavecheck_src_xor(laneMask, width), var);
}
template <class MaskT>
__WC_D unsigned long long __ballot_sync(MaskT mask, int predicate) {
  return __ballot(predicate) & (unsigned long long)mask;
}
template <class MaskT> __WC_D int __any_sync(MaskT mask, int predicate) {
  return __ballot_sync(mask, predicate) != 0;
}
template <class MaskT> __WC_D int __all_sync(MaskT mask, int predicate) {
  return __ballot_sync(mask, predicate) == ((unsigned long long)mask & __activemask());
}
__WC_D void __syncwarp() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}
template <class MaskT> __WC_D void __syncwarp(MaskT mask) {
  (void)mask;
  __syncwarp();
}

/* ---- match --------------------------------------------------------------------
 * Mask of the active lanes whose `value` equals this lane's. */
template <class T> __WC_D unsigned long long __match_any(T value) {
  unsigned long long todo = __activemask(), result = 0;
  while (todo) {
    T leader = __wavecheck_permute((int)__builtin_ctzll(todo), value);
    unsigned long long same = __ballot(leader == value);
    if (leader == value) result = same;
    todo &= ~same;
  }
  return result;
}
template <class MaskT, class T>
__WC_D unsigned long long __match_any_sync(MaskT mask, T value) {
  return __match_any(value) & (unsigned long long)mask;
}
template <class MaskT, class T>
__WC_D unsigned long long __match_all_sync(MaskT mask, T value, int *pred) {
  unsigned long long m = (unsigned long long)mask & __activemask();
  bool all = (__match_any(value) & m) == m;
  *pred = all;
  return all ? m : 0ull;
}

#undef __WC_D
#endif
