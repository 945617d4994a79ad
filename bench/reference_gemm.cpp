//===--- reference_gemm.cpp - emulated reference GEMM vs the host reference ===//
//
// Times referenceGemm(Backend::Cpu) (the HIP reference kernels on wavesan's emulator) and
// referenceGemm(Backend::Host) (OpenBLAS on decoded inputs) on the same 256^3 inputs,
// interleaved, and prints the medians and their ratio per input type, plus the largest
// relative difference between the two results (both are correct references; the
// difference is fp32 rounding of different summation orders). Run by bench/reference_gemm.
//
//===----------------------------------------------------------------------===//
#include "wavesan/reference.h"

#include <hip/hip_runtime.h>

#include "wavesan/numeric.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

using namespace wavesan;

namespace {

double seconds(const GemmSpec &S, Backend B, const void *A, const void *Bm, void *C) {
  const auto T0 = std::chrono::steady_clock::now();
  referenceGemm(B, S, A, Bm, C);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count();
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

/// Random inputs of type T in [-1, 1] (rounded to T).
std::vector<uint8_t> input(DType T, size_t N, std::mt19937 &Rng) {
  std::uniform_real_distribution<float> D(-1, 1);
  std::vector<uint8_t> Buf(N * dtypeBytes(T));
  for (size_t I = 0; I < N; ++I) {
    const float V = D(Rng);
    if (T == DType::F32)
      std::memcpy(&Buf[4 * I], &V, 4);
    else if (T == DType::BF16) {
      const uint16_t H = encodeBf16(V);
      std::memcpy(&Buf[2 * I], &H, 2);
    } else
      Buf[I] = encodeFp8(V, dtypeFp8Format(T), true);
  }
  return Buf;
}

} // namespace

int main(int Argc, char **Argv) {
  const int Reps = Argc > 1 ? std::atoi(Argv[1]) : 5;
  const size_t Size = Argc > 2 ? size_t(std::atol(Argv[2])) : 256;
  std::mt19937 Rng(1);
  for (DType T : {DType::F32, DType::BF16, DType::E4M3Ocp}) {
    GemmSpec S;
    S.M = S.N = S.K = Size;
    S.AType = S.BType = T;
    const auto A = input(T, Size * Size, Rng), B = input(T, Size * Size, Rng);
    std::vector<float> CCpu(Size * Size), CHost(Size * Size);
    std::vector<double> Cpu, Host;
    for (int R = 0; R < Reps; ++R) {
      Cpu.push_back(seconds(S, Backend::Cpu, A.data(), B.data(), CCpu.data()));
      Host.push_back(seconds(S, Backend::Host, A.data(), B.data(), CHost.data()));
    }
    double MaxRel = 0;
    for (size_t I = 0; I < CCpu.size(); ++I)
      MaxRel = std::max(MaxRel, std::fabs(double(CCpu[I]) - CHost[I]) /
                                    std::max(1e-30, std::fabs(double(CHost[I]))));
    std::printf("%-9s %zu^3  cpu (emulated) median %9.2f ms   host median %8.3f ms   ratio %7.1fx"
                "   max rel diff %.2g\n",
                dtypeName(T), Size, 1e3 * median(Cpu), 1e3 * median(Host),
                median(Cpu) / median(Host), MaxRel);
    std::fflush(stdout);
  }
  return 0;
}
