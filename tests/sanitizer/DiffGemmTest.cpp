//===--- DiffGemmTest.cpp - diff_gemm and the host GEMM reference --------===//
///
/// Correct GEMMs (any K blocking and order, FMA or not, one-ulp noise) pass;
/// outputs that model real bugs fail with the right kind and rule id.
///
//===----------------------------------------------------------------------===//
#include "DiffTestUtil.h"

#include "wavesan/diff.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <stdexcept>

using namespace wavesan;
using namespace wavesan::testutil;

namespace {

GemmSpec f32Spec(size_t M, size_t N, size_t K) {
  GemmSpec S;
  S.M = M;
  S.N = N;
  S.K = K;
  return S;
}

std::vector<float> decodeAll(const std::vector<uint8_t> &B, Fp8Format F) {
  std::vector<float> V(B.size());
  for (size_t I = 0; I < B.size(); ++I)
    V[I] = decodeFp8(B[I], F);
  return V;
}

} // namespace

// By hand: [[1,2],[3,4]] x [[5,6],[7,8]] = [[1*5+2*7, 1*6+2*8], [3*5+4*7, 3*6+4*8]]
// = [[19, 22], [43, 50]]; with alpha 2, beta 1 and C0 all ones: [[39, 45], [87, 101]].
TEST(DiffGemm, HostReferenceMatchesHandProductInEveryLayout) {
  const float ARow[] = {1, 2, 3, 4}, ACol[] = {1, 3, 2, 4};
  const float BRow[] = {5, 6, 7, 8}, BCol[] = {5, 7, 6, 8};
  for (int Mask = 0; Mask < 16; ++Mask) {
    GemmSpec S = f32Spec(2, 2, 2);
    // A transposed and stored row-major holds A^T row by row = A column by column.
    S.TransA = Mask & 1;
    S.A = (Mask & 2) ? Layout::ColMajor : Layout::RowMajor;
    S.TransB = Mask & 4;
    S.B = (Mask & 8) ? Layout::ColMajor : Layout::RowMajor;
    const float *A = (S.TransA != (S.A == Layout::ColMajor)) ? ACol : ARow;
    const float *B = (S.TransB != (S.B == Layout::ColMajor)) ? BCol : BRow;
    float C[4] = {-1, -1, -1, -1};
    hostReferenceGemm(S, A, B, C);
    EXPECT_EQ(std::vector<float>(C, C + 4), (std::vector<float>{19, 22, 43, 50})) << Mask;
  }
  GemmSpec S = f32Spec(2, 2, 2);
  S.Alpha = 2;
  S.Beta = 1;
  S.C = Layout::ColMajor;
  float C[4] = {1, 1, 1, 1};
  hostReferenceGemm(S, ARow, BRow, C);
  EXPECT_EQ(std::vector<float>(C, C + 4), (std::vector<float>{39, 87, 45, 101}));
  // bf16 output: 19 and 43 are exact in bf16 (8 significand bits); fp8 E4M3 OCP inputs
  // 0x38 = 1.0 (bias 7: 2^(7-7)), 0x40 = 2.0: C = 1 * 2 = 2 = 0x4000 in bf16.
  GemmSpec Q = f32Spec(1, 1, 1);
  Q.AType = Q.BType = DType::E4M3Ocp;
  Q.CType = DType::BF16;
  uint8_t A8 = 0x38, B8 = 0x40;
  uint16_t C16 = 0;
  hostReferenceGemm(Q, &A8, &B8, &C16);
  EXPECT_EQ(C16, 0x4000);
}

