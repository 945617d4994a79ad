//===--- ReferenceGemmTest.cpp - Backend::Cpu GEMMs ------------------------===//
//
// The reference GEMMs (sanitizer/src/reference/kernels/kernels.hip) on the emulator, against values
// worked out by hand and a naive double-precision triple loop written here. Built twice:
// reference_test (the portable path) and reference_soft_mfma_test (the gfx942 MFMA path,
// through the software MFMA, at wave 64).
//
//===----------------------------------------------------------------------===//
#include "wavesan/reference.h"

#include <hip/hip_runtime.h>

#include "wavesan/numeric.h"
#include "wavesan/options.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <tuple>
#include <vector>

using namespace wavesan;

namespace {

// 2x2 by hand: [[1,2],[3,4]] * [[5,6],[7,8]] = [[1*5+2*7, 1*6+2*8], [3*5+4*7, 3*6+4*8]]
// = [[19, 22], [43, 50]]; with Alpha 2, Beta 1 and C = all ones: [[39, 45], [87, 101]].
TEST(ReferenceGemm, HandTwoByTwo) {
  const float A[] = {1, 2, 3, 4}, B[] = {5, 6, 7, 8};
  float C[] = {1, 1, 1, 1};
  GemmSpec S;
  S.M = S.N = S.K = 2;
  referenceGemm(Backend::Cpu, S, A, B, C);
  EXPECT_EQ(std::vector<float>(C, C + 4), (std::vector<float>{19, 22, 43, 50}));
  std::fill(C, C + 4, 1.0f);
  S.Alpha = 2;
  S.Beta = 1;
  referenceGemm(Backend::Cpu, S, A, B, C);
  EXPECT_EQ(std::vector<float>(C, C + 4), (std::vector<float>{39, 45, 87, 101}));
  // Column-major C: the same matrix stored by columns.
  S.Beta = 0;
  S.Alpha = 1;
  S.C = Layout::ColMajor;
  referenceGemm(Backend::Cpu, S, A, B, C);
  EXPECT_EQ(std::vector<float>(C, C + 4), (std::vector<float>{19, 43, 22, 50}));
  // op(A) = A^T read from A stored 2x2 row-major: [[1,3],[2,4]] * B = [[26,30],[38,44]].
  S.C = Layout::RowMajor;
  S.TransA = true;
  referenceGemm(Backend::Cpu, S, A, B, C);
  EXPECT_EQ(std::vector<float>(C, C + 4), (std::vector<float>{26, 30, 38, 44}));
}

// FP8 by hand (OCP FP8 spec v1.0: E4M3 bias 7; FNUZ bias 8): byte 0x40 = 0.1000.000 is
// 2^(8-7) = 2.0 in OCP and 2^(8-8) = 1.0 in FNUZ; 0x38 is 1.0 in OCP. E5M2 OCP (bias 15)
// 0x40 = 0.10000.00 is 2^(16-15) = 2.0. A 1x1x1 GEMM multiplies the two decoded values
// and the scales.
TEST(ReferenceGemm, HandFp8Bytes) {
  struct Case {
    DType A, B;
    uint8_t ByteA, ByteB;
    float ScaleA, ScaleB, Expected;
  } Cases[] = {
      {DType::E4M3Ocp, DType::E4M3Ocp, 0x40, 0x40, 1, 1, 4.0f},    // 2 * 2
      {DType::E4M3Fnuz, DType::E4M3Fnuz, 0x40, 0x40, 1, 1, 1.0f},  // 1 * 1
      {DType::E4M3Ocp, DType::E4M3Fnuz, 0x40, 0x40, 1, 1, 2.0f},   // 2 * 1
      {DType::E4M3Ocp, DType::E5M2Ocp, 0x38, 0x40, 0.5f, 3, 3.0f}, // 1*0.5 * 2*3
      {DType::E5M2Fnuz, DType::E5M2Ocp, 0x40, 0x40, 1, 1, 2.0f},   // 1 * 2
  };
  for (const Case &C : Cases) {
    GemmSpec S;
    S.M = S.N = S.K = 1;
    S.AType = C.A;
    S.BType = C.B;
    S.ScaleA = C.ScaleA;
    S.ScaleB = C.ScaleB;
    float Out = -1;
    referenceGemm(Backend::Cpu, S, &C.ByteA, &C.ByteB, &Out);
    EXPECT_EQ(Out, C.Expected) << dtypeName(C.A) << " x " << dtypeName(C.B);
  }
}

/// Writes value V as element I of a buffer of type T (V must be representable).
void store(DType T, std::vector<uint8_t> &Buf, size_t I, double V) {
  const float F = float(V);
  switch (T) {
  case DType::F32: std::memcpy(&Buf[4 * I], &F, 4); break;
  case DType::F16: { uint16_t H = encodeFp16(F); std::memcpy(&Buf[2 * I], &H, 2); break; }
  case DType::BF16: { uint16_t H = encodeBf16(F); std::memcpy(&Buf[2 * I], &H, 2); break; }
  default: Buf[I] = encodeFp8(F, dtypeFp8Format(T), true); break;
  }
}

struct Shape {
  size_t M, N, K;
};

/// Runs one GEMM on the cpu backend and compares with a naive double loop. Inputs are
/// multiples of 0.5 in [-3, 3] (exact in every input type: E5M2 has 2 mantissa bits,
/// 2.5 = 1.01b * 2) and the scales powers of two, so every product and every partial sum
/// (|sum| <= 9 * K * 4) is exact in fp32: an fp32 C must equal the loop exactly; bf16 and
/// fp16 C within half an ulp of their format (unit roundoff 2^-8, 2^-11), relative.
void checkGemm(const GemmSpec &S, std::mt19937 &Rng) {
  std::uniform_int_distribution<int> Dist(-6, 6);
  std::vector<double> A(S.M * S.K), B(S.K * S.N), C0(S.M * S.N);
  std::vector<uint8_t> ABuf(A.size() * dtypeBytes(S.AType)), BBuf(B.size() * dtypeBytes(S.BType)),
      CBuf(C0.size() * dtypeBytes(S.CType));
  for (size_t I = 0; I < A.size(); ++I)
    store(S.AType, ABuf, I, A[I] = Dist(Rng) * 0.5);
  for (size_t I = 0; I < B.size(); ++I)
    store(S.BType, BBuf, I, B[I] = Dist(Rng) * 0.5);
  for (size_t I = 0; I < C0.size(); ++I)
    store(S.CType, CBuf, I, C0[I] = Dist(Rng) * 0.5);
  // Stored element of op(A)(i,k), op(B)(k,j), C(i,j), written out per layout and transpose.
  auto AAt = [&](size_t I, size_t K) {
    const bool RowStored = !S.TransA; // stored M x K, or K x M when transposed
    const size_t R = RowStored ? I : K, Cc = RowStored ? K : I;
    const size_t Rows = RowStored ? S.M : S.K, Cols = RowStored ? S.K : S.M;
    return S.A == Layout::RowMajor ? R * Cols + Cc : R + Cc * Rows;
  };
  auto BAt = [&](size_t K, size_t J) {
    const bool RowStored = !S.TransB; // stored K x N, or N x K when transposed
    const size_t R = RowStored ? K : J, Cc = RowStored ? J : K;
    const size_t Rows = RowStored ? S.K : S.N, Cols = RowStored ? S.N : S.K;
    return S.B == Layout::RowMajor ? R * Cols + Cc : R + Cc * Rows;
  };
  auto CAt = [&](size_t I, size_t J) { return S.C == Layout::RowMajor ? I * S.N + J : I + J * S.M; };
  referenceGemm(Backend::Cpu, S, ABuf.data(), BBuf.data(), CBuf.data());
  const double U = S.CType == DType::F32 ? 0 : S.CType == DType::BF16 ? std::ldexp(1, -8) : std::ldexp(1, -11);
  size_t Bad = 0;
  for (size_t I = 0; I < S.M; ++I)
    for (size_t J = 0; J < S.N; ++J) {
      double Sum = 0;
      for (size_t K = 0; K < S.K; ++K)
        Sum += A[AAt(I, K)] * B[BAt(K, J)];
      const double Want = double(S.Alpha) * S.ScaleA * S.ScaleB * Sum +
                          (S.Beta != 0 ? double(S.Beta) * C0[CAt(I, J)] : 0.0);
      const double Got = decodeElement(S.CType, CBuf.data(), CAt(I, J));
      if (std::fabs(Got - Want) > U * std::fabs(Want) && Bad++ < 5)
        ADD_FAILURE() << "C(" << I << "," << J << ") = " << Got << ", expected " << Want;
    }
  EXPECT_EQ(Bad, 0u);
}

const char *layoutName(Layout L) { return L == Layout::RowMajor ? "row" : "col"; }

// Every input type pair the kernels specialise (and mixed ones through the generic kernel),
// all transposes and layouts, every output type, and shapes with M/N edges (not multiples
// of 16), K tails (not multiples of the 16 or 32 K step), and more than 16 tiles (so the
// XCD remap of the workgroup ids is not the identity: 5 x 5 tiles, 3 per XCD... 25 / 8 = 3).
void sweep(unsigned WaveSize) {
  setWaveSize(WaveSize);
  std::mt19937 Rng(3);
  const std::tuple<DType, DType> Types[] = {
      {DType::F32, DType::F32},        {DType::BF16, DType::BF16},
      {DType::F16, DType::F16},        {DType::E4M3Fnuz, DType::E4M3Fnuz},
      {DType::E4M3Ocp, DType::E4M3Ocp}, {DType::E5M2Fnuz, DType::E5M2Fnuz},
      {DType::E5M2Ocp, DType::E5M2Ocp}, {DType::E4M3Ocp, DType::E5M2Fnuz},
      {DType::E5M2Ocp, DType::E4M3Fnuz}, {DType::BF16, DType::F32},
      {DType::F16, DType::E4M3Ocp},
  };
  const Shape Shapes[] = {{1, 1, 1}, {16, 16, 16}, {17, 5, 33}, {5, 37, 47}, {70, 75, 20}};
  for (auto [AT, BT] : Types)
    for (const Shape &Sh : Shapes)
      for (int Variant = 0; Variant < 4; ++Variant) {
        GemmSpec S;
        S.M = Sh.M;
        S.N = Sh.N;
        S.K = Sh.K;
        S.AType = AT;
        S.BType = BT;
        S.TransA = Variant & 1;
        S.TransB = Variant & 2;
        S.A = Variant == 1 || Variant == 2 ? Layout::ColMajor : Layout::RowMajor;
        S.B = Variant >= 2 ? Layout::ColMajor : Layout::RowMajor;
        S.C = Variant == 3 ? Layout::ColMajor : Layout::RowMajor;
        S.CType = Variant == 1 ? DType::BF16 : Variant == 2 ? DType::F16 : DType::F32;
        S.Alpha = Variant == 3 ? 2.0f : 1.0f;
        S.Beta = Variant >= 2 ? 0.5f : 0.0f;
        S.ScaleA = Variant == 2 ? 0.25f : 1.0f;
        S.ScaleB = Variant == 1 ? 4.0f : 1.0f;
        SCOPED_TRACE(testing::Message()
                     << dtypeName(AT) << " x " << dtypeName(BT) << " -> " << dtypeName(S.CType)
                     << " M=" << S.M << " N=" << S.N << " K=" << S.K << " transA=" << S.TransA
                     << " transB=" << S.TransB << " layouts " << layoutName(S.A) << "/"
                     << layoutName(S.B) << "/" << layoutName(S.C) << " wave=" << WaveSize);
        checkGemm(S, Rng);
      }
  setWaveSize(64);
}

TEST(ReferenceGemm, AllTypesLayoutsAndEdgesWave64) { sweep(64); }
TEST(ReferenceGemm, AllTypesLayoutsAndEdgesWave32) { sweep(32); }

// Real-valued fp32 inputs, K = 300: within gamma(K) * (|A||B|)_ij of the exact product
// (Higham, section 3.5: inner products in any order), gamma(K) = K u / (1 - K u), u = 2^-24.
TEST(ReferenceGemm, Fp32WithinErrorBound) {
  const size_t M = 20, N = 18, K = 300;
  std::mt19937 Rng(5);
  std::uniform_real_distribution<float> Dist(-1, 1);
  std::vector<float> A(M * K), B(K * N), C(M * N);
  for (float &V : A)
    V = Dist(Rng);
  for (float &V : B)
    V = Dist(Rng);
  GemmSpec S;
  S.M = M;
  S.N = N;
  S.K = K;
  referenceGemm(Backend::Cpu, S, A.data(), B.data(), C.data());
  const double U = std::ldexp(1.0, -24), Gamma = K * U / (1 - K * U);
  for (size_t I = 0; I < M; ++I)
    for (size_t J = 0; J < N; ++J) {
      double Exact = 0, Abs = 0;
      for (size_t Kk = 0; Kk < K; ++Kk) {
        Exact += double(A[I * K + Kk]) * B[Kk * N + J];
        Abs += std::fabs(double(A[I * K + Kk]) * B[Kk * N + J]);
      }
      ASSERT_LE(std::fabs(C[I * N + J] - Exact), Gamma * Abs) << "C(" << I << "," << J << ")";
    }
}

// Beta == 0 does not read C (BLAS): NaN in C does not reach the result.
TEST(ReferenceGemm, BetaZeroIgnoresNanInC) {
  const float A[] = {2}, B[] = {3};
  float C[] = {std::nanf("")};
  GemmSpec S;
  S.M = S.N = S.K = 1;
  referenceGemm(Backend::Cpu, S, A, B, C);
  EXPECT_EQ(C[0], 6.0f);
}

TEST(ReferenceGemm, BadSpecsNameTheField) {
  GemmSpec S;
  S.M = S.N = S.K = 1;
  S.CType = DType::E4M3Ocp;
  float X = 1, Y = 1, Z = 0;
  try {
    referenceGemm(Backend::Cpu, S, &X, &Y, &Z);
    ADD_FAILURE() << "expected std::invalid_argument";
  } catch (const std::invalid_argument &E) {
    EXPECT_STREQ(E.what(), "wavesan: GemmSpec.CType = e4m3-ocp: expected f32, bf16 or f16");
  }
  S.CType = DType::F32;
  S.AType = DType::I32;
  EXPECT_THROW(referenceGemm(Backend::Cpu, S, &X, &Y, &Z), std::invalid_argument);
  S.AType = DType::F32;
  EXPECT_THROW(referenceGemm(Backend::Cpu, S, nullptr, &Y, &Z), std::invalid_argument);
}

} // namespace
