//===--- device_math.h - bit casts, clocks, __ldg, HIP's device math ------===//
///
/// \file
/// HIP device functions beyond the C math library, on the CPU:
/// - bit casts: __int_as_float, __float_as_int, __uint_as_float, __float_as_uint,
///   __double_as_longlong, __longlong_as_double, __double2hiint, __double2loint,
///   __hiloint2double;
/// - __ldg(p) (a plain load), clocks: clock64()/__clock64() count nanoseconds of
///   the host's steady clock (a 1 GHz counter), wall_clock64() tenths of
///   microseconds (100 MHz, hipDeviceAttributeWallClockRate); __clock() is
///   clock64() truncated to 32 bits. Libc's clock() is not replaced.
/// - integer helpers: __umulhi, __mulhi, __umul64hi, __mul64hi, __mul24,
///   __umul24, __byte_perm, __funnelshift_l/_r(_c), __sad, __usad;
/// - float-to-integer and integer-to-float conversions with a rounding mode
///   (__float2int_rn/_rz/_rd/_ru, __double2int_*, __float2uint_*, __float2ll_*,
///   __int2float_rn ...): out-of-range values saturate, NaN gives 0;
/// - operations with a named rounding: the _rn forms are the IEEE results
///   (__fadd_rn, __fmul_rn, __fdiv_rn, __fsqrt_rn, __frcp_rn, __dadd_rn,
///   __drcp_rn ...); fast-math spellings (__sinf, __cosf, __powf ...) are the
///   accurate functions;
/// - sincospi(f), sinpi(f), cospi(f), rhypot(f), rcbrt(f), erfinv(f),
///   erfcinv(f), normcdf(f), normcdfinv(f), norm3d(f), rnorm3d(f), norm4d(f).
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/device_math.h"
#endif

#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <math.h> // the float and double overloads in the global namespace, as ROCm's

inline float __int_as_float(int V) { return std::bit_cast<float>(V); }
inline int __float_as_int(float V) { return std::bit_cast<int>(V); }
inline float __uint_as_float(unsigned V) { return std::bit_cast<float>(V); }
inline unsigned __float_as_uint(float V) { return std::bit_cast<unsigned>(V); }
inline long long __double_as_longlong(double V) { return std::bit_cast<long long>(V); }
inline double __longlong_as_double(long long V) { return std::bit_cast<double>(V); }
inline int __double2hiint(double V) { return static_cast<int>(std::bit_cast<uint64_t>(V) >> 32); }
inline int __double2loint(double V) { return static_cast<int>(std::bit_cast<uint64_t>(V)); }
inline double __hiloint2double(int Hi, int Lo) {
  return std::bit_cast<double>((uint64_t(uint32_t(Hi)) << 32) | uint32_t(Lo));
}

/// A plain load (HIP: through the read-only cache).
template <class T> inline T __ldg(const T *P) { return *P; }
// Clang's non-temporal load and store (HIP code uses them for streaming data): a plain
// load and store on the host; defined only where the host compiler lacks the builtins
// (GCC), since Clang's own are the same operations.
#if !__has_builtin(__builtin_nontemporal_store)
template <class V, class T> inline void __builtin_nontemporal_store(V Value, T *P) {
  *P = static_cast<T>(Value);
}
template <class T> inline T __builtin_nontemporal_load(const T *P) { return *P; }
#endif

inline long long clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
inline long long __clock64() { return clock64(); }
inline long long __clock() { return clock64() & 0xffffffffll; }
inline long long wall_clock64() { return clock64() / 10; }

