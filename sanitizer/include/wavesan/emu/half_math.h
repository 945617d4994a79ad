//===--- half_math.h - __float2half, __hadd2, hsqrt, half shuffles --------===//
///
/// \file
/// HIP's functions on `__half`/`__half2` (amd_hip_fp16.h) and
/// `__hip_bfloat16`/`__hip_bfloat162` (hip_bf16.h), with the same names
/// overloaded for both families where HIP has them:
/// - conversions: __float2half(_rn/_rz/_rd/_ru), __half2float, __float2half2_rn,
///   __floats2half2_rn, __float22half2_rn, __half22float2, __low2float,
///   __high2float, __halves2half2, __low2half, __high2half ...; integer
///   conversions __half2int_rn/_rz/_rd/_ru, __int2half_rn ... (and the
///   short, uint, ll forms); bit casts __half_as_ushort, __ushort_as_half ...;
///   bfloat16: __float2bfloat16, __bfloat162float, __float22bfloat162_rn ...
/// - arithmetic in float rounded once: __hadd, __hsub, __hmul, __hdiv, __hfma
///   (fused: computed in double), __hneg, __habs and the `_sat` forms (result
///   clamped to [0, 1], NaN to 0); the `2` forms on pairs.
/// - comparisons: __heq ... __hgt (ordered: false on NaN), the unordered __hequ
///   ... __hgtu (true on NaN), __hisnan, __hisinf, __hmax, __hmin; pair forms
///   __heq2 ... (1.0 or 0.0 per half) and __hbeq2 ... (both halves true).
/// - math: hsqrt, hrsqrt, hrcp, hexp, hexp2, hexp10, hlog, hlog2, hlog10,
///   hsin, hcos, hceil, hfloor, htrunc, hrint and their h2 forms (in float,
///   rounded once).
/// - wave shuffles of both types (__shfl, __shfl_up, __shfl_down, __shfl_xor and
///   their _sync forms), moving the bits.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_fp16.h> or <hip/hip_bf16.h>, not wavesan/emu/half_math.h"
#endif

#include "wavesan/emu/half.h"
#include "wavesan/emu/vector_types.h"
#include "wavesan/emu/wave_ops.h"

#include <climits>
#include <limits>
#include <cmath>
#include <cstdint>

namespace wavesan::emu::detail {
/// \p V rounded to the 16-bit format of \p H toward zero (0), -inf (-1) or +inf (1),
/// from the round-to-nearest encoding stepped one unit in the last place.
template <class H> inline H roundDirected(float V, int Mode) {
  H R(V);
  float D = float(R);
  if (V != V || D == V)
    return R;
  bool TooFar = Mode == 0 ? std::fabs(D) > std::fabs(V) : (Mode > 0 ? D < V : D > V);
  if (!TooFar)
    return R;
  // Sign-magnitude bits: +1 moves away from zero, -1 toward it. Moving toward zero
  // happens when the nearest value overshot in magnitude (rz; rd above a positive
  // value; ru below a negative one); otherwise the result moves one unit away.
  uint16_t B = R.bits();
  bool TowardZero = Mode == 0 || (Mode < 0 ? D > 0 : D < 0);
  if (TowardZero)
    B = static_cast<uint16_t>(B - 1);
  else if ((B & 0x7fffu) == 0) // +-0: the smallest subnormal of V's sign
    B = static_cast<uint16_t>((V < 0 ? 0x8000u : 0u) | 1u);
  else
    B = static_cast<uint16_t>(B + 1);
  return H::fromBits(B);
}
template <class I> inline I toInt(float V, int Mode) {
  if (V != V)
    return 0;
  double R = Mode == 2 ? std::nearbyint(double(V))
             : Mode == 0 ? std::trunc(double(V))
             : Mode < 0 ? std::floor(double(V))
                        : std::ceil(double(V));
  constexpr double Lo = double(std::numeric_limits<I>::min());
  constexpr double Hi = double(std::numeric_limits<I>::max());
  return R <= Lo ? std::numeric_limits<I>::min()
         : R >= Hi ? std::numeric_limits<I>::max()
                   : static_cast<I>(R);
}
constexpr float sat01(float V) { return V > 0.0f ? (V < 1.0f ? V : 1.0f) : 0.0f; }
} // namespace wavesan::emu::detail

