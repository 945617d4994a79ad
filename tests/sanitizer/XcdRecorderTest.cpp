//===--- XcdRecorderTest.cpp - wavesan::TileRecorder on the emulator -------===//
//
// A small tiled GEMM kernel (C = A * B, float, 128 x 128 x 32, 16 x 16 output tiles, one
// tile per workgroup: 8 x 8 = 64 workgroups) run on the emulator under a TileRecorder,
// once with the row-major program-id mapping and once with the XCD remap applied to
// the id first. The recorded orders are checked against values worked out by hand.
//
//===----------------------------------------------------------------------===//
#include <hip/hip_runtime.h>

#include "wavecheck/xcd_remap.h"
#include "wavesan/tile_recorder.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace {

constexpr int Dim = 128, KDim = 32, Tile = 16, TilesN = Dim / Tile;

// Workgroup blockIdx.x computes output tile pid (row-major: tile row pid / TilesN, tile
// column pid % TilesN), with pid remapped for the XCDs first when Remap is set.
__global__ void tiledGemm(const float *A, const float *B, float *C, int Remap) {
  unsigned Pid = blockIdx.x;
  if (Remap)
    Pid = remap_pid_for_xcds(Pid, static_cast<unsigned>(gridDim.x));
  const int Row = static_cast<int>(Pid / TilesN) * Tile + static_cast<int>(threadIdx.y);
  const int Col = static_cast<int>(Pid % TilesN) * Tile + static_cast<int>(threadIdx.x);
  float Acc = 0;
  for (int K = 0; K < KDim; ++K)
    Acc += A[Row * KDim + K] * B[K * Dim + Col];
  C[Row * Dim + Col] = Acc;
}

// A kernel with two tiles per workgroup (a persistent-style loop): workgroup p writes
// tiles 2p and 2p + 1 with ones.
__global__ void twoTilesPerWorkgroup(float *C) {
  for (unsigned T = 2 * blockIdx.x; T < 2 * blockIdx.x + 2; ++T)
    C[((T / TilesN) * Tile + threadIdx.y) * Dim + (T % TilesN) * Tile + threadIdx.x] = 1.0f;
}

struct Buffers {
  Buffers() {
    std::vector<float> HA(Dim * KDim), HB(KDim * Dim);
    for (size_t I = 0; I < HA.size(); ++I)
      HA[I] = float(I % 7) - 3.0f;
    for (size_t I = 0; I < HB.size(); ++I)
      HB[I] = float(I % 5) - 2.0f;
    EXPECT_EQ(hipMalloc(&A, HA.size() * sizeof(float)), hipSuccess);
    EXPECT_EQ(hipMalloc(&B, HB.size() * sizeof(float)), hipSuccess);
    EXPECT_EQ(hipMalloc(&C, Dim * Dim * sizeof(float)), hipSuccess);
    hipMemcpy(A, HA.data(), HA.size() * sizeof(float), hipMemcpyHostToDevice);
    hipMemcpy(B, HB.data(), HB.size() * sizeof(float), hipMemcpyHostToDevice);
  }
  ~Buffers() {
    hipFree(A);
    hipFree(B);
    hipFree(C);
  }
  float *A = nullptr, *B = nullptr, *C = nullptr;
};

wavesan::xcd::TileOrder record(int Remap) {
  Buffers Buf;
  wavesan::QuietLaunchNotes Quiet; // 64 blocks < 304 CUs: not the point here
  wavesan::TileRecorder Rec(Buf.C, Dim, Dim, sizeof(float), Tile, Tile);
  EXPECT_EQ(hipLaunchKernelGGL(tiledGemm, dim3(TilesN * TilesN), dim3(Tile, Tile), 0, 0, Buf.A,
                               Buf.B, Buf.C, Remap),
            hipSuccess);
  EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
  // The kernel computed the right thing: C[0][0] = sum_k A[0][k] B[k][0], with
  // A[0][k] = k % 7 - 3 and B[k][0] = (128 k) % 5 - 2 (the fills above), summed here.
  float Expect = 0;
  for (int K = 0; K < KDim; ++K)
    Expect += float(K % 7 - 3) * float((K * Dim) % 5 - 2);
  float C00 = 0;
  hipMemcpy(&C00, Buf.C, sizeof(float), hipMemcpyDeviceToHost);
  EXPECT_EQ(C00, Expect);
  return Rec.order();
}

} // namespace