inline unsigned __umulhi(unsigned A, unsigned B) { return unsigned((uint64_t(A) * B) >> 32); }
inline int __mulhi(int A, int B) { return int((int64_t(A) * B) >> 32); }
inline unsigned long long __umul64hi(unsigned long long A, unsigned long long B) {
  return static_cast<unsigned long long>((static_cast<unsigned __int128>(A) * B) >> 64);
}
inline long long __mul64hi(long long A, long long B) {
  return static_cast<long long>((static_cast<__int128>(A) * B) >> 64);
}
/// Products of the low 24 bits (signed / unsigned), as the hardware's mul24.
inline int __mul24(int A, int B) {
  auto Low24 = [](int V) { return (int32_t(uint32_t(V) << 8)) >> 8; };
  return int(int64_t(Low24(A)) * Low24(B));
}
inline unsigned __umul24(unsigned A, unsigned B) { return (A & 0xffffffu) * (B & 0xffffffu); }
/// Byte \p I of the result is byte (S >> 4*I) & 7 of the 8-byte value (Y:X).
inline unsigned __byte_perm(unsigned X, unsigned Y, unsigned S) {
  uint64_t V = (uint64_t(Y) << 32) | X;
  unsigned R = 0;
  for (int I = 0; I < 4; ++I)
    R |= unsigned((V >> (8 * ((S >> (4 * I)) & 7u))) & 0xffu) << (8 * I);
  return R;
}
inline unsigned __funnelshift_l(unsigned Lo, unsigned Hi, unsigned Shift) {
  uint64_t V = (uint64_t(Hi) << 32) | Lo;
  return unsigned((V << (Shift & 31u)) >> 32);
}
inline unsigned __funnelshift_lc(unsigned Lo, unsigned Hi, unsigned Shift) {
  uint64_t V = (uint64_t(Hi) << 32) | Lo;
  return unsigned((V << (Shift > 32 ? 32 : Shift)) >> 32);
}
inline unsigned __funnelshift_r(unsigned Lo, unsigned Hi, unsigned Shift) {
  uint64_t V = (uint64_t(Hi) << 32) | Lo;
  return unsigned(V >> (Shift & 31u));
}
inline unsigned __funnelshift_rc(unsigned Lo, unsigned Hi, unsigned Shift) {
  uint64_t V = (uint64_t(Hi) << 32) | Lo;
  return unsigned(V >> (Shift > 32 ? 32 : Shift));
}
inline unsigned __sad(int X, int Y, unsigned Z) {
  return Z + unsigned(X > Y ? int64_t(X) - Y : int64_t(Y) - X);
}
inline unsigned __usad(unsigned X, unsigned Y, unsigned Z) { return Z + (X > Y ? X - Y : Y - X); }

namespace wavesan::emu::detail {
/// \p V rounded to an integer of type I: Mode 2 nearest-even, 0 toward zero,
/// -1 down, 1 up; saturating, NaN -> 0.
template <class I> inline I roundToInt(double V, int Mode) {
  if (V != V)
    return 0;
  double R = Mode == 2 ? std::nearbyint(V) : Mode == 0 ? std::trunc(V)
             : Mode < 0 ? std::floor(V) : std::ceil(V);
  if (R <= double(std::numeric_limits<I>::min()))
    return std::numeric_limits<I>::min();
  if (R >= double(std::numeric_limits<I>::max()))
    return std::numeric_limits<I>::max();
  return static_cast<I>(R);
}
} // namespace wavesan::emu::detail

#define WAVESAN_TO_INT(Prefix, FType, IName, IType)                                        \
  inline IType Prefix##2##IName##_rn(FType V) {                                            \
    return ::wavesan::emu::detail::roundToInt<IType>(V, 2);                                \
  }                                                                                        \
  inline IType Prefix##2##IName##_rz(FType V) {                                            \
    return ::wavesan::emu::detail::roundToInt<IType>(V, 0);                                \
  }                                                                                        \
  inline IType Prefix##2##IName##_rd(FType V) {                                            \
    return ::wavesan::emu::detail::roundToInt<IType>(V, -1);                               \
  }                                                                                        \
  inline IType Prefix##2##IName##_ru(FType V) {                                            \
    return ::wavesan::emu::detail::roundToInt<IType>(V, 1);                                \
  }
WAVESAN_TO_INT(__float, float, int, int)
WAVESAN_TO_INT(__float, float, uint, unsigned)
WAVESAN_TO_INT(__float, float, ll, long long)
WAVESAN_TO_INT(__float, float, ull, unsigned long long)
WAVESAN_TO_INT(__double, double, int, int)
WAVESAN_TO_INT(__double, double, uint, unsigned)
WAVESAN_TO_INT(__double, double, ll, long long)
WAVESAN_TO_INT(__double, double, ull, unsigned long long)
#undef WAVESAN_TO_INT
inline float __int2float_rn(int V) { return static_cast<float>(V); }
inline float __uint2float_rn(unsigned V) { return static_cast<float>(V); }
inline float __ll2float_rn(long long V) { return static_cast<float>(V); }
inline float __ull2float_rn(unsigned long long V) { return static_cast<float>(V); }
inline double __int2double_rn(int V) { return V; }
inline double __uint2double_rn(unsigned V) { return V; }
inline double __ll2double_rn(long long V) { return static_cast<double>(V); }
inline double __ull2double_rn(unsigned long long V) { return static_cast<double>(V); }
inline float __double2float_rn(double V) { return static_cast<float>(V); }

