//===--- ReferenceIsaTest.cpp - the reference kernels compiled for gfx942 --===//
//
// Compiles sanitizer/src/reference/kernels/kernels.hip for gfx942 with clang-22 (device only, to
// assembly: Debian has no gfx942 device libraries) and checks the ISA: every
// kernel is wave64 (`.wavefront_size: 64` in its metadata) and the bf16, fp16 and fp8
// GEMMs use the matrix cores (v_mfma_f32_16x16x16_bf16, ..._f16, ..._16x16x32_fp8_fp8).
// Skips when clang++-22 is not installed.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <unistd.h>

namespace {

const char *const Kernels[] = {
    "wavesan_reduce_wave_i32_f32",  "wavesan_reduce_block_i32_f32", "wavesan_reduce_wave_i32_f64",
    "wavesan_reduce_block_i32_f64", "wavesan_reduce_wave_f32_f32",  "wavesan_reduce_block_f32_f32",
    "wavesan_reduce_wave_f32_f64",  "wavesan_reduce_block_f32_f64", "wavesan_reduce_wave_f64_f32",
    "wavesan_reduce_block_f64_f32", "wavesan_reduce_wave_f64_f64",  "wavesan_reduce_block_f64_f64",
    "wavesan_gemm_generic",         "wavesan_gemm_bf16",            "wavesan_gemm_f16",
    "wavesan_gemm_fp8"};

/// The assembly of kernels.hip for gfx942, compiled once; "" and Why set when it failed.
struct Assembly {
  bool HaveClang = false;
  std::string Text, Why;
};

const Assembly &assembly() {
  static const Assembly A = [] {
    Assembly R;
    R.HaveClang = std::system("command -v clang++-22 >/dev/null 2>&1") == 0;
    if (!R.HaveClang)
      return R;
    const std::string Src = WAVESAN_SOURCE_DIR;
    const std::string Out = testing::TempDir() + "wavesan_reference_" + std::to_string(getpid()) + ".s";
    const std::string Cmd = "clang++-22 -x hip --cuda-device-only -nogpulib --offload-arch=gfx942 "
                            "-D__AMDGCN_WAVEFRONT_SIZE=64 -O3 -std=c++20 -iquote " + Src +
                            "/sanitizer/include -iquote " + Src + "/checker/include -S " + Src +
                            "/sanitizer/src/reference/kernels/kernels.hip -o " + Out + " 2>&1";
    FILE *P = popen(Cmd.c_str(), "r");
    std::string Log;
    char Buf[4096];
    size_t Got;
    while (P && (Got = fread(Buf, 1, sizeof Buf, P)) > 0)
      Log.append(Buf, Got);
    const int Status = P ? pclose(P) : -1;
    if (Status != 0) {
      R.Why = "compile failed (" + Cmd + "):\n" + Log;
      return R;
    }
    std::ifstream In(Out);
    std::stringstream SS;
    SS << In.rdbuf();
    R.Text = SS.str();
    std::remove(Out.c_str());
    return R;
  }();
  return A;
}

/// The text of each kernel's function body: from "<name>:" to ".Lfunc_end".
std::map<std::string, std::string> bodies(const std::string &Asm) {
  std::map<std::string, std::string> R;
  for (const char *K : Kernels) {
    const size_t B = Asm.find(std::string("\n") + K + ":");
    if (B == std::string::npos)
      continue;
    const size_t E = Asm.find(".Lfunc_end", B);
    R[K] = Asm.substr(B, E == std::string::npos ? std::string::npos : E - B);
  }
  return R;
}

#define REQUIRE_ASSEMBLY()                                                                 \
  if (!assembly().HaveClang)                                                               \
    GTEST_SKIP() << "clang++-22 not installed (Debian: apt-get install clang-22)";         \
  ASSERT_FALSE(assembly().Text.empty()) << assembly().Why

TEST(ReferenceIsa, EveryKernelIsWave64) {
  REQUIRE_ASSEMBLY();
  const std::string &Asm = assembly().Text;
  // Kernel descriptors in the amdhsa metadata: one ".name: <kernel>" and one
  // ".wavefront_size: 64" per kernel, in the same map entry.
  for (const char *K : Kernels) {
    // ".name:" then spaces then the kernel name at the end of the line.
    size_t NamePos = std::string::npos;
    for (size_t P = Asm.find(".name:"); P != std::string::npos; P = Asm.find(".name:", P + 1)) {
      const size_t V = Asm.find_first_not_of(' ', P + 6);
      if (Asm.compare(V, std::strlen(K) + 1, std::string(K) + "\n") == 0) {
        NamePos = P;
        break;
      }
    }
    ASSERT_NE(NamePos, std::string::npos) << "no metadata entry for " << K;
    // The entry is the "  - " list item around the name.
    const size_t ItemStart = Asm.rfind("\n  - ", NamePos);
    const size_t NextItem = Asm.find("\n  - ", NamePos);
    const std::string Item = Asm.substr(ItemStart, NextItem - ItemStart);
    EXPECT_NE(Item.find(".wavefront_size: 64"), std::string::npos) << K << ":\n" << Item;
  }
  EXPECT_EQ(Asm.find(".wavefront_size: 32"), std::string::npos);
}

TEST(ReferenceIsa, MatrixCoreGemmsUseMfma) {
  REQUIRE_ASSEMBLY();
  const auto B = bodies(assembly().Text);
  ASSERT_EQ(B.size(), std::size(Kernels)) << "some kernels are missing from the assembly";
  EXPECT_NE(B.at("wavesan_gemm_bf16").find("v_mfma_f32_16x16x16_bf16"), std::string::npos);
  EXPECT_NE(B.at("wavesan_gemm_f16").find("v_mfma_f32_16x16x16_f16"), std::string::npos);
  const std::string &Fp8 = B.at("wavesan_gemm_fp8");
  for (const char *I : {"v_mfma_f32_16x16x32_fp8_fp8", "v_mfma_f32_16x16x32_fp8_bf8",
                        "v_mfma_f32_16x16x32_bf8_fp8", "v_mfma_f32_16x16x32_bf8_bf8"})
    EXPECT_NE(Fp8.find(I), std::string::npos) << I;
  // The portable kernels have none (a check that the search can fail).
  EXPECT_EQ(B.at("wavesan_gemm_generic").find("v_mfma"), std::string::npos);
  EXPECT_EQ(B.at("wavesan_reduce_block_f32_f64").find("v_mfma"), std::string::npos);
}

// The ladder is 64-lane on gfx942: HIP's __shfl_down compiles to ds_bpermute_b32, and a
// ladder from warpSize / 2 = 32 down to 1 is six of them for a 32-bit accumulator (a
// ladder starting at 16, the wave32 port bug, would be five).
TEST(ReferenceIsa, WaveLadderHasSixSteps) {
  REQUIRE_ASSEMBLY();
  const auto B = bodies(assembly().Text);
  const std::string &Body = B.at("wavesan_reduce_wave_f32_f32");
  size_t Count = 0;
  for (size_t P = Body.find("ds_bpermute_b32"); P != std::string::npos;
       P = Body.find("ds_bpermute_b32", P + 1))
    ++Count;
  EXPECT_EQ(Count, 6u) << Body;
}

} // namespace
