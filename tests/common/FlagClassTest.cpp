//===--- FlagClassTest.cpp - <wavecommon/flags.h> --------------------------===//
///
/// The flag classifier wavecheck and wavesan-cc share. Expected classes are
/// written by hand from the nvcc command-line reference and clang's HIP
/// options: nvcc's spellings are dropped for both tools; clang's GPU-compile
/// flags only for the host compiler; the offload architecture is read, with
/// the value in the next argument or after '='.
///
//===----------------------------------------------------------------------===//
#include <wavecommon/flags.h>

#include <gtest/gtest.h>

namespace {

using wavecommon::classifyFlag;
using wavecommon::FlagKind;
using wavecommon::FlagTool;

TEST(CommonFlags, NvccFlagsAreGpuOnlyForBothTools) {
  for (FlagTool Tool : {FlagTool::Clang, FlagTool::Host}) {
    const auto G = classifyFlag("-gencode", Tool);
    EXPECT_EQ(G.Kind, FlagKind::GpuOnly);
    EXPECT_TRUE(G.TakesValue);
    const auto J = classifyFlag("-gencode=arch=compute_80,code=sm_80", Tool);
    EXPECT_EQ(J.Kind, FlagKind::GpuOnly);
    EXPECT_FALSE(J.TakesValue);
    EXPECT_EQ(classifyFlag("--expt-relaxed-constexpr", Tool).Kind, FlagKind::GpuOnly);
    EXPECT_FALSE(classifyFlag("--expt-relaxed-constexpr", Tool).TakesValue);
    EXPECT_EQ(classifyFlag("-arch=sm_80", Tool).Kind, FlagKind::GpuOnly);
    EXPECT_EQ(classifyFlag("-Xptxas", Tool).Kind, FlagKind::GpuOnly);
  }
}

TEST(CommonFlags, ClangGpuFlagsAreKeptForClangDroppedForTheHostCompiler) {
  for (const char *F : {"-fgpu-rdc", "-nogpulib", "-mwavefrontsize64", "--rocm-path=/opt/rocm",
                        "-munsafe-fp-atomics"}) {
    EXPECT_EQ(classifyFlag(F, FlagTool::Clang).Kind, FlagKind::Other) << F;
    EXPECT_EQ(classifyFlag(F, FlagTool::Host).Kind, FlagKind::GpuOnly) << F;
  }
}

TEST(CommonFlags, PassThroughFlagsDifferByTool) {
  // wavesan-cc expands -Xcompiler and links with -Xlinker; clang knows neither
  // as nvcc writes them.
  EXPECT_EQ(classifyFlag("-Xcompiler", FlagTool::Clang).Kind, FlagKind::GpuOnly);
  EXPECT_EQ(classifyFlag("-Xcompiler", FlagTool::Host).Kind, FlagKind::Other);
  EXPECT_EQ(classifyFlag("-Xlinker", FlagTool::Clang).Kind, FlagKind::GpuOnly);
  EXPECT_EQ(classifyFlag("-Xlinker", FlagTool::Host).Kind, FlagKind::Other);
  // nvcc's separate "-arch sm_80": clang's driver drops it, wavesan-cc only the joined form.
  EXPECT_TRUE(classifyFlag("-arch", FlagTool::Clang).TakesValue);
  EXPECT_EQ(classifyFlag("-arch", FlagTool::Host).Kind, FlagKind::Other);
}

TEST(CommonFlags, OffloadArchReadsJoinedAndSeparateValues) {
  const auto J = classifyFlag("--offload-arch=gfx942:xnack+", FlagTool::Host);
  EXPECT_EQ(J.Kind, FlagKind::Arch);
  EXPECT_FALSE(J.TakesValue);
  EXPECT_EQ(J.JoinedValue, "gfx942:xnack+");
  const auto S = classifyFlag("--offload-arch", FlagTool::Clang);
  EXPECT_EQ(S.Kind, FlagKind::Arch);
  EXPECT_TRUE(S.TakesValue);
  EXPECT_EQ(classifyFlag("-offload-arch", FlagTool::Host).Kind, FlagKind::Arch);
  // hipcc's --amdgpu-target= is read by wavesan-cc; clang's old --cuda-gpu-arch=
  // is set per pass by wavecheck and is a GPU-only flag for a host compiler.
  EXPECT_EQ(classifyFlag("--amdgpu-target=gfx90a", FlagTool::Host).JoinedValue, "gfx90a");
  EXPECT_EQ(classifyFlag("--amdgpu-target=gfx90a", FlagTool::Clang).Kind, FlagKind::Other);
  EXPECT_EQ(classifyFlag("--cuda-gpu-arch=gfx942", FlagTool::Clang).Kind, FlagKind::Arch);
  EXPECT_EQ(classifyFlag("--cuda-gpu-arch=gfx942", FlagTool::Host).Kind, FlagKind::GpuOnly);
}

TEST(CommonFlags, OrdinaryFlagsAreOther) {
  for (const char *F : {"-O2", "-I/usr/include", "-DNDEBUG", "-std=c++17", "-o", "-c", "-x",
                        "-gencodeX", "--offload", "", "-", "main.hip"})
    for (FlagTool Tool : {FlagTool::Clang, FlagTool::Host})
      EXPECT_EQ(classifyFlag(F, Tool).Kind, FlagKind::Other) << "'" << F << "'";
}

TEST(CommonFlags, CompileOnlyFlags) {
  for (const char *F : {"-c", "-S", "-E", "-M", "-MM", "-fsyntax-only"})
    EXPECT_TRUE(wavecommon::isCompileOnlyFlag(F)) << F;
  for (const char *F : {"-MD", "-MMD", "-o", "-cc", "", "-fsyntax"})
    EXPECT_FALSE(wavecommon::isCompileOnlyFlag(F)) << F;
}

} // namespace
