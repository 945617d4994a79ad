//===--- vector_types.h - HIP's float4, int2, uchar4 ... --------------------===//
///
/// \file
/// HIP's vector types: `<base>N` for base char, uchar, short, ushort, int, uint,
/// long, ulong, longlong, ulonglong, float, double and N = 1..4, with members
/// x, y, z, w and `make_<base>N(...)`. Layout as in ROCm's hip_vector_types.h:
/// N components of the base type, no padding; 2- and 4-component types aligned
/// to their size (the next power of two of N * sizeof(base)), 1- and
/// 3-component types to the base type (sizeof(float3) == 12).
///
/// Operators, as ROCm's: elementwise + - * / (and for integer bases % & | ^
/// << >> ~), their compound assignments, unary -, ++ and --; the binary ones
/// also take a scalar on either side, broadcast to every component (`v * 2.0f`,
/// `1 - v`). == and != compare all components and give one bool. A scalar
/// converts to a vector only explicitly (`float4(0.f)` fills every component);
/// `float4{1, 2, 3, 4}` or `float4(a, b, c, d)` give each component.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/vector_types.h"
#endif

#include <cstddef>
#include <type_traits>

namespace wavesan::emu {

namespace detail {
constexpr size_t nextPow2(size_t V) {
  size_t P = 1;
  while (P < V)
    P *= 2;
  return P;
}
template <class T, unsigned N> struct VectorStorage;
template <class T> struct VectorStorage<T, 1> {
  T x;
};
template <class T> struct alignas(nextPow2(2 * sizeof(T))) VectorStorage<T, 2> {
  T x, y;
};
template <class T> struct VectorStorage<T, 3> {
  T x, y, z;
};
template <class T> struct alignas(nextPow2(4 * sizeof(T))) VectorStorage<T, 4> {
  T x, y, z, w;
};
} // namespace detail

/// A HIP vector of \p N (1..4) components of arithmetic type \p T.
template <class T, unsigned N> struct Vector : detail::VectorStorage<T, N> {
  static_assert(N >= 1 && N <= 4, "HIP vector types have 1 to 4 components");
  using value_type = T;

  Vector() = default;
  /// Every component set to \p V (explicit, as in ROCm).
  template <class U>
    requires std::is_convertible_v<U, T>
  explicit constexpr Vector(U V) noexcept {
    each([&](T &C) { C = static_cast<T>(V); });
  }
  /// One value per component.
  template <class... Us>
    requires(N > 1 && sizeof...(Us) == N && (std::is_convertible_v<Us, T> && ...))
  constexpr Vector(Us... Vs) noexcept
      : detail::VectorStorage<T, N>{static_cast<T>(Vs)...} {}

  /// Component \p I (0 = x ... 3 = w).
  constexpr T &operator[](unsigned I) noexcept { return comp(*this, I); }
  constexpr const T &operator[](unsigned I) const noexcept {
    return comp(const_cast<Vector &>(*this), I);
  }

  /// Calls \p F(component) for each component, in order.
  template <class F> constexpr void each(F &&Fn) {
    Fn(this->x);
    if constexpr (N > 1)
      Fn(this->y);
    if constexpr (N > 2)
      Fn(this->z);
    if constexpr (N > 3)
      Fn(this->w);
  }
  /// Calls \p F(mine, theirs) for each pair of components of *this and \p O.
  template <class F> constexpr void each(const Vector &O, F &&Fn) {
    Fn(this->x, O.x);
    if constexpr (N > 1)
      Fn(this->y, O.y);
    if constexpr (N > 2)
      Fn(this->z, O.z);
    if constexpr (N > 3)
      Fn(this->w, O.w);
  }

#define WAVESAN_VECTOR_COMPOUND(Op, IntegralOnly)                                          \
  constexpr Vector &operator Op##=(const Vector &O) noexcept                               \
    requires(!IntegralOnly || std::is_integral_v<T>)                                        \
  {                                                                                        \
    each(O, [](T &A, const T &B) { A = static_cast<T>(A Op B); });                          \
    return *this;                                                                          \
  }                                                                                        \
  template <class U>                                                                       \
    requires std::is_convertible_v<U, T> && (!IntegralOnly || std::is_integral_v<T>)       \
  constexpr Vector &operator Op##=(U V) noexcept {                                         \
    return *this Op## = Vector(V);                                                         \
  }
  WAVESAN_VECTOR_COMPOUND(+, false)
  WAVESAN_VECTOR_COMPOUND(-, false)
  WAVESAN_VECTOR_COMPOUND(*, false)
  WAVESAN_VECTOR_COMPOUND(/, false)
  WAVESAN_VECTOR_COMPOUND(%, true)
  WAVESAN_VECTOR_COMPOUND(&, true)
  WAVESAN_VECTOR_COMPOUND(|, true)
  WAVESAN_VECTOR_COMPOUND(^, true)
  WAVESAN_VECTOR_COMPOUND(<<, true)
  WAVESAN_VECTOR_COMPOUND(>>, true)
#undef WAVESAN_VECTOR_COMPOUND

  constexpr Vector &operator++() noexcept { return *this += T(1); }
  constexpr Vector &operator--() noexcept { return *this -= T(1); }
  constexpr Vector operator++(int) noexcept {
    Vector Old = *this;
    ++*this;
    return Old;
  }
  constexpr Vector operator--(int) noexcept {
    Vector Old = *this;
    --*this;
    return Old;
  }
  constexpr Vector operator+() const noexcept { return *this; }
  constexpr Vector operator-() const noexcept {
    Vector R = *this;
    R.each([](T &C) { C = static_cast<T>(-C); });
    return R;
  }
  constexpr Vector operator~() const noexcept
    requires std::is_integral_v<T>
  {
    Vector R = *this;
    R.each([](T &C) { C = static_cast<T>(~C); });
    return R;
  }

private:
  static constexpr T &comp(Vector &V, unsigned I) {
    if constexpr (N > 3)
      if (I == 3)
        return V.w;
    if constexpr (N > 2)
      if (I == 2)
        return V.z;
    if constexpr (N > 1)
      if (I == 1)
        return V.y;
    return V.x;
  }
};

