//===--- DiffReductionTest.cpp - diff_reduction and the host reference ---===//
///
/// Correct kernels (any accumulation order, one-ulp noise) pass; outputs that
/// model real wave64 porting bugs fail with the right kind and rule id.
///
//===----------------------------------------------------------------------===//
#include "DiffTestUtil.h"

#include "wavesan/diff.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>

using namespace wavesan;
using namespace wavesan::testutil;

namespace {

std::vector<float> iota(size_t N) {
  std::vector<float> X(N);
  std::iota(X.begin(), X.end(), 0.0f);
  return X;
}

ReduceSpec spec(ReduceScope Scope, ReduceOp Op = ReduceOp::Sum, DType Acc = DType::F32) {
  ReduceSpec S;
  S.Scope = Scope;
  S.Op = Op;
  S.In = DType::F32;
  S.Acc = Acc;
  return S;
}

} // namespace

// x_i = i, 128 elements, two 64-lane wavefronts. By hand: sum 0..63 = 63*64/2 = 2016;
// sum 64..127 = 64*64 + 2016 = 6112.
TEST(DiffReduction, HostReferenceMatchesHandSums) {
  std::vector<float> X = iota(128);
  EXPECT_EQ(hostReferenceReduce(spec(ReduceScope::Wave), X.data(), X.size()),
            (std::vector<double>{2016, 6112}));
  EXPECT_EQ(hostReferenceReduce(spec(ReduceScope::Device), X.data(), X.size()),
            (std::vector<double>{8128}));
  EXPECT_EQ(hostReferenceReduce(spec(ReduceScope::Wave, ReduceOp::Max), X.data(), X.size()),
            (std::vector<double>{63, 127}));
  // 100 elements, workgroups of 64: 0..63 -> 2016; 64..99 -> 36*64 + 35*36/2 = 2934.
  ReduceSpec B = spec(ReduceScope::Block);
  B.BlockSize = 64;
  EXPECT_EQ(hostReferenceReduce(B, X.data(), 100), (std::vector<double>{2016, 2934}));
  double Out[2] = {2016, 6112};
  DiffResult R = diff_reduction(spec(ReduceScope::Wave), X.data(), 128, Out, 2);
  EXPECT_TRUE(R.Pass) << R.Report;
  EXPECT_EQ(R.Compared, 2u);
  EXPECT_EQ(R.Mismatches, 0u);
  EXPECT_EQ(R.Kind, "");
}

// A correct kernel may add in any order: random permutations, trees and blockings of
// fp32 sums over random data of mixed signs and magnitudes all pass.
TEST(DiffReduction, AnyAccumulationOrderPasses) {
  std::mt19937 Rng(7);
  for (int Trial = 0; Trial < 60; ++Trial) {
    size_t N = 1 + Rng() % 5000;
    std::vector<float> X = randomFloats(N, Rng);
    ReduceScope Scope = static_cast<ReduceScope>(Trial % 3);
    ReduceSpec S = spec(Scope);
    size_t Group = Scope == ReduceScope::Wave ? 64 : Scope == ReduceScope::Block ? 256 : N;
    std::vector<float> Out = groupSums(X, Group, 0, 64, Rng);
    DiffResult R = diff_reduction(S, X.data(), N, Out.data(), Out.size());
    ASSERT_TRUE(R.Pass) << "trial " << Trial << "\n" << R.Report;
  }
}

// One-ulp noise on a correct fp32 sum is within gamma_n(2^-24) sum|x| for n >= 2.
TEST(DiffReduction, OneUlpNoisePasses) {
  std::mt19937 Rng(11);
  std::vector<float> X = randomFloats(4096, Rng);
  std::vector<float> Out = groupSums(X, 64, 0, 64, Rng);
  for (size_t I = 0; I < Out.size(); ++I)
    Out[I] = std::nextafter(Out[I], I % 2 ? INFINITY : -INFINITY);
  DiffResult R = diff_reduction(spec(ReduceScope::Wave), X.data(), X.size(), Out.data(),
                                  Out.size());
  EXPECT_TRUE(R.Pass) << R.Report;
}

