//===--- xcd_bench.cpp - time and memory of the XCD model at scale ---------===//
///
/// \file
/// bench/xcd runs this: wavesan::xcd::compareOrders on a 16384 x 16384 output
/// (K 16384, BF16) with 128x128 tiles (16384 tiles, 256 K steps of 64) and
/// GROUP_M 8: four orders, 8 XCDs, 4 MiB L2, 38 resident workgroups per XCD.
/// Reference in the same process: the same slice reads summed without a cache
/// (the cost of walking the accesses), interleaved with the model, median of
/// the repetitions. Prints wall times, their ratio and the peak RSS.
///
//===----------------------------------------------------------------------===//
#include "wavesan/xcd.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sys/resource.h>

using namespace wavesan::xcd;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point A, Clock::time_point B) {
  return std::chrono::duration<double>(B - A).count();
}

/// The reference: every slice read of the four orders' walk, without the L2.
uint64_t walkOnly(const GemmShape &S, const XcdConfig &C, const std::vector<TileOrder> &Orders) {
  uint64_t Sum = 0;
  for (const TileOrder &O : Orders)
    for (unsigned X = 0; X < C.NumXcds; ++X)
      for (uint64_t First = X; First < O.size();) {
        uint64_t Batch[1024];
        unsigned N = 0;
        for (; First < O.size() && N < C.ResidentPerXcd; First += C.NumXcds)
          Batch[N++] = O[First];
        for (uint64_t K0 = 0; K0 < S.kSteps(); ++K0)
          for (unsigned I = 0; I < N; ++I)
            Sum += (Batch[I] / S.tilesN()) * 131 + (Batch[I] % S.tilesN()) + K0;
      }
  return Sum;
}

} // namespace

int main(int Argc, char **Argv) {
  const int Reps = Argc > 1 ? std::max(1, std::atoi(Argv[1])) : 3;
  GemmShape S;
  S.M = S.N = S.K = 16384;
  S.TileM = S.TileN = 128;
  S.KStep = 64;
  S.ElemBytes = 2;
  XcdConfig C;
  std::vector<double> Model, Ref;
  std::vector<OrderResult> R;
  uint64_t Sink = 0;
  for (int I = 0; I < Reps; ++I) {
    auto T0 = Clock::now();
    R = compareOrders(S, C, {}, "", 8);
    auto T1 = Clock::now();
    const TileOrder Row = rowMajorOrder(S), G = groupedOrder(S, 8);
    Sink += walkOnly(S, C, {Row, remapOrder(Row, 8), G, remapOrder(G, 8)});
    auto T2 = Clock::now();
    Model.push_back(seconds(T0, T1));
    Ref.push_back(seconds(T1, T2));
  }
  std::sort(Model.begin(), Model.end());
  std::sort(Ref.begin(), Ref.end());
  rusage U{};
  getrusage(RUSAGE_SELF, &U);
  std::printf("xcd model: M = N = K = 16384, 128x128 tiles (%llu tiles), K step 64 (%llu K steps), "
              "BF16, 8 XCDs, 4 MiB L2, 38 resident, 4 orders, %d reps\n",
              (unsigned long long)S.tiles(), (unsigned long long)S.kSteps(), Reps);
  std::printf("model (4 orders, %llu slice reads each): median %.3f s (min %.3f)\n",
              (unsigned long long)R[0].Total.Accesses, Model[Model.size() / 2], Model[0]);
  std::printf("reference walk without the L2:           median %.3f s (min %.3f)\n",
              Ref[Ref.size() / 2], Ref[0]);
  std::printf("ratio model / walk: %.2f\n", Model[Model.size() / 2] / Ref[Ref.size() / 2]);
  std::printf("peak RSS: %.1f MiB\n", double(U.ru_maxrss) / 1024.0);
  for (const OrderResult &O : R)
    std::printf("  %-22s fetched %.2f GiB, hit rate %.1f%%\n", O.Name.c_str(),
                double(O.Total.BytesFetched) / (1024.0 * 1024 * 1024), 100.0 * O.Total.hitRate());
  std::printf("(checksum %llu)\n", (unsigned long long)(Sink % 1000));
  return 0;
}
