//===--- lane_mask.h - 64-bit ballot results that report narrowing ---------===//
///
/// \file
/// `LaneMask`, the type of `__ballot`, `__ballot_sync` and `__activemask`
/// results: one bit per lane of a wavefront (bit i = lane i), 64 bits wide.
/// It converts implicitly to any integer type, and a conversion to a type
/// narrower than 64 bits while a lane the type cannot hold has its bit set
/// (lanes 32-63 for a 32-bit type) reports `lane-mask-truncated` (rule
/// wave64-lane-mask-width). A conversion operator cannot take a
/// std::source_location argument (g++ 12 gives the operator's own line), so
/// the report names the call site of the ballot that produced the mask.
///
/// Arithmetic, bitwise, shift and comparison operators with integers keep the
/// 64-bit value (and the ballot's site), so `(m >> lane) & 1`, `m & (m - 1)`,
/// `m == ~0ull` and `if (m)` work as with `unsigned long long`. Passing a
/// LaneMask through `...` (printf) is not supported: convert it first.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/lane_mask.h"
#endif

#include <compare>
#include <concepts>
#include <cstdint>
#include <type_traits>

namespace wavesan::emu {

namespace detail {
/// Reports lane-mask-truncated for \p Bits narrowed to \p TargetBits bits, at
/// the producing operation's \p File:\p Line.
void reportMaskTruncated(uint64_t Bits, unsigned TargetBits, const char *TargetType,
                         const char *File, unsigned Line, const char *Function);
/// The name of the conversion's target type, as the user wrote it (int stays
/// "int", not "unsigned int").
template <class T> constexpr const char *integerName() {
  if constexpr (std::is_same_v<T, unsigned>) return "unsigned int";
  else if constexpr (std::is_same_v<T, int>) return "int";
  else if constexpr (std::is_same_v<T, unsigned short>) return "unsigned short";
  else if constexpr (std::is_same_v<T, short>) return "short";
  else if constexpr (std::is_same_v<T, unsigned char>) return "unsigned char";
  else if constexpr (std::is_same_v<T, signed char>) return "signed char";
  else if constexpr (std::is_same_v<T, char>) return "char";
  else if constexpr (std::is_same_v<T, wchar_t>) return "wchar_t";
  else if constexpr (std::is_same_v<T, char8_t>) return "char8_t";
  else if constexpr (std::is_same_v<T, char16_t>) return "char16_t";
  else if constexpr (std::is_same_v<T, char32_t>) return "char32_t";
  else if constexpr (std::is_same_v<T, unsigned long>) return "unsigned long";
  else if constexpr (std::is_same_v<T, long>) return "long";
  else return "integer";
}
} // namespace detail

class LaneMask {
public:
  constexpr LaneMask() = default;
  constexpr explicit LaneMask(uint64_t Bits, const char *File = nullptr, unsigned Line = 0,
                              const char *Function = nullptr)
      : Bits(Bits), File(File), Line(Line), Function(Function) {}

  /// `cond ? mask : 0` is ill-formed ("operands to '?:' have different types
  /// 'wavesan::emu::LaneMask' and 'int'"): with HIP's 64-bit ballot it is a
  /// 64-bit expression, but here the int operand would make it an int and drop
  /// lanes 32-63. C++ cannot make it 64-bit while `int m = mask` still
  /// converts, so this deleted constructor (a conversion in the other
  /// direction) makes the two-way conversion ambiguous. Write
  /// `cond ? mask : 0ull` (or `uint64_t(0)`): a 64-bit operand keeps the mask.
  template <std::integral T>
    requires(sizeof(T) < sizeof(uint64_t))
  LaneMask(T) = delete;

  /// The 64 lane bits.
  constexpr uint64_t bits() const { return Bits; }

  /// Converts to any integer type; narrowing away set bits reports.
  template <std::integral T> operator T() const {
    if constexpr (std::is_same_v<T, bool>) {
      return Bits != 0;
    } else {
      if constexpr (sizeof(T) < sizeof(uint64_t)) {
        if (Bits >> (8 * sizeof(T)))
          detail::reportMaskTruncated(Bits, 8 * sizeof(T), detail::integerName<T>(),
                                      File, Line, Function);
      }
      return static_cast<T>(Bits);
    }
  }

  LaneMask operator~() const { return with(~Bits); }
  bool operator!() const { return Bits == 0; }
  LaneMask operator-() const { return with(0 - Bits); }

#define WAVESAN_MASK_BINARY(Op)                                                          \
  friend LaneMask operator Op(const LaneMask &A, const LaneMask &B) {                    \
    return A.with(A.Bits Op B.Bits);                                                     \
  }                                                                                      \
  template <std::integral T> friend LaneMask operator Op(const LaneMask &A, T B) {       \
    return A.with(A.Bits Op static_cast<uint64_t>(B));                                   \
  }                                                                                      \
  template <std::integral T> friend LaneMask operator Op(T A, const LaneMask &B) {       \
    return B.with(static_cast<uint64_t>(A) Op B.Bits);                                   \
  }                                                                                      \
  LaneMask &operator Op##=(const LaneMask &B) { Bits = Bits Op B.Bits; return *this; }  \
  template <std::integral T> LaneMask &operator Op##=(T B) {                             \
    Bits = Bits Op static_cast<uint64_t>(B);                                             \
    return *this;                                                                        \
  }
  WAVESAN_MASK_BINARY(&)
  WAVESAN_MASK_BINARY(|)
  WAVESAN_MASK_BINARY(^)
  WAVESAN_MASK_BINARY(+)
  WAVESAN_MASK_BINARY(-)
  WAVESAN_MASK_BINARY(*)
  WAVESAN_MASK_BINARY(/)
  WAVESAN_MASK_BINARY(%)
#undef WAVESAN_MASK_BINARY

  template <std::integral T> friend LaneMask operator<<(const LaneMask &A, T B) {
    return A.with(A.Bits << B);
  }
  template <std::integral T> friend LaneMask operator>>(const LaneMask &A, T B) {
    return A.with(A.Bits >> B);
  }
  template <std::integral T> LaneMask &operator<<=(T B) { Bits <<= B; return *this; }
  template <std::integral T> LaneMask &operator>>=(T B) { Bits >>= B; return *this; }

  friend bool operator==(const LaneMask &A, const LaneMask &B) { return A.Bits == B.Bits; }
  template <std::integral T> friend bool operator==(const LaneMask &A, T B) {
    return A.Bits == static_cast<uint64_t>(B);
  }
  friend std::strong_ordering operator<=>(const LaneMask &A, const LaneMask &B) {
    return A.Bits <=> B.Bits;
  }
  template <std::integral T> friend std::strong_ordering operator<=>(const LaneMask &A, T B) {
    return A.Bits <=> static_cast<uint64_t>(B);
  }

private:
  LaneMask with(uint64_t NewBits) const { return LaneMask(NewBits, File, Line, Function); }

  uint64_t Bits = 0;
  const char *File = nullptr;
  unsigned Line = 0;
  const char *Function = nullptr;
};

} // namespace wavesan::emu