// A minimum never rounds: exact passes, one ulp off fails (no known signature).
TEST(DiffReduction, MinMaxAreExact) {
  std::mt19937 Rng(3);
  std::vector<float> X = randomFloats(256, Rng);
  float Min = *std::min_element(X.begin(), X.end());
  float Out = Min;
  EXPECT_TRUE(diff_reduction(spec(ReduceScope::Device, ReduceOp::Min), X.data(), 256, &Out, 1)
                  .Pass);
  Out = std::nextafter(Min, INFINITY);
  DiffResult R = diff_reduction(spec(ReduceScope::Device, ReduceOp::Min), X.data(), 256, &Out, 1);
  EXPECT_FALSE(R.Pass);
  EXPECT_EQ(R.Kind, "reduction-mismatch");
  EXPECT_EQ(R.Rule, "reference-mismatch");
  EXPECT_EQ(R.MaxUlp, 1);
}

// The bug: a block reduction ported from CUDA whose shuffle ladder starts at offset 16. On a
// 64-lane wavefront lane 0 then holds the sum of lanes 0-31 only; the per-wave partials of
// the block are otherwise combined correctly.
TEST(DiffReduction, LadderFrom16IsPartialReduction) {
  std::mt19937 Rng(5);
  std::vector<float> X = randomFloats(2048, Rng, 2);
  for (ReduceScope Scope : {ReduceScope::Wave, ReduceScope::Block, ReduceScope::Device}) {
    size_t Group = Scope == ReduceScope::Wave ? 64 : Scope == ReduceScope::Block ? 256 : 2048;
    std::vector<float> Out = groupSums(X, Group, 0, 32, Rng);
    DiffResult R = diff_reduction(spec(Scope), X.data(), X.size(), Out.data(), Out.size());
    EXPECT_FALSE(R.Pass);
    EXPECT_EQ(R.Kind, "reduction-partial-wave") << R.Report;
    EXPECT_EQ(R.Rule, "wave64-partial-reduction");
    EXPECT_NE(R.Diagnosis.find("lanes 0-31"), std::string::npos) << R.Diagnosis;
  }
}

// The same with a maximum, and a 16-lane ladder (starting at offset 8).
TEST(DiffReduction, LadderFrom8AndMaxArePartialReductions) {
  std::mt19937 Rng(6);
  std::vector<float> X = randomFloats(512, Rng);
  std::vector<float> Out = groupSums(X, 256, 0, 16, Rng);
  DiffResult R = diff_reduction(spec(ReduceScope::Block), X.data(), X.size(), Out.data(), 2);
  EXPECT_EQ(R.Rule, "wave64-partial-reduction") << R.Report;
  EXPECT_NE(R.Diagnosis.find("lanes 0-15"), std::string::npos) << R.Diagnosis;

  std::vector<float> Max(8, -INFINITY); // per wave: max over lanes 0-31 only
  for (size_t I = 0; I < X.size(); ++I)
    if (I % 64 < 32)
      Max[I / 64] = std::max(Max[I / 64], X[I]);
  R = diff_reduction(spec(ReduceScope::Wave, ReduceOp::Max), X.data(), X.size(), Max.data(), 8);
  EXPECT_EQ(R.Kind, "reduction-partial-wave") << R.Report;
}

// The bug: a per-wave reduction whose wave index is threadIdx.x / 32 (a hard-coded warp
// size). Each 32-lane half-wave reduces and stores its own result, so slot k receives the
// sum of elements 32k..32k+31: wavefront 0's slot misses lanes 32-63 (they went to slot 1),
// and with an output sized for 64-lane waves the later wavefronts' results are missing.
TEST(DiffReduction, PerWaveResultsFromHalfWavesAreHardcodedWarpSize) {
  std::mt19937 Rng(8);
  std::vector<float> X = randomFloats(1024, Rng, 2);
  std::vector<float> Halves = groupSums(X, 32, 0, 64, Rng); // 32 results, one per 32 elements
  std::vector<float> Out(Halves.begin(), Halves.begin() + 16);
  DiffResult R = diff_reduction(spec(ReduceScope::Wave), X.data(), X.size(), Out.data(), 16);
  EXPECT_EQ(R.Kind, "reduction-half-wave") << R.Report;
  EXPECT_EQ(R.Rule, "wave64-hardcoded-warp-size");
  // With an output sized for 32-lane warps, the kernel returns twice the expected count.
  R = diff_reduction(spec(ReduceScope::Wave), X.data(), X.size(), Halves.data(), 32);
  EXPECT_EQ(R.Rule, "wave64-hardcoded-warp-size") << R.Report;
  EXPECT_NE(R.Report.find("returned 32 results; expected 16"), std::string::npos) << R.Report;
}

