//===- NumericTest.cpp - FP8 codecs against the OCP/FNUZ table ----------===//
//
// Exhaustive tests of wavesan/numeric.h's FP8 codecs. Expected values come from an
// independent decoder written here from the FP8 table of docs/hardware.md (bias,
// NaN/inf codes, -0) using std::ldexp on doubles, and from hand-computed goldens whose
// arithmetic is in the comments. Nothing expected is computed by the code under test.
//
//===----------------------------------------------------------------------===//
#include "wavesan/numeric.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>

using wavesan::decodeFp8;
using wavesan::encodeFp8;
using wavesan::Fp8Format;

namespace {

/// One column of the FP8 table of docs/hardware.md.
struct FormatFacts {
  Fp8Format F;
  const char *Name;
  int ExpBits, MantBits, Bias;
  double Max, MinNormal, MinSubnormal;
};

const FormatFacts AllFacts[] = {
    {Fp8Format::E4M3Ocp, "e4m3-ocp", 4, 3, 7, 448.0, 0x1p-6, 0x1p-9},
    {Fp8Format::E4M3Fnuz, "e4m3-fnuz", 4, 3, 8, 240.0, 0x1p-7, 0x1p-10},
    {Fp8Format::E5M2Ocp, "e5m2-ocp", 5, 2, 15, 57344.0, 0x1p-14, 0x1p-16},
    {Fp8Format::E5M2Fnuz, "e5m2-fnuz", 5, 2, 16, 57344.0, 0x1p-15, 0x1p-17},
};

/// Independent decoder from the table: NaN/inf codes per column, then sign / exponent /
/// mantissa with the column's bias (subnormal when the exponent field is 0).
double referenceDecode(unsigned Byte, const FormatFacts &T) {
  const unsigned Sign = Byte >> 7;
  const unsigned E = (Byte >> T.MantBits) & ((1u << T.ExpBits) - 1u);
  const unsigned M = Byte & ((1u << T.MantBits) - 1u);
  switch (T.F) {
  case Fp8Format::E4M3Ocp:  // NaN: 0x7F, 0xFF; no inf
    if ((Byte & 0x7F) == 0x7F)
      return NAN;
    break;
  case Fp8Format::E4M3Fnuz:  // NaN: 0x80 only; no inf, no -0
  case Fp8Format::E5M2Fnuz:
    if (Byte == 0x80)
      return NAN;
    break;
  case Fp8Format::E5M2Ocp:  // S.11111.00 = inf, S.11111.{01,10,11} = NaN
    if (E == 31)
      return M == 0 ? (Sign ? -INFINITY : INFINITY) : NAN;
    break;
  }
  double Mag = E == 0 ? std::ldexp(static_cast<double>(M), 1 - T.Bias - T.MantBits)
                      : std::ldexp(1.0 + M / double(1u << T.MantBits), int(E) - T.Bias);
  return Sign ? -Mag : Mag;
}

std::string hex(unsigned B) {
  char Buf[8];
  snprintf(Buf, sizeof Buf, "0x%02X", B);
  return Buf;
}

TEST(NumericFp8, DecodeMatchesFactsTableForAll256Bytes) {
  for (const FormatFacts &T : AllFacts)
    for (unsigned B = 0; B < 256; ++B) {
      const double Want = referenceDecode(B, T);
      const float Got = decodeFp8(static_cast<uint8_t>(B), T.F);
      SCOPED_TRACE(std::string(T.Name) + " byte " + hex(B));
      if (std::isnan(Want)) {
        EXPECT_TRUE(std::isnan(Got)) << "got " << Got;
        continue;
      }
      EXPECT_EQ(static_cast<double>(Got), Want);
      EXPECT_EQ(std::signbit(Got), std::signbit(Want));  // -0 in OCP, none in FNUZ
    }
}

TEST(NumericFp8, ExtremesAndSpecialCountsMatchFactsTable) {
  for (const FormatFacts &T : AllFacts) {
    SCOPED_TRACE(T.Name);
    double Max = 0, MinPos = INFINITY, MinPosNormal = INFINITY;
    int Nans = 0, Infs = 0, NegZeros = 0;
    for (unsigned B = 0; B < 256; ++B) {
      const float V = decodeFp8(static_cast<uint8_t>(B), T.F);
      if (std::isnan(V)) { ++Nans; continue; }
      if (std::isinf(V)) { ++Infs; continue; }
      if (V == 0 && std::signbit(V)) ++NegZeros;
      Max = std::fmax(Max, V);
      if (V > 0) MinPos = std::fmin(MinPos, V);
      if (V > 0 && ((B >> T.MantBits) & ((1u << T.ExpBits) - 1u)) != 0)
        MinPosNormal = std::fmin(MinPosNormal, V);
    }
    EXPECT_EQ(Max, T.Max);
    EXPECT_EQ(MinPosNormal, T.MinNormal);
    EXPECT_EQ(MinPos, T.MinSubnormal);
    EXPECT_EQ(wavesan::fp8MaxFinite(T.F), T.Max);
    // NaN codes: E4M3 OCP 0x7F,0xFF (2); FNUZ 0x80 (1); E5M2 OCP S.11111.{01,10,11} (6).
    const int WantNans = T.F == Fp8Format::E4M3Ocp ? 2 : T.F == Fp8Format::E5M2Ocp ? 6 : 1;
    EXPECT_EQ(Nans, WantNans);
    EXPECT_EQ(Infs, T.F == Fp8Format::E5M2Ocp ? 2 : 0);
    EXPECT_EQ(NegZeros, wavesan::fp8IsFnuz(T.F) ? 0 : 1);
  }
}

TEST(NumericFp8, HandWrittenSpotValues) {
  // E4M3 OCP (bias 7): 0x7E = 0.1111.110 = 1.75 * 2^(15-7) = 448; 0x01 = 1 * 2^(1-7-3).
  EXPECT_EQ(decodeFp8(0x7E, Fp8Format::E4M3Ocp), 448.0f);
  EXPECT_TRUE(std::isnan(decodeFp8(0x7F, Fp8Format::E4M3Ocp)));
  EXPECT_TRUE(std::isnan(decodeFp8(0xFF, Fp8Format::E4M3Ocp)));
  EXPECT_EQ(decodeFp8(0x80, Fp8Format::E4M3Ocp), 0.0f);
  EXPECT_TRUE(std::signbit(decodeFp8(0x80, Fp8Format::E4M3Ocp)));
  EXPECT_EQ(decodeFp8(0x01, Fp8Format::E4M3Ocp), 0x1p-9f);
  EXPECT_EQ(decodeFp8(0x08, Fp8Format::E4M3Ocp), 0x1p-6f);  // 0.0001.000: min normal
  EXPECT_EQ(decodeFp8(0x38, Fp8Format::E4M3Ocp), 1.0f);     // 0.0111.000 = 2^(7-7)
  EXPECT_EQ(decodeFp8(0xC4, Fp8Format::E4M3Ocp), -3.0f);    // 1.1000.100 = -1.5 * 2^1
  // E4M3 FNUZ (bias 8): 0x7F = 1.875 * 2^(15-8) = 240; 0x01 = 2^(1-8-3).
  EXPECT_EQ(decodeFp8(0x7F, Fp8Format::E4M3Fnuz), 240.0f);
  EXPECT_EQ(decodeFp8(0xFF, Fp8Format::E4M3Fnuz), -240.0f);
  EXPECT_TRUE(std::isnan(decodeFp8(0x80, Fp8Format::E4M3Fnuz)));
  EXPECT_EQ(decodeFp8(0x01, Fp8Format::E4M3Fnuz), 0x1p-10f);
  EXPECT_EQ(decodeFp8(0x40, Fp8Format::E4M3Fnuz), 1.0f);  // 0.1000.000 = 2^(8-8)
  EXPECT_EQ(decodeFp8(0x7E, Fp8Format::E4M3Fnuz), 224.0f);  // 1.75 * 2^7
  // E5M2 OCP (bias 15): 0x7C = inf, 0x7B = 1.75 * 2^(30-15) = 57344, 0x01 = 2^(1-15-2).
  EXPECT_EQ(decodeFp8(0x7C, Fp8Format::E5M2Ocp), INFINITY);
  EXPECT_EQ(decodeFp8(0xFC, Fp8Format::E5M2Ocp), -INFINITY);
  EXPECT_TRUE(std::isnan(decodeFp8(0x7D, Fp8Format::E5M2Ocp)));
  EXPECT_TRUE(std::isnan(decodeFp8(0xFE, Fp8Format::E5M2Ocp)));
  EXPECT_EQ(decodeFp8(0x7B, Fp8Format::E5M2Ocp), 57344.0f);
  EXPECT_EQ(decodeFp8(0x01, Fp8Format::E5M2Ocp), 0x1p-16f);
  EXPECT_EQ(decodeFp8(0x3C, Fp8Format::E5M2Ocp), 1.0f);  // 0.01111.00 = 2^(15-15)
  // E5M2 FNUZ (bias 16): 0x7F = 1.75 * 2^(31-16) = 57344, 0x7C = 2^15, 0x01 = 2^(1-16-2).
  EXPECT_EQ(decodeFp8(0x7F, Fp8Format::E5M2Fnuz), 57344.0f);
  EXPECT_EQ(decodeFp8(0x7C, Fp8Format::E5M2Fnuz), 32768.0f);
  EXPECT_TRUE(std::isnan(decodeFp8(0x80, Fp8Format::E5M2Fnuz)));
  EXPECT_EQ(decodeFp8(0x01, Fp8Format::E5M2Fnuz), 0x1p-17f);
  EXPECT_EQ(decodeFp8(0x00, Fp8Format::E5M2Fnuz), 0.0f);
  EXPECT_FALSE(std::signbit(decodeFp8(0x00, Fp8Format::E5M2Fnuz)));
}

TEST(NumericFp8, SameByteDecodesToExactlyHalfInFnuz) {
  struct Pair { Fp8Format Ocp, Fnuz; };
  for (Pair P : {Pair{Fp8Format::E4M3Ocp, Fp8Format::E4M3Fnuz},
                 Pair{Fp8Format::E5M2Ocp, Fp8Format::E5M2Fnuz}}) {
    int Checked = 0;
    for (unsigned B = 0; B < 256; ++B) {
      const float O = decodeFp8(static_cast<uint8_t>(B), P.Ocp);
      if (std::isnan(O) || std::isinf(O) || O == 0)
        continue;  // the OCP NaN/inf bytes and +-0 are the exceptions (docs/hardware.md)
      EXPECT_EQ(decodeFp8(static_cast<uint8_t>(B), P.Fnuz) * 2.0f, O) << hex(B);
      ++Checked;
    }
    // E4M3: 256 - 2 zeros - 2 NaNs = 252; E5M2: 256 - 2 zeros - 2 infs - 6 NaNs = 246.
    EXPECT_EQ(Checked, P.Ocp == Fp8Format::E4M3Ocp ? 252 : 246);
  }
}

TEST(NumericFp8, EncodeRoundTripsEveryFiniteByte) {
  for (const FormatFacts &T : AllFacts)
    for (unsigned B = 0; B < 256; ++B) {
      const double V = referenceDecode(B, T);
      if (std::isnan(V) || std::isinf(V))
        continue;
      for (bool Sat : {false, true})
        EXPECT_EQ(encodeFp8(static_cast<float>(V), T.F, Sat), B)
            << T.Name << " byte " << hex(B) << " value " << V << " saturate " << Sat;
    }
  // E5M2 OCP infinities: kept without saturation, clamped to +-57344 (0x7B/0xFB) with it.
  EXPECT_EQ(encodeFp8(INFINITY, Fp8Format::E5M2Ocp, false), 0x7C);
  EXPECT_EQ(encodeFp8(-INFINITY, Fp8Format::E5M2Ocp, false), 0xFC);
  EXPECT_EQ(encodeFp8(INFINITY, Fp8Format::E5M2Ocp, true), 0x7B);
  EXPECT_EQ(encodeFp8(-INFINITY, Fp8Format::E5M2Ocp, true), 0xFB);
}

struct RneCase { Fp8Format F; float In; uint8_t Want; const char *Why; };

TEST(NumericFp8, RoundsToNearestTiesToEven) {
  const RneCase Cases[] = {
      // E4M3 OCP around 1.0 (0x38; ulp 2^-3 = 0.125).
      {Fp8Format::E4M3Ocp, 1.0625f, 0x38, "tie 1|1.125 -> even mantissa 000"},
      {Fp8Format::E4M3Ocp, 1.0625001f, 0x39, "just above the tie -> 1.125"},
      {Fp8Format::E4M3Ocp, 1.0624999f, 0x38, "just below the tie -> 1.0"},
      {Fp8Format::E4M3Ocp, 1.1875f, 0x3A, "tie 1.125|1.25 -> even mantissa 010"},
      {Fp8Format::E4M3Ocp, -1.1875f, 0xBA, "negative tie, same rule"},
      {Fp8Format::E4M3Ocp, 1.9375f, 0x40, "tie 1.875|2.0 carries into the next binade"},
      // E4M3 OCP subnormals (quantum 2^-9).
      {Fp8Format::E4M3Ocp, 0x1p-10f, 0x00, "half the min subnormal: tie -> 0 (even)"},
      {Fp8Format::E4M3Ocp, 0x1.000002p-10f, 0x01, "just above half -> min subnormal"},
      {Fp8Format::E4M3Ocp, 0x3p-10f, 0x02, "1.5 * 2^-9: tie 1|2 -> 2"},
      {Fp8Format::E4M3Ocp, 0xFp-10f, 0x08, "7.5 * 2^-9: tie max subnormal|min normal -> 0x08"},
      {Fp8Format::E4M3Ocp, -0x1p-11f, 0x80, "negative underflow keeps the sign in OCP"},
      // E4M3 FNUZ around 1.0 (0x40).
      {Fp8Format::E4M3Fnuz, 1.0625f, 0x40, "tie -> even"},
      {Fp8Format::E4M3Fnuz, 1.1875f, 0x42, "tie -> even"},
      {Fp8Format::E4M3Fnuz, 0x1p-11f, 0x00, "half the min subnormal 2^-10 -> 0"},
      {Fp8Format::E4M3Fnuz, -0x1p-11f, 0x00, "negative underflow: FNUZ has no -0"},
      // E5M2 around 1.0 (OCP 0x3C, FNUZ 0x40; ulp 0.25).
      {Fp8Format::E5M2Ocp, 1.125f, 0x3C, "tie 1|1.25 -> even"},
      {Fp8Format::E5M2Ocp, 1.375f, 0x3E, "tie 1.25|1.5 -> even (1.5)"},
      {Fp8Format::E5M2Ocp, 0x1p-17f, 0x00, "half the min subnormal 2^-16 -> 0"},
      {Fp8Format::E5M2Ocp, 0x3p-17f, 0x02, "1.5 * 2^-16 -> 2 * 2^-16"},
      {Fp8Format::E5M2Fnuz, 1.375f, 0x42, "tie 1.25|1.5 -> even (1.5)"},
      {Fp8Format::E5M2Fnuz, 0x3p-18f, 0x02, "1.5 * 2^-17 -> 2 * 2^-17"},
  };
  for (const RneCase &C : Cases)
    for (bool Sat : {false, true})
      EXPECT_EQ(encodeFp8(C.In, C.F, Sat), C.Want)
          << wavesan::fp8FormatName(C.F) << " " << C.In << ": " << C.Why;
}

struct OverflowCase { Fp8Format F; float In; uint8_t Saturated, NotSaturated; const char *Why; };

TEST(NumericFp8, SaturatingAndNonSaturatingOverflow) {
  const OverflowCase Cases[] = {
      // E4M3 OCP: max 448 (0x7E); the next step would be 480 = the NaN code 0x7F.
      {Fp8Format::E4M3Ocp, 448.0f, 0x7E, 0x7E, "max finite"},
      {Fp8Format::E4M3Ocp, 464.0f, 0x7E, 0x7E, "tie 448|480 -> even 448"},
      {Fp8Format::E4M3Ocp, 464.5f, 0x7E, 0x7F, "above the tie overflows -> NaN"},
      {Fp8Format::E4M3Ocp, -1000.0f, 0xFE, 0xFF, "negative overflow"},
      {Fp8Format::E4M3Ocp, INFINITY, 0x7E, 0x7F, "inf has no code in E4M3"},
      // E4M3 FNUZ: max 240 (0x7F, mantissa odd); the tie 248 rounds up to 256 -> overflow.
      {Fp8Format::E4M3Fnuz, 240.0f, 0x7F, 0x7F, "max finite"},
      {Fp8Format::E4M3Fnuz, 247.9f, 0x7F, 0x7F, "below the tie"},
      {Fp8Format::E4M3Fnuz, 248.0f, 0x7F, 0x80, "tie 240|256 -> even 256: overflow"},
      {Fp8Format::E4M3Fnuz, 448.0f, 0x7F, 0x80, "OCP's max is out of range in FNUZ"},
      {Fp8Format::E4M3Fnuz, -300.0f, 0xFF, 0x80, "negative overflow -> the one NaN"},
      // E5M2 OCP: max 57344 = 1.75 * 2^15 (0x7B), ulp 2^13; the next step, 2^16, would be
      // the inf code 0x7C; the tie is at 57344 + 4096 = 61440.
      {Fp8Format::E5M2Ocp, 57344.0f, 0x7B, 0x7B, "max finite"},
      {Fp8Format::E5M2Ocp, 61439.0f, 0x7B, 0x7B, "below the tie"},
      {Fp8Format::E5M2Ocp, 61440.0f, 0x7B, 0x7C, "tie 57344|65536 -> even: inf"},
      {Fp8Format::E5M2Ocp, -1e6f, 0xFB, 0xFC, "negative overflow -> -inf"},
      // E5M2 FNUZ: max 57344 (0x7F).
      {Fp8Format::E5M2Fnuz, 61440.0f, 0x7F, 0x80, "tie 57344|65536 -> overflow -> NaN"},
      {Fp8Format::E5M2Fnuz, -INFINITY, 0xFF, 0x80, "-inf"},
  };
  for (const OverflowCase &C : Cases) {
    EXPECT_EQ(encodeFp8(C.In, C.F, true), C.Saturated)
        << wavesan::fp8FormatName(C.F) << " " << C.In << " saturating: " << C.Why;
    EXPECT_EQ(encodeFp8(C.In, C.F, false), C.NotSaturated)
        << wavesan::fp8FormatName(C.F) << " " << C.In << " non-saturating: " << C.Why;
  }
}

TEST(NumericFp8, NanAndZeroInputs) {
  for (bool Sat : {false, true}) {
    EXPECT_EQ(encodeFp8(NAN, Fp8Format::E4M3Ocp, Sat), 0x7F);
    EXPECT_EQ(encodeFp8(-NAN, Fp8Format::E4M3Ocp, Sat), 0xFF);
    EXPECT_EQ(encodeFp8(NAN, Fp8Format::E4M3Fnuz, Sat), 0x80);
    EXPECT_EQ(encodeFp8(-NAN, Fp8Format::E5M2Fnuz, Sat), 0x80);
    const uint8_t E5 = encodeFp8(NAN, Fp8Format::E5M2Ocp, Sat);
    EXPECT_TRUE(E5 == 0x7D || E5 == 0x7E || E5 == 0x7F) << hex(E5);  // 0.11111.{01,10,11}
    for (const FormatFacts &T : AllFacts)
      EXPECT_EQ(encodeFp8(0.0f, T.F, Sat), 0x00) << T.Name;
    EXPECT_EQ(encodeFp8(-0.0f, Fp8Format::E4M3Ocp, Sat), 0x80);
    EXPECT_EQ(encodeFp8(-0.0f, Fp8Format::E5M2Ocp, Sat), 0x80);
    EXPECT_EQ(encodeFp8(-0.0f, Fp8Format::E4M3Fnuz, Sat), 0x00);  // 0x80 would be NaN
    EXPECT_EQ(encodeFp8(-0.0f, Fp8Format::E5M2Fnuz, Sat), 0x00);
    EXPECT_EQ(encodeFp8(-0x1p-140f, Fp8Format::E4M3Fnuz, Sat), 0x00);  // float subnormal
  }
}

TEST(NumericFp8, OcpToFnuzReinterpretsAndNeedsTheScaleDoubled) {
  EXPECT_EQ(wavesan::fp8OcpToFnuz(0x80), 0x00);  // OCP -0 would be FNUZ NaN
  for (unsigned B = 0; B < 256; ++B)
    if (B != 0x80)
      EXPECT_EQ(wavesan::fp8OcpToFnuz(static_cast<uint8_t>(B)), B) << hex(B);
  // With the per-tensor scale doubled, every finite OCP byte keeps its value.
  for (auto [Ocp, Fnuz] : {std::pair{Fp8Format::E4M3Ocp, Fp8Format::E4M3Fnuz},
                           std::pair{Fp8Format::E5M2Ocp, Fp8Format::E5M2Fnuz}})
    for (unsigned B = 0; B < 256; ++B) {
      const float V = decodeFp8(static_cast<uint8_t>(B), Ocp);
      if (std::isnan(V) || std::isinf(V))
        continue;
      const float Scale = 0.375f, Converted = decodeFp8(wavesan::fp8OcpToFnuz(uint8_t(B)), Fnuz);
      EXPECT_EQ(Converted * (2 * Scale), V * Scale) << hex(B);
    }
  // What is not preserved (docs/hardware.md): OCP 448 reads 224, OCP NaNs read +-240, OCP inf 2^15.
  EXPECT_EQ(decodeFp8(wavesan::fp8OcpToFnuz(0x7E), Fp8Format::E4M3Fnuz), 224.0f);
  EXPECT_EQ(decodeFp8(wavesan::fp8OcpToFnuz(0x7F), Fp8Format::E4M3Fnuz), 240.0f);
  EXPECT_EQ(decodeFp8(wavesan::fp8OcpToFnuz(0xFF), Fp8Format::E4M3Fnuz), -240.0f);
  EXPECT_EQ(decodeFp8(wavesan::fp8OcpToFnuz(0x7C), Fp8Format::E5M2Fnuz), 32768.0f);
}

TEST(NumericFp8, DotProductInTheWrongFormatIsOffByTwoPerOperand) {
  // OCP E4M3 bytes: A = {1, 2, 0.5} = {0x38, 0x40, 0x30}, B = {3, -1, 4} = {0x44, 0xB8, 0x48}.
  // A.B = 3 - 2 + 2 = 3. Read as FNUZ each value halves: A = {.5, 1, .25}, B = {1.5, -.5, 2}.
  const uint8_t A[] = {0x38, 0x40, 0x30}, B[] = {0x44, 0xB8, 0x48};
  auto Dot = [&](Fp8Format FA, Fp8Format FB) {
    float S = 0;
    for (int I = 0; I < 3; ++I)
      S += decodeFp8(A[I], FA) * decodeFp8(B[I], FB);
    return S;
  };
  EXPECT_EQ(Dot(Fp8Format::E4M3Ocp, Fp8Format::E4M3Ocp), 3.0f);
  EXPECT_EQ(Dot(Fp8Format::E4M3Fnuz, Fp8Format::E4M3Ocp), 1.5f);    // 1.5 - 1 + 1: off 2x
  EXPECT_EQ(Dot(Fp8Format::E4M3Fnuz, Fp8Format::E4M3Fnuz), 0.75f);  // .75 - .5 + .5: off 4x
}

TEST(NumericFp8, FormatNames) {
  for (const FormatFacts &T : AllFacts) {
    EXPECT_STREQ(wavesan::fp8FormatName(T.F), T.Name);
    Fp8Format Parsed = T.F == Fp8Format::E4M3Ocp ? Fp8Format::E5M2Fnuz : Fp8Format::E4M3Ocp;
    ASSERT_TRUE(wavesan::parseFp8Format(T.Name, Parsed)) << T.Name;
    EXPECT_EQ(Parsed, T.F) << T.Name;
  }
  struct Alias { const char *Name; Fp8Format F; };
  for (Alias A : {Alias{"float8_e4m3fn", Fp8Format::E4M3Ocp}, Alias{"e4m3fn", Fp8Format::E4M3Ocp},
                  Alias{"float8_e4m3fnuz", Fp8Format::E4M3Fnuz},
                  Alias{"float8_e5m2", Fp8Format::E5M2Ocp}, Alias{"e5m2fnuz", Fp8Format::E5M2Fnuz}}) {
    Fp8Format F = Fp8Format::E4M3Ocp;
    EXPECT_TRUE(wavesan::parseFp8Format(A.Name, F)) << A.Name;
    EXPECT_EQ(F, A.F) << A.Name;
  }
  for (const char *Bad : {"", "e4m3", "E4M3-OCP", "e4m3-ocp ", "float8_", "fp8", "e5m2-fnuzz"}) {
    Fp8Format F = Fp8Format::E5M2Ocp;
    EXPECT_FALSE(wavesan::parseFp8Format(Bad, F)) << '"' << Bad << '"';
    EXPECT_EQ(F, Fp8Format::E5M2Ocp) << "unchanged on failure";
  }
}

}  // namespace
