//===--- DiffCompatTest.cpp - the diff's former names still work ----------===//
///
/// wavesan/check.h keeps CheckOptions, CheckResult, check_reduction and
/// check_gemm as deprecated aliases of the diff (wavesan/diff.h), and the CMake
/// target wavesan::wavesan-check links wavesan-diff: this test is built with the
/// old target name and calls the old names (deprecation warnings silenced).
///
//===----------------------------------------------------------------------===//
#include "wavesan/check.h"

#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <vector>

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

using namespace wavesan;

namespace {

ReduceSpec waveSum() {
  ReduceSpec S;
  S.Scope = ReduceScope::Wave;
  S.In = DType::F32;
  S.Acc = DType::F32;
  return S;
}

} // namespace

TEST(DiffCompat, OldTypeNamesAreTheNewTypes) {
  static_assert(std::is_same_v<CheckOptions, DiffOptions>);
  static_assert(std::is_same_v<CheckResult, DiffResult>);
  CheckOptions O;
  EXPECT_EQ(O.Reference, Backend::Host);
}

// 128 elements x_i = i: the two 64-lane wavefront sums are 0+...+63 = 2016 and
// 64+...+127 = 6112. A kernel whose ladder stops at lane 31 writes 0+...+31 = 496 and
// 64+...+95 = 2544 instead: the partial-wave signature.
TEST(DiffCompat, CheckReductionIsDiffReduction) {
  std::vector<float> X(128);
  for (size_t I = 0; I < X.size(); ++I)
    X[I] = float(I);
  const double Right[2] = {2016, 6112}, Wrong[2] = {496, 2544};
  CheckOptions O;
  O.Label = "compat_kernel";
  CheckResult Pass = check_reduction(waveSum(), X.data(), X.size(), Right, 2, O);
  EXPECT_TRUE(Pass.Pass) << Pass.Report;
  CheckResult Old = check_reduction(waveSum(), X.data(), X.size(), Wrong, 2, O);
  DiffResult New = diff_reduction(waveSum(), X.data(), X.size(), Wrong, 2, O);
  EXPECT_FALSE(Old.Pass);
  EXPECT_EQ(Old.Kind, "reduction-partial-wave");
  EXPECT_EQ(Old.Rule, "wave64-partial-reduction");
  EXPECT_EQ(Old.Report, New.Report);
  const float WrongF[2] = {496, 2544};
  EXPECT_EQ(check_reduction(waveSum(), X.data(), X.size(), WrongF, 2, O).Kind,
            "reduction-partial-wave");
}

// With defaulted options the report's "at" line is the call of the old function.
TEST(DiffCompat, DefaultLocationIsTheCallOfTheOldName) {
  std::vector<float> X(128, 1.0f);
  const double Wrong[2] = {0, 0}; // each wavefront sums 64 ones: 64
  unsigned Line = __LINE__ + 1;
  CheckResult R = check_reduction(waveSum(), X.data(), X.size(), Wrong, 2);
  EXPECT_FALSE(R.Pass);
  EXPECT_NE(R.Report.find("DiffCompatTest.cpp:" + std::to_string(Line)), std::string::npos)
      << R.Report;
}

// C = A * B for 1x1 matrices: 3 * 4 = 12; a kernel that wrote 13 is off by far more
// than the tolerance (a few ulp of 12).
TEST(DiffCompat, CheckGemmIsDiffGemm) {
  GemmSpec S;
  S.M = S.N = S.K = 1;
  const float A = 3, B = 4, Right = 12, Wrong = 13;
  EXPECT_TRUE(check_gemm(S, &A, &B, nullptr, &Right).Pass);
  CheckResult R = check_gemm(S, &A, &B, nullptr, &Wrong);
  EXPECT_FALSE(R.Pass);
  EXPECT_EQ(R.Kind, diff_gemm(S, &A, &B, nullptr, &Wrong).Kind);
  EXPECT_EQ(R.Rule, "reference-mismatch");
}
