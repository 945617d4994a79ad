//===--- DiffReportTest.cpp - report goldens and the GoogleTest macros ----===//
///
/// The report text of each case is compared with testdata/wavesan-diff/<case>.expected
/// (pid masked as ==PID==). Inputs are small and hand-checked (comments). The gtest
/// macros' failure message is shown to be the report itself.
///
//===----------------------------------------------------------------------===//
#include "wavesan/gtest.h"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <numeric>
#include <regex>
#include <sstream>

using namespace wavesan;

namespace {

std::string readGolden(const std::string &Case) {
  std::ifstream In(std::string(WAVESAN_TESTDATA_DIR) + "/wavesan-diff/" + Case + ".expected");
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

/// The pid as "==PID==" and the source directory of the "rule:" line's doc path
/// (runtimeRuleDocPath: this source tree's rules/) as "<source>".
std::string maskPid(const std::string &Report) {
  std::string Out = std::regex_replace(Report, std::regex("^==[0-9]+=="), "==PID==");
  const std::string Rules = std::string(WAVESAN_SOURCE_DIR) + "/rules/";
  for (size_t At = Out.find(Rules); At != std::string::npos; At = Out.find(Rules, At))
    Out.replace(At, Rules.size(), "<source>/rules/");
  return Out;
}

DiffOptions opts(unsigned Line) {
  DiffOptions O;
  O.Label = "my_kernel";
  O.File = "tests/kernels/my_test.cpp";
  O.Line = Line;
  O.Function = "main";
  return O;
}

std::vector<float> iota(size_t N) {
  std::vector<float> X(N);
  std::iota(X.begin(), X.end(), 0.0f);
  return X;
}

ReduceSpec waveSum() {
  ReduceSpec S;
  S.Scope = ReduceScope::Wave;
  S.In = DType::F32;
  S.Acc = DType::F32;
  return S;
}

void expectGolden(const std::string &Case, const DiffResult &R) {
  std::string Golden = readGolden(Case);
  EXPECT_FALSE(Golden.empty()) << "missing testdata/wavesan-diff/" << Case << ".expected";
  EXPECT_EQ(maskPid(R.Report), Golden) << "actual report:\n" << R.Report;
}

} // namespace

// x_i = i, two wavefronts; lanes 0-31 only: sum 0..31 = 496, sum 64..95 = 32*64 + 496 = 2544.
TEST(DiffReport, ReductionLadderFrom16Golden) {
  std::vector<float> X = iota(128);
  double Out[2] = {496, 2544};
  expectGolden("reduction_ladder16", diff_reduction(waveSum(), X.data(), 128, Out, 2, opts(10)));
}

// x_i = i, four wavefronts, result slot k = sum of elements 32k..32k+31:
// 496, 32*32 + 496 = 1520, 2*1024 + 496 = 2544, 3*1024 + 496 = 3568.
TEST(DiffReport, ReductionHalfWaveGolden) {
  std::vector<float> X = iota(256);
  double Out[4] = {496, 1520, 2544, 3568};
  expectGolden("reduction_half_wave", diff_reduction(waveSum(), X.data(), 256, Out, 4, opts(20)));
}

// x_i = i, 200 elements, one result; the kernel skipped the last element:
// 198 * 199 / 2 = 19701 instead of 199 * 200 / 2 = 19900.
TEST(DiffReport, ReductionUnknownGolden) {
  std::vector<float> X = iota(200);
  ReduceSpec S = waveSum();
  S.Scope = ReduceScope::Device;
  double Out = 19701;
  expectGolden("reduction_mismatch", diff_reduction(S, X.data(), 200, &Out, 1, opts(30)));
}

// E4M3 OCP bytes: 0x38 = 1, 0x40 = 2, 0x48 = 4, 0x80 = -0. A = [[1, 2], [4, -0]],
// B = [[1, 1], [2, 1]]: C = [[1+4, 1+2], [4+0, 4+0]] = [[5, 3], [4, 4]]. Read as FNUZ
// (bias 8) every value halves and 0x80 is NaN: C = [[0.25+1, 0.25+0.5], [NaN, NaN]].
TEST(DiffReport, GemmFp8OcpReadAsFnuzGolden) {
  const uint8_t A[4] = {0x38, 0x40, 0x48, 0x80}, B[4] = {0x38, 0x38, 0x40, 0x38};
  GemmSpec S;
  S.M = S.N = S.K = 2;
  S.AType = S.BType = DType::E4M3Ocp;
  const float User[4] = {1.25f, 0.75f, NAN, NAN};
  expectGolden("gemm_fp8_ocp_as_fnuz", diff_gemm(S, A, B, nullptr, User, opts(40)));
}

// A = [[1, 2], [3, 4]], B = [[1, 0, 1], [0, 1, 1]]: C = [[1, 2, 3], [3, 4, 7]] (2 x 3
// row-major); the kernel stored it column-major: 1, 3, 2, 4, 3, 7.
TEST(DiffReport, GemmTransposedGolden) {
  const float A[4] = {1, 2, 3, 4}, B[6] = {1, 0, 1, 0, 1, 1};
  const float User[6] = {1, 3, 2, 4, 3, 7};
  GemmSpec S;
  S.M = 2;
  S.N = 3;
  S.K = 2;
  expectGolden("gemm_transposed", diff_gemm(S, A, B, nullptr, User, opts(50)));
}

// 32 x 32 x 1 of ones: C is all ones; tile rows 16-31, columns 0-15 left zero.
TEST(DiffReport, GemmDroppedTileGolden) {
  std::vector<float> A(32, 1.0f), B(32, 1.0f), User(32 * 32, 1.0f);
  for (size_t I = 16; I < 32; ++I)
    for (size_t J = 0; J < 16; ++J)
      User[I * 32 + J] = 0;
  GemmSpec S;
  S.M = S.N = 32;
  S.K = 1;
  expectGolden("gemm_dropped_tile", diff_gemm(S, A.data(), B.data(), nullptr, User.data(),
                                               opts(60)));
}

// 1 x 1 x 20 of ones: C = 20; the kernel ran one 16-wide K step only: 16.
TEST(DiffReport, GemmKTailGolden) {
  std::vector<float> A(20, 1.0f), B(20, 1.0f);
  float User = 16;
  GemmSpec S;
  S.M = S.N = 1;
  S.K = 20;
  expectGolden("gemm_k_tail", diff_gemm(S, A.data(), B.data(), nullptr, &User, opts(70)));
}

TEST(DiffReport, PassingCheckGivesOneLine) {
  std::vector<float> X = iota(128);
  double Out[2] = {2016, 6112}; // sum 0..63, sum 64..127
  expectGolden("reduction_pass", diff_reduction(waveSum(), X.data(), 128, Out, 2, opts(80)));
}

// Without File, the report names the place the DiffOptions was made (here: this call).
TEST(DiffReport, DefaultLocationIsTheCaller) {
  std::vector<float> X = iota(128);
  double Out[2] = {0, 0};
  unsigned Line = __LINE__ + 1;
  DiffResult R = diff_reduction(waveSum(), X.data(), 128, Out, 2);
  EXPECT_NE(R.Report.find("DiffReportTest.cpp:" + std::to_string(Line)), std::string::npos)
      << R.Report;
}

// --- GoogleTest integration ---

namespace {
double Wrong[2] = {496, 2544}; // lanes 0-31 only, as in ReductionLadderFrom16Golden
std::vector<float> Input = iota(128);
bool ReachedEnd = false;
void assertingHelper() {
  ASSERT_WAVESAN_REDUCTION(waveSum(), Input.data(), 128, Wrong, 2);
  ReachedEnd = true;
}
} // namespace

TEST(DiffGtest, FailureMessageIsTheReport) {
  ::testing::TestPartResultArray Results;
  unsigned Line;
  {
    ::testing::ScopedFakeTestPartResultReporter Reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &Results);
    Line = __LINE__ + 1;
    EXPECT_WAVESAN_REDUCTION(waveSum(), Input.data(), 128, Wrong, 2);
  }
  ASSERT_EQ(Results.size(), 1);
  const ::testing::TestPartResult &P = Results.GetTestPartResult(0);
  EXPECT_TRUE(P.nonfatally_failed());
  DiffOptions O;
  O.File = __FILE__;
  O.Line = Line;
  O.Function = "FailureMessageIsTheReport";
  O.Label = "DiffGtest.FailureMessageIsTheReport"; // no Label given: the test names the kernel
  std::string Report = diff_reduction(waveSum(), Input.data(), 128, Wrong, 2, O).Report;
  EXPECT_EQ(maskPid(P.message()), maskPid(Report));
  EXPECT_NE(std::string(P.message()).find("in DiffGtest.FailureMessageIsTheReport\n"),
            std::string::npos);
  EXPECT_NE(std::string(P.message()).find("rule: wave64-partial-reduction"), std::string::npos);
  EXPECT_EQ(P.line_number(), static_cast<int>(Line));
}