namespace detail {
template <class> struct IsVector : std::false_type {};
template <class T, unsigned N> struct IsVector<Vector<T, N>> : std::true_type {};
/// A scalar that broadcasts into Vector<T, N> in a mixed operation.
template <class U, class T>
concept Broadcast = !IsVector<std::remove_cvref_t<U>>::value && std::is_convertible_v<U, T>;
} // namespace detail

#define WAVESAN_VECTOR_BINARY(Op, IntegralOnly)                                            \
  template <class T, unsigned N>                                                           \
    requires(!IntegralOnly || std::is_integral_v<T>)                                        \
  constexpr Vector<T, N> operator Op(Vector<T, N> A, const Vector<T, N> &B) noexcept {     \
    return A Op## = B;                                                                     \
  }                                                                                        \
  template <class T, unsigned N, detail::Broadcast<T> U>                                   \
    requires(!IntegralOnly || std::is_integral_v<T>)                                        \
  constexpr Vector<T, N> operator Op(Vector<T, N> A, U B) noexcept {                        \
    return A Op## = Vector<T, N>(B);                                                       \
  }                                                                                        \
  template <class T, unsigned N, detail::Broadcast<T> U>                                   \
    requires(!IntegralOnly || std::is_integral_v<T>)                                        \
  constexpr Vector<T, N> operator Op(U A, const Vector<T, N> &B) noexcept {                 \
    return Vector<T, N>(A) Op## = B;                                                       \
  }
WAVESAN_VECTOR_BINARY(+, false)
WAVESAN_VECTOR_BINARY(-, false)
WAVESAN_VECTOR_BINARY(*, false)
WAVESAN_VECTOR_BINARY(/, false)
WAVESAN_VECTOR_BINARY(%, true)
WAVESAN_VECTOR_BINARY(&, true)
WAVESAN_VECTOR_BINARY(|, true)
WAVESAN_VECTOR_BINARY(^, true)
WAVESAN_VECTOR_BINARY(<<, true)
WAVESAN_VECTOR_BINARY(>>, true)
#undef WAVESAN_VECTOR_BINARY

template <class T, unsigned N>
constexpr bool operator==(const Vector<T, N> &A, const Vector<T, N> &B) noexcept {
  bool Same = true;
  const_cast<Vector<T, N> &>(A).each(B, [&](T &X, const T &Y) { Same = Same && X == Y; });
  return Same;
}
template <class T, unsigned N, detail::Broadcast<T> U>
constexpr bool operator==(const Vector<T, N> &A, U B) noexcept {
  return A == Vector<T, N>(B);
}
template <class T, unsigned N, detail::Broadcast<T> U>
constexpr bool operator==(U A, const Vector<T, N> &B) noexcept {
  return Vector<T, N>(A) == B;
}
template <class T, unsigned N>
constexpr bool operator!=(const Vector<T, N> &A, const Vector<T, N> &B) noexcept {
  return !(A == B);
}
template <class T, unsigned N, detail::Broadcast<T> U>
constexpr bool operator!=(const Vector<T, N> &A, U B) noexcept {
  return !(A == B);
}
template <class T, unsigned N, detail::Broadcast<T> U>
constexpr bool operator!=(U A, const Vector<T, N> &B) noexcept {
  return !(A == B);
}

} // namespace wavesan::emu

#define WAVESAN_VECTOR_TYPES(Name, Base)                                                   \
  using Name##1 = ::wavesan::emu::Vector<Base, 1>;                                         \
  using Name##2 = ::wavesan::emu::Vector<Base, 2>;                                         \
  using Name##3 = ::wavesan::emu::Vector<Base, 3>;                                         \
  using Name##4 = ::wavesan::emu::Vector<Base, 4>;                                         \
  constexpr inline Name##1 make_##Name##1(Base X) {                                         \
    Name##1 R{};                                                                           \
    R.x = X;                                                                               \
    return R;                                                                              \
  }                                                                                        \
  constexpr inline Name##2 make_##Name##2(Base X, Base Y) { return Name##2(X, Y); }        \
  constexpr inline Name##3 make_##Name##3(Base X, Base Y, Base Z) {                        \
    return Name##3(X, Y, Z);                                                               \
  }                                                                                        \
  constexpr inline Name##4 make_##Name##4(Base X, Base Y, Base Z, Base W) {                \
    return Name##4(X, Y, Z, W);                                                            \
  }
WAVESAN_VECTOR_TYPES(char, signed char)
WAVESAN_VECTOR_TYPES(uchar, unsigned char)
WAVESAN_VECTOR_TYPES(short, short)
WAVESAN_VECTOR_TYPES(ushort, unsigned short)
WAVESAN_VECTOR_TYPES(int, int)
WAVESAN_VECTOR_TYPES(uint, unsigned int)
WAVESAN_VECTOR_TYPES(long, long)
WAVESAN_VECTOR_TYPES(ulong, unsigned long)
WAVESAN_VECTOR_TYPES(longlong, long long)
WAVESAN_VECTOR_TYPES(ulonglong, unsigned long long)
WAVESAN_VECTOR_TYPES(float, float)
WAVESAN_VECTOR_TYPES(double, double)
#undef WAVESAN_VECTOR_TYPES