// Conversions to and from float.
inline __half __float2half(float V) { return __half(V); }
inline __half __float2half_rn(float V) { return __half(V); }
inline __half __float2half_rz(float V) { return ::wavesan::emu::detail::roundDirected<__half>(V, 0); }
inline __half __float2half_rd(float V) { return ::wavesan::emu::detail::roundDirected<__half>(V, -1); }
inline __half __float2half_ru(float V) { return ::wavesan::emu::detail::roundDirected<__half>(V, 1); }
inline __half __double2half(double V) { return __half(static_cast<float>(V)); }
inline float __half2float(__half H) { return float(H); }
inline __half2 __float2half2_rn(float V) { return __half2(__half(V), __half(V)); }
inline __half2 __floats2half2_rn(float A, float B) { return __half2(__half(A), __half(B)); }
inline __half2 __float22half2_rn(float2 V) { return __half2(__half(V.x), __half(V.y)); }
inline float2 __half22float2(__half2 H) { return make_float2(float(H.x), float(H.y)); }
inline float __low2float(__half2 H) { return float(H.x); }
inline float __high2float(__half2 H) { return float(H.y); }
inline __half __low2half(__half2 H) { return H.x; }
inline __half __high2half(__half2 H) { return H.y; }
inline __half2 __halves2half2(__half A, __half B) { return __half2(A, B); }
inline __half2 __half2half2(__half A) { return __half2(A, A); }
inline __half2 __low2half2(__half2 H) { return __half2(H.x, H.x); }
inline __half2 __high2half2(__half2 H) { return __half2(H.y, H.y); }
inline __half2 __lows2half2(__half2 A, __half2 B) { return __half2(A.x, B.x); }
inline __half2 __highs2half2(__half2 A, __half2 B) { return __half2(A.y, B.y); }
inline __half2 __lowhigh2highlow(__half2 H) { return __half2(H.y, H.x); }
inline short __half_as_short(__half H) { return static_cast<short>(H.__x); }
inline unsigned short __half_as_ushort(__half H) { return H.__x; }
inline __half __short_as_half(short B) { return __half::fromBits(static_cast<uint16_t>(B)); }
inline __half __ushort_as_half(unsigned short B) { return __half::fromBits(B); }

inline __hip_bfloat16 __float2bfloat16(float V) { return __hip_bfloat16(V); }
inline __hip_bfloat16 __float2bfloat16_rn(float V) { return __hip_bfloat16(V); }
inline __hip_bfloat16 __float2bfloat16_rz(float V) {
  return ::wavesan::emu::detail::roundDirected<__hip_bfloat16>(V, 0);
}
inline __hip_bfloat16 __float2bfloat16_rd(float V) {
  return ::wavesan::emu::detail::roundDirected<__hip_bfloat16>(V, -1);
}
inline __hip_bfloat16 __float2bfloat16_ru(float V) {
  return ::wavesan::emu::detail::roundDirected<__hip_bfloat16>(V, 1);
}
inline __hip_bfloat16 __double2bfloat16(double V) { return __hip_bfloat16(static_cast<float>(V)); }
inline float __bfloat162float(__hip_bfloat16 H) { return float(H); }
inline __hip_bfloat162 __float2bfloat162_rn(float V) {
  return __hip_bfloat162(__hip_bfloat16(V), __hip_bfloat16(V));
}
inline __hip_bfloat162 __floats2bfloat162_rn(float A, float B) {
  return __hip_bfloat162(__hip_bfloat16(A), __hip_bfloat16(B));
}
inline __hip_bfloat162 __float22bfloat162_rn(float2 V) {
  return __hip_bfloat162(__hip_bfloat16(V.x), __hip_bfloat16(V.y));
}
inline float2 __bfloat1622float2(__hip_bfloat162 H) { return make_float2(float(H.x), float(H.y)); }
inline __hip_bfloat16 __low2bfloat16(__hip_bfloat162 H) { return H.x; }
inline __hip_bfloat16 __high2bfloat16(__hip_bfloat162 H) { return H.y; }
inline __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 A, __hip_bfloat16 B) {
  return __hip_bfloat162(A, B);
}
inline __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16 A) { return __hip_bfloat162(A, A); }
inline short __bfloat16_as_short(__hip_bfloat16 H) { return static_cast<short>(H.data); }
inline unsigned short __bfloat16_as_ushort(__hip_bfloat16 H) { return H.data; }
inline __hip_bfloat16 __short_as_bfloat16(short B) {
  return __hip_bfloat16::fromBits(static_cast<uint16_t>(B));
}
inline __hip_bfloat16 __ushort_as_bfloat16(unsigned short B) { return __hip_bfloat16::fromBits(B); }