// Round-to-nearest operations: the IEEE results (the host's default rounding).
inline float __fadd_rn(float A, float B) { return A + B; }
inline float __fsub_rn(float A, float B) { return A - B; }
inline float __fmul_rn(float A, float B) { return A * B; }
inline float __fdiv_rn(float A, float B) { return A / B; }
inline float __fmaf_rn(float A, float B, float C) { return std::fma(A, B, C); }
inline float __frcp_rn(float A) { return 1.0f / A; }
inline float __fsqrt_rn(float A) { return std::sqrt(A); }
inline float __frsqrt_rn(float A) { return 1.0f / std::sqrt(A); }
inline double __dadd_rn(double A, double B) { return A + B; }
inline double __dsub_rn(double A, double B) { return A - B; }
inline double __dmul_rn(double A, double B) { return A * B; }
inline double __ddiv_rn(double A, double B) { return A / B; }
inline double __fma_rn(double A, double B, double C) { return std::fma(A, B, C); }
inline double __drcp_rn(double A) { return 1.0 / A; }
inline double __dsqrt_rn(double A) { return std::sqrt(A); }
inline float fdividef(float A, float B) { return A / B; }
inline float __sinf(float X) { return std::sin(X); }
inline float __cosf(float X) { return std::cos(X); }
inline float __tanf(float X) { return std::tan(X); }
inline void __sincosf(float X, float *S, float *C) {
  *S = std::sin(X);
  *C = std::cos(X);
}
inline float __powf(float X, float Y) { return std::pow(X, Y); }
inline float __exp10f(float X) { return std::pow(10.0f, X); }
inline float __log2f(float X) { return std::log2(X); }
inline float __log10f(float X) { return std::log10(X); }

// sin(pi x), cos(pi x): x reduced modulo 2 first, so that integers and halves are exact.
namespace wavesan::emu::detail {
inline void sinCosPi(double X, double &S, double &C) {
  double R = std::remainder(X, 2.0); // in [-1, 1]
  if (R == 0.0 || R == 1.0 || R == -1.0) {
    S = std::copysign(0.0, R == 0.0 ? X : -R);
    C = R == 0.0 ? 1.0 : -1.0;
    return;
  }
  if (R == 0.5 || R == -0.5) {
    S = R > 0 ? 1.0 : -1.0;
    C = 0.0;
    return;
  }
  constexpr double Pi = 3.14159265358979323846;
  S = std::sin(Pi * R);
  C = std::cos(Pi * R);
}
/// y with erf(y) = x (Complement false) or erfc(y) = x (true), by Newton steps in double.
inline double erfInverse(double X, bool Complement) {
  double P = Complement ? 1.0 - X : X; // erf(y) = P
  if (Complement ? (X < 0.0 || X > 2.0) : (X < -1.0 || X > 1.0) || X != X)
    return std::numeric_limits<double>::quiet_NaN();
  if (P == 1.0 && (!Complement || X == 0.0))
    return std::numeric_limits<double>::infinity();
  if (P == -1.0 && (!Complement || X == 2.0))
    return -std::numeric_limits<double>::infinity();
  // Starting point: Winitzki's approximation (good to ~1e-3), with a = 0.147 and
  // W = -ln(1 - p^2), computed from x itself for erfc so that tiny x keeps its digits.
  double W = Complement ? -std::log(X * (2.0 - X)) : -std::log((1.0 - P) * (1.0 + P));
  constexpr double A = 0.147, Pi = 3.14159265358979323846;
  double T = 2.0 / (Pi * A) - W / 2.0;
  double Y = std::copysign(std::sqrt(std::sqrt(T * T + W / A) - T), P);
  constexpr double TwoOverSqrtPi = 1.1283791670955126;
  for (int I = 0; I < 6; ++I) {
    double F = Complement ? std::erfc(Y) - X : std::erf(Y) - P;
    double D = (Complement ? -TwoOverSqrtPi : TwoOverSqrtPi) * std::exp(-Y * Y);
    if (D == 0.0)
      break;
    Y -= F / D;
  }
  return Y;
}
} // namespace wavesan::emu::detail

