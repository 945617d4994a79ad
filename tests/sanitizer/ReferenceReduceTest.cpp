//===--- ReferenceReduceTest.cpp - Backend::Cpu reductions -----------------===//
//
// The reference reductions (sanitizer/src/reference/kernels/kernels.hip) run on the emulator, against
// values worked out by hand and against a naive double-precision loop written here.
//
//===----------------------------------------------------------------------===//
#include "wavesan/reference.h"

#include <hip/hip_runtime.h>

#include "wavesan/options.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace wavesan;

namespace {

std::vector<double> cpuReduce(ReduceOp Op, ReduceScope Scope, DType In, DType Acc,
                              unsigned Wave, unsigned Block, const void *Data, size_t N) {
  ReduceSpec S;
  S.Op = Op;
  S.Scope = Scope;
  S.In = In;
  S.Acc = Acc;
  S.WaveSize = Wave;
  S.BlockSize = Block;
  return referenceReduce(Backend::Cpu, S, Data, N);
}

// The integers 0..99: sums worked out by hand with n(n-1)/2 and (first+last)*count/2.
TEST(ReferenceReduce, HandSumsOfZeroToNinetyNine) {
  std::vector<int32_t> X(100);
  for (int I = 0; I < 100; ++I)
    X[I] = I;
  // Device: 0 + 1 + ... + 99 = 99 * 100 / 2 = 4950.
  EXPECT_EQ(cpuReduce(ReduceOp::Sum, ReduceScope::Device, DType::I32, DType::F64, 64, 256,
                      X.data(), 100),
            std::vector<double>{4950});
  // Wave 64: lanes 0..63 -> 63*64/2 = 2016; 64..99 -> (64+99)*36/2 = 2934.
  EXPECT_EQ(cpuReduce(ReduceOp::Sum, ReduceScope::Wave, DType::I32, DType::F64, 64, 128,
                      X.data(), 100),
            (std::vector<double>{2016, 2934}));
  // Wave 32: 0..31 -> 496; 32..63 -> (32+63)*32/2 = 1520; 64..95 -> (64+95)*16 = 2544;
  // 96..99 -> 390.
  EXPECT_EQ(cpuReduce(ReduceOp::Sum, ReduceScope::Wave, DType::I32, DType::F32, 32, 64,
                      X.data(), 100),
            (std::vector<double>{496, 1520, 2544, 390}));
  // Block of 64 threads at wave 32 (two wavefronts per workgroup): 2016 and 2934.
  EXPECT_EQ(cpuReduce(ReduceOp::Sum, ReduceScope::Block, DType::I32, DType::F32, 32, 64,
                      X.data(), 100),
            (std::vector<double>{2016, 2934}));
  // Min / max per workgroup of 64: {0, 64} and {63, 99}.
  EXPECT_EQ(cpuReduce(ReduceOp::Min, ReduceScope::Block, DType::I32, DType::F64, 64, 64,
                      X.data(), 100),
            (std::vector<double>{0, 64}));
  EXPECT_EQ(cpuReduce(ReduceOp::Max, ReduceScope::Block, DType::I32, DType::F64, 64, 64,
                      X.data(), 100),
            (std::vector<double>{63, 99}));
}

// The second half of each wave64 must fold in: 64 ones, where a ladder starting at 16
// (lanes 32-63 never added) would give 32.
TEST(ReferenceReduce, AllSixtyFourLanesFoldIn) {
  std::vector<float> Ones(64, 1.0f);
  EXPECT_EQ(cpuReduce(ReduceOp::Sum, ReduceScope::Wave, DType::F32, DType::F32, 64, 64,
                      Ones.data(), 64),
            std::vector<double>{64});
  // The largest value in lane 63 only.
  std::vector<double> X(64, -1.0);
  X[63] = 7.5;
  EXPECT_EQ(cpuReduce(ReduceOp::Max, ReduceScope::Wave, DType::F64, DType::F64, 64, 64,
                      X.data(), 64),
            std::vector<double>{7.5});
}

// Min/max ignore NaN (IEEE minNum/maxNum, like fmin/fmax); sum propagates it.
TEST(ReferenceReduce, NanHandling) {
  const float Nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> X = {3.0f, Nan, -2.0f, 5.0f};
  EXPECT_EQ(cpuReduce(ReduceOp::Min, ReduceScope::Device, DType::F32, DType::F32, 64, 64,
                      X.data(), 4),
            std::vector<double>{-2.0});
  EXPECT_EQ(cpuReduce(ReduceOp::Max, ReduceScope::Device, DType::F32, DType::F64, 64, 64,
                      X.data(), 4),
            std::vector<double>{5.0});
  EXPECT_TRUE(std::isnan(cpuReduce(ReduceOp::Sum, ReduceScope::Device, DType::F32, DType::F64,
                                   64, 64, X.data(), 4)[0]));
}

// N == 0: no wave or block results, and the identity for the device.
TEST(ReferenceReduce, EmptyInputGivesIdentity) {
  EXPECT_EQ(cpuReduce(ReduceOp::Sum, ReduceScope::Device, DType::F32, DType::F64, 64, 256,
                      nullptr, 0),
            std::vector<double>{0});
  EXPECT_EQ(cpuReduce(ReduceOp::Min, ReduceScope::Device, DType::F32, DType::F64, 64, 256,
                      nullptr, 0),
            std::vector<double>{std::numeric_limits<double>::infinity()});
  EXPECT_TRUE(cpuReduce(ReduceOp::Sum, ReduceScope::Wave, DType::F32, DType::F64, 64, 256,
                        nullptr, 0)
                  .empty());
}

/// Naive double-precision reference: one value per chunk of Chunk elements (the identity
/// for empty chunks never occurs: chunks are ceil(N / Chunk)).
std::vector<double> naive(ReduceOp Op, const std::vector<double> &X, size_t Chunk) {
  std::vector<double> R;
  for (size_t B = 0; B < X.size(); B += Chunk) {
    double V = Op == ReduceOp::Sum ? 0 : X[B];
    for (size_t I = B; I < std::min(X.size(), B + Chunk); ++I)
      V = Op == ReduceOp::Sum ? V + X[I] : Op == ReduceOp::Min ? std::min(V, X[I]) : std::max(V, X[I]);
    R.push_back(V);
  }
  return R;
}

template <class T> std::vector<T> cast(const std::vector<double> &X) {
  return std::vector<T>(X.begin(), X.end());
}

// Every input type, accumulator, operator, scope and wave size, on sizes around the wave
// and workgroup edges, incl. a device reduction whose first pass needs more than 1216
// workgroups (grid-stride loop). Values are integers in [-100, 100], so every partial sum
// (|sum| <= 100 * 80000 < 2^24) is exact in fp32 and fp64: results must be equal, in any
// order of accumulation.
TEST(ReferenceReduce, AllTypesScopesAndWaveSizesExact) {
  std::mt19937 Rng(7);
  std::uniform_int_distribution<int> Dist(-100, 100);
  for (size_t N : {size_t(1), size_t(63), size_t(64), size_t(65), size_t(1000), size_t(80000)}) {
    std::vector<double> X(N);
    for (double &V : X)
      V = Dist(Rng);
    const auto I32 = cast<int32_t>(X);
    const auto F32 = cast<float>(X);
    for (DType In : {DType::I32, DType::F32, DType::F64})
      for (DType Acc : {DType::F32, DType::F64})
        for (ReduceOp Op : {ReduceOp::Sum, ReduceOp::Min, ReduceOp::Max})
          for (unsigned Wave : {64u, 32u})
            for (ReduceScope Scope : {ReduceScope::Wave, ReduceScope::Block, ReduceScope::Device}) {
              if (N == 80000 && Scope != ReduceScope::Device)
                continue; // keep the run short: the big size is for the grid-stride pass
              const unsigned Block = N == 80000 ? 64 : 128;
              const void *Data = In == DType::I32   ? static_cast<const void *>(I32.data())
                                 : In == DType::F32 ? static_cast<const void *>(F32.data())
                                                    : static_cast<const void *>(X.data());
              SCOPED_TRACE(testing::Message()
                           << "N=" << N << " in=" << dtypeName(In) << " acc=" << dtypeName(Acc)
                           << " op=" << int(Op) << " wave=" << Wave << " scope=" << int(Scope));
              const size_t Chunk = Scope == ReduceScope::Wave    ? Wave
                                   : Scope == ReduceScope::Block ? Block
                                                                 : N;
              EXPECT_EQ(cpuReduce(Op, Scope, In, Acc, Wave, Block, Data, N), naive(Op, X, Chunk));
            }
  }
}

// Real-valued fp32 inputs summed in fp32: within gamma(n) * sum|x| of the exact sum
// (Higham, "Accuracy and Stability of Numerical Algorithms", 2nd ed., section 4.2, for any
// summation order), gamma(n) = n u / (1 - n u), u = 2^-24.
TEST(ReferenceReduce, Fp32SumWithinErrorBound) {
  std::mt19937 Rng(11);
  std::uniform_real_distribution<float> Dist(-1.0f, 1.0f);
  const size_t N = 5000;
  std::vector<float> X(N);
  double Exact = 0, Abs = 0;
  for (float &V : X) {
    V = Dist(Rng);
    Exact += V;
    Abs += std::fabs(V);
  }
  const double U = std::ldexp(1.0, -24), Gamma = N * U / (1 - N * U);
  const double Got =
      cpuReduce(ReduceOp::Sum, ReduceScope::Device, DType::F32, DType::F32, 64, 256, X.data(), N)[0];
  EXPECT_LE(std::fabs(Got - Exact), Gamma * Abs);
  const double Got64 =
      cpuReduce(ReduceOp::Sum, ReduceScope::Device, DType::F32, DType::F64, 64, 256, X.data(), N)[0];
  EXPECT_LE(std::fabs(Got64 - Exact), std::ldexp(1.0, -40) * Abs);
}

// A reduction at wave 32 leaves the process's wave size as it was.
TEST(ReferenceReduce, RestoresProcessWaveSize) {
  const unsigned Before = options().wave_size;
  std::vector<float> X(100, 1.0f);
  EXPECT_EQ(cpuReduce(ReduceOp::Sum, ReduceScope::Wave, DType::F32, DType::F64,
                      Before == 64 ? 32 : 64, 64, X.data(), 100)
                .size(),
            Before == 64 ? 4u : 2u);
  EXPECT_EQ(unsigned(options().wave_size), Before);
}

void expectInvalid(const ReduceSpec &S, const std::string &Field) {
  float X = 1;
  try {
    referenceReduce(Backend::Cpu, S, &X, 1);
    ADD_FAILURE() << "expected std::invalid_argument naming " << Field;
  } catch (const std::invalid_argument &E) {
    EXPECT_NE(std::string(E.what()).find(Field), std::string::npos) << E.what();
  }
}

TEST(ReferenceReduce, BadSpecsNameTheField) {
  ReduceSpec S;
  S.BlockSize = 100; // not a multiple of 64
  expectInvalid(S, "ReduceSpec.BlockSize = 100: expected a multiple of WaveSize (64)");
  S = {};
  S.Acc = DType::I32;
  expectInvalid(S, "ReduceSpec.Acc = i32: expected f32 or f64");
  S = {};
  S.In = DType::BF16;
  expectInvalid(S, "ReduceSpec.In = bf16");
  S = {};
  S.WaveSize = 48;
  expectInvalid(S, "ReduceSpec.WaveSize = 48");
  S = {};
  S.BlockSize = 2048;
  expectInvalid(S, "ReduceSpec.BlockSize = 2048");
  S = {};
  EXPECT_THROW(referenceReduce(Backend::Cpu, S, nullptr, 5), std::invalid_argument);
}

} // namespace
