//===- NumericDTypeTest.cpp - wavesan/dtype.h ------------------------------===//
//
// Element sizes, names and host decoding of every DType, with hand-written buffers.
//
//===----------------------------------------------------------------------===//
#include "wavesan/dtype.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>

using wavesan::DType;

namespace {

struct Row { DType T; const char *Name; size_t Bytes; };
const Row Rows[] = {
    {DType::I32, "i32", 4},       {DType::F32, "f32", 4},
    {DType::F64, "f64", 8},       {DType::F16, "f16", 2},
    {DType::BF16, "bf16", 2},     {DType::E4M3Ocp, "e4m3-ocp", 1},
    {DType::E4M3Fnuz, "e4m3-fnuz", 1}, {DType::E5M2Ocp, "e5m2-ocp", 1},
    {DType::E5M2Fnuz, "e5m2-fnuz", 1},
};

TEST(NumericDType, NamesSizesAndParsing) {
  for (const Row &R : Rows) {
    EXPECT_STREQ(wavesan::dtypeName(R.T), R.Name);
    EXPECT_EQ(wavesan::dtypeBytes(R.T), R.Bytes) << R.Name;
    DType Parsed = R.T == DType::I32 ? DType::F64 : DType::I32;
    ASSERT_TRUE(wavesan::parseDType(R.Name, Parsed)) << R.Name;
    EXPECT_EQ(Parsed, R.T) << R.Name;
  }
  struct Alias { const char *Name; DType T; };
  for (Alias A : {Alias{"float32", DType::F32}, Alias{"int32", DType::I32},
                  Alias{"bfloat16", DType::BF16}, Alias{"half", DType::F16},
                  Alias{"float8_e4m3fnuz", DType::E4M3Fnuz}, Alias{"e5m2", DType::E5M2Ocp}}) {
    DType T = DType::F64;
    EXPECT_TRUE(wavesan::parseDType(A.Name, T)) << A.Name;
    EXPECT_EQ(T, A.T) << A.Name;
  }
  for (const char *Bad : {"", "F32", "fp32 ", "int8", "e4m3"}) {
    DType T = DType::F64;
    EXPECT_FALSE(wavesan::parseDType(Bad, T)) << '"' << Bad << '"';
    EXPECT_EQ(T, DType::F64);
  }
  const DType Invalid = static_cast<DType>(200);
  EXPECT_STREQ(wavesan::dtypeName(Invalid), "unknown-dtype");
  EXPECT_EQ(wavesan::dtypeBytes(Invalid), 0u);
}

TEST(NumericDType, DecodeElementReadsTheIndexedElement) {
  const int32_t I32[] = {7, -123456};
  const float F32[] = {1.5f, -0.25f};
  const double F64[] = {0.1, -1e300};
  const uint16_t F16[] = {0x3C00, 0xC500};   // 1.0, -5.0 (1.0100000000 * 2^2)
  const uint16_t BF16[] = {0x3F80, 0x4049};  // 1.0, 3.140625
  const uint8_t Fp8[] = {0x00, 0x7E, 0x7F};  // 0, then 448/224/57344*..., see below
  EXPECT_EQ(wavesan::decodeElement(DType::I32, I32, 1), -123456.0);
  EXPECT_EQ(wavesan::decodeElement(DType::F32, F32, 1), -0.25);
  EXPECT_EQ(wavesan::decodeElement(DType::F64, F64, 1), -1e300);
  EXPECT_EQ(wavesan::decodeElement(DType::F16, F16, 1), -5.0);
  EXPECT_EQ(wavesan::decodeElement(DType::BF16, BF16, 1), 3.140625);
  // 0x7E: E4M3 OCP 1.75*2^8 = 448, E4M3 FNUZ 1.75*2^7 = 224, E5M2 OCP 0.11111.10 = NaN,
  // E5M2 FNUZ 1.5*2^15 = 49152. 0x7F: E4M3 OCP NaN, E4M3 FNUZ 240.
  EXPECT_EQ(wavesan::decodeElement(DType::E4M3Ocp, Fp8, 1), 448.0);
  EXPECT_EQ(wavesan::decodeElement(DType::E4M3Fnuz, Fp8, 1), 224.0);
  EXPECT_TRUE(std::isnan(wavesan::decodeElement(DType::E5M2Ocp, Fp8, 1)));
  EXPECT_EQ(wavesan::decodeElement(DType::E5M2Fnuz, Fp8, 1), 49152.0);
  EXPECT_TRUE(std::isnan(wavesan::decodeElement(DType::E4M3Ocp, Fp8, 2)));
  EXPECT_EQ(wavesan::decodeElement(DType::E4M3Fnuz, Fp8, 2), 240.0);
  // Unaligned base: a float stored at byte offset 1.
  alignas(4) unsigned char Raw[8] = {};
  const float Three = 3.0f;
  std::memcpy(Raw + 1, &Three, 4);
  EXPECT_EQ(wavesan::decodeElement(DType::F32, Raw + 1, 0), 3.0);
}

TEST(NumericDType, BadInputThrowsWithAClearMessage) {
  try {
    wavesan::decodeElement(DType::F32, nullptr, 0);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument &E) {
    EXPECT_NE(std::string(E.what()).find("null buffer for dtype f32"), std::string::npos)
        << E.what();
  }
  const float X = 1;
  try {
    wavesan::decodeElement(static_cast<DType>(42), &X, 0);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument &E) {
    EXPECT_NE(std::string(E.what()).find("invalid dtype value 42"), std::string::npos)
        << E.what();
  }
  EXPECT_THROW(wavesan::dtypeFp8Format(DType::BF16), std::invalid_argument);
}

}  // namespace