// Integer conversions: __half2int_rn ... and __int2half_rn ..., same for bfloat16.
#define WAVESAN_HALF_INT(H, HName, IType, IName)                                           \
  inline IType __##HName##2##IName##_rn(H V) {                                             \
    return ::wavesan::emu::detail::toInt<IType>(float(V), 2);                              \
  }                                                                                        \
  inline IType __##HName##2##IName##_rz(H V) {                                             \
    return ::wavesan::emu::detail::toInt<IType>(float(V), 0);                              \
  }                                                                                        \
  inline IType __##HName##2##IName##_rd(H V) {                                             \
    return ::wavesan::emu::detail::toInt<IType>(float(V), -1);                             \
  }                                                                                        \
  inline IType __##HName##2##IName##_ru(H V) {                                             \
    return ::wavesan::emu::detail::toInt<IType>(float(V), 1);                              \
  }                                                                                        \
  inline H __##IName##2##HName##_rn(IType V) { return H(static_cast<float>(V)); }          \
  inline H __##IName##2##HName##_rz(IType V) {                                             \
    return ::wavesan::emu::detail::roundDirected<H>(static_cast<float>(V), 0);             \
  }                                                                                        \
  inline H __##IName##2##HName##_rd(IType V) {                                             \
    return ::wavesan::emu::detail::roundDirected<H>(static_cast<float>(V), -1);            \
  }                                                                                        \
  inline H __##IName##2##HName##_ru(IType V) {                                             \
    return ::wavesan::emu::detail::roundDirected<H>(static_cast<float>(V), 1);             \
  }
WAVESAN_HALF_INT(__half, half, int, int)
WAVESAN_HALF_INT(__half, half, unsigned, uint)
WAVESAN_HALF_INT(__half, half, short, short)
WAVESAN_HALF_INT(__half, half, unsigned short, ushort)
WAVESAN_HALF_INT(__half, half, long long, ll)
WAVESAN_HALF_INT(__half, half, unsigned long long, ull)
WAVESAN_HALF_INT(__hip_bfloat16, bfloat16, int, int)
WAVESAN_HALF_INT(__hip_bfloat16, bfloat16, unsigned, uint)
WAVESAN_HALF_INT(__hip_bfloat16, bfloat16, short, short)
WAVESAN_HALF_INT(__hip_bfloat16, bfloat16, unsigned short, ushort)
WAVESAN_HALF_INT(__hip_bfloat16, bfloat16, long long, ll)
WAVESAN_HALF_INT(__hip_bfloat16, bfloat16, unsigned long long, ull)
#undef WAVESAN_HALF_INT

