//===- NumericHalfTest.cpp - fp16 and bf16 codecs --------------------------===//
//
// fp16 is checked exhaustively against GCC's _Float16 conversions (libgcc's soft-float
// __extendhfsf2/__truncsfhf2, an independent implementation of IEEE binary16 with
// round-to-nearest-even). bf16 is checked against hand-written bit patterns and against a
// nearest-neighbour search done in double arithmetic.
//
//===----------------------------------------------------------------------===//
#include "wavesan/numeric.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

using wavesan::decodeBf16;
using wavesan::decodeFp16;
using wavesan::encodeBf16;
using wavesan::encodeFp16;

namespace {

uint32_t bitsOf(float F) { uint32_t B; std::memcpy(&B, &F, 4); return B; }
float floatOf(uint32_t B) { float F; std::memcpy(&F, &B, 4); return F; }

/// GCC's conversions, kept out of line so no constant folding replaces libgcc.
[[gnu::noinline]] float gccHalfToFloat(uint16_t H) {
  _Float16 F;
  std::memcpy(&F, &H, 2);
  return static_cast<float>(F);
}
[[gnu::noinline]] uint16_t gccFloatToHalf(float V) {
  _Float16 F = static_cast<_Float16>(V);
  uint16_t H;
  std::memcpy(&H, &F, 2);
  return H;
}

/// Compares encodeFp16(V) with GCC's conversion: equal bits, or both NaN with equal sign.
void expectEncodeLikeGcc(float V) {
  const uint16_t Got = encodeFp16(V), Want = gccFloatToHalf(V);
  if (std::isnan(V)) {
    EXPECT_TRUE((Got & 0x7C00) == 0x7C00 && (Got & 0x3FF) != 0) << std::hex << Got;
    EXPECT_EQ(Got & 0x8000, Want & 0x8000);
    return;
  }
  EXPECT_EQ(Got, Want) << std::hexfloat << V << " (bits 0x" << std::hex << bitsOf(V) << ")";
}

TEST(NumericFp16, DecodeAll65536PatternsLikeGcc) {
  for (uint32_t H = 0; H < 65536; ++H) {
    const float Got = decodeFp16(static_cast<uint16_t>(H)), Want = gccHalfToFloat(uint16_t(H));
    if (std::isnan(Want)) {
      EXPECT_TRUE(std::isnan(Got)) << std::hex << H;
      EXPECT_EQ(std::signbit(Got), std::signbit(Want)) << std::hex << H;
    } else {
      EXPECT_EQ(bitsOf(Got), bitsOf(Want)) << std::hex << H;
    }
  }
}

TEST(NumericFp16, HandWrittenValues) {
  EXPECT_EQ(decodeFp16(0x3C00), 1.0f);
  EXPECT_EQ(decodeFp16(0x7BFF), 65504.0f);  // (2 - 2^-10) * 2^15
  EXPECT_EQ(decodeFp16(0x0400), 0x1p-14f);  // min normal
  EXPECT_EQ(decodeFp16(0x0001), 0x1p-24f);  // min subnormal
  EXPECT_EQ(decodeFp16(0x7C00), INFINITY);
  EXPECT_TRUE(std::isnan(decodeFp16(0x7E00)));
  EXPECT_EQ(encodeFp16(65519.0f), 0x7BFF);   // below 65504 + ulp/2 = 65520
  EXPECT_EQ(encodeFp16(65520.0f), 0x7C00);   // tie 65504|65536 -> even -> inf
  EXPECT_EQ(encodeFp16(-1e9f), 0xFC00);
  EXPECT_EQ(encodeFp16(0x1p-25f), 0x0000);   // tie 0|2^-24 -> even 0
  EXPECT_EQ(encodeFp16(0x3p-25f), 0x0002);   // tie 1|2 (x 2^-24) -> 2
  EXPECT_EQ(encodeFp16(-0.0f), 0x8000);
  EXPECT_EQ(encodeFp16(1.00048828125f), 0x3C00);  // 1 + 2^-11: tie -> even 1.0
  EXPECT_EQ(encodeFp16(NAN) & 0x7E00, 0x7E00);
}

TEST(NumericFp16, EncodeEveryValueAndMidpointLikeGcc) {
  // For each finite fp16 value: the value, the midpoint to the next value (exact in
  // binary32: 12 significant bits), and the floats on either side of that midpoint.
  for (uint32_t H = 0; H < 0x7C00; ++H) {
    const float Lo = gccHalfToFloat(uint16_t(H));
    const float Hi = H + 1 < 0x7C00 ? gccHalfToFloat(uint16_t(H + 1)) : 65536.0f;
    const float Mid = static_cast<float>((double(Lo) + double(Hi)) / 2);
    for (float S : {1.0f, -1.0f}) {
      expectEncodeLikeGcc(S * Lo);
      expectEncodeLikeGcc(S * Mid);
      expectEncodeLikeGcc(S * std::nextafter(Mid, 0.0f));
      expectEncodeLikeGcc(S * std::nextafter(Mid, INFINITY));
    }
  }
}

TEST(NumericFp16, EncodeRandomFloatBitPatternsLikeGcc) {
  std::mt19937 Rng(20240607);  // fixed seed: reproducible
  for (int I = 0; I < 2000000; ++I)
    expectEncodeLikeGcc(floatOf(static_cast<uint32_t>(Rng())));
  for (float V : {INFINITY, -INFINITY, 0.0f, -0.0f, 0x1p-149f, 3.4028235e38f})
    expectEncodeLikeGcc(V);
}

TEST(NumericBf16, HandWrittenValues) {
  EXPECT_EQ(decodeBf16(0x3F80), 1.0f);
  EXPECT_EQ(decodeBf16(0x4049), 3.140625f);   // 0.10000000.1001001 = 1.5703125 * 2
  EXPECT_EQ(decodeBf16(0xC000), -2.0f);
  EXPECT_EQ(decodeBf16(0x7F7F), 0x1.FEp127f);  // max finite (2 - 2^-7) * 2^127
  EXPECT_EQ(decodeBf16(0x0001), 0x1p-133f);    // min subnormal 2^-126 * 2^-7
  EXPECT_EQ(decodeBf16(0x7F80), INFINITY);
  EXPECT_EQ(decodeBf16(0xFF80), -INFINITY);
  EXPECT_TRUE(std::isnan(decodeBf16(0x7FC0)));
  EXPECT_TRUE(std::isnan(decodeBf16(0x7F81)));
  EXPECT_EQ(encodeBf16(1.0f), 0x3F80);
  EXPECT_EQ(encodeBf16(-0.0f), 0x8000);
  EXPECT_EQ(encodeBf16(1.00390625f), 0x3F80);   // 1 + 2^-8: tie 0x3F80|0x3F81 -> even
  EXPECT_EQ(encodeBf16(1.01171875f), 0x3F82);   // 1 + 3*2^-8: tie 0x3F81|0x3F82 -> even
  EXPECT_EQ(encodeBf16(0x1.010002p0f), 0x3F81);  // just above the first tie
  EXPECT_EQ(encodeBf16(floatOf(0x7F7F7FFF)), 0x7F7F);  // below the top midpoint
  EXPECT_EQ(encodeBf16(floatOf(0x7F7F8000)), 0x7F80);  // tie, odd 0x7F7F -> inf
  EXPECT_EQ(encodeBf16(floatOf(0xFF7FFFFF)), 0xFF80);  // -max float -> -inf
  EXPECT_EQ(encodeBf16(INFINITY), 0x7F80);
  // A NaN whose payload sits only in the low 16 bits: plain truncation would give inf.
  const uint16_t N = encodeBf16(floatOf(0x7F800001));
  EXPECT_TRUE((N & 0x7F80) == 0x7F80 && (N & 0x7F) != 0) << std::hex << N;
  EXPECT_EQ(encodeBf16(floatOf(0xFFC00000)) & 0x8000, 0x8000);  // NaN sign kept
}

TEST(NumericBf16, EncodeIsTruncationPlusRoundToNearestEven) {
  // bf16 is the top half of a binary32: the two candidates for V are its truncation T and
  // T + 1 (same sign). Pick the nearer one in double arithmetic; on a tie the even one.
  std::mt19937 Rng(7);
  int Checked = 0;
  for (int I = 0; I < 2000000; ++I) {
    const float V = floatOf(static_cast<uint32_t>(Rng()));
    if (!std::isfinite(V))
      continue;
    const uint16_t T = static_cast<uint16_t>(bitsOf(V) >> 16);
    const double Lo = floatOf(uint32_t(T) << 16);
    const double Hi = (T & 0x7FFF) == 0x7F7F ? std::copysign(0x1p128, V)  // next is inf
                                              : double(floatOf(uint32_t(T + 1) << 16));
    const double DLo = std::fabs(V - Lo), DHi = std::fabs(Hi - V);
    const uint16_t Want = DLo < DHi ? T : DHi < DLo ? uint16_t(T + 1) : (T & 1) ? uint16_t(T + 1) : T;
    ASSERT_EQ(encodeBf16(V), Want) << std::hexfloat << V;
    ++Checked;
  }
  EXPECT_GT(Checked, 1900000);  // about 2^-8 of random patterns are inf/NaN
}

}  // namespace