// Row-major mapping: workgroup p wrote tile p.
TEST(XcdRecorder, RowMajorKernel) {
  const wavesan::xcd::TileOrder O = record(0);
  ASSERT_EQ(O.size(), 64u);
  for (uint32_t P = 0; P < 64; ++P)
    EXPECT_EQ(O[P], P) << "workgroup " << P;
}

// Remapped (64 workgroups, 8 XCDs: per_xcd = 8): workgroup p wrote tile (p % 8) * 8 + p / 8.
// By hand: p 1 -> 8, 2 -> 16, 7 -> 56, 8 -> 1, 9 -> 9, 10 -> 17, 62 -> 55, 63 -> 63: the
// workgroups of XCD 0 (p = 0, 8, ..., 56) wrote tiles 0..7, tile row 0.
TEST(XcdRecorder, RemappedKernel) {
  const wavesan::xcd::TileOrder O = record(1);
  ASSERT_EQ(O.size(), 64u);
  const std::pair<uint32_t, uint32_t> ByHand[] = {{0, 0},  {1, 8},  {2, 16},  {7, 56}, {8, 1},
                                                  {9, 9},  {10, 17}, {62, 55}, {63, 63}};
  for (auto [P, T] : ByHand)
    EXPECT_EQ(O[P], T) << "workgroup " << P;
  for (uint32_t I = 0; I < 8; ++I)
    EXPECT_EQ(O[8 * I], I) << "XCD 0's workgroup " << 8 * I;

  // The model on the recorded order: the same as the row-major order remapped.
  wavesan::xcd::GemmShape S;
  S.M = S.N = Dim;
  S.K = KDim;
  S.TileM = S.TileN = Tile;
  S.KStep = 8;
  S.ElemBytes = 4;
  const wavesan::xcd::XcdConfig C;
  EXPECT_EQ(wavesan::xcd::simulate(S, C, O, "recorded").Total.BytesFetched,
            wavesan::xcd::compareOrders(S, C, {}, "", 0)[1].Total.BytesFetched);
}

TEST(XcdRecorder, SeveralTilesPerWorkgroupIsNamed) {
  Buffers Buf;
  wavesan::QuietLaunchNotes Quiet;
  wavesan::TileRecorder Rec(Buf.C, Dim, Dim, sizeof(float), Tile, Tile);
  ASSERT_EQ(hipLaunchKernelGGL(twoTilesPerWorkgroup, dim3(32), dim3(Tile, Tile), 0, 0, Buf.C),
            hipSuccess);
  ASSERT_EQ(Rec.tilesOfBlock().size(), 32u);
  EXPECT_EQ(Rec.tilesOfBlock()[0], (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(Rec.tilesOfBlock()[31], (std::vector<uint32_t>{62, 63}));
  try {
    Rec.order();
    FAIL() << "expected std::runtime_error";
  } catch (const std::runtime_error &E) {
    EXPECT_NE(std::string(E.what()).find("block 0 wrote 2 output tiles"), std::string::npos)
        << E.what();
  }
}

TEST(XcdRecorder, BadArgumentsAndOneAtATime) {
  float Buf[4];
  EXPECT_THROW(wavesan::TileRecorder(Buf, 2, 2, 4, 0, 1), std::invalid_argument);
  EXPECT_THROW(wavesan::TileRecorder(Buf, 2, 2, 4, 1, 1, 1), std::invalid_argument);
  wavesan::TileRecorder First(Buf, 2, 2, 4, 1, 1);
  EXPECT_THROW(wavesan::TileRecorder(Buf, 2, 2, 4, 1, 1), std::invalid_argument);
  EXPECT_THROW(First.order(), std::runtime_error); // no block ran
}