inline void sincospi(double X, double *S, double *C) {
  ::wavesan::emu::detail::sinCosPi(X, *S, *C);
}
inline void sincospif(float X, float *S, float *C) {
  double SD, CD;
  ::wavesan::emu::detail::sinCosPi(X, SD, CD);
  *S = static_cast<float>(SD);
  *C = static_cast<float>(CD);
}
inline double sinpi(double X) {
  double S, C;
  ::wavesan::emu::detail::sinCosPi(X, S, C);
  return S;
}
inline double cospi(double X) {
  double S, C;
  ::wavesan::emu::detail::sinCosPi(X, S, C);
  return C;
}
inline float sinpif(float X) { return static_cast<float>(sinpi(X)); }
inline float cospif(float X) { return static_cast<float>(cospi(X)); }
inline double rhypot(double X, double Y) { return 1.0 / std::hypot(X, Y); }
inline float rhypotf(float X, float Y) { return static_cast<float>(1.0 / std::hypot(double(X), double(Y))); }
inline double rcbrt(double X) { return 1.0 / std::cbrt(X); }
inline float rcbrtf(float X) { return static_cast<float>(1.0 / std::cbrt(double(X))); }
inline double erfinv(double X) { return ::wavesan::emu::detail::erfInverse(X, false); }
inline float erfinvf(float X) { return static_cast<float>(erfinv(X)); }
inline double erfcinv(double X) { return ::wavesan::emu::detail::erfInverse(X, true); }
inline float erfcinvf(float X) { return static_cast<float>(erfcinv(X)); }
inline double normcdf(double X) { return 0.5 * std::erfc(-X / 1.4142135623730951); }
inline float normcdff(float X) { return static_cast<float>(normcdf(X)); }
inline double normcdfinv(double P) { return -1.4142135623730951 * erfcinv(2.0 * P); }
inline float normcdfinvf(float P) { return static_cast<float>(normcdfinv(P)); }
inline double norm3d(double A, double B, double C) { return std::sqrt(A * A + B * B + C * C); }
inline float norm3df(float A, float B, float C) {
  return static_cast<float>(norm3d(A, B, C));
}
inline double rnorm3d(double A, double B, double C) { return 1.0 / norm3d(A, B, C); }
inline float rnorm3df(float A, float B, float C) { return static_cast<float>(rnorm3d(A, B, C)); }
inline double norm4d(double A, double B, double C, double D) {
  return std::sqrt(A * A + B * B + C * C + D * D);
}
inline float norm4df(float A, float B, float C, float D) {
  return static_cast<float>(norm4d(A, B, C, D));
}
inline double rnorm4d(double A, double B, double C, double D) { return 1.0 / norm4d(A, B, C, D); }
inline float rnorm4df(float A, float B, float C, float D) {
  return static_cast<float>(rnorm4d(A, B, C, D));
}
/// The Euclidean norm of the \p Dim values at \p V (norm, normf), and its reciprocal.
inline double norm(int Dim, const double *V) {
  double S = 0;
  for (int I = 0; I < Dim; ++I)
    S += V[I] * V[I];
  return std::sqrt(S);
}
inline float normf(int Dim, const float *V) {
  double S = 0;
  for (int I = 0; I < Dim; ++I)
    S += double(V[I]) * V[I];
  return static_cast<float>(std::sqrt(S));
}
inline double rnorm(int Dim, const double *V) { return 1.0 / norm(Dim, V); }
inline float rnormf(int Dim, const float *V) { return 1.0f / normf(Dim, V); }
inline double fdivide(double A, double B) { return A / B; }
/// The scaled complementary error function exp(x^2) erfc(x): in long double up to x = 10,
/// above it the asymptotic series 1/(x sqrt(pi)) (1 - 1/(2x^2) + 3/(4x^4) - 15/(8x^6)),
/// below 0 from erfcx(-x) = 2 exp(x^2) - erfcx(x).
inline double erfcx(double X) {
  if (X != X)
    return X;
  if (X < 0) {
    long double L = X;
    return static_cast<double>(2.0L * std::exp(L * L) - std::exp(L * L) * std::erfc(-L));
  }
  if (X < 10) {
    long double L = X;
    return static_cast<double>(std::exp(L * L) * std::erfc(L));
  }
  const double R = 1.0 / (X * X);
  return (1.0 - R / 2 + 0.75 * R * R - 1.875 * R * R * R) / (X * 1.7724538509055160273);
}
inline float erfcxf(float X) { return static_cast<float>(erfcx(X)); }
