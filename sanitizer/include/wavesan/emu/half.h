//===--- half.h - __half, __half2, __hip_bfloat16, __hip_bfloat162 --------===//
///
/// \file
/// HIP's 16-bit floating-point types on the CPU: `__half` (IEEE 754 binary16)
/// and `__hip_bfloat16` (bfloat16: the top 16 bits of a binary32), and their
/// pairs `__half2` / `__hip_bfloat162` (members x, y). Each scalar holds its
/// 16 bits (`__x` / `data`) and converts implicitly from any arithmetic type and
/// to float, as in ROCm's amd_hip_fp16.h: conversion to the 16-bit type rounds
/// to nearest, ties to even (wavesan/numeric.h's codecs; a double goes through
/// float first), and arithmetic on two values is done in float and rounded back,
/// which for + - * / is the correctly rounded result a GPU's fp16 unit gives.
/// As in HIP and CUDA, `h + 1.0f` is ambiguous (both operands convert): write
/// `h + __half(1.0f)` or `float(h) + 1.0f`.
///
/// The conversion and arithmetic functions (__float2half, __hadd2, hsqrt ...)
/// are in half_math.h.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_fp16.h> or <hip/hip_bf16.h>, not wavesan/emu/half.h"
#endif

#include "wavesan/numeric.h"

#include <cstdint>
#include <type_traits>

namespace wavesan::emu::detail {
struct Fp16Codec {
  static constexpr float decode(uint16_t B) { return ::wavesan::decodeFp16(B); }
  static constexpr uint16_t encode(float V) { return ::wavesan::encodeFp16(V); }
};
struct Bf16Codec {
  static constexpr float decode(uint16_t B) { return ::wavesan::decodeBf16(B); }
  static constexpr uint16_t encode(float V) { return ::wavesan::encodeBf16(V); }
};

/// The operators both 16-bit types share: in float, rounded back (hidden friends,
/// found by argument-dependent lookup).
template <class H, class Codec> struct Small16Ops {
  friend constexpr H operator+(const H &A, const H &B) { return H(float(A) + float(B)); }
  friend constexpr H operator-(const H &A, const H &B) { return H(float(A) - float(B)); }
  friend constexpr H operator*(const H &A, const H &B) { return H(float(A) * float(B)); }
  friend constexpr H operator/(const H &A, const H &B) { return H(float(A) / float(B)); }
  friend constexpr H operator-(const H &A) { return H::fromBits(uint16_t(A.bits() ^ 0x8000u)); }
  friend constexpr H operator+(const H &A) { return A; }
  friend constexpr bool operator==(const H &A, const H &B) { return float(A) == float(B); }
  friend constexpr bool operator!=(const H &A, const H &B) { return float(A) != float(B); }
  friend constexpr bool operator<(const H &A, const H &B) { return float(A) < float(B); }
  friend constexpr bool operator<=(const H &A, const H &B) { return float(A) <= float(B); }
  friend constexpr bool operator>(const H &A, const H &B) { return float(A) > float(B); }
  friend constexpr bool operator>=(const H &A, const H &B) { return float(A) >= float(B); }
  friend constexpr H &operator+=(H &A, const H &B) { return A = A + B; }
  friend constexpr H &operator-=(H &A, const H &B) { return A = A - B; }
  friend constexpr H &operator*=(H &A, const H &B) { return A = A * B; }
  friend constexpr H &operator/=(H &A, const H &B) { return A = A / B; }
  friend constexpr H &operator++(H &A) { return A = H(float(A) + 1.0f); }
  friend constexpr H &operator--(H &A) { return A = H(float(A) - 1.0f); }
  friend constexpr H operator++(H &A, int) {
    H Old = A;
    ++A;
    return Old;
  }
  friend constexpr H operator--(H &A, int) {
    H Old = A;
    --A;
    return Old;
  }
};

/// The elementwise operators of the pair types (== and != compare both halves; the
/// orderings hold when they hold for both halves; a scalar operand is broadcast).
template <class H2> struct Pair16Ops {
  friend constexpr H2 operator+(const H2 &A, const H2 &B) { return H2(A.x + B.x, A.y + B.y); }
  friend constexpr H2 operator-(const H2 &A, const H2 &B) { return H2(A.x - B.x, A.y - B.y); }
  friend constexpr H2 operator*(const H2 &A, const H2 &B) { return H2(A.x * B.x, A.y * B.y); }
  friend constexpr H2 operator/(const H2 &A, const H2 &B) { return H2(A.x / B.x, A.y / B.y); }
  friend constexpr H2 operator-(const H2 &A) { return H2(-A.x, -A.y); }
  friend constexpr H2 operator+(const H2 &A) { return A; }
  friend constexpr bool operator==(const H2 &A, const H2 &B) { return A.x == B.x && A.y == B.y; }
  friend constexpr bool operator!=(const H2 &A, const H2 &B) { return !(A == B); }
  friend constexpr H2 &operator+=(H2 &A, const H2 &B) { return A = A + B; }
  friend constexpr H2 &operator-=(H2 &A, const H2 &B) { return A = A - B; }
  friend constexpr H2 &operator*=(H2 &A, const H2 &B) { return A = A * B; }
  friend constexpr H2 &operator/=(H2 &A, const H2 &B) { return A = A / B; }
  // Ordering: true when it holds for both halves.
  friend constexpr bool operator<(const H2 &A, const H2 &B) { return A.x < B.x && A.y < B.y; }
  friend constexpr bool operator<=(const H2 &A, const H2 &B) { return A.x <= B.x && A.y <= B.y; }
  friend constexpr bool operator>(const H2 &A, const H2 &B) { return A.x > B.x && A.y > B.y; }
  friend constexpr bool operator>=(const H2 &A, const H2 &B) { return A.x >= B.x && A.y >= B.y; }
  // A scalar on either side is broadcast to both halves (as ROCm's vector conversion).
  template <class U>
    requires std::is_arithmetic_v<U>
  static constexpr H2 splat(U V) {
    return H2(typename H2::Half(V), typename H2::Half(V));
  }
#define WAVESAN_PAIR_SCALAR(Op)                                                            \
  template <class U>                                                                       \
    requires std::is_arithmetic_v<U>                                                       \
  friend constexpr H2 operator Op(const H2 &A, U B) { return A Op splat(B); }              \
  template <class U>                                                                       \
    requires std::is_arithmetic_v<U>                                                       \
  friend constexpr H2 operator Op(U A, const H2 &B) { return splat(A) Op B; }              \
  template <class U>                                                                       \
    requires std::is_arithmetic_v<U>                                                       \
  friend constexpr H2 &operator Op##=(H2 &A, U B) { return A = A Op splat(B); }
  WAVESAN_PAIR_SCALAR(+)
  WAVESAN_PAIR_SCALAR(-)
  WAVESAN_PAIR_SCALAR(*)
  WAVESAN_PAIR_SCALAR(/)
#undef WAVESAN_PAIR_SCALAR
  template <class U>
    requires std::is_arithmetic_v<U>
  friend constexpr bool operator==(const H2 &A, U B) { return A == splat(B); }
  template <class U>
    requires std::is_arithmetic_v<U>
  friend constexpr bool operator!=(const H2 &A, U B) { return !(A == splat(B)); }
};
} // namespace wavesan::emu::detail