// Arithmetic, comparisons and math, for one family: H the scalar, H2 the pair.
#define WAVESAN_HALF_FAMILY(H, H2)                                                         \
  inline H __hadd(H A, H B) { return A + B; }                                              \
  inline H __hsub(H A, H B) { return A - B; }                                              \
  inline H __hmul(H A, H B) { return A * B; }                                              \
  inline H __hdiv(H A, H B) { return A / B; }                                              \
  inline H __hfma(H A, H B, H C) {                                                          \
    return H(static_cast<float>(double(float(A)) * double(float(B)) + double(float(C))));   \
  }                                                                                        \
  inline H __hneg(H A) { return -A; }                                                      \
  inline H __habs(H A) { return H::fromBits(uint16_t(A.bits() & 0x7fffu)); }               \
  inline H __hadd_sat(H A, H B) { return H(::wavesan::emu::detail::sat01(float(A + B))); } \
  inline H __hsub_sat(H A, H B) { return H(::wavesan::emu::detail::sat01(float(A - B))); } \
  inline H __hmul_sat(H A, H B) { return H(::wavesan::emu::detail::sat01(float(A * B))); } \
  inline H __hfma_sat(H A, H B, H C) {                                                      \
    return H(::wavesan::emu::detail::sat01(float(__hfma(A, B, C))));                        \
  }                                                                                        \
  inline bool __hisnan(H A) { return float(A) != float(A); }                               \
  inline int __hisinf(H A) {                                                               \
    float F = float(A);                                                                    \
    return F == INFINITY ? 1 : (F == -INFINITY ? -1 : 0);                                  \
  }                                                                                        \
  inline bool __heq(H A, H B) { return float(A) == float(B); }                             \
  inline bool __hne(H A, H B) { return float(A) < float(B) || float(A) > float(B); }       \
  inline bool __hlt(H A, H B) { return float(A) < float(B); }                              \
  inline bool __hle(H A, H B) { return float(A) <= float(B); }                             \
  inline bool __hgt(H A, H B) { return float(A) > float(B); }                              \
  inline bool __hge(H A, H B) { return float(A) >= float(B); }                             \
  inline bool __hequ(H A, H B) { return !(float(A) < float(B) || float(A) > float(B)); }   \
  inline bool __hneu(H A, H B) { return !(float(A) == float(B)); }                         \
  inline bool __hltu(H A, H B) { return !(float(A) >= float(B)); }                         \
  inline bool __hleu(H A, H B) { return !(float(A) > float(B)); }                          \
  inline bool __hgtu(H A, H B) { return !(float(A) <= float(B)); }                         \
  inline bool __hgeu(H A, H B) { return !(float(A) < float(B)); }                          \
  inline H __hmax(H A, H B) { return H(std::fmax(float(A), float(B))); }                   \
  inline H __hmin(H A, H B) { return H(std::fmin(float(A), float(B))); }                   \
  inline H2 __hadd2(H2 A, H2 B) { return A + B; }                                          \
  inline H2 __hsub2(H2 A, H2 B) { return A - B; }                                          \
  inline H2 __hmul2(H2 A, H2 B) { return A * B; }                                          \
  inline H2 __h2div(H2 A, H2 B) { return A / B; }                                          \
  inline H2 __hfma2(H2 A, H2 B, H2 C) { return H2(__hfma(A.x, B.x, C.x), __hfma(A.y, B.y, C.y)); } \
  inline H2 __hneg2(H2 A) { return -A; }                                                   \
  inline H2 __habs2(H2 A) { return H2(__habs(A.x), __habs(A.y)); }                         \
  inline H2 __hadd2_sat(H2 A, H2 B) { return H2(__hadd_sat(A.x, B.x), __hadd_sat(A.y, B.y)); } \
  inline H2 __hsub2_sat(H2 A, H2 B) { return H2(__hsub_sat(A.x, B.x), __hsub_sat(A.y, B.y)); } \
  inline H2 __hmul2_sat(H2 A, H2 B) { return H2(__hmul_sat(A.x, B.x), __hmul_sat(A.y, B.y)); } \
  inline H2 __hfma2_sat(H2 A, H2 B, H2 C) {                                                 \
    return H2(__hfma_sat(A.x, B.x, C.x), __hfma_sat(A.y, B.y, C.y));                        \
  }                                                                                        \
  inline H2 __hisnan2(H2 A) { return H2(H(__hisnan(A.x) ? 1 : 0), H(__hisnan(A.y) ? 1 : 0)); } \
  inline H2 __hmax2(H2 A, H2 B) { return H2(__hmax(A.x, B.x), __hmax(A.y, B.y)); }         \
  inline H2 __hmin2(H2 A, H2 B) { return H2(__hmin(A.x, B.x), __hmin(A.y, B.y)); }
WAVESAN_HALF_FAMILY(__half, __half2)
WAVESAN_HALF_FAMILY(__hip_bfloat16, __hip_bfloat162)
#undef WAVESAN_HALF_FAMILY

