//===--- element_type.h - a buffer's element type, for value-level diffs ---===//
///
/// \file
/// The element type of a kernel's pointer parameter (captured where the launch
/// knows the parameter types: hipLaunchKernelGGL and `<<<...>>>`) or of a
/// compareWaveSizes buffer, so that a `wave-size-divergence` report shows the
/// differing elements as values (`float 4032` rather than `00 00 7c 45`), and
/// floating-point results are compared with a tolerance.
///
/// Tolerance: two floating-point elements a, b agree when both are NaN, or
/// |a - b| <= rtol * max(|a|, |b|) + atol, with (rtol, atol) = (1e-4, 1e-6) for
/// float, (1e-9, 1e-12) for double, (1e-2, 1e-4) for _Float16 and (5e-2, 1e-3)
/// for __bf16. Why: a reduction at wave 32 adds its terms in another order than
/// at wave 64 (one more or one fewer shuffle level, other partial sums), so the
/// two results may differ by rounding: a few units in the last place per level
/// (float's epsilon is 2^-23 ~ 1.2e-7; rtol 1e-4 allows ~800 of them), while the
/// 32-lane bugs this catches lose or double whole groups of terms, a relative
/// error of tens of percent. Integers and other types must match exactly.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace wavesan {

/// What a buffer holds. Bytes: an element type without a numeric reading (a
/// struct, a vector type, void): compared and shown byte by byte.
enum class ElementType : uint8_t { Bytes, I8, U8, I16, U16, I32, U32, I64, U64, F16, BF16, F32, F64 };

/// The ElementType of \p T (cv-qualifiers ignored).
template <class T> constexpr ElementType elementTypeOf() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, float>)
    return ElementType::F32;
  else if constexpr (std::is_same_v<U, double>)
    return ElementType::F64;
#if defined(__FLT16_MANT_DIG__)
  else if constexpr (std::is_same_v<U, _Float16>)
    return ElementType::F16;
#endif
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 13)
  else if constexpr (std::is_same_v<U, __bf16>)
    return ElementType::BF16;
#endif
  else if constexpr (std::is_integral_v<U>) {
    constexpr bool S = std::is_signed_v<U>;
    if constexpr (sizeof(U) == 1)
      return S ? ElementType::I8 : ElementType::U8;
    else if constexpr (sizeof(U) == 2)
      return S ? ElementType::I16 : ElementType::U16;
    else if constexpr (sizeof(U) == 4)
      return S ? ElementType::I32 : ElementType::U32;
    else if constexpr (sizeof(U) == 8)
      return S ? ElementType::I64 : ElementType::U64;
    else
      return ElementType::Bytes;
  } else if constexpr (std::is_enum_v<U>)
    return elementTypeOf<std::underlying_type_t<U>>();
  else
    return ElementType::Bytes;
}

/// Bytes per element of \p T (1 for void).
template <class T> constexpr size_t elementSizeOf() {
  if constexpr (std::is_void_v<T>)
    return 1;
  else
    return sizeof(T);
}

/// A typed view of a buffer for a comparison: \p Type, \p ElementBytes per element.
struct ElementInfo {
  ElementType Type = ElementType::Bytes;
  uint32_t ElementBytes = 1;
};

template <class T> constexpr ElementInfo elementInfoOf() {
  return {elementTypeOf<T>(), static_cast<uint32_t>(elementSizeOf<T>())};
}

/// The C++ spelling of \p T ("float", "int32_t", ...; "bytes" for Bytes).
const char *elementTypeName(ElementType T);

} // namespace wavesan