/// The bits of a __half / __half2, as ROCm's __half_raw / __half2_raw.
struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};

/// IEEE 754 binary16.
struct __half : ::wavesan::emu::detail::Small16Ops<__half, ::wavesan::emu::detail::Fp16Codec> {
  unsigned short __x; ///< the bits (sign, 5-bit exponent bias 15, 10-bit mantissa)

  __half() = default;
  constexpr __half(const __half_raw &R) : __x(R.x) {}
  template <class T>
    requires std::is_arithmetic_v<T>
  constexpr __half(T V) : __x(::wavesan::encodeFp16(static_cast<float>(V))) {}
  constexpr operator float() const { return ::wavesan::decodeFp16(__x); }
  constexpr operator __half_raw() const { return {__x}; }
  constexpr __half &operator=(const __half_raw &R) {
    __x = R.x;
    return *this;
  }
  static constexpr __half fromBits(uint16_t B) { return __half(__half_raw{B}); }
  constexpr uint16_t bits() const { return __x; }
};

/// Two binary16 values.
struct alignas(4) __half2 : ::wavesan::emu::detail::Pair16Ops<__half2> {
  using Half = __half;
  __half x, y;

  __half2() = default;
  constexpr __half2(const __half &X, const __half &Y) : x(X), y(Y) {}
  constexpr __half2(const __half2_raw &R) : x(__half_raw{R.x}), y(__half_raw{R.y}) {}
  constexpr operator __half2_raw() const { return {x.__x, y.__x}; }
  constexpr __half2 &operator=(const __half2_raw &R) { return *this = __half2(R); }
};

/// bfloat16 (ROCm's hip_bf16.h type).
struct __hip_bfloat16
    : ::wavesan::emu::detail::Small16Ops<__hip_bfloat16, ::wavesan::emu::detail::Bf16Codec> {
  unsigned short data; ///< the bits (the top half of a binary32)

  __hip_bfloat16() = default;
  template <class T>
    requires std::is_arithmetic_v<T>
  constexpr __hip_bfloat16(T V) : data(::wavesan::encodeBf16(static_cast<float>(V))) {}
  constexpr operator float() const { return ::wavesan::decodeBf16(data); }
  static constexpr __hip_bfloat16 fromBits(uint16_t B) {
    __hip_bfloat16 R{};
    R.data = B;
    return R;
  }
  constexpr uint16_t bits() const { return data; }
};

/// Two bfloat16 values.
struct alignas(4) __hip_bfloat162 : ::wavesan::emu::detail::Pair16Ops<__hip_bfloat162> {
  using Half = __hip_bfloat16;
  __hip_bfloat16 x, y;

  __hip_bfloat162() = default;
  constexpr __hip_bfloat162(const __hip_bfloat16 &X, const __hip_bfloat16 &Y) : x(X), y(Y) {}
};

static_assert(sizeof(__half) == 2 && sizeof(__half2) == 4 && sizeof(__hip_bfloat16) == 2 &&
              sizeof(__hip_bfloat162) == 4);
