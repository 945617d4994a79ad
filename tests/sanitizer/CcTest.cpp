//===- CcTest.cpp - the wavesan-cc compiler wrapper as a compiler driver ----===//
///
/// Runs build/bin/wavesan-cc (and an installed copy) on the programs in
/// testdata/wavesan-cc/, runs what it builds, and compares output with hand-written
/// goldens: the gfx942 profile (304 CUs, wave 64, "gfx942:sramecc+:xnack-"), flags
/// passed to the host compiler, build lines of real Makefiles and CMake HIP projects,
/// the target's predefined macros, clear errors for bad input, the installed tree.
/// Launch rewriting: CcRewriteTest.cpp; sanitizers and stacks: CcSanitizerTest.cpp.
///
//===----------------------------------------------------------------------===//

#include "CcTestCommon.h"

#include <sstream>
#include <string>

namespace {

using namespace cc_test;

TEST_F(CcTest, BuildsAndRunsHipProgram) {
  Result R = buildAndRun(Data + "/device_props.hip", "props");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_EQ(R.Out, Profile);
}

TEST_F(CcTest, BuildsAndRunsCuProgramWithKernel) {
  Result R = buildAndRun(Data + "/vector_scale.cu", "scale");
  EXPECT_EQ(R.Status, 0) << R.Err;
  // out[i] = 2 * i for i < 1000: sum = 2 * (999 * 1000 / 2).
  EXPECT_EQ(R.Out, "sum 999000\n");
}

TEST_F(CcTest, FlagsPassThrough) {
  Result R = buildAndRun(Data + "/device_props.hip", "props", "-DWAVESAN_CC_TEST_VALUE=42 -O2");
  EXPECT_EQ(R.Out, std::string(Profile) + "value 42\noptimized\n");
  // -O0: __OPTIMIZE__ unset, so the last flag reached the compiler.
  Result B = run(Cc + " -O0 " + Data + "/device_props.hip -o props0");
  ASSERT_EQ(B.Status, 0) << B.Err;
  EXPECT_EQ(run("./props0").Out, Profile);
}

TEST_F(CcTest, CompileOnlyThenLink) {
  Result C = run(Cc + " -c " + Data + "/device_props.hip -DWAVESAN_CC_TEST_VALUE=7 -o props.o");
  ASSERT_EQ(C.Status, 0) << C.Err;
  EXPECT_TRUE(fileExists(Dir + "/props.o"));
  Result L = run(Cc + " props.o -o props");
  ASSERT_EQ(L.Status, 0) << L.Err;
  EXPECT_EQ(run("./props").Out, std::string(Profile) + "value 7\n");
}

TEST_F(CcTest, HostCompilerFromEnvironment) {
  // WAVESAN_CXX is a command line: its words are split.
  Result B = run("WAVESAN_CXX='c++ -DWAVESAN_CC_TEST_VALUE=5' " + Cc + " " + Data +
                 "/device_props.hip -o props");
  ASSERT_EQ(B.Status, 0) << B.Err;
  EXPECT_EQ(run("./props").Out, std::string(Profile) + "value 5\n");
  Result Bad = run("WAVESAN_CXX=no-such-compiler-xyz " + Cc + " " + Data +
                   "/device_props.hip -o props");
  EXPECT_EQ(Bad.Status, 127);
  EXPECT_NE(Bad.Err.find("wavesan-cc: error: cannot run host compiler 'no-such-compiler-xyz'"),
            std::string::npos)
      << Bad.Err;
}

// The macros wavesan-cc predefines for a target are those clang-22 predefines for the
// target's HIP device pass (every one of clang's __gfx*, __GFX*, __AMDGCN*, __AMDGPU*,
// __HIP* macros, with its value), plus the wave-size macros of ROCm 6's clang.
TEST_F(CcTest, TargetMacrosMatchClang) {
  run("touch empty.hip");
  for (const std::string Arch : {"gfx90a", "gfx942", "gfx950"}) {
    Result Clang = run("clang-22 -x hip --cuda-device-only --offload-arch=" + Arch +
                       " -nogpulib -nogpuinc -dM -E empty.hip | grep -E "
                       "'^#define __(gfx|GFX|AMDGCN|AMDGPU|HIP)' | sort");
    ASSERT_EQ(Clang.Status, 0) << Clang.Err;
    ASSERT_NE(Clang.Out.find("#define __" + Arch + "__ 1\n"), std::string::npos) << Clang.Out;
    Result Cc1 = run(Cc + " --offload-arch=" + Arch + " -dM -E empty.hip");
    ASSERT_EQ(Cc1.Status, 0) << Cc1.Err;
    std::istringstream Lines(Clang.Out);
    for (std::string Line; std::getline(Lines, Line);)
      EXPECT_NE(Cc1.Out.find(Line + "\n"), std::string::npos) << Arch << ": " << Line;
    EXPECT_NE(Cc1.Out.find("#define __AMDGCN_WAVEFRONT_SIZE 64\n"), std::string::npos);
    EXPECT_NE(Cc1.Out.find("#define __GFX9__ 1\n"), std::string::npos);
    for (const std::string Other : {"gfx90a", "gfx942", "gfx950"})
      if (Other != Arch)
        EXPECT_EQ(Cc1.Out.find("__" + Other + "__"), std::string::npos) << Arch;
  }
}

// A build line as a HIP Makefile or CMake writes it: an older C++ standard, `-x hip`, the
// target with its features, GPU-only flags of clang and nvcc, nvcc's -Xcompiler; each
// foreign flag gets one note, and code that picks its path from the target's macros
// takes the GPU's (wave 64, device path).
TEST_F(CcTest, RealBuildLinesAndTargetMacros) {
  Result B = run(Cc + " -std=c++14 -x hip --offload-arch=gfx942:sramecc+:xnack- -fgpu-rdc " +
                 "-O3 -DN_FROM_BUILD_LINE=3 -Xcompiler -Wall,-Wextra -arch=sm_80 " +
                 "--expt-relaxed-constexpr -fgpu-rdc --hipstdpar " + Data +
                 "/target_macros.hip -o tm");
  ASSERT_EQ(B.Status, 0) << B.Err;
  EXPECT_EQ(B.Err,
            "wavesan-cc: note: '-std=c++14' raised to -std=c++20: the emulator's headers "
            "need C++20\n"
            "wavesan-cc: note: '-x hip' dropped: sources are compiled as C++ for the "
            "emulator\n"
            "wavesan-cc: note: '-fgpu-rdc' dropped: a GPU compiler's flag, with no meaning "
            "for the emulator\n"
            "wavesan-cc: note: '-arch=sm_80' dropped: a GPU compiler's flag, with no meaning "
            "for the emulator\n"
            "wavesan-cc: note: '--expt-relaxed-constexpr' dropped: a GPU compiler's flag, "
            "with no meaning for the emulator\n"
            "wavesan-cc: note: '--hipstdpar' dropped: the emulator does not offload standard "
            "parallel algorithms; they run on the host's standard library\n");
  EXPECT_EQ(run("./tm").Out, "gfx942 641 3\n");
  Result A = run(Cc + " --offload-arch=gfx90a -DN_FROM_BUILD_LINE=4 " + Data +
                 "/target_macros.hip -o tm90 && ./tm90");
  EXPECT_EQ(A.Out, "gfx90a 641 4\n") << A.Err;
  Result W32 = run(Cc + " --offload-arch=gfx1100 " + Data + "/target_macros.hip -o never");
  EXPECT_EQ(W32.Status, 1);
  EXPECT_NE(W32.Err.find("'--offload-arch=gfx1100': the emulator runs the wave64 targets"),
            std::string::npos)
      << W32.Err;
}

TEST_F(CcTest, NoInputIsAClearError) {
  Result B = run(Cc + " -O2");
  EXPECT_EQ(B.Status, 1);
  EXPECT_EQ(B.Err.rfind("wavesan-cc: error: no input files\nusage: wavesan-cc", 0), 0u) << B.Err;
}

TEST_F(CcTest, UnknownInputExtensionIsAClearError) {
  run("echo 'int main() {}' > notes.txt");
  Result B = run(Cc + " notes.txt -o x");
  EXPECT_EQ(B.Status, 1);
  EXPECT_EQ(B.Err, "wavesan-cc: error: input 'notes.txt': unknown file type; expected a "
                   "source (.hip, .cu, .cpp, .cc, .cxx, .c++, .C) or an object/library "
                   "(.o, .a, .so)\n");
}

TEST_F(CcTest, MissingInputAndMissingValueAreClearErrors) {
  Result B = run(Cc + " absent.hip -o x");
  EXPECT_EQ(B.Status, 1);
  EXPECT_EQ(B.Err, "wavesan-cc: error: cannot read input 'absent.hip': No such file or "
                   "directory\n");
  Result O = run(Cc + " " + Data + "/device_props.hip -o");
  EXPECT_EQ(O.Status, 1);
  EXPECT_EQ(O.Err, "wavesan-cc: error: option '-o' needs a value\n");
}

// A Makefile as HIP projects write them (the compiler in $(HIPCC), hipcc's flags, a .hip
// and a .cpp compiled separately and linked by $(HIPCC)) builds with HIPCC=wavesan-cc.
TEST_F(CcTest, MakefileWithHipccVariable) {
  run("cp -r " + Data + "/makefile_hip mk");
  Result B = run("make -C mk HIPCC=" + Cc);
  ASSERT_EQ(B.Status, 0) << B.Out << B.Err;
  // SCALE=3 from the build line: 0, 3, 297.
  Result R = run("./mk/scale");
  EXPECT_EQ(R.Out, "0 3 297\n") << R.Err;
}

// A CMake project with `project(... LANGUAGES CXX HIP)` configures with
// -DCMAKE_HIP_COMPILER=wavesan-clang (no ROCm installed: wavesan's HIP root answers
// CMake's questions, and the default architecture is gfx942), builds a .hip (HIP
// language, <<<>>> launch) and a .cpp (CXX) into one executable, and runs it.
TEST_F(CcTest, CMakeHipLanguageProject) {
  Result C = run(std::string(WAVESAN_CMAKE_COMMAND) + " -S " + Data + "/cmake_hip -B b -G Ninja " +
                 "-DCMAKE_HIP_COMPILER=" + clangName(Cc));
  ASSERT_EQ(C.Status, 0) << C.Out << C.Err;
  EXPECT_NE(C.Out.find("The HIP compiler identification is Clang"), std::string::npos) << C.Out;
  Result B = run(std::string(WAVESAN_CMAKE_COMMAND) + " --build b");
  ASSERT_EQ(B.Status, 0) << B.Out << B.Err;
  // y[i] = 2 i + 1: y[999] = 1999, and the sum over 1000 elements is 10^6.
  Result R = run("./b/saxpy");
  EXPECT_EQ(R.Out, "gfx942 y[0]=1 y[999]=1999 sum=1e+06\n") << R.Err;
}

TEST_F(CcTest, InstalledTreeWorks) {
  Result I = run(std::string(WAVESAN_CMAKE_COMMAND) + " --install " + WAVESAN_BUILD_DIR +
                 " --prefix '" + Dir + "/prefix' --component wavesan");
  ASSERT_EQ(I.Status, 0) << I.Err;
  EXPECT_TRUE(fileExists(Dir + "/prefix/include/wavesan-emu/hip/hip_runtime.h"));
  Result B = run("prefix/bin/wavesan-cc " + Data + "/device_props.hip -o props");
  ASSERT_EQ(B.Status, 0) << B.Err;
  EXPECT_EQ(run("./props").Out, Profile);
  // The installed wrapper uses the installed headers, not the source tree's.
  Result V = run("WAVESAN_CC_VERBOSE=1 prefix/bin/wavesan-cc -c " + Data +
                 "/device_props.hip -o p.o");
  ASSERT_EQ(V.Status, 0) << V.Err;
  EXPECT_NE(V.Err.find("-isystem " + Dir + "/prefix/include/wavesan-emu "), std::string::npos)
      << V.Err;
  // The installed wavesan-clang and HIP root serve a CMake HIP project too.
  Result C = run("(" + std::string(WAVESAN_CMAKE_COMMAND) + " -S " + Data +
                 "/cmake_hip -B b -G Ninja -DCMAKE_HIP_COMPILER=" + Dir +
                 "/prefix/bin/wavesan-clang && " + WAVESAN_CMAKE_COMMAND +
                 " --build b) >/dev/null && ./b/saxpy");
  EXPECT_EQ(C.Out, "gfx942 y[0]=1 y[999]=1999 sum=1e+06\n") << C.Err;
}

} // namespace
