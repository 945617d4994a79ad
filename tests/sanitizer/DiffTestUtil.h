//===--- DiffTestUtil.h - "user kernels" for the diff's tests -------------===//
///
/// Stand-ins for a user's kernel output, computed here with plain loops (not
/// with the code under test): fp32 sums in random orders and blockings, and a
/// naive fp32 GEMM with a random K blocking, optionally with FMA. The buggy
/// variants in the tests change these loops the way a real porting bug would.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/diff.h"
#include "wavesan/numeric.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

namespace wavesan::testutil {

/// Sum of X[I] for I in Idx, in fp32, in a random order and association:
/// sequential, a pairwise tree, or random-sized blocks of partial sums (what
/// shuffle ladders, per-thread loops and atomics do).
inline float randomOrderSum(const std::vector<float> &X, std::vector<size_t> Idx,
                            std::mt19937 &Rng) {
  std::shuffle(Idx.begin(), Idx.end(), Rng);
  switch (Rng() % 3) {
  case 0: {
    float S = 0;
    for (size_t I : Idx)
      S += X[I];
    return S;
  }
  case 1: {
    std::vector<float> V;
    for (size_t I : Idx)
      V.push_back(X[I]);
    while (V.size() > 1) {
      std::vector<float> Next;
      for (size_t I = 0; I + 1 < V.size(); I += 2)
        Next.push_back(V[I] + V[I + 1]);
      if (V.size() % 2)
        Next.push_back(V.back());
      V.swap(Next);
    }
    return V.empty() ? 0.0f : V[0];
  }
  default: {
    size_t Block = 1 + Rng() % 40;
    float Total = 0;
    for (size_t B = 0; B < Idx.size(); B += Block) {
      float P = 0;
      for (size_t I = B; I < std::min(Idx.size(), B + Block); ++I)
        P += X[Idx[I]];
      Total += P;
    }
    return Total;
  }
  }
}

/// Per-group fp32 sums of X over elements whose lane (index in group mod 64)
/// is in [LaneBegin, LaneEnd), each in a random order.
inline std::vector<float> groupSums(const std::vector<float> &X, size_t Group, unsigned LaneBegin,
                                    unsigned LaneEnd, std::mt19937 &Rng) {
  std::vector<float> Out;
  for (size_t G = 0; G * Group < X.size(); ++G) {
    std::vector<size_t> Idx;
    for (size_t I = G * Group; I < std::min(X.size(), (G + 1) * Group); ++I) {
      unsigned Lane = (I - G * Group) % 64;
      if (Lane >= LaneBegin && Lane < LaneEnd)
        Idx.push_back(I);
    }
    Out.push_back(randomOrderSum(X, Idx, Rng));
  }
  return Out;
}

/// Normal-ish random floats with a wide exponent spread and mixed signs.
inline std::vector<float> randomFloats(size_t N, std::mt19937 &Rng, float Spread = 8) {
  std::normal_distribution<float> D(0, 1);
  std::uniform_real_distribution<float> E(-Spread, Spread);
  std::vector<float> X(N);
  for (float &V : X)
    V = D(Rng) * std::exp2(E(Rng));
  return X;
}

/// A naive fp32 GEMM on decoded row-major operands (A: M x K, B: K x N, C: M x N
/// row-major, C = Alpha * A B + Beta * C0): each dot product over K in blocks
/// of KBlock taken in a random order, with or without FMA; only the first
/// KUsed K steps (a kernel that drops the K tail uses fewer).
inline std::vector<float> naiveGemm(const std::vector<float> &A, const std::vector<float> &B,
                                    const std::vector<float> &C0, size_t M, size_t N, size_t K,
                                    float Alpha, float Beta, std::mt19937 &Rng,
                                    size_t KUsed = SIZE_MAX) {
  KUsed = std::min(KUsed, K);
  const size_t KBlock = std::vector<size_t>{1, 4, 16, 32, 7}[Rng() % 5];
  const bool Fma = Rng() % 2;
  std::vector<size_t> Blocks;
  for (size_t B0 = 0; B0 < KUsed; B0 += KBlock)
    Blocks.push_back(B0);
  std::shuffle(Blocks.begin(), Blocks.end(), Rng);
  std::vector<float> C(M * N);
  for (size_t I = 0; I < M; ++I)
    for (size_t J = 0; J < N; ++J) {
      float Acc = 0;
      for (size_t B0 : Blocks) {
        float P = 0;
        for (size_t Kk = B0; Kk < std::min(KUsed, B0 + KBlock); ++Kk)
          P = Fma ? std::fma(A[I * K + Kk], B[Kk * N + J], P) : P + A[I * K + Kk] * B[Kk * N + J];
        Acc += P;
      }
      C[I * N + J] = Alpha * Acc + (Beta != 0 ? Beta * C0[I * N + J] : 0.0f);
    }
  return C;
}

/// Random FP8 bytes of format F: finite, non-NaN codes only (0x80 excluded).
inline std::vector<uint8_t> randomFp8(size_t N, Fp8Format F, std::mt19937 &Rng) {
  std::vector<uint8_t> V(N);
  for (uint8_t &B : V) {
    do
      B = static_cast<uint8_t>(Rng());
    while (B == 0x80 || std::isnan(decodeFp8(B, F)) || std::isinf(decodeFp8(B, F)));
  }
  return V;
}

} // namespace wavesan::testutil