TEST(DiffGtest, PassingAndFatalForms) {
  double Right[2] = {2016, 6112};
  EXPECT_WAVESAN_REDUCTION(waveSum(), Input.data(), 128, Right, 2);
  const float A[1] = {3}, B[1] = {5}, C[1] = {15};
  GemmSpec S;
  S.M = S.N = S.K = 1;
  EXPECT_WAVESAN_GEMM(S, A, B, nullptr, C) << "3 * 5 = 15";
  ReachedEnd = false;
  EXPECT_FATAL_FAILURE(assertingHelper(), "SUMMARY: wavesan: reduction-partial-wave");
  EXPECT_FALSE(ReachedEnd);
  const float Bad[1] = {16};
  EXPECT_NONFATAL_FAILURE(EXPECT_WAVESAN_GEMM(S, A, B, nullptr, Bad), "user 16, reference 15");
}

// docs/wavesan-check.md shows the FP8 golden unchanged.
TEST(DiffReport, DocExampleIsTheGolden) {
  std::ifstream In(std::string(WAVESAN_SOURCE_DIR) + "/docs/wavesan-check.md");
  std::stringstream S;
  S << In.rdbuf();
  std::string Golden = readGolden("gemm_fp8_ocp_as_fnuz");
  ASSERT_FALSE(Golden.empty());
  EXPECT_NE(S.str().find("```text\n" + Golden + "```"), std::string::npos);
}
