//===--- bit_ops.h - __popc, __ffs, __clz and device math helpers ----------===//
///
/// \file
/// Integer intrinsics with HIP's results: __popc/__popcll count set bits;
/// __ffs/__ffsll give the 1-based index of the lowest set bit (0 for 0);
/// __clz/__clzll count leading zeros (32/64 for 0). The 32-bit forms given a
/// LaneMask narrow it (reporting lane-mask-truncated when lanes 32-63 are set),
/// which is what `__popc(__ballot(p))` does on a wave64 GPU. Also HIP's
/// unqualified device `min`/`max` and a few fast-math spellings.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/bit_ops.h"
#endif

#include "wavesan/emu/lane_mask.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

// One template per function for every integer type (as HIP's implicit conversion to the
// parameter's unsigned int / unsigned long long), so that int, long, uint64_t ... all pick
// it without ambiguity; a LaneMask takes the overloads below.
template <class T>
  requires std::is_integral_v<T>
inline int __popc(T X) {
  return std::popcount(static_cast<unsigned>(X));
}
template <class T>
  requires std::is_integral_v<T>
inline int __popcll(T X) {
  return std::popcount(static_cast<unsigned long long>(X));
}
template <class T>
  requires std::is_integral_v<T>
inline int __ffs(T X) {
  const unsigned U = static_cast<unsigned>(X);
  return U ? std::countr_zero(U) + 1 : 0;
}
template <class T>
  requires std::is_integral_v<T>
inline int __ffsll(T X) {
  const unsigned long long U = static_cast<unsigned long long>(X);
  return U ? std::countr_zero(U) + 1 : 0;
}
template <class T>
  requires std::is_integral_v<T>
inline int __clz(T X) {
  return std::countl_zero(static_cast<unsigned>(X));
}
template <class T>
  requires std::is_integral_v<T>
inline int __clzll(T X) {
  return std::countl_zero(static_cast<unsigned long long>(X));
}
inline unsigned __brev(unsigned X) {
  unsigned R = 0;
  for (int I = 0; I < 32; ++I) R |= ((X >> I) & 1u) << (31 - I);
  return R;
}
inline unsigned long long __brevll(unsigned long long X) {
  unsigned long long R = 0;
  for (int I = 0; I < 64; ++I) R |= ((X >> I) & 1ull) << (63 - I);
  return R;
}

// LaneMask arguments: the 32-bit forms narrow (and report), the 64-bit ones do not.
inline int __popc(const ::wavesan::emu::LaneMask &M) { return __popc(static_cast<unsigned>(M)); }
inline int __ffs(const ::wavesan::emu::LaneMask &M) { return __ffs(static_cast<unsigned>(M)); }
inline int __clz(const ::wavesan::emu::LaneMask &M) { return __clz(static_cast<int>(M)); }
inline int __popcll(const ::wavesan::emu::LaneMask &M) {
  return __popcll(static_cast<unsigned long long>(M.bits()));
}
inline int __ffsll(const ::wavesan::emu::LaneMask &M) { return __ffsll(static_cast<unsigned long long>(M.bits())); }
inline int __clzll(const ::wavesan::emu::LaneMask &M) {
  return __clzll(static_cast<long long>(M.bits()));
}

/// HIP's device min/max (unqualified in kernels), over the common type.
template <class A, class B>
  requires std::is_arithmetic_v<A> && std::is_arithmetic_v<B>
inline std::common_type_t<A, B> min(A X, B Y) {
  using C = std::common_type_t<A, B>;
  return static_cast<C>(Y) < static_cast<C>(X) ? static_cast<C>(Y) : static_cast<C>(X);
}
template <class A, class B>
  requires std::is_arithmetic_v<A> && std::is_arithmetic_v<B>
inline std::common_type_t<A, B> max(A X, B Y) {
  using C = std::common_type_t<A, B>;
  return static_cast<C>(X) < static_cast<C>(Y) ? static_cast<C>(Y) : static_cast<C>(X);
}
inline float rsqrtf(float X) { return 1.0f / std::sqrt(X); }
inline double rsqrt(double X) { return 1.0 / std::sqrt(X); }
inline float __expf(float X) { return std::exp(X); }
inline float __logf(float X) { return std::log(X); }
inline float __fdividef(float X, float Y) { return X / Y; }
inline float __saturatef(float X) { return X < 0.f ? 0.f : (X > 1.f ? 1.f : X); }
