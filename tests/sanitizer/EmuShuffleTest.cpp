// Shuffle results lane by lane: __shfl, __shfl_up, __shfl_down and __shfl_xor at every
// power-of-two width and several operands, at wave 64 and wave 32, on full waves (the
// engine's fast resolution) and on a partial last wave (its general one). Expected values
// come from the semantics HIP documents for these functions (hip/amd_detail/
// amd_warp_functions.h), written out here independently of the engine:
//   __shfl(v, src, w):      the value of lane (src mod w) of the caller's w-lane segment;
//   __shfl_up(v, d, w):     lane - d, or the caller's own value when that leaves the segment;
//   __shfl_down(v, d, w):   lane + d, or the caller's own value when that leaves the segment;
//   __shfl_xor(v, m, w):    lane ^ m, or the caller's own value when that is past the segment.
#include "EmuTest.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using emu_test::Emu;
using emu_test::hostCopy;

enum Kind { Idx, Up, Down, Xor };

// Each lane shuffles a value that names it (lane * 10 + 7); -1 marks "not written".
__global__ void shuffleAll(int *Out, int K, int Operand, int Width) {
  const int V = static_cast<int>(threadIdx.x) * 10 + 7;
  int R;
  switch (K) {
  case Idx: R = __shfl(V, Operand, Width); break;
  case Up: R = __shfl_up(V, static_cast<unsigned>(Operand), Width); break;
  case Down: R = __shfl_down(V, static_cast<unsigned>(Operand), Width); break;
  default: R = __shfl_xor(V, Operand, Width); break;
  }
  Out[threadIdx.x] = R;
}

/// The source lane HIP's documentation gives for lane \p L of a wave (see the header).
int expectedSource(Kind K, int L, int Operand, int Width) {
  const int SegStart = L / Width * Width, InSeg = L - SegStart;
  switch (K) {
  case Idx: return SegStart + Operand % Width;
  case Up: return InSeg - Operand < 0 ? L : L - Operand;
  case Down: return InSeg + Operand >= Width ? L : L + Operand;
  default: return (L ^ Operand) >= SegStart + Width ? L : (L ^ Operand);
  }
}

void sweep(unsigned WaveSize, unsigned Threads) {
  wavesan::setWaveSize(WaveSize);
  int *D = nullptr;
  ASSERT_EQ(hipMalloc(&D, Threads * sizeof(int)), hipSuccess);
  const char *Names[] = {"__shfl", "__shfl_up", "__shfl_down", "__shfl_xor"};
  for (int K = Idx; K <= Xor; ++K)
    for (int Width = 1; Width <= static_cast<int>(WaveSize); Width *= 2)
      for (int Operand : {0, 1, 3, Width / 2, Width - 1}) {
        if (Operand < 0 || Operand >= Width) continue;
        ASSERT_EQ(hipMemset(D, 0xff, Threads * sizeof(int)), hipSuccess);
        ASSERT_EQ(hipLaunchKernelGGL(shuffleAll, 1, Threads, 0, 0, D, K, Operand, Width),
                  hipSuccess);
        const std::vector<int> H = hostCopy(D, Threads);
        for (unsigned L = 0; L < Threads; ++L) {
          const int WaveFirst = static_cast<int>(L / WaveSize * WaveSize);
          const int Src = WaveFirst + expectedSource(static_cast<Kind>(K),
                                                     static_cast<int>(L) - WaveFirst,
                                                     Operand, Width);
          if (Src >= static_cast<int>(Threads)) continue; // a lane that does not exist
          ASSERT_EQ(H[L], Src * 10 + 7)
              << Names[K] << " operand " << Operand << " width " << Width << " wave "
              << WaveSize << " lane " << L << " of " << Threads;
        }
      }
  // Lanes of the partial wave that read a lane past the block read an inactive lane:
  // reported as such (and nothing else).
  if (Threads % WaveSize == 0)
    EXPECT_EQ(wavesan::reportCount(), 0u);
  else
    EXPECT_EQ(wavesan::reportCount(), wavesan::reportCount(wavesan::ReportKind::InactiveLaneRead));
  hipFree(D);
}

TEST_F(Emu, ShuffleResultsFullWaves64) { sweep(64, 128); }
TEST_F(Emu, ShuffleResultsFullWaves32) { sweep(32, 96); }
TEST_F(Emu, ShuffleResultsPartialLastWave) {
  sweep(64, 64 + 48);
  EXPECT_GT(wavesan::reportCount(wavesan::ReportKind::InactiveLaneRead), 0u);
}

// A few values written out by hand (wave 64), so that the sweep's formula is pinned too.
TEST_F(Emu, ShuffleResultsSpotChecks) {
  int *D = nullptr;
  ASSERT_EQ(hipMalloc(&D, 64 * sizeof(int)), hipSuccess);
  ASSERT_EQ(hipLaunchKernelGGL(shuffleAll, 1, 64, 0, 0, D, int(Up), 3, 8), hipSuccess);
  auto H = hostCopy(D, 64);
  EXPECT_EQ(H[5], 27);   // lane 5 reads lane 2
  EXPECT_EQ(H[9], 97);   // lane 9 is 1 into its 8-lane segment: keeps its own value
  ASSERT_EQ(hipLaunchKernelGGL(shuffleAll, 1, 64, 0, 0, D, int(Down), 32, 64), hipSuccess);
  H = hostCopy(D, 64);
  EXPECT_EQ(H[0], 327);  // lane 0 reads lane 32
  EXPECT_EQ(H[40], 407); // lane 40 + 32 leaves the wave: own value
  ASSERT_EQ(hipLaunchKernelGGL(shuffleAll, 1, 64, 0, 0, D, int(Xor), 5, 16), hipSuccess);
  H = hostCopy(D, 64);
  EXPECT_EQ(H[18], 237); // 18 ^ 5 = 23
  ASSERT_EQ(hipLaunchKernelGGL(shuffleAll, 1, 64, 0, 0, D, int(Idx), 7, 16), hipSuccess);
  H = hostCopy(D, 64);
  EXPECT_EQ(H[50], 557); // segment 48-63, its lane 7 is lane 55
  hipFree(D);
}

} // namespace