// A correct GEMM may block and order its K loop any way, with or without FMA, and round
// its fp32 result to bf16 at the end: every variant passes.
TEST(DiffGemm, AnyKBlockingAndOrderPasses) {
  std::mt19937 Rng(21);
  for (int Trial = 0; Trial < 30; ++Trial) {
    size_t M = 1 + Rng() % 40, N = 1 + Rng() % 40, K = 1 + Rng() % 300;
    GemmSpec S = f32Spec(M, N, K);
    S.Alpha = 0.75f;
    S.Beta = Trial % 2 ? 0.5f : 0.0f;
    std::vector<float> A = randomFloats(M * K, Rng), B = randomFloats(K * N, Rng),
                       C0 = randomFloats(M * N, Rng);
    std::vector<uint8_t> A8, B8;
    if (Trial % 3 == 1) { // FP8 inputs (E4M3 OCP A, E5M2 FNUZ B)
      S.AType = DType::E4M3Ocp;
      S.BType = DType::E5M2Fnuz;
      A8 = randomFp8(M * K, Fp8Format::E4M3Ocp, Rng);
      B8 = randomFp8(K * N, Fp8Format::E5M2Fnuz, Rng);
      A = decodeAll(A8, Fp8Format::E4M3Ocp);
      B = decodeAll(B8, Fp8Format::E5M2Fnuz);
    }
    std::vector<float> User = naiveGemm(A, B, C0, M, N, K, S.Alpha, S.Beta, Rng);
    const void *PA = A8.empty() ? static_cast<const void *>(A.data()) : A8.data();
    const void *PB = B8.empty() ? static_cast<const void *>(B.data()) : B8.data();
    DiffResult R;
    if (Trial % 3 == 2) { // bf16 output: C0 and the result in bf16
      S.CType = DType::BF16;
      std::vector<uint16_t> C16(M * N), U16(M * N);
      for (size_t I = 0; I < M * N; ++I) {
        C16[I] = encodeBf16(C0[I]);
        C0[I] = decodeBf16(C16[I]);
      }
      User = naiveGemm(A, B, C0, M, N, K, S.Alpha, S.Beta, Rng);
      for (size_t I = 0; I < M * N; ++I)
        U16[I] = encodeBf16(User[I]);
      R = diff_gemm(S, PA, PB, C16.data(), U16.data());
    } else {
      R = diff_gemm(S, PA, PB, C0.data(), User.data());
    }
    ASSERT_TRUE(R.Pass) << "trial " << Trial << "\n" << R.Report;
  }
}

TEST(DiffGemm, OneUlpNoisePasses) {
  std::mt19937 Rng(4);
  size_t M = 32, N = 32, K = 64;
  std::vector<float> A = randomFloats(M * K, Rng), B = randomFloats(K * N, Rng), C0;
  std::vector<float> User = naiveGemm(A, B, C0, M, N, K, 1, 0, Rng);
  for (size_t I = 0; I < User.size(); ++I)
    User[I] = std::nextafter(User[I], I % 2 ? INFINITY : -INFINITY);
  DiffResult R = diff_gemm(f32Spec(M, N, K), A.data(), B.data(), nullptr, User.data());
  EXPECT_TRUE(R.Pass) << R.Report;
}

// The bug: a gfx942 FP8 GEMM fed PyTorch float8_e4m3fn (OCP) tensors decodes the bytes as
// FNUZ, its hardware format: every value halves, and the OCP -0 byte (0x80) in row 3 of A
// becomes NaN, poisoning that row of C.
TEST(DiffGemm, OcpBytesReadAsFnuzIsFp8FormatMismatch) {
  std::mt19937 Rng(12);
  size_t M = 16, N = 16, K = 32;
  std::vector<uint8_t> A8 = randomFp8(M * K, Fp8Format::E4M3Ocp, Rng),
                       B8 = randomFp8(K * N, Fp8Format::E4M3Ocp, Rng);
  A8[3 * K + 5] = 0x80;
  GemmSpec S = f32Spec(M, N, K);
  S.AType = S.BType = DType::E4M3Ocp;
  std::vector<float> User = naiveGemm(decodeAll(A8, Fp8Format::E4M3Fnuz),
                                      decodeAll(B8, Fp8Format::E4M3Fnuz), {}, M, N, K, 1, 0, Rng);
  ASSERT_TRUE(std::isnan(User[3 * N]));
  DiffResult R = diff_gemm(S, A8.data(), B8.data(), nullptr, User.data());
  EXPECT_EQ(R.Kind, "gemm-fp8-format") << R.Report;
  EXPECT_EQ(R.Rule, "fp8-format-target-mismatch");
  EXPECT_NE(R.Diagnosis.find("A's e4m3-ocp bytes were read as e4m3-fnuz and B's"),
            std::string::npos)
      << R.Diagnosis;
  // Only B misread, no NaN: C is exactly half the reference, which a misread A would give
  // too; with the -0 byte in A still there, only B can be the one misread.
  User = naiveGemm(decodeAll(A8, Fp8Format::E4M3Ocp), decodeAll(B8, Fp8Format::E4M3Fnuz), {}, M,
                   N, K, 1, 0, Rng);
  R = diff_gemm(S, A8.data(), B8.data(), nullptr, User.data());
  EXPECT_EQ(R.Rule, "fp8-format-target-mismatch") << R.Report;
  EXPECT_NE(R.Diagnosis.find("in which B's e4m3-ocp bytes were read as e4m3-fnuz:"),
            std::string::npos)
      << R.Diagnosis;
  A8[3 * K + 5] = 0x38; // 1.0: now A or B could be the one misread
  User = naiveGemm(decodeAll(A8, Fp8Format::E4M3Ocp), decodeAll(B8, Fp8Format::E4M3Fnuz), {}, M,
                   N, K, 1, 0, Rng);
  R = diff_gemm(S, A8.data(), B8.data(), nullptr, User.data());
  EXPECT_NE(R.Diagnosis.find("A's or B's e4m3-ocp bytes were read as e4m3-fnuz"),
            std::string::npos)
      << R.Diagnosis;
}