// The bug: lanes 0 and 32 both pass a `threadIdx.x % 32 == 0` test and store into the
// wavefront's slot; the second half-wave's store lands last, so lanes 0-31 are missing.
// And: lanes 32-63 read the first half-wave's partials through an index taken modulo 32,
// so the first half is counted twice and the second not at all.
TEST(DiffReduction, HalfWaveOverwrittenOrDuplicated) {
  std::mt19937 Rng(9);
  std::vector<float> X = randomFloats(512, Rng, 2);
  std::vector<float> Hi = groupSums(X, 64, 32, 64, Rng);
  DiffResult R = diff_reduction(spec(ReduceScope::Wave), X.data(), X.size(), Hi.data(), 8);
  EXPECT_EQ(R.Rule, "wave64-hardcoded-warp-size") << R.Report;
  EXPECT_NE(R.Diagnosis.find("lanes 32-63"), std::string::npos);
  std::vector<float> Twice = groupSums(X, 256, 0, 32, Rng);
  for (float &V : Twice)
    V *= 2;
  R = diff_reduction(spec(ReduceScope::Block), X.data(), X.size(), Twice.data(), 2);
  EXPECT_EQ(R.Kind, "reduction-half-wave") << R.Report;
  EXPECT_NE(R.Diagnosis.find("twice"), std::string::npos);
}

// A bug with no known signature: the last element of the input is never read (a loop
// bound of n - 1).
TEST(DiffReduction, UnknownSignatureIsReferenceMismatch) {
  std::vector<float> X = iota(200);
  // sum 0..198 = 198 * 199 / 2 = 19701; the true sum 0..199 is 19900.
  float Out = 19701;
  DiffResult R = diff_reduction(spec(ReduceScope::Device), X.data(), X.size(), &Out, 1);
  EXPECT_FALSE(R.Pass);
  EXPECT_EQ(R.Kind, "reduction-mismatch");
  EXPECT_EQ(R.Rule, "reference-mismatch");
  EXPECT_EQ(R.Diagnosis, "");
  EXPECT_NE(R.Report.find("user 19701, reference 19900"), std::string::npos) << R.Report;
}

TEST(DiffReduction, BadInputsNameTheField) {
  std::vector<float> X = iota(64);
  double Out = 0;
  ReduceSpec S = spec(ReduceScope::Wave);
  S.WaveSize = 48;
  try {
    diff_reduction(S, X.data(), 64, &Out, 1);
    FAIL() << "no exception";
  } catch (const std::invalid_argument &E) {
    EXPECT_NE(std::string(E.what()).find("ReduceSpec::WaveSize is 48"), std::string::npos)
        << E.what();
  }
  EXPECT_THROW(diff_reduction(spec(ReduceScope::Wave), nullptr, 64, &Out, 1),
               std::invalid_argument);
  DiffOptions O;
  O.ToleranceScale = -1;
  EXPECT_THROW(diff_reduction(spec(ReduceScope::Wave), X.data(), 64, &Out, 1, O),
               std::invalid_argument);
  S = spec(ReduceScope::Wave);
  S.Acc = DType::BF16;
  EXPECT_THROW(diff_reduction(S, X.data(), 64, &Out, 1), std::invalid_argument);
}

TEST(DiffReduction, UlpDistanceAndGamma) {
  // ulp of f32 at 1.0 is 2^-23; at 0 the smallest subnormal 2^-149.
  EXPECT_EQ(ulpDistance(1.0 + std::ldexp(1.0, -22), 1.0, DType::F32), 2);
  EXPECT_EQ(ulpDistance(std::ldexp(1.0, -149), 0.0, DType::F32), 1);
  EXPECT_EQ(ulpDistance(NAN, NAN, DType::F32), 0);
  EXPECT_TRUE(std::isinf(ulpDistance(NAN, 1.0, DType::F32)));
  // bf16 has 8 significand bits: at 1.0 the ulp is 2^-7.
  EXPECT_EQ(ulpDistance(1.0 + std::ldexp(1.0, -7), 1.0, DType::BF16), 1);
  // gamma_n(u) = n u / (1 - n u): n = 2, u = 1/4 -> 0.5 / 0.5 = 1.
  EXPECT_EQ(gamma(2, 0.25), 1);
  EXPECT_TRUE(std::isinf(gamma(4, 0.25)));
}

