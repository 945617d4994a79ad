//===--- EmuLaunchTest.cpp - bounds of launches and of the engine's setters -===//
///
/// \file
/// Part of emu_test: grids HIP refuses (a dimension over maxGridSize, grid x block
/// over 2^32 - 1 in a dimension, more than 2^64 - 1 blocks) fail with
/// hipErrorInvalidConfiguration and a grid-too-large report, without running the
/// kernel; setWorkers and setKernelTimeout refuse values past the bounds of their
/// options (workers, kernel_timeout_s) as setWaveSize does (exit status 2 naming the
/// value and the bound; run in forked children, which launch nothing).
///
//===----------------------------------------------------------------------===//
#include "EmuTest.h"
#include "ReportChild.h"

#include <hip/hip_runtime.h>

#include "wavesan/report.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>

namespace {

using namespace emu_test;
using wavesan::test::ChildResult;
using wavesan::test::runInChild;

std::atomic<int> Ran{0};
__global__ void countRuns() {
  if (threadIdx.x == 0)
    Ran.fetch_add(1);
}

/// Launches countRuns on \p Grid x \p Block and expects it refused with
/// hipErrorInvalidConfiguration, one grid-too-large report whose details contain \p Why,
/// and no block run.
void expectRefused(dim3 Grid, dim3 Block, const std::string &Why) {
  wavesan::resetReports();
  Ran = 0;
  testing::internal::CaptureStderr();
  EXPECT_EQ(hipLaunchKernelGGL(countRuns, Grid, Block, 0, 0), hipErrorInvalidConfiguration);
  const std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidConfiguration);
  EXPECT_EQ(hipDeviceSynchronize(), hipSuccess) << "a launch error, not an execution error";
  EXPECT_EQ(Ran.load(), 0);
  EXPECT_EQ(wavesan::reportCount(wavesan::ReportKind::GridTooLarge), 1u) << Err;
  EXPECT_NE(Err.find("ERROR: wavesan: grid-too-large in kernel countRuns\n  " + Why +
                     "; the launch fails with hipErrorInvalidConfiguration\n"),
            std::string::npos)
      << Err;
  EXPECT_NE(Err.find("\nSUMMARY: wavesan: grid-too-large "), std::string::npos) << Err;
}

// 2^31 x 2^31 x 4 blocks = 2^64: the count wrapped to 0, and the launch returned
// hipSuccess without running a block. (2^31 is also over maxGridSize, which says so first.)
// (2^31 - 1)^2 x 5 blocks fits maxGridSize but not 64 bits (about 2^64.3): the wrapped count
// was about 2^62 blocks; the watchdog bound keeps that from running for long.
TEST_F(Emu, GridWhoseBlockCountOverflows64BitsIsRefused) {
  wavesan::setKernelTimeout(2);
  expectRefused(dim3(2147483648u, 2147483648u, 4), dim3(1),
                "grid (2147483648, 2147483648, 4) of blocks (1, 1, 1): gridDim.x 2147483648 "
                "exceeds maxGridSize[0] = 2147483647 of gfx942");
  expectRefused(dim3(2147483647u, 2147483647u, 5), dim3(1),
                "grid (2147483647, 2147483647, 5) of blocks (1, 1, 1): the grid has more than "
                "2^64 - 1 blocks (gridDim.x x gridDim.y x gridDim.z overflows 64 bits)");
}

TEST_F(Emu, GridDimensionOverMaxGridSizeIsRefused) {
  hipDeviceProp_t P;
  ASSERT_EQ(hipGetDeviceProperties(&P, 0), hipSuccess);
  EXPECT_EQ(P.maxGridSize[0], 2147483647);
  EXPECT_EQ(P.maxGridSize[1], 2147483647);
  EXPECT_EQ(P.maxGridSize[2], 2147483647);
  expectRefused(dim3(2147483648u), dim3(1),
                "grid (2147483648, 1, 1) of blocks (1, 1, 1): gridDim.x 2147483648 exceeds "
                "maxGridSize[0] = 2147483647 of gfx942");
  expectRefused(dim3(1, 1, 4294967295u), dim3(1),
                "grid (1, 1, 4294967295) of blocks (1, 1, 1): gridDim.z 4294967295 exceeds "
                "maxGridSize[2] = 2147483647 of gfx942");
}

// HIP's hipLaunchKernel: gridDim.d * blockDim.d above UINT32_MAX is
// hipErrorInvalidConfiguration. 2^24 x 256 = 2^32 work items in x: one too many.
TEST_F(Emu, GridTimesBlockOver32BitsIsRefused) {
  expectRefused(dim3(16777216), dim3(256),
                "grid (16777216, 1, 1) of blocks (256, 1, 1): gridDim.x x blockDim.x = "
                "4294967296 work items exceeds 4294967295 (2^32 - 1), the most HIP launches in "
                "one dimension");
  expectRefused(dim3(1, 4194304, 1), dim3(1, 1024, 1),
                "grid (1, 4194304, 1) of blocks (1, 1024, 1): gridDim.y x blockDim.y = "
                "4294967296 work items exceeds 4294967295 (2^32 - 1), the most HIP launches in "
                "one dimension");
}

// 5000 threads threw std::system_error (abort) when the launch started them; 1e10 s
// overflowed the watchdog's wait, so every launch timed out at once.
TEST_F(Emu, SetWorkersAndSetKernelTimeoutAreBounded) {
  ChildResult R = runInChild(nullptr, [] {
    wavesan::setWorkers(1024);
    wavesan::setWorkers(0);
    wavesan::setWorkers(5000);
    _exit(12);
  });
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Err, "wavesan: bad worker count 5000 passed to setWorkers: expected 0 to 1024 "
                   "(0: the option workers)\n");
  R = runInChild(nullptr, [] {
    wavesan::setKernelTimeout(1e6);
    wavesan::setKernelTimeout(-1);
    wavesan::setKernelTimeout(1e10);
    _exit(12);
  });
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Err, "wavesan: bad kernel timeout 10000000000 passed to setKernelTimeout: "
                   "expected at most 1000000 seconds (0 disables the watchdog, a negative "
                   "value goes back to the option)\n");
}

} // namespace
