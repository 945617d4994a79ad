//===- wavesan/numeric.h - FP8, bf16 and fp16 codecs ------------*- C++ -*-===//
///
/// \file
/// Bit-exact encode/decode of the 8- and 16-bit floating-point formats the reference
/// kernels, the host reference and the diff read and write:
///   - FP8 E4M3 OCP ("fn"), E4M3 FNUZ, E5M2 OCP and E5M2 FNUZ,
///   - bfloat16 (the top half of an IEEE binary32),
///   - IEEE binary16 ("fp16", "half").
///
/// Header-only. Every codec is `WAVESAN_HD` (`__host__ __device__` under HIP or CUDA,
/// nothing otherwise), so one definition serves host C++, emulator kernels (compiled as
/// plain C++) and clang-22 HIP device code for gfx942. Only bit operations and exact float
/// multiplications by powers of two are used: no <cmath>, no libm, no dependence on the
/// floating-point rounding mode (rounding is done on integers).
///
/// Source of every format constant: the FP8 table of docs/hardware.md (collected from
/// the OCP 8-bit Floating Point Specification (OFP8) rev 1.0, AMD's ROCm/HIP FP8 docs and
/// LLVM's APFloat Float8E4M3FN/Float8E4M3FNUZ/Float8E5M2/Float8E5M2FNUZ semantics) and
/// IEEE 754-2019 for binary16/binary32. User guide: docs/wavesan-fp8.md.
///
//===----------------------------------------------------------------------===//
#ifndef WAVESAN_NUMERIC_H
#define WAVESAN_NUMERIC_H

#include <stdint.h>

#include <string_view>

#ifndef WAVESAN_HD
// __WAVESAN_EMU__: built by wavesan-cc for the CPU emulator, which predefines a HIP
// compiler's macros for a host compiler without __host__/__device__.
#if (defined(__HIP__) || defined(__CUDACC__)) && !defined(__WAVESAN_EMU__)
#define WAVESAN_HD __host__ __device__
#else
#define WAVESAN_HD
#endif
#endif

