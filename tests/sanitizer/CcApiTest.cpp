//===- CcApiTest.cpp - the HIP API of wavesan's emulator, through wavesan-cc -===//
///
/// Builds the programs of testdata/wavesan-cc/api/ with build/bin/wavesan-cc, runs them
/// and compares their output with values worked out by hand (the comments of each
/// program say how): vector types, __half/__hip_bfloat16, cooperative groups, symbols
/// and memory calls, device attributes, device math, template-kernel launches and
/// warpSize; and headers the emulator does not provide stop the build with a message
/// naming them.
///
//===----------------------------------------------------------------------===//

#include "CcHarness.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace {

const std::string Cc = WAVESAN_CC;
const std::string Data = std::string(WAVESAN_TESTDATA_DIR) + "/wavesan-cc/api";

using Result = wavesan::test::CcResult;

/// A fresh directory per test; every command runs in it.
class CcApiTest : public wavesan::test::CcDirTest {
protected:
  /// Builds testdata/wavesan-cc/api/<Name>.hip and runs it (with \p Env before it).
  Result buildAndRun(const std::string &Name, const std::string &Env = "") {
    return CcDirTest::buildAndRun(Data + "/" + Name + ".hip", Name, "-O1", Env);
  }
  /// Builds and runs testdata/wavesan-cc/api/<Name>.hip: it exits 0 and prints exactly
  /// \p Expected. Returns the run, for what a test checks besides.
  Result expectPrints(const std::string &Name, const std::string &Expected) {
    Result R = buildAndRun(Name);
    EXPECT_EQ(R.Status, 0) << R.Err;
    EXPECT_EQ(R.Out, Expected);
    return R;
  }
};

TEST_F(CcApiTest, VectorTypes) {
  expectPrints("vector_types", "out[0] 1 2 3 3.5 bits 1 2 4 1\n"
                               "out[3] 7 8 9 9.5 bits 2 2 4 1\n"
                               "out[63] 127 128 129 129.5 bits 2 2 4 1\n"
                               "q 1.5 5 eq 1 ne 1 u 4 13 d 2.5 5 k 0 3 -2 c[2] 3\n");
}

TEST_F(CcApiTest, HalfAndBfloat16) {
  expectPrints("half",
               "bits 3c00 7bff 7c00 0001 2e66 c000\n"
               "third rn 3555 rz 3555 rd 3555 ru 3556; -third rd b556 ru b555\n"
               "1e6 rz 7bff; -1e-10 rd 8001 ru 8000\n"
               "int rn(2.5) 2 rn(3.5) 4 ru(2.25) 3 rd(-2.25) -3 rz(-2.75) -2; int2half(7) 7\n"
               "fma 3.25 sat 1 0 heq 1 hlt 0 heq2 1 0 hbeq2 1 max 2 abs 0.25\n"
               "hmul2 2.25 4 hsqrt(2.25) 1.5\n"
               "bf16 3f80 4049 3f80 3f82 back 3.14062 sum 1.75\n"
               "kernel 2 5 63 pair 2.5 3.5\n");
}

TEST_F(CcApiTest, CooperativeGroups) {
  Result R = expectPrints("coop_groups",
                          "sum16 120 376 3960 sum64 2016 6112 10208 14304\n"
                          "ballot 7 any/all 10 dyn 628 size+shfl 67256 coalesced 200514\n"
                          "cooperative 0 seen 6 6 6\n"
                          "too large 720\n");
  // The coalesced group lives in a divergent branch: no partial-wave report.
  EXPECT_EQ(R.Err.find("wavesan:"), std::string::npos) << R.Err;
}