// Pair comparisons: __heq2 gives 1.0 or 0.0 per half, __hbeq2 whether both hold.
#define WAVESAN_HALF_COMPARE2(H, H2, Name)                                                 \
  inline H2 Name##2(H2 A, H2 B) {                                                          \
    return H2(H(Name(A.x, B.x) ? 1 : 0), H(Name(A.y, B.y) ? 1 : 0));                      \
  }
#define WAVESAN_HALF_BCOMPARE2(H2, Name, BName)                                            \
  inline bool BName##2(H2 A, H2 B) { return Name(A.x, B.x) && Name(A.y, B.y); }
#define WAVESAN_HALF_COMPARES(H, H2)                                                       \
  WAVESAN_HALF_COMPARE2(H, H2, __heq) WAVESAN_HALF_COMPARE2(H, H2, __hne)                  \
  WAVESAN_HALF_COMPARE2(H, H2, __hlt) WAVESAN_HALF_COMPARE2(H, H2, __hle)                  \
  WAVESAN_HALF_COMPARE2(H, H2, __hgt) WAVESAN_HALF_COMPARE2(H, H2, __hge)                  \
  WAVESAN_HALF_COMPARE2(H, H2, __hequ) WAVESAN_HALF_COMPARE2(H, H2, __hneu)                \
  WAVESAN_HALF_COMPARE2(H, H2, __hltu) WAVESAN_HALF_COMPARE2(H, H2, __hleu)                \
  WAVESAN_HALF_COMPARE2(H, H2, __hgtu) WAVESAN_HALF_COMPARE2(H, H2, __hgeu)                \
  WAVESAN_HALF_BCOMPARE2(H2, __heq, __hbeq) WAVESAN_HALF_BCOMPARE2(H2, __hne, __hbne)      \
  WAVESAN_HALF_BCOMPARE2(H2, __hlt, __hblt) WAVESAN_HALF_BCOMPARE2(H2, __hle, __hble)      \
  WAVESAN_HALF_BCOMPARE2(H2, __hgt, __hbgt) WAVESAN_HALF_BCOMPARE2(H2, __hge, __hbge)      \
  WAVESAN_HALF_BCOMPARE2(H2, __hequ, __hbequ) WAVESAN_HALF_BCOMPARE2(H2, __hneu, __hbneu)  \
  WAVESAN_HALF_BCOMPARE2(H2, __hltu, __hbltu) WAVESAN_HALF_BCOMPARE2(H2, __hleu, __hbleu)  \
  WAVESAN_HALF_BCOMPARE2(H2, __hgtu, __hbgtu) WAVESAN_HALF_BCOMPARE2(H2, __hgeu, __hbgeu)
WAVESAN_HALF_COMPARES(__half, __half2)
WAVESAN_HALF_COMPARES(__hip_bfloat16, __hip_bfloat162)
#undef WAVESAN_HALF_COMPARES
#undef WAVESAN_HALF_BCOMPARE2
#undef WAVESAN_HALF_COMPARE2

// Math in float, rounded once.
#define WAVESAN_HALF_MATH(H, H2, Name, Expr)                                               \
  inline H Name(H A) {                                                                     \
    float X = float(A);                                                                    \
    return H(Expr);                                                                        \
  }                                                                                        \
  inline H2 h2##Name##_impl(H2 A) { return H2(Name(A.x), Name(A.y)); }
#define WAVESAN_HALF_MATHS(H, H2)                                                          \
  WAVESAN_HALF_MATH(H, H2, hsqrt, std::sqrt(X))                                            \
  WAVESAN_HALF_MATH(H, H2, hrsqrt, 1.0f / std::sqrt(X))                                    \
  WAVESAN_HALF_MATH(H, H2, hrcp, 1.0f / X)                                                 \
  WAVESAN_HALF_MATH(H, H2, hexp, std::exp(X))                                              \
  WAVESAN_HALF_MATH(H, H2, hexp2, std::exp2(X))                                            \
  WAVESAN_HALF_MATH(H, H2, hexp10, std::pow(10.0f, X))                                     \
  WAVESAN_HALF_MATH(H, H2, hlog, std::log(X))                                              \
  WAVESAN_HALF_MATH(H, H2, hlog2, std::log2(X))                                            \
  WAVESAN_HALF_MATH(H, H2, hlog10, std::log10(X))                                          \
  WAVESAN_HALF_MATH(H, H2, hsin, std::sin(X))                                              \
  WAVESAN_HALF_MATH(H, H2, hcos, std::cos(X))                                              \
  WAVESAN_HALF_MATH(H, H2, hceil, std::ceil(X))                                            \
  WAVESAN_HALF_MATH(H, H2, hfloor, std::floor(X))                                          \
  WAVESAN_HALF_MATH(H, H2, htrunc, std::trunc(X))                                          \
  WAVESAN_HALF_MATH(H, H2, hrint, std::nearbyint(X))