namespace wavesan {

/// The four FP8 encodings (docs/hardware.md, "FP8 formats"; S = sign bit):
///
/// | format   | bias | inf        | NaN                 | -0   | max finite | min normal | min subnormal |
/// |----------|------|------------|---------------------|------|------------|------------|---------------|
/// | E4M3Ocp  | 7    | none       | 0x7F, 0xFF          | 0x80 | 448        | 2^-6       | 2^-9          |
/// | E4M3Fnuz | 8    | none       | 0x80 only           | none | 240        | 2^-7       | 2^-10         |
/// | E5M2Ocp  | 15   | S.11111.00 | S.11111.{01,10,11}  | 0x80 | 57344      | 2^-14      | 2^-16         |
/// | E5M2Fnuz | 16   | none       | 0x80 only           | none | 57344      | 2^-15      | 2^-17         |
///
/// OCP = Open Compute Project OFP8 (gfx950, gfx12, NVIDIA, PyTorch `float8_e4m3fn` /
/// `float8_e5m2`); FNUZ = "finite, no negative zero" (gfx940/941/942 = MI300, PyTorch
/// `float8_e4m3fnuz` / `float8_e5m2fnuz`).
enum class Fp8Format : uint8_t { E4M3Ocp, E4M3Fnuz, E5M2Ocp, E5M2Fnuz };

namespace numeric_detail {

/// Parameters of one FP8 format, from the table in docs/hardware.md.
struct Fp8Params {
  int MantBits;      ///< 3 for E4M3, 2 for E5M2
  int Bias;          ///< exponent bias
  uint32_t MaxCode;  ///< magnitude code (byte & 0x7F) of the largest finite value
  bool Fnuz;         ///< 0x80 is the only NaN, no -0, no inf
  bool HasInf;       ///< E5M2 OCP only
};

WAVESAN_HD constexpr inline Fp8Params fp8Params(Fp8Format F) {
  switch (F) {
  case Fp8Format::E4M3Ocp:  return {3, 7, 0x7E, false, false};  // 0x7E = 1.75 * 2^8 = 448
  case Fp8Format::E4M3Fnuz: return {3, 8, 0x7F, true, false};   // 0x7F = 1.875 * 2^7 = 240
  case Fp8Format::E5M2Ocp:  return {2, 15, 0x7B, false, true};  // 0x7B = 1.75 * 2^15 = 57344
  case Fp8Format::E5M2Fnuz: return {2, 16, 0x7F, true, false};  // 0x7F = 1.75 * 2^15 = 57344
  }
  return {3, 7, 0x7E, false, false};
}

WAVESAN_HD constexpr inline uint32_t floatBits(float V) {
  return __builtin_bit_cast(uint32_t, V);
}
WAVESAN_HD constexpr inline float bitsFloat(uint32_t B) {
  return __builtin_bit_cast(float, B);
}
/// 2^K as a float, for K in [-126, 127] (a normal binary32; exact).
WAVESAN_HD constexpr inline float pow2f(int K) {
  return bitsFloat(static_cast<uint32_t>(K + 127) << 23);
}
/// The default quiet NaN of binary32 with the given sign bit (0 or 1).
WAVESAN_HD constexpr inline float quietNan(uint32_t Sign) {
  return bitsFloat((Sign << 31) | 0x7FC00000u);
}

/// Decodes a finite minifloat magnitude: exponent field E, mantissa field M with MantBits
/// bits, bias Bias. Normal (E > 0): (1 + M/2^MantBits) * 2^(E-Bias); subnormal (E == 0):
/// M * 2^(1-Bias-MantBits). Exact in binary32 for every format here.
WAVESAN_HD constexpr inline float decodeFinite(uint32_t Sign, uint32_t E, uint32_t M,
                                               int MantBits, int Bias) {
  if (E == 0) {
    float Mag = static_cast<float>(M) * pow2f(1 - Bias - MantBits);
    return Sign ? -Mag : Mag;
  }
  uint32_t Bits = (Sign << 31) |
                  (static_cast<uint32_t>(static_cast<int>(E) - Bias + 127) << 23) |
                  (M << (23 - MantBits));
  return bitsFloat(Bits);
}

/// Rounds the magnitude |V| (given as its binary32 bits without the sign, finite) to a
/// binary minifloat with MantBits mantissa bits and minimum normal exponent EMin, round to
/// nearest, ties to even, on integers. Returns the magnitude code (exponent field <<
/// MantBits | mantissa) with exponent field = unbiased exponent + Bias; the code may exceed
/// the format's largest finite code (the caller handles overflow).
WAVESAN_HD constexpr inline uint32_t roundMagnitude(uint32_t AbsBits, int MantBits,
                                                    int Bias) {
  const int EMin = 1 - Bias;
  uint32_t FExp = AbsBits >> 23;
  uint32_t Sig = AbsBits & 0x7FFFFFu;
  int Exp = -126;  // AbsBits = Sig * 2^(Exp - 23); -126 for binary32 subnormals and zero
  if (FExp != 0) {
    Sig |= 0x800000u;
    Exp = static_cast<int>(FExp) - 127;
  }
  if (Sig == 0)
    return 0;
  int ETarget = Exp < EMin ? EMin : Exp;  // exponent of the quantum's binade
  int Drop = 23 - MantBits + (ETarget - Exp);  // low bits of Sig below the quantum
  uint32_t Q = 0;  // Drop >= 25: |V| < quantum / 2 (Sig < 2^24 <= half of 2^Drop) -> 0
  if (Drop < 25) {
    Q = Sig >> Drop;
    uint32_t Rem = Sig & ((1u << Drop) - 1u);
    uint32_t Half = 1u << (Drop - 1);
    if (Rem > Half || (Rem == Half && (Q & 1u)))
      ++Q;
  }
  // Q * 2^(ETarget - MantBits) is the rounded value, Q <= 2^(MantBits + 1).
  if (Q >= (2u << MantBits)) {  // carried into the next binade
    Q >>= 1;
    ++ETarget;
  }
  if (Q < (1u << MantBits))  // subnormal (ETarget == EMin) or zero
    return Q;
  uint32_t EField = static_cast<uint32_t>(ETarget + Bias);
  return (EField << MantBits) | (Q - (1u << MantBits));
}

}  // namespace numeric_detail

/// True for the FNUZ formats (E4M3Fnuz, E5M2Fnuz).
WAVESAN_HD constexpr inline bool fp8IsFnuz(Fp8Format F) {
  return F == Fp8Format::E4M3Fnuz || F == Fp8Format::E5M2Fnuz;
}

/// Largest finite value of \p F (docs/hardware.md): 448 (E4M3 OCP), 240 (E4M3 FNUZ), 57344 (E5M2).
WAVESAN_HD constexpr inline float fp8MaxFinite(Fp8Format F) {
  switch (F) {
  case Fp8Format::E4M3Ocp:  return 448.0f;
  case Fp8Format::E4M3Fnuz: return 240.0f;
  case Fp8Format::E5M2Ocp:
  case Fp8Format::E5M2Fnuz: return 57344.0f;
  }
  return 0.0f;
}

/// True when \p Byte is a NaN code of \p F: 0x7F/0xFF (E4M3 OCP), 0x80 (FNUZ),
/// S.11111.{01,10,11} (E5M2 OCP).
WAVESAN_HD constexpr inline bool fp8IsNan(uint8_t Byte, Fp8Format F) {
  switch (F) {
  case Fp8Format::E4M3Ocp:  return (Byte & 0x7F) == 0x7F;
  case Fp8Format::E4M3Fnuz:
  case Fp8Format::E5M2Fnuz: return Byte == 0x80;
  case Fp8Format::E5M2Ocp:  return (Byte & 0x7F) > 0x7C;
  }
  return false;
}

/// True when \p Byte is +-infinity in \p F (only E5M2 OCP has infinities: 0x7C, 0xFC).
WAVESAN_HD constexpr inline bool fp8IsInf(uint8_t Byte, Fp8Format F) {
  return F == Fp8Format::E5M2Ocp && (Byte & 0x7F) == 0x7C;
}

/// Decodes one FP8 byte of format \p F to binary32 (exact: every FP8 value is a float).
/// NaN codes give a quiet NaN (sign kept for OCP), E5M2 OCP 0x7C/0xFC give +-inf, OCP 0x80
/// gives -0.0f, FNUZ 0x00 gives +0.0f. Constants: see Fp8Format.
WAVESAN_HD constexpr inline float decodeFp8(uint8_t Byte, Fp8Format F) {
  using namespace numeric_detail;
  const Fp8Params P = fp8Params(F);
  const uint32_t Sign = Byte >> 7;
  if (fp8IsNan(Byte, F))
    return quietNan(P.Fnuz ? 0u : Sign);
  if (fp8IsInf(Byte, F))
    return bitsFloat((Sign << 31) | 0x7F800000u);
  const uint32_t E = (Byte & 0x7Fu) >> P.MantBits;
  const uint32_t M = Byte & ((1u << P.MantBits) - 1u);
  return decodeFinite(Sign, E, M, P.MantBits, P.Bias);
}

/// Encodes \p V in FP8 format \p F, round to nearest, ties to even (OFP8 spec section 5,
/// IEEE 754 roundTiesToEven), independent of the current rounding mode.
///   - Overflow (|V| rounds above max finite, i.e. |V| >= max + ulp/2 with the tie going to
///     the even neighbour, or V = +-inf): \p Saturate = true gives +-max finite (448, 240,
///     57344); \p Saturate = false gives E4M3 OCP NaN 0x7F/0xFF, E5M2 OCP +-inf 0x7C/0xFC,
///     FNUZ NaN 0x80.
///   - NaN input: a NaN code whatever \p Saturate: 0x7F|S (E4M3 OCP), 0x7E|S (E5M2 OCP),
///     0x80 (FNUZ).
///   - Zero and underflow: OCP keeps the sign (-0 and negative values rounding to zero give
///     0x80); FNUZ has no -0 and gives 0x00 (0x80 is its NaN).
WAVESAN_HD constexpr inline uint8_t encodeFp8(float V, Fp8Format F, bool Saturate) {
  using namespace numeric_detail;
  const Fp8Params P = fp8Params(F);
  const uint32_t Bits = floatBits(V);
  const uint32_t Sign = Bits >> 31;
  const uint32_t AbsBits = Bits & 0x7FFFFFFFu;
  const uint8_t SignBit = static_cast<uint8_t>(Sign << 7);
  if (AbsBits > 0x7F800000u) {  // NaN
    if (P.Fnuz)
      return 0x80;
    return static_cast<uint8_t>(SignBit | (P.HasInf ? 0x7E : 0x7F));
  }
  uint32_t Code = AbsBits == 0x7F800000u ? 0xFFFFFFFFu  // inf: always overflows
                                         : roundMagnitude(AbsBits, P.MantBits, P.Bias);
  if (Code > P.MaxCode) {
    if (Saturate)
      Code = P.MaxCode;
    else if (P.Fnuz)
      return 0x80;
    else
      return static_cast<uint8_t>(SignBit | (P.HasInf ? 0x7C : 0x7F));
  }
  if (P.Fnuz && Code == 0)
    return 0x00;
  return static_cast<uint8_t>(SignBit | Code);
}

/// Converts an OCP FP8 byte (E4M3 OCP -> E4M3 FNUZ, or E5M2 OCP -> E5M2 FNUZ: the same
/// rule) to the FNUZ byte holding the same value once the caller DOUBLES the per-tensor
/// scale: the bits are reinterpreted unchanged, because the FNUZ bias is one larger, so the
/// same byte reads as exactly half the value (docs/hardware.md); only 0x80 (OCP -0) becomes 0x00,
/// since 0x80 is NaN in FNUZ.
/// Not preserved (docs/hardware.md): OCP E4M3 NaN bytes 0x7F/0xFF read as +-240 in FNUZ (x2 scale:
/// +-480), and OCP E4M3 448 (0x7E) reads as 224 (x2: 448, correct). E5M2 OCP inf/NaN bytes
/// S.11111.xx read as +-32768..57344 (finite) in E5M2 FNUZ. Callers that can see such bytes
/// must test fp8IsNan/fp8IsInf on the OCP byte first.
WAVESAN_HD constexpr inline uint8_t fp8OcpToFnuz(uint8_t Byte) {
  return Byte == 0x80 ? static_cast<uint8_t>(0x00) : Byte;
}

/// Decodes a bfloat16 (sign, 8-bit exponent bias 127, 7-bit mantissa: the top 16 bits of
/// a binary32) to binary32. Exact; NaN and inf carry over unchanged.
WAVESAN_HD constexpr inline float decodeBf16(uint16_t Bits) {
  return numeric_detail::bitsFloat(static_cast<uint32_t>(Bits) << 16);
}

/// Encodes binary32 \p V as bfloat16, round to nearest, ties to even, on integers. NaN
/// stays NaN (sign kept, quiet bit set); values of magnitude >= (2 - 2^-8) * 2^127 round to
/// +-inf; inf stays inf.
WAVESAN_HD constexpr inline uint16_t encodeBf16(float V) {
  const uint32_t Bits = numeric_detail::floatBits(V);
  if ((Bits & 0x7FFFFFFFu) > 0x7F800000u)
    return static_cast<uint16_t>((Bits >> 16) | 0x0040u);
  const uint32_t Lsb = (Bits >> 16) & 1u;
  return static_cast<uint16_t>((Bits + 0x7FFFu + Lsb) >> 16);
}

/// Decodes an IEEE 754 binary16 (bias 15, 10-bit mantissa; max 65504, min normal 2^-14,
/// min subnormal 2^-24) to binary32. Exact; NaN gives a quiet NaN with the same sign, inf
/// gives inf.
WAVESAN_HD constexpr inline float decodeFp16(uint16_t Bits) {
  using namespace numeric_detail;
  const uint32_t Sign = Bits >> 15;
  const uint32_t E = (Bits >> 10) & 0x1Fu;
  const uint32_t M = Bits & 0x3FFu;
  if (E == 0x1F)
    return M ? quietNan(Sign) : bitsFloat((Sign << 31) | 0x7F800000u);
  return decodeFinite(Sign, E, M, 10, 15);
}

/// Encodes binary32 \p V as IEEE binary16, round to nearest, ties to even (IEEE 754-2019
/// 4.3.1), on integers. |V| >= 65520 (= 65504 + half an ulp, the tie going up to the even
/// code) gives +-inf; NaN gives a quiet NaN (0x7E00 with the sign); underflow keeps the
/// sign (+-0, subnormals down to 2^-24).
WAVESAN_HD constexpr inline uint16_t encodeFp16(float V) {
  using namespace numeric_detail;
  const uint32_t Bits = floatBits(V);
  const uint16_t SignBit = static_cast<uint16_t>((Bits >> 16) & 0x8000u);
  const uint32_t AbsBits = Bits & 0x7FFFFFFFu;
  if (AbsBits > 0x7F800000u)
    return static_cast<uint16_t>(SignBit | 0x7E00u);
  if (AbsBits == 0x7F800000u)
    return static_cast<uint16_t>(SignBit | 0x7C00u);
  const uint32_t Code = roundMagnitude(AbsBits, 10, 15);
  if (Code > 0x7BFFu)
    return static_cast<uint16_t>(SignBit | 0x7C00u);
  return static_cast<uint16_t>(SignBit | Code);
}

/// Canonical name of \p F: "e4m3-ocp", "e4m3-fnuz", "e5m2-ocp", "e5m2-fnuz" (host only).
inline const char *fp8FormatName(Fp8Format F) {
  switch (F) {
  case Fp8Format::E4M3Ocp:  return "e4m3-ocp";
  case Fp8Format::E4M3Fnuz: return "e4m3-fnuz";
  case Fp8Format::E5M2Ocp:  return "e5m2-ocp";
  case Fp8Format::E5M2Fnuz: return "e5m2-fnuz";
  }
  return "unknown-fp8-format";
}

/// Parses an FP8 format name (host only). Accepts the canonical names of fp8FormatName and
/// the PyTorch / ml_dtypes spellings "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2",
/// "float8_e5m2fnuz" and their "e4m3fn", "e4m3fnuz", "e5m2", "e5m2fnuz" short forms.
/// Returns false (and leaves \p Out unchanged) for anything else.
inline bool parseFp8Format(std::string_view Name, Fp8Format &Out) {
  if (Name.substr(0, 7) == "float8_")
    Name.remove_prefix(7);
  struct Entry { std::string_view Name; Fp8Format F; };
  constexpr Entry Table[] = {
      {"e4m3-ocp", Fp8Format::E4M3Ocp},   {"e4m3fn", Fp8Format::E4M3Ocp},
      {"e4m3-fnuz", Fp8Format::E4M3Fnuz}, {"e4m3fnuz", Fp8Format::E4M3Fnuz},
      {"e5m2-ocp", Fp8Format::E5M2Ocp},   {"e5m2", Fp8Format::E5M2Ocp},
      {"e5m2-fnuz", Fp8Format::E5M2Fnuz}, {"e5m2fnuz", Fp8Format::E5M2Fnuz},
  };
  for (const Entry &E : Table)
    if (E.Name == Name) {
      Out = E.F;
      return true;
    }
  return false;
}

}  // namespace wavesan

#endif  // WAVESAN_NUMERIC_H