// A grid sync outside a cooperative launch is reported, once, and the kernel finishes.
TEST_F(CcApiTest, GridSyncWithoutCooperativeLaunchIsReported) {
  std::ofstream(Dir + "/grid.hip") << R"(#include <hip/hip_cooperative_groups.h>
#include <cstdio>
__global__ void step(int *x) {
  cooperative_groups::this_grid().sync();
  if (threadIdx.x == 0) atomicAdd(x, 1);
}
int main() {
  int *x; hipMallocManaged(&x, sizeof(int)); *x = 0;
  hipLaunchKernelGGL(step, dim3(3), dim3(64), 0, 0, x);
  hipDeviceSynchronize();
  std::printf("%d\n", *x);
}
)";
  Result R = CcDirTest::buildAndRun("grid.hip", "grid");
  EXPECT_EQ(R.Out, "3\n");
  EXPECT_NE(R.Err.find("ERROR: wavesan: grid-sync-invalid in kernel step"), std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("at grid.hip:4 in step"), std::string::npos) << R.Err;
  EXPECT_EQ(R.Status, 1); // fail_at_exit: an error report makes the exit status 1
}

TEST_F(CcApiTest, MemoryAndDevice) {
  expectPrints("memory_and_device",
               "symbols 0 0 0 1 kernel 10 20 70 40 back 7 size 16 addr 1\n"
               "memset 44 11 44 cd ab 5a\n"
               "2d pitch 256 row2 ko bad 12 abcdefghijklmno\n"
               "host 1 async 0 0 null 1\n"
               "meminfo total 206158430208 free<=total 1\n"
               "attrs 64 1024 304 65536 2100000 9 4 1024 1 dev1 101\n"
               "heap 1048576 init 0 1 flags 0 1 version 1 1 funcattr 0 1 elapsed 400\n");
}

TEST_F(CcApiTest, DeviceMath) {
  expectPrints("device_math",
               "casts 3f800000 3.14159274 80000000 inf 3ff00000 0 2 c000000000000000\n"
               "int 3 -1 5 55441100 80000000 3158 2330 1\n"
               "float 1 0.2 0.5 -1 0 0 7 3.125 42\n"
               "misc 32 1 10 43\n");
}

TEST_F(CcApiTest, LaunchAndWarpSize) {
  const std::string Common = "fill 0.5 99.5 1049 0 scaled 0 765 0 align 16\n";
  expectPrints("launch_and_warpsize", Common + "warpSize run 64 shift 6 constant 64 wide 1\n");
  // Emulating wave32: the run-time value follows (a const copy too), the target's
  // constant __AMDGCN_WAVEFRONT_SIZE stays 64.
  Result R32 = run("WAVESAN_OPTIONS=wave_size=32 ./launch_and_warpsize");
  EXPECT_EQ(R32.Status, 0) << R32.Err;
  EXPECT_EQ(R32.Out, Common + "warpSize run 32 shift 5 constant 64 wide 1\n");
}

TEST_F(CcApiTest, RuntimeCompilationBuildsAndSaysWhyItCannotCompile) {
  expectPrints("runtime_compilation",
               "create 0 compile HIPRTC_ERROR_COMPILATION\n"
               "log wavesan: 'k.cu' not compiled: wavesan's CPU emulator runs the kernels "
               "compiled with the program and cannot compile or load GPU code at run time "
               "(hiprtc, modules)\n"
               "load 801 unload 0 context 0 destroy 0\n"
               "callback 1 host function 11\n");
}

TEST_F(CcApiTest, UnprovidedHeadersAreNamed) {
  Result Rtc = run(Cc + " -c " + Data + "/unsupported_header.hip -o u.o");
  EXPECT_NE(Rtc.Status, 0);
  EXPECT_NE(Rtc.Err.find("<hip/texture_types.h> is not provided by wavesan's CPU emulator"),
            std::string::npos)
      << Rtc.Err;
  Result Lib = run(Cc + " -c " + Data + "/unsupported_library.hip -o l.o");
  EXPECT_NE(Lib.Status, 0);
  EXPECT_NE(Lib.Err.find("<hipcub/hipcub.hpp> (hipCUB) is not provided"), std::string::npos)
      << Lib.Err;
  // Not the system HIP installation's own errors.
  EXPECT_EQ(Lib.Err.find("/usr/include/hip"), std::string::npos) << Lib.Err;
}

} // namespace
