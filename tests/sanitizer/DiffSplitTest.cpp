//===--- DiffSplitTest.cpp - the diff split across threads ----------------===//
///
/// diff_reduction and diff_gemm cut their per-element work into chunks of
/// 65536 compared elements (and the host reference's sums into chunks of
/// 65536 input elements) and spread the chunks over DiffOptions::Threads
/// threads. A wrong merge would lose or double-count elements at the chunk
/// edges, keep a worst list per thread, or depend on the thread count. These
/// tests plant known differences next to the chunk edges of inputs whose
/// reference is exact by hand, and expect the same counts, histogram and worst
/// elements for 1, 2 and 3 threads.
///
//===----------------------------------------------------------------------===//
#include "wavesan/diff.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace wavesan;

namespace {

/// Position of \p Needle in \p Hay, failing the test when it is absent.
size_t at(const std::string &Hay, const std::string &Needle) {
  size_t P = Hay.find(Needle);
  EXPECT_NE(P, std::string::npos) << "missing \"" << Needle << "\" in:\n" << Hay;
  return P;
}

/// What every failing report of these tests shows: \p Kind, \p Compared elements of which
/// \p Mismatches are beyond the tolerance, an infinite worst distance (the planted NaN),
/// the \p Summary line and the \p Histogram line.
void expectFailure(const DiffResult &R, const std::string &Kind, size_t Compared,
                   size_t Mismatches, const std::string &Summary, const std::string &Histogram) {
  EXPECT_FALSE(R.Pass);
  EXPECT_EQ(R.Kind, Kind);
  EXPECT_EQ(R.Compared, Compared);
  EXPECT_EQ(R.Mismatches, Mismatches);
  EXPECT_TRUE(std::isinf(R.MaxUlp));
  at(R.Report, Summary);
  at(R.Report, Histogram);
}

/// \p Parts each occur in \p Report, in this order (the worst list: largest distance first).
void expectInOrder(const std::string &Report, const std::vector<std::string> &Parts) {
  size_t Previous = 0;
  for (size_t I = 0; I < Parts.size(); ++I) {
    const size_t P = at(Report, Parts[I]);
    if (I > 0)
      EXPECT_LT(Previous, P) << "\"" << Parts[I - 1] << "\" before \"" << Parts[I] << "\"";
    Previous = P;
  }
}

/// Runs the diff with 1, 2 and 3 threads (\p Run(threads) returns its result) and
/// checks each result with \p Expect; every report must be the first one's: the
/// split must not depend on the thread count.
template <class RunFn, class ExpectFn> void acrossThreadCounts(RunFn Run, ExpectFn Expect) {
  std::string First;
  for (unsigned Threads : {1u, 2u, 3u}) {
    SCOPED_TRACE("threads " + std::to_string(Threads));
    const auto R = Run(Threads);
    Expect(R);
    if (First.empty())
      First = R.Report;
    EXPECT_EQ(R.Report, First) << "the report depends on the thread count";
  }
}

} // namespace

// 2^23 fp32 ones, one result per 64-lane wavefront: 131072 results of exactly 64
// (two compare chunks; 128 chunks of 1024 wavefronts for the sums). One ulp of f32 at
// 64 = 2^6 is 2^-17. The tolerance of a 64-term f32 sum is gamma_64(2^-24) * 64 (plus
// the fp64 reference's own error and 64 f32 subnormals): a little more than 64 * 64 *
// 2^-24 = 2^-12, 32 ulp. Planted, by index:
//   0      NaN                  -> mismatch, distance inf (bin nan/inf)
//   1023   64 - 3 ulp           -> within, bin <=4    (last result of the first sum chunk)
//   1024   64 + 40 ulp          -> mismatch, bin <=256 (first result of the second)
//   65535  64 + 1 ulp           -> within, bin <=1    (last of the first compare chunk)
//   65536  64 + 16 ulp          -> within, bin <=16   (first of the second)
//   65537  64 + 1000 ulp        -> mismatch, bin <=65536
//   131071 65 (1 = 2^17 ulp)    -> mismatch, bin >65536 (the last result)
TEST(DiffSplit, ReductionChunkEdgesMergeForAnyThreadCount) {
  const size_t N = size_t(1) << 23, Results = N / 64;
  std::vector<float> X(N, 1.0f);
  ReduceSpec S;
  S.Scope = ReduceScope::Wave;
  S.In = DType::F32;
  S.Acc = DType::F32;
  const double Ulp = std::ldexp(1.0, -17);
  std::vector<double> Out(Results, 64.0);
  Out[0] = std::numeric_limits<double>::quiet_NaN();
  Out[1023] = 64 - 3 * Ulp;
  Out[1024] = 64 + 40 * Ulp;
  Out[65535] = 64 + Ulp;
  Out[65536] = 64 + 16 * Ulp;
  Out[65537] = 64 + 1000 * Ulp;
  Out[131071] = 65;
  DiffOptions O;
  acrossThreadCounts(
      [&](unsigned Threads) {
        O.Threads = Threads;
        return diff_reduction(S, X.data(), N, Out.data(), Out.size(), O);
      },
      [&](const DiffResult &R) {
        expectFailure(R, "reduction-mismatch", Results, 4,
                      "4 of 131072 results differ from the host reference beyond the "
                      "tolerance (max inf ulp of f32)",
                      "ulp histogram (131072 results by distance in ulp of f32): 0: 131065, "
                      "<=1: 1, <=4: 1, <=16: 1, <=256: 1, <=65536: 1, >65536: 1, nan/inf: 1\n");
        // The worst list, largest distance first: all four mismatches, across both chunks.
        expectInOrder(R.Report, {"  [0]: user nan, reference 64, inf ulp",
                                 "  [131071]: user 65, reference 64, 131072 ulp",
                                 ", reference 64, 1000 ulp", ", reference 64, 40 ulp"});
        at(R.Report, "  [65537]: user ");
        at(R.Report, "  [1024]: user ");
        EXPECT_EQ(R.Report.find("[1023]"), std::string::npos) << "within tolerance: not listed";
      });
}