// A correct kernel that stores its results narrower than it accumulated them. Lane 0 of each
// 64-lane wavefront holds 2^24, lane 1 holds 1, the rest 0. By hand: the exact sum
// 2^24 + 1 = 16777217 is not an f32 (f32 spacing in [2^24, 2^25) is 2), so an f32 store
// rounds it to nearest even, 16777216: half an f32 ulp off, but 2^28 ulp of f64. The
// output's rounding allows u_f32 * |sum| = 2^-24 * 16777217 > 1.
// A ladder that starts at 16, results stored as f32 (the common case: float results,
// default f64 accumulation): the lanes 0-31 sum, 2^24 + 1 = 16777217, is not an f32 and is
// stored as 16777216; the true sum is 217 (lanes 32-63 hold -16777000). The diagnosis must
// judge the model by its own magnitude (2^-24 * 16777217 >= 1), not the reference's (217).
TEST(DiffReduction, PartialWaveStoredAsF32IsStillDiagnosed) {
  std::vector<float> X(64, 0.0f);
  X[0] = 16777216.0f;
  X[1] = 1.0f;
  X[32] = -16777000.0f;
  const ReduceSpec S = spec(ReduceScope::Wave, ReduceOp::Sum, DType::F64);
  const float Out[1] = {16777216.0f};
  const DiffResult R = diff_reduction(S, X.data(), 64, Out, 1);
  EXPECT_FALSE(R.Pass);
  EXPECT_EQ(R.Kind, "reduction-partial-wave") << R.Report;
  EXPECT_EQ(R.Rule, "wave64-partial-reduction") << R.Report;
}

TEST(DiffReduction, RoundingIntoNarrowerOutputPasses) {
  std::vector<float> X(128, 0.0f);
  X[0] = X[64] = 16777216.0f;
  X[1] = X[65] = 1.0f;
  const ReduceSpec S = spec(ReduceScope::Wave, ReduceOp::Sum, DType::F64);
  float Out[2] = {16777216.0f, 16777216.0f};
  DiffResult R = diff_reduction(S, X.data(), 128, Out, 2); // float results: f32 output
  EXPECT_TRUE(R.Pass) << R.Report;
  // 16777220 is 3 away from 16777217 (1.5 f32 ulps): not a rounding of the right sum.
  Out[1] = 16777220.0f;
  R = diff_reduction(S, X.data(), 128, Out, 2);
  EXPECT_FALSE(R.Pass);
  EXPECT_EQ(R.Mismatches, 1u) << R.Report;
  // Results given as double: f64 output unless DiffOptions::OutType says otherwise.
  double D[2] = {16777216.0, 16777216.0};
  EXPECT_FALSE(diff_reduction(S, X.data(), 128, D, 2).Pass);
  DiffOptions O;
  O.OutType = DType::F32;
  R = diff_reduction(S, X.data(), 128, D, 2, O);
  EXPECT_TRUE(R.Pass) << R.Report;
  // float16 output, accumulated in f32: 2048 + 1 = 2049 is exact in f32 but not an f16
  // (f16 spacing in [2048, 4096) is 2): stored as 2048 (nearest even). u_f16 = 2^-11:
  // 2^-11 * 2049 > 1. 2052 is 3 away: still a mismatch.
  std::vector<float> Y(64, 0.0f);
  Y[0] = 2048;
  Y[1] = 1;
  const ReduceSpec H = spec(ReduceScope::Wave, ReduceOp::Sum, DType::F32);
  double Dh = 2048;
  O.OutType = DType::F16;
  R = diff_reduction(H, Y.data(), 64, &Dh, 1, O);
  EXPECT_TRUE(R.Pass) << R.Report;
  Dh = 2052;
  EXPECT_FALSE(diff_reduction(H, Y.data(), 64, &Dh, 1, O).Pass);
}