// An f32 GEMM whose dequantisation scale was applied twice: exactly 2x, no FP8 involved.
TEST(DiffGemm, ExactRatioWithoutFp8IsGemmMismatch) {
  std::mt19937 Rng(13);
  size_t M = 8, N = 8, K = 8;
  std::vector<float> A = randomFloats(M * K, Rng), B = randomFloats(K * N, Rng);
  std::vector<float> User = naiveGemm(A, B, {}, M, N, K, 2, 0, Rng);
  DiffResult R = diff_gemm(f32Spec(M, N, K), A.data(), B.data(), nullptr, User.data());
  EXPECT_EQ(R.Kind, "gemm-mismatch") << R.Report;
  EXPECT_NE(R.Diagnosis.find("exactly 2x"), std::string::npos) << R.Diagnosis;
}

// The bug: the epilogue stores C(i, j) at j * M + i although C is row-major.
TEST(DiffGemm, TransposedStore) {
  std::mt19937 Rng(14);
  for (size_t N : {24, 40}) {
    size_t M = 24, K = 16;
    std::vector<float> A = randomFloats(M * K, Rng), B = randomFloats(K * N, Rng);
    std::vector<float> Good = naiveGemm(A, B, {}, M, N, K, 1, 0, Rng), User(M * N);
    for (size_t I = 0; I < M; ++I)
      for (size_t J = 0; J < N; ++J)
        User[J * M + I] = Good[I * N + J];
    DiffResult R = diff_gemm(f32Spec(M, N, K), A.data(), B.data(), nullptr, User.data());
    EXPECT_EQ(R.Kind, "gemm-transposed-output") << R.Report;
    EXPECT_EQ(R.Rule, "gemm-transposed-output");
  }
}

// The bug: one workgroup's 16x16 tile of C (rows 16-31, columns 32-47) is never written
// (a grid one tile short after an XCD remap): it keeps the zeros C was cleared to.
// Then: that tile holds the results of tile (rows 0-15, columns 0-15) instead.
TEST(DiffGemm, DroppedOrMisplacedTile) {
  std::mt19937 Rng(15);
  size_t M = 64, N = 64, K = 32;
  std::vector<float> A = randomFloats(M * K, Rng, 2), B = randomFloats(K * N, Rng, 2);
  std::vector<float> Good = naiveGemm(A, B, {}, M, N, K, 1, 0, Rng), User = Good;
  for (size_t I = 16; I < 32; ++I)
    for (size_t J = 32; J < 48; ++J)
      User[I * N + J] = 0;
  DiffResult R = diff_gemm(f32Spec(M, N, K), A.data(), B.data(), nullptr, User.data());
  EXPECT_EQ(R.Kind, "gemm-tile-mismatch") << R.Report;
  EXPECT_NE(R.Diagnosis.find("1 of the 16 16x16 tiles"), std::string::npos) << R.Diagnosis;
  EXPECT_NE(R.Diagnosis.find("rows 16-31, columns 32-47 (all zero)"), std::string::npos);
  for (size_t I = 16; I < 32; ++I)
    for (size_t J = 32; J < 48; ++J)
      User[I * N + J] = Good[(I - 16) * N + (J - 32)];
  R = diff_gemm(f32Spec(M, N, K), A.data(), B.data(), nullptr, User.data());
  EXPECT_NE(R.Diagnosis.find("holds the reference of tile rows 0-15, columns 0-15"),
            std::string::npos)
      << R.Report;
}

// The bug: K = 40 with a K step of 32 and the loop `for (k = 0; k + 32 <= K; k += 32)`:
// the last 8 K steps are never accumulated.
TEST(DiffGemm, DroppedKTail) {
  std::mt19937 Rng(16);
  size_t M = 20, N = 20, K = 40;
  std::vector<float> A = randomFloats(M * K, Rng, 1), B = randomFloats(K * N, Rng, 1);
  std::vector<float> User = naiveGemm(A, B, {}, M, N, K, 1, 0, Rng, 32);
  DiffResult R = diff_gemm(f32Spec(M, N, K), A.data(), B.data(), nullptr, User.data());
  EXPECT_EQ(R.Kind, "gemm-k-tail-missing") << R.Report;
  EXPECT_NE(R.Diagnosis.find("first 32 of K = 40"), std::string::npos) << R.Diagnosis;
}

