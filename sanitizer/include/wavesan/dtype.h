//===- wavesan/dtype.h - Element types of reference buffers -----*- C++ -*-===//
///
/// \file
/// The element types the reference kernels, the host reference, the diff and the CLI read:
/// their sizes, names, and a host decoder to double. Header-only, host only (decoding on the
/// device uses the WAVESAN_HD codecs of numeric.h directly). User guide: docs/wavesan-fp8.md.
///
//===----------------------------------------------------------------------===//
#ifndef WAVESAN_DTYPE_H
#define WAVESAN_DTYPE_H

#include "wavesan/numeric.h"

#include <stddef.h>
#include <stdint.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

namespace wavesan {

/// Element type of a buffer. I32 = int32_t, F32/F64 = IEEE binary32/binary64, F16 = IEEE
/// binary16, BF16 = bfloat16, the four FP8 formats as in Fp8Format (numeric.h).
enum class DType : uint8_t { I32, F32, F64, F16, BF16, E4M3Ocp, E4M3Fnuz, E5M2Ocp, E5M2Fnuz };

/// True when \p T is a valid enumerator (guards against casts from bad integers).
inline bool dtypeValid(DType T) { return static_cast<uint8_t>(T) <= static_cast<uint8_t>(DType::E5M2Fnuz); }

/// Size in bytes of one element: 4 (I32, F32), 8 (F64), 2 (F16, BF16), 1 (FP8); 0 for an
/// invalid enumerator.
inline size_t dtypeBytes(DType T) {
  switch (T) {
  case DType::I32:
  case DType::F32: return 4;
  case DType::F64: return 8;
  case DType::F16:
  case DType::BF16: return 2;
  case DType::E4M3Ocp:
  case DType::E4M3Fnuz:
  case DType::E5M2Ocp:
  case DType::E5M2Fnuz: return 1;
  }
  return 0;
}

/// True for the four FP8 types.
inline bool dtypeIsFp8(DType T) {
  return T == DType::E4M3Ocp || T == DType::E4M3Fnuz || T == DType::E5M2Ocp ||
         T == DType::E5M2Fnuz;
}

/// The Fp8Format of an FP8 DType. Throws std::invalid_argument for a non-FP8 type.
inline Fp8Format dtypeFp8Format(DType T) {
  switch (T) {
  case DType::E4M3Ocp:  return Fp8Format::E4M3Ocp;
  case DType::E4M3Fnuz: return Fp8Format::E4M3Fnuz;
  case DType::E5M2Ocp:  return Fp8Format::E5M2Ocp;
  case DType::E5M2Fnuz: return Fp8Format::E5M2Fnuz;
  default: break;
  }
  throw std::invalid_argument("wavesan: dtypeFp8Format: dtype " +
                              std::to_string(static_cast<unsigned>(T)) +
                              " is not an FP8 type (expected e4m3-ocp, e4m3-fnuz, "
                              "e5m2-ocp or e5m2-fnuz)");
}

/// The DType of an Fp8Format.
inline DType fp8DType(Fp8Format F) {
  switch (F) {
  case Fp8Format::E4M3Ocp:  return DType::E4M3Ocp;
  case Fp8Format::E4M3Fnuz: return DType::E4M3Fnuz;
  case Fp8Format::E5M2Ocp:  return DType::E5M2Ocp;
  case Fp8Format::E5M2Fnuz: return DType::E5M2Fnuz;
  }
  return DType::E4M3Ocp;
}

/// Canonical name: "i32", "f32", "f64", "f16", "bf16", "e4m3-ocp", "e4m3-fnuz",
/// "e5m2-ocp", "e5m2-fnuz"; "unknown-dtype" for an invalid enumerator.
inline const char *dtypeName(DType T) {
  switch (T) {
  case DType::I32:  return "i32";
  case DType::F32:  return "f32";
  case DType::F64:  return "f64";
  case DType::F16:  return "f16";
  case DType::BF16: return "bf16";
  case DType::E4M3Ocp:
  case DType::E4M3Fnuz:
  case DType::E5M2Ocp:
  case DType::E5M2Fnuz: return fp8FormatName(dtypeFp8Format(T));
  }
  return "unknown-dtype";
}

/// Parses a dtype name: the canonical names of dtypeName, the NumPy/PyTorch spellings
/// "int32", "float32", "float64", "float16", "half", "bfloat16", and every FP8 spelling
/// parseFp8Format accepts ("float8_e4m3fn", "e4m3fnuz", ...). Returns false (and leaves
/// \p Out unchanged) for anything else.
inline bool parseDType(std::string_view Name, DType &Out) {
  struct Entry { std::string_view Name; DType T; };
  constexpr Entry Table[] = {
      {"i32", DType::I32},  {"int32", DType::I32},   {"f32", DType::F32},
      {"float32", DType::F32}, {"f64", DType::F64}, {"float64", DType::F64},
      {"f16", DType::F16},  {"float16", DType::F16}, {"half", DType::F16},
      {"bf16", DType::BF16}, {"bfloat16", DType::BF16},
  };
  for (const Entry &E : Table)
    if (E.Name == Name) {
      Out = E.T;
      return true;
    }
  Fp8Format F{};
  if (!parseFp8Format(Name, F))
    return false;
  Out = fp8DType(F);
  return true;
}

/// Reads element \p Index (counted in elements, not bytes) of the buffer at \p Base holding
/// elements of type \p T, and returns its value as a double (exact for every type: i32,
/// f16, bf16 and FP8 values are all representable). No alignment is required. NaN/inf
/// codes decode to NaN/inf as in numeric.h.
/// Throws std::invalid_argument when \p Base is null or \p T is not a valid enumerator.
inline double decodeElement(DType T, const void *Base, size_t Index) {
  if (Base == nullptr)
    throw std::invalid_argument(std::string("wavesan: decodeElement: null buffer for dtype ") +
                                dtypeName(T) + " (expected a pointer to the elements)");
  const unsigned char *P = static_cast<const unsigned char *>(Base) + Index * dtypeBytes(T);
  switch (T) {
  case DType::I32: { int32_t V; std::memcpy(&V, P, 4); return V; }
  case DType::F32: { float V; std::memcpy(&V, P, 4); return V; }
  case DType::F64: { double V; std::memcpy(&V, P, 8); return V; }
  case DType::F16: { uint16_t V; std::memcpy(&V, P, 2); return decodeFp16(V); }
  case DType::BF16: { uint16_t V; std::memcpy(&V, P, 2); return decodeBf16(V); }
  case DType::E4M3Ocp:
  case DType::E4M3Fnuz:
  case DType::E5M2Ocp:
  case DType::E5M2Fnuz: return decodeFp8(*P, dtypeFp8Format(T));
  }
  throw std::invalid_argument("wavesan: decodeElement: invalid dtype value " +
                              std::to_string(static_cast<unsigned>(T)) +
                              " (expected one of i32, f32, f64, f16, bf16, e4m3-ocp, "
                              "e4m3-fnuz, e5m2-ocp, e5m2-fnuz)");
}

}  // namespace wavesan

#endif  // WAVESAN_DTYPE_H
