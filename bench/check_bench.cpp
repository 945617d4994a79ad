//===--- check_bench.cpp - host reference and diff throughput, one process --===//
///
/// Run by bench/check (which builds it and records the output). Each figure is a
/// ratio against a reference run in the same process, interleaved, median of REPS:
///
///   gemm-<type>: hostReferenceGemm (decode A and B to fp32, cblas_sgemm, f32 C) on
///     2048^3 inputs of <type> (bf16, e4m3-fnuz) vs cblas_sgemm alone on the same
///     values already in fp32. ratio = sgemm / host reference (target >= 0.8).
///   diff: diff_reduction of 2^26 fp32 elements (wave scope: 2^20 results, all
///     correct, so the full comparison runs and no diagnosis) vs memcmp of the same
///     256 MiB input buffer against a copy. GB/s = 2^28 bytes / seconds for both.
///   gemm diff: diff_gemm comparing 2^26 fp32 elements of C (8192 x 8192, K = 4, C
///     correct) vs memcmp of C against a copy. GB/s = 2^28 bytes of C / seconds.
///   The diff rows also print the warm-up round's time ("first call"): the check's
///   large buffers come from fresh pages then, and from the blocks the previous check
///   freed afterwards.
///
/// Usage: check_bench [reps] [gemm|diff|gemmdiff]  (the last: run only that part)
///
//===----------------------------------------------------------------------===//
#include "wavesan/diff.h"
#include "wavesan/numeric.h"

#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace wavesan;