TEST(DiffGemm, BadInputsNameTheField) {
  float A[4] = {}, B[4] = {}, C[4] = {};
  GemmSpec S = f32Spec(2, 2, 2);
  S.CType = DType::I32;
  try {
    diff_gemm(S, A, B, nullptr, C);
    FAIL() << "no exception";
  } catch (const std::invalid_argument &E) {
    EXPECT_NE(std::string(E.what()).find("GemmSpec::CType is i32"), std::string::npos);
  }
  EXPECT_THROW(diff_gemm(f32Spec(2, 2, 2), A, B, nullptr, nullptr), std::invalid_argument);
  S = f32Spec(2, 2, 2);
  S.Beta = 1;
  EXPECT_THROW(diff_gemm(S, A, B, nullptr, C), std::invalid_argument);
  S = f32Spec(2, 2, 2);
  S.AType = DType::F64;
  EXPECT_THROW(hostReferenceGemm(S, A, B, C), std::invalid_argument);
}

// The bug: the kernel never ran (or wrote to another buffer): C keeps the zeros it was
// cleared to. That is not a GEMM over "the first 0 of K steps".
TEST(DiffGemm, AllZeroCIsNeverWritten) {
  std::mt19937 Rng(17);
  size_t M = 20, N = 20, K = 100;
  std::vector<float> A = randomFloats(M * K, Rng, 1), B = randomFloats(K * N, Rng, 1);
  std::vector<float> User(M * N, 0.0f);
  DiffResult R = diff_gemm(f32Spec(M, N, K), A.data(), B.data(), nullptr, User.data());
  EXPECT_EQ(R.Kind, "gemm-mismatch") << R.Report;
  EXPECT_EQ(R.Rule, "reference-mismatch");
  EXPECT_EQ(R.Diagnosis.find("first 0"), std::string::npos) << R.Diagnosis;
  EXPECT_EQ(R.Diagnosis.rfind("C is all zero: never written", 0), 0u) << R.Diagnosis;
  EXPECT_EQ(R.Mismatches, M * N);
}

// The bug: FNUZ data (the gfx942 format) reaches an OCP FP8 kernel (gfx950): every A value
// doubles, and A's FNUZ NaN byte 0x80 (row 3) becomes OCP -0, so C is finite where the
// reference of the declared FNUZ data is NaN.
TEST(DiffGemm, FnuzNanByteReadAsOcpIsFp8FormatMismatch) {
  std::mt19937 Rng(18);
  size_t M = 16, N = 16, K = 32;
  std::vector<uint8_t> A8 = randomFp8(M * K, Fp8Format::E4M3Fnuz, Rng),
                       B8 = randomFp8(K * N, Fp8Format::E4M3Fnuz, Rng);
  for (uint8_t &Byte : A8) // 0x7f / 0xff are finite in FNUZ but NaN in OCP: keep them out
    if (std::isnan(decodeFp8(Byte, Fp8Format::E4M3Ocp)))
      Byte = 0x38;
  A8[3 * K + 5] = 0x80;
  GemmSpec S = f32Spec(M, N, K);
  S.AType = S.BType = DType::E4M3Fnuz;
  std::vector<float> User = naiveGemm(decodeAll(A8, Fp8Format::E4M3Ocp),
                                      decodeAll(B8, Fp8Format::E4M3Fnuz), {}, M, N, K, 1, 0, Rng);
  ASSERT_FALSE(std::isnan(User[3 * N]));
  DiffResult R = diff_gemm(S, A8.data(), B8.data(), nullptr, User.data());
  EXPECT_EQ(R.Kind, "gemm-fp8-format") << R.Report;
  EXPECT_NE(R.Diagnosis.find("in which A's e4m3-fnuz bytes were read as e4m3-ocp:"),
            std::string::npos)
      << R.Diagnosis;
}

TEST(DiffGemm, NonFiniteAlphaBetaOrScaleIsRejected) {
  float A[4] = {}, B[4] = {}, C[4] = {};
  const float Inf = std::numeric_limits<float>::infinity(), NaN = std::nanf("");
  struct Case {
    float GemmSpec::*Field;
    float Value;
    const char *Name;
  };
  for (const Case &Cs : {Case{&GemmSpec::Alpha, Inf, "GemmSpec::Alpha is inf"},
                         Case{&GemmSpec::Beta, NaN, "GemmSpec::Beta is nan"},
                         Case{&GemmSpec::ScaleA, -Inf, "GemmSpec::ScaleA is -inf"},
                         Case{&GemmSpec::ScaleB, NaN, "GemmSpec::ScaleB is nan"}}) {
    GemmSpec S = f32Spec(2, 2, 2);
    S.*Cs.Field = Cs.Value;
    try {
      diff_gemm(S, A, B, C, C);
      ADD_FAILURE() << "no exception for " << Cs.Name;
    } catch (const std::invalid_argument &E) {
      EXPECT_NE(std::string(E.what()).find(Cs.Name), std::string::npos) << E.what();
    }
  }
}