// C = A B, 512 x 512 (262144 elements: four compare chunks), K = 4, A all 1, B all 2:
// every element of C is 8 = 2^3, exactly, and so is (|A||B|)_ij. One ulp of f32 at 8 is
// 2^-20. The tolerance is 2 gamma_7(2^-24) * 8 * (1 + gamma_4(2^-24)) plus 2 * 7 * 2^-150:
// a little more than 2 * 7 * 2^-24 * 8 = 7 * 2^-20, 7 ulp. Planted, by row-major index
// (row = index / 512, column = index % 512):
//   0       8 + 7 ulp  -> within, bin <=16        (C[0, 0])
//   65535   8 + 1 ulp  -> within, bin <=1         (C[127, 511], end of chunk 1)
//   65536   8 + 8 ulp  -> mismatch, bin <=16      (C[128, 0])
//   131071  NaN        -> mismatch, bin nan/inf   (C[255, 511])
//   131072  8 - 4 ulp  -> within, bin <=4         (C[256, 0])
//   196607  8 + 300 ulp -> mismatch, bin <=65536  (C[383, 511])
//   196608  16         -> mismatch, 2^23 ulp, bin >65536 (C[384, 0])
//   262143  8 + 200 ulp -> mismatch, bin <=256    (C[511, 511], the last element)
TEST(DiffSplit, GemmChunkEdgesMergeForAnyThreadCount) {
  const size_t M = 512, N = 512, K = 4;
  std::vector<float> A(M * K, 1.0f), B(K * N, 2.0f), C(M * N, 8.0f);
  GemmSpec S;
  S.M = M;
  S.N = N;
  S.K = K;
  const float Ulp = std::ldexp(1.0f, -20);
  C[0] = 8 + 7 * Ulp;
  C[65535] = 8 + Ulp;
  C[65536] = 8 + 8 * Ulp;
  C[131071] = std::numeric_limits<float>::quiet_NaN();
  C[131072] = 8 - 4 * Ulp;
  C[196607] = 8 + 300 * Ulp;
  C[196608] = 16;
  C[262143] = 8 + 200 * Ulp;
  DiffOptions O;
  O.Worst = 4;
  acrossThreadCounts(
      [&](unsigned Threads) {
        O.Threads = Threads;
        return diff_gemm(S, A.data(), B.data(), nullptr, C.data(), O);
      },
      [&](const DiffResult &R) {
        // The histogram: 262144 - 8 planted = 262136 exact.
        expectFailure(R, "gemm-mismatch", M * N, 5,
                      "5 of 262144 elements of C differ from the host reference beyond the "
                      "tolerance (max inf ulp of f32)",
                      "ulp histogram (262144 elements by distance in ulp of f32): 0: 262136, "
                      "<=1: 1, <=4: 1, <=16: 2, <=256: 1, <=65536: 1, >65536: 1, nan/inf: 1\n");
        // Worst = 4: the four largest of the five mismatches, largest first; the 8-ulp
        // C[128, 0] is left out.
        expectInOrder(R.Report, {"  C[255, 511]: user nan, reference 8, inf ulp",
                                 "  C[384, 0]: user 16, reference 8, 8388608 ulp",
                                 "  C[383, 511]: user ", "  C[511, 511]: user "});
        at(R.Report, ", reference 8, 300 ulp");
        at(R.Report, ", reference 8, 200 ulp");
        EXPECT_EQ(R.Report.find("C[128, 0]"), std::string::npos) << "fifth worst: not listed";
        EXPECT_EQ(R.Report.find("C[0, 0]"), std::string::npos) << "within tolerance: not listed";
      });
  // The same C correct except one element at each chunk edge within tolerance: passes.
  std::vector<float> Good(M * N, 8.0f);
  Good[65535] = 8 + 7 * Ulp;
  Good[65536] = 8 - 7 * Ulp;
  O.Threads = 2;
  DiffResult R = diff_gemm(S, A.data(), B.data(), nullptr, Good.data(), O);
  EXPECT_TRUE(R.Pass) << R.Report;
  EXPECT_EQ(R.Compared, M * N);
  EXPECT_EQ(R.Mismatches, 0u);
}
