//===--- wave_diff.cpp - element-wise diff of a buffer's two results -------===//
///
/// \file
/// wave_diff.h; the floating-point tolerance and its reason: element_type.h.
///
//===----------------------------------------------------------------------===//
#include "wave_diff.h"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace wavesan {

const char *elementTypeName(ElementType T) {
  switch (T) {
  case ElementType::Bytes: return "bytes";
  case ElementType::I8: return "int8_t";
  case ElementType::U8: return "uint8_t";
  case ElementType::I16: return "int16_t";
  case ElementType::U16: return "uint16_t";
  case ElementType::I32: return "int32_t";
  case ElementType::U32: return "uint32_t";
  case ElementType::I64: return "int64_t";
  case ElementType::U64: return "uint64_t";
  case ElementType::F16: return "_Float16";
  case ElementType::BF16: return "__bf16";
  case ElementType::F32: return "float";
  case ElementType::F64: return "double";
  }
  return "bytes";
}

namespace detail {

namespace {

template <class T> T load(const unsigned char *P) {
  T V;
  std::memcpy(&V, P, sizeof V);
  return V;
}

/// IEEE binary16 to float (exact).
float halfToFloat(uint16_t H) {
  const uint32_t Sign = uint32_t(H >> 15) << 31;
  const int Exp = (H >> 10) & 0x1f;
  const uint32_t Mant = H & 0x3ff;
  float F;
  if (Exp == 0)
    F = std::ldexp(float(Mant), -24); // zero or subnormal
  else if (Exp == 31)
    F = Mant ? std::nanf("") : INFINITY;
  else
    F = std::ldexp(float(Mant | 0x400), Exp - 25);
  return Sign ? -F : F;
}

/// bfloat16 to float (the upper half of a float's bits).
float bf16ToFloat(uint16_t B) { return std::bit_cast<float>(uint32_t(B) << 16); }

/// The element as a double when floating point (nullopt otherwise), for the tolerance.
bool asFloating(const unsigned char *P, ElementType T, double &Out) {
  switch (T) {
  case ElementType::F32: Out = load<float>(P); return true;
  case ElementType::F64: Out = load<double>(P); return true;
  case ElementType::F16: Out = halfToFloat(load<uint16_t>(P)); return true;
  case ElementType::BF16: Out = bf16ToFloat(load<uint16_t>(P)); return true;
  default: return false;
  }
}

/// element_type.h's (rtol, atol) per floating-point type.
void tolerance(ElementType T, double &Rtol, double &Atol) {
  switch (T) {
  case ElementType::F64: Rtol = 1e-9; Atol = 1e-12; return;
  case ElementType::F16: Rtol = 1e-2; Atol = 1e-4; return;
  case ElementType::BF16: Rtol = 5e-2; Atol = 1e-3; return;
  default: Rtol = 1e-4; Atol = 1e-6; return;
  }
}

bool same(const unsigned char *A, const unsigned char *B, ElementInfo E) {
  if (std::memcmp(A, B, E.ElementBytes) == 0)
    return true;
  double X = 0, Y = 0;
  if (!asFloating(A, E.Type, X) || !asFloating(B, E.Type, Y))
    return false;
  if (std::isnan(X) && std::isnan(Y))
    return true;
  if (std::isinf(X) || std::isinf(Y))
    return X == Y;
  double Rtol, Atol;
  tolerance(E.Type, Rtol, Atol);
  return std::fabs(X - Y) <= Rtol * std::max(std::fabs(X), std::fabs(Y)) + Atol;
}

std::string hexBytes(const unsigned char *P, size_t N) {
  std::string S;
  for (size_t I = 0; I < N; ++I)
    S += fmt::format("{}{:02x}", I ? " " : "", P[I]);
  return S;
}

} // namespace

std::string formatElement(const unsigned char *P, ElementInfo E) {
  switch (E.Type) {
  case ElementType::I8: return fmt::format("{}", load<int8_t>(P));
  case ElementType::U8: return fmt::format("{}", load<uint8_t>(P));
  case ElementType::I16: return fmt::format("{}", load<int16_t>(P));
  case ElementType::U16: return fmt::format("{}", load<uint16_t>(P));
  case ElementType::I32: return fmt::format("{}", load<int32_t>(P));
  case ElementType::U32: return fmt::format("{}", load<uint32_t>(P));
  case ElementType::I64: return fmt::format("{}", load<int64_t>(P));
  case ElementType::U64: return fmt::format("{}", load<uint64_t>(P));
  case ElementType::F16: return fmt::format("{}", halfToFloat(load<uint16_t>(P)));
  case ElementType::BF16: return fmt::format("{}", bf16ToFloat(load<uint16_t>(P)));
  case ElementType::F32: return fmt::format("{}", load<float>(P));
  case ElementType::F64: return fmt::format("{}", load<double>(P));
  case ElementType::Bytes: break;
  }
  return hexBytes(P, E.ElementBytes);
}

std::optional<BufferDiff> diffBuffers(const unsigned char *At32, const unsigned char *At64,
                                      size_t Bytes, ElementInfo E, size_t Origin,
                                      unsigned MaxShown) {
  if (std::memcmp(At32, At64, Bytes) == 0) // the common case: identical bytes
    return std::nullopt;
  if (E.ElementBytes == 0)
    E = ElementInfo{};
  const size_t Size = E.ElementBytes;
  const size_t Start = Origin % Size; // the first whole element aligned with the argument
  BufferDiff D;
  unsigned Shown = 0;
  auto Show = [&](const std::string &Where, const std::string &A, const std::string &B) {
    if (Shown++ < MaxShown)
      D.Shown += fmt::format("{}{} wave 32: {}, wave 64: {}", D.Shown.empty() ? "" : "; ",
                             Where, A, B);
  };
  auto StrayBytes = [&](size_t From, size_t To) {
    if (From >= To)
      return;
    for (size_t I = From; I < To; ++I)
      if (At32[I] != At64[I]) {
        ++D.Differing;
        Show(fmt::format("byte {}", I), hexBytes(At32 + I, 1), hexBytes(At64 + I, 1));
      }
    D.Elements += To - From;
  };
  StrayBytes(0, std::min(Start, Bytes));
  size_t Off = Start;
  for (; Off + Size <= Bytes; Off += Size) {
    ++D.Elements;
    if (same(At32 + Off, At64 + Off, E))
      continue;
    ++D.Differing;
    const long long Index =
        (static_cast<long long>(Off) - static_cast<long long>(Origin)) / static_cast<long long>(Size);
    Show(fmt::format("[{}]", Index), formatElement(At32 + Off, E), formatElement(At64 + Off, E));
  }
  StrayBytes(std::max(Off, Start), Bytes);
  if (D.Differing == 0)
    return std::nullopt; // within the tolerance
  if (Shown > MaxShown)
    D.Shown += fmt::format("; ... ({} more)", Shown - MaxShown);
  return D;
}

} // namespace detail
} // namespace wavesan