namespace {

template <typename Fn> double seconds(Fn &&F) {
  auto T0 = std::chrono::steady_clock::now();
  F();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count();
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

volatile int Sink;

void gemmBench(const char *Name, DType T, int Reps) {
  const size_t N = 2048;
  std::mt19937 Rng(1);
  std::normal_distribution<float> D(0, 1);
  std::vector<unsigned char> A(N * N * dtypeBytes(T)), B(N * N * dtypeBytes(T));
  std::vector<float> AF(N * N), BF(N * N), C(N * N);
  for (size_t I = 0; I < N * N; ++I) {
    float VA = D(Rng), VB = D(Rng);
    if (T == DType::BF16) {
      uint16_t EA = encodeBf16(VA), EB = encodeBf16(VB);
      std::memcpy(&A[2 * I], &EA, 2);
      std::memcpy(&B[2 * I], &EB, 2);
      AF[I] = decodeBf16(EA);
      BF[I] = decodeBf16(EB);
    } else {
      Fp8Format F = dtypeFp8Format(T);
      A[I] = encodeFp8(VA, F, true);
      B[I] = encodeFp8(VB, F, true);
      AF[I] = decodeFp8(A[I], F);
      BF[I] = decodeFp8(B[I], F);
    }
  }
  GemmSpec S;
  S.M = S.N = S.K = N;
  S.AType = S.BType = T;
  std::vector<double> Ref, Blas;
  for (int R = 0; R < Reps + 1; ++R) { // first round warms up (threads, pages)
    double TB = seconds([&] {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1.0f, AF.data(), N,
                  BF.data(), N, 0.0f, C.data(), N);
    });
    double TR = seconds([&] { hostReferenceGemm(S, A.data(), B.data(), C.data()); });
    if (R) {
      Blas.push_back(TB);
      Ref.push_back(TR);
    }
  }
  double MB = median(Blas), MR = median(Ref);
  std::printf("gemm-%s 2048^3: sgemm %.3f s (%.1f GFLOP/s), host reference %.3f s, ratio "
              "sgemm/reference %.3f (target >= 0.8)\n",
              Name, MB, 2.0 * N * N * N / MB / 1e9, MR, MB / MR);
}

void diffBench(int Reps) {
  const size_t N = size_t(1) << 26;
  std::mt19937 Rng(2);
  std::normal_distribution<float> D(0, 1);
  std::vector<float> X(N), Copy;
  for (float &V : X)
    V = D(Rng);
  Copy = X;
  ReduceSpec S;
  S.Scope = ReduceScope::Wave;
  S.In = DType::F32;
  S.Acc = DType::F64;
  std::vector<double> Out = hostReferenceReduce(S, X.data(), N); // the "kernel's" results
  std::vector<double> Check, Cmp;
  double FirstCall = 0;
  for (int R = 0; R < Reps + 1; ++R) {
    double TC = seconds([&] {
      DiffResult Res = diff_reduction(S, X.data(), N, Out.data(), Out.size());
      if (!Res.Pass)
        std::abort();
    });
    double TM = seconds([&] { Sink = std::memcmp(X.data(), Copy.data(), N * 4); });
    if (R) {
      Check.push_back(TC);
      Cmp.push_back(TM);
    } else {
      FirstCall = TC;
    }
  }
  double MC = median(Check), MM = median(Cmp), Bytes = N * 4.0;
  std::printf("diff 2^26 f32: diff_reduction %.3f s (%.2f GB/s), memcmp %.3f s (%.2f GB/s), "
              "ratio check/memcmp throughput %.3f (first call %.3f s)\n",
              MC, Bytes / MC / 1e9, MM, Bytes / MM / 1e9, MM / MC, FirstCall);
}

/// diff_gemm on C = A B with M = N = 8192 (2^26 fp32 elements of C) and K = 4 (the two
/// sgemms are cheap: the element-wise part dominates), C correct (the host reference's own
/// output), vs memcmp of the 256 MiB C against a copy. GB/s = 2^28 bytes of C / seconds.
void gemmDiffBench(int Reps) {
  const size_t M = 8192, N = 8192, K = 4;
  std::mt19937 Rng(3);
  std::normal_distribution<float> D(0, 1);
  std::vector<float> A(M * K), B(K * N), C(M * N);
  for (float &V : A)
    V = D(Rng);
  for (float &V : B)
    V = D(Rng);
  GemmSpec S;
  S.M = M;
  S.N = N;
  S.K = K;
  hostReferenceGemm(S, A.data(), B.data(), C.data()); // the "kernel's" C
  std::vector<float> Copy = C;
  std::vector<double> Check, Cmp;
  double FirstCall = 0;
  for (int R = 0; R < Reps + 1; ++R) {
    double TC = seconds([&] {
      DiffResult Res = diff_gemm(S, A.data(), B.data(), nullptr, C.data());
      if (!Res.Pass)
        std::abort();
    });
    double TM = seconds([&] { Sink = std::memcmp(C.data(), Copy.data(), M * N * 4); });
    if (R) {
      Check.push_back(TC);
      Cmp.push_back(TM);
    } else {
      FirstCall = TC;
    }
  }
  double MC = median(Check), MM = median(Cmp), Bytes = M * N * 4.0;
  std::printf("gemm diff 2^26 f32 (8192x8192, K=4): diff_gemm %.3f s (%.2f GB/s), memcmp "
              "%.3f s (%.2f GB/s), ratio check/memcmp throughput %.3f (first call %.3f s)\n",
              MC, Bytes / MC / 1e9, MM, Bytes / MM / 1e9, MM / MC, FirstCall);
}

} // namespace

int main(int Argc, char **Argv) {
  int Reps = Argc > 1 ? std::atoi(Argv[1]) : 3;
  const std::string Only = Argc > 2 ? Argv[2] : "";
  if (Reps < 1 || (Only != "" && Only != "gemm" && Only != "diff" && Only != "gemmdiff")) {
    std::fprintf(stderr, "usage: check_bench [reps >= 1] [gemm|diff|gemmdiff]\n");
    return 2;
  }
  if (Only == "" || Only == "gemm") {
    gemmBench("bf16", DType::BF16, Reps);
    gemmBench("e4m3-fnuz", DType::E4M3Fnuz, Reps);
  }
  if (Only == "" || Only == "diff")
    diffBench(Reps);
  if (Only == "" || Only == "gemmdiff")
    gemmDiffBench(Reps);
  return 0;
}
