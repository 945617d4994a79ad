//===- NumericDeviceTest.cpp - numeric.h compiles as gfx942 device code ---===//
//
// Compiles testdata/numeric/numeric_device.hip (a kernel calling every WAVESAN_HD codec)
// with clang-22 for gfx942 (`--cuda-device-only -S -nogpulib`; Debian has no gfx942 device libraries)
// and checks the assembly. Skips when clang++-22 was not found at configure time.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct RunResult { int Status; std::string Output; };

RunResult run(const std::string &Command) {
  RunResult R{-1, {}};
  FILE *P = popen((Command + " 2>&1").c_str(), "r");
  if (!P)
    return R;
  char Buf[4096];
  size_t N;
  while ((N = fread(Buf, 1, sizeof Buf, P)) > 0)
    R.Output.append(Buf, N);
  const int W = pclose(P);
  R.Status = WIFEXITED(W) ? WEXITSTATUS(W) : -1;
  return R;
}

/// Device-only compile of the test kernel at optimisation level \p Opt; skips the calling
/// test when clang++-22 is missing.
RunResult compileForGfx942(const char *Opt) {
  const std::string Clang = WAVESAN_CLANGXX_22;
  const std::string Cmd = Clang +
                          " -x hip -std=c++20 --cuda-device-only -nogpulib --offload-arch=gfx942"
                          " -D__AMDGCN_WAVEFRONT_SIZE=64 " + Opt +
                          // -iquote: "wavesan/numeric.h" from the tree, while <hip/...> stays
                          // the system's HIP headers (not the emulator's stand-in).
                          " -iquote " WAVESAN_SOURCE_DIR "/sanitizer/include -S -o - " +
                          WAVESAN_TESTDATA_DIR "/numeric/numeric_device.hip";
  return run(Cmd);
}

bool haveClang22() {
  const std::string Clang = WAVESAN_CLANGXX_22;
  return !Clang.empty() && access(Clang.c_str(), X_OK) == 0;
}

constexpr const char *KernelSymbol = "_Z26wavesanNumericDeviceKernelPKhPKtPKfPfPhPtPb";

TEST(NumericDevice, EveryCodecIsEmittedForGfx942AtO0) {
  if (!haveClang22())
    GTEST_SKIP() << "clang++-22 not found at configure time: cannot compile for gfx942";
  const RunResult R = compileForGfx942("-O0");
  ASSERT_EQ(R.Status, 0) << R.Output;
  EXPECT_NE(R.Output.find(std::string(KernelSymbol) + ":"), std::string::npos);
  EXPECT_NE(R.Output.find(".amdgcn_target \"amdgcn-amd-amdhsa--gfx942"), std::string::npos);
  EXPECT_NE(R.Output.find(".wavefront_size: 64"), std::string::npos);
  // At -O0 each called function is a device function of its own: its (Itanium-mangled)
  // name labels device code, proving the host+device qualifier reached it.
  for (const char *Fn : {"7wavesan9decodeFp8Eh", "7wavesan9encodeFp8Ef", "7wavesan12fp8OcpToFnuzEh",
                         "7wavesan10decodeBf16Et", "7wavesan10encodeBf16Ef",
                         "7wavesan10decodeFp16Et", "7wavesan10encodeFp16Ef",
                         "7wavesan12fp8MaxFinite", "7wavesan8fp8IsNanEh", "7wavesan8fp8IsInfEh",
                         "7wavesan9fp8IsFnuz"})
    EXPECT_NE(R.Output.find(Fn), std::string::npos) << Fn << " not in the gfx942 assembly";
}

TEST(NumericDevice, OptimisedKernelHasNoCallsLeft) {
  if (!haveClang22())
    GTEST_SKIP() << "clang++-22 not found at configure time: cannot compile for gfx942";
  const RunResult R = compileForGfx942("-O2");
  ASSERT_EQ(R.Status, 0) << R.Output;
  EXPECT_NE(R.Output.find(".amdhsa_kernel " + std::string(KernelSymbol)), std::string::npos);
  // Everything inlines into the kernel: no call (s_swappc_b64) to a libm or host function.
  EXPECT_EQ(R.Output.find("s_swappc_b64"), std::string::npos) << R.Output;
  EXPECT_EQ(R.Output.find("warning"), std::string::npos) << R.Output;
}

}  // namespace