WAVESAN_HALF_MATHS(__half, __half2)
WAVESAN_HALF_MATHS(__hip_bfloat16, __hip_bfloat162)
#undef WAVESAN_HALF_MATHS
#undef WAVESAN_HALF_MATH
#define WAVESAN_HALF2_MATH(Name)                                                           \
  inline __half2 h2##Name(__half2 A) { return h2h##Name##_impl(A); }                       \
  inline __hip_bfloat162 h2##Name(__hip_bfloat162 A) { return h2h##Name##_impl(A); }
WAVESAN_HALF2_MATH(sqrt)
WAVESAN_HALF2_MATH(rsqrt)
WAVESAN_HALF2_MATH(rcp)
WAVESAN_HALF2_MATH(exp)
WAVESAN_HALF2_MATH(exp2)
WAVESAN_HALF2_MATH(exp10)
WAVESAN_HALF2_MATH(log)
WAVESAN_HALF2_MATH(log2)
WAVESAN_HALF2_MATH(log10)
WAVESAN_HALF2_MATH(sin)
WAVESAN_HALF2_MATH(cos)
WAVESAN_HALF2_MATH(ceil)
WAVESAN_HALF2_MATH(floor)
WAVESAN_HALF2_MATH(trunc)
WAVESAN_HALF2_MATH(rint)
#undef WAVESAN_HALF2_MATH

// Wave shuffles: the bits move as a 16-bit (scalar) or 32-bit (pair) value.
#define WAVESAN_HALF_SHUFFLE(Fn, T, Bits, Pack, Unpack)                                    \
  inline T Fn(T Var, int Arg, int Width = warpSize, WAVESAN_LOC) {                         \
    Bits B = Pack;                                                                         \
    B = Fn(B, Arg, Width, Loc);                                                            \
    return Unpack;                                                                         \
  }                                                                                        \
  inline T Fn##_sync(unsigned long long Mask, T Var, int Arg, int Width = warpSize,        \
                     WAVESAN_LOC) {                                                        \
    Bits B = Pack;                                                                         \
    B = Fn##_sync(Mask, B, Arg, Width, Loc);                                               \
    return Unpack;                                                                         \
  }
#define WAVESAN_HALF_SHUFFLES(Fn)                                                          \
  WAVESAN_HALF_SHUFFLE(Fn, __half, unsigned short, Var.bits(), __half::fromBits(B))        \
  WAVESAN_HALF_SHUFFLE(Fn, __hip_bfloat16, unsigned short, Var.bits(),                     \
                       __hip_bfloat16::fromBits(B))                                        \
  WAVESAN_HALF_SHUFFLE(Fn, __half2, unsigned, Var.x.bits() | (unsigned(Var.y.bits()) << 16), \
                       __half2(__half::fromBits(uint16_t(B)), __half::fromBits(uint16_t(B >> 16)))) \
  WAVESAN_HALF_SHUFFLE(Fn, __hip_bfloat162, unsigned,                                      \
                       Var.x.bits() | (unsigned(Var.y.bits()) << 16),                      \
                       __hip_bfloat162(__hip_bfloat16::fromBits(uint16_t(B)),              \
                                       __hip_bfloat16::fromBits(uint16_t(B >> 16))))
WAVESAN_HALF_SHUFFLES(__shfl)
WAVESAN_HALF_SHUFFLES(__shfl_up)
WAVESAN_HALF_SHUFFLES(__shfl_down)
WAVESAN_HALF_SHUFFLES(__shfl_xor)
#undef WAVESAN_HALF_SHUFFLES
#undef WAVESAN_HALF_SHUFFLE
