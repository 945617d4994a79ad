//===- CcTest.cpp - tests of the wavesan-cc compiler wrapper --------------===//
///
/// Runs build/bin/wavesan-cc (and an installed copy) on the programs in
/// testdata/wavesan-cc/, runs what it builds, and compares output with hand-written
/// goldens: the gfx942 profile (ISSUE6: 304 CUs, wave 64, "gfx942:sramecc+:xnack-"),
/// '<<<...>>>' launches rewritten (and pinned file:line:col of malformed ones), and AddressSanitizer reports naming the
/// kernel's source line.
///
//===----------------------------------------------------------------------===//

#include "AsanBuild.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

const std::string Cc = WAVESAN_CC;
const std::string Data = std::string(WAVESAN_TESTDATA_DIR) + "/wavesan-cc";

struct Result {
  int Status = -1; ///< Exit status, or 128 + signal.
  std::string Out, Err;
};

std::string slurp(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

bool exists(const std::string &Path) {
  struct stat St;
  return ::stat(Path.c_str(), &St) == 0;
}

/// A fresh directory per test; every command runs in it.
class CcTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string Templ = ::testing::TempDir() + "wavesan-cc-XXXXXX";
    ASSERT_NE(::mkdtemp(Templ.data()), nullptr);
    Dir = Templ;
  }
  void TearDown() override {
    if (!HasFailure())
      std::system(("rm -rf '" + Dir + "'").c_str());
  }

  /// Runs a shell command line in Dir, capturing stdout and stderr.
  Result run(const std::string &Cmd) {
    std::string Line = "cd '" + Dir + "' && " + Cmd + " >'" + Dir + "/.out' 2>'" + Dir +
                       "/.err'";
    int Raw = std::system(Line.c_str());
    Result R;
    R.Status = WIFEXITED(Raw) ? WEXITSTATUS(Raw) : 128 + WTERMSIG(Raw);
    R.Out = slurp(Dir + "/.out");
    R.Err = slurp(Dir + "/.err");
    return R;
  }

  std::string Dir;
};

constexpr const char *Profile = "arch gfx942:sramecc+:xnack- wave 64 cus 304\n";

TEST_F(CcTest, BuildsAndRunsHipProgram) {
  Result B = run(Cc + " " + Data + "/device_props.hip -o props");
  ASSERT_EQ(B.Status, 0) << B.Err;
  Result R = run("./props");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_EQ(R.Out, Profile);
}

TEST_F(CcTest, BuildsAndRunsCuProgramWithKernel) {
  Result B = run(Cc + " " + Data + "/vector_scale.cu -o scale");
  ASSERT_EQ(B.Status, 0) << B.Err;
  Result R = run("./scale");
  EXPECT_EQ(R.Status, 0) << R.Err;
  // out[i] = 2 * i for i < 1000: sum = 2 * (999 * 1000 / 2).
  EXPECT_EQ(R.Out, "sum 999000\n");
}

// -fwavesan-lockstep: Clang's load/store callbacks step a wave's lanes together at each
// shared-memory access (option lockstep_lds, the default), so the 64-lane scan in
// __shared__ memory without synchronisation (mode 0) gives what a lockstep wavefront
// gives: the prefix sums of 1..64 (the last one 64 * 65 / 2 = 2080), no report; as do
// the scans with __syncthreads() (mode 1) or __syncwarp() (mode 2). With lockstep_lds=0
// the lanes run one after another and mode 0 is reported at the load of another lane's
// word, line 22, with the lanes.
TEST_F(CcTest, WaveLdsRaceIsReportedAtItsLine) {
  if (wavesan::test::AsanBuild)
    GTEST_SKIP() << "-fwavesan-lockstep builds with Clang, and this ASan build would link "
                    "Clang's AddressSanitizer runtime";
  Result B = run(Cc + " -g -O1 -fwavesan-lockstep " + Data + "/wave_lds_scan.hip -o scan");
  ASSERT_EQ(B.Status, 0) << B.Err;
  Result Racy = run("WAVESAN_OPTIONS=lockstep_lds=0 ./scan 0");
  EXPECT_EQ(Racy.Status, 1) << Racy.Err; // fail_at_exit: an error was reported
  EXPECT_NE(Racy.Err.find("ERROR: wavesan: wave-lds-race in kernel scan\n  lane 1 of wave 0 "
                          "loads a __shared__ variable"),
            std::string::npos)
      << Racy.Err;
  EXPECT_NE(Racy.Err.find("which lane 0 of the wave stored to in the same step"),
            std::string::npos)
      << Racy.Err;
  EXPECT_NE(Racy.Err.find("wave_lds_scan.hip:22 in scan, block (0,0,0), wave 0\n"),
            std::string::npos)
      << Racy.Err;
  for (const char *Mode : {"0", "1", "2"}) {
    Result R = run(std::string("./scan ") + Mode);
    EXPECT_EQ(R.Status, 0) << Mode << ": " << R.Err;
    EXPECT_EQ(R.Out, "last 2080, 0 of 64 prefix sums wrong\n") << Mode;
    EXPECT_EQ(R.Err.find("wavesan:"), std::string::npos) << Mode << ": " << R.Err;
  }
}

// A .cu file included by the source holds a warp-synchronous reduction tail (volatile
// shared memory, no synchronisation) and two __shared__ arrays. wavesan-cc rewrites the
// included file's __shared__ declarations (the dynamic one, the bounds-checked tile) and,
// seeing volatile shared memory, compiles with -fwavesan-lockstep and says where: the
// block sums are a lockstep wavefront's (1 + ... + 256 = 32896, 257 + ... + 512 = 98432),
// and the tile's overflow is reported. -fno-wavesan-lockstep turns the lockstep off: no
// note, and lane after lane the tail adds the wrong values.
TEST_F(CcTest, WarpSynchronousCodeInAnIncludedFileRunsInLockstep) {
  if (wavesan::test::AsanBuild)
    GTEST_SKIP() << "-fwavesan-lockstep builds with Clang, and this ASan build would link "
                    "Clang's AddressSanitizer runtime";
  Result B = run(Cc + " -O1 " + Data + "/warp_sync/main.hip -o ws");
  ASSERT_EQ(B.Status, 0) << B.Err;
  EXPECT_NE(B.Err.find("warp_sync/reduce_kernels.cu:14: 'volatile' in a file with __shared__ "
                       "memory (warp-synchronous code?): compiling with -fwavesan-lockstep"),
            std::string::npos)
      << B.Err;
  Result R = run("./ws");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_EQ(R.Out, "sums 32896 98432\n");
  EXPECT_EQ(R.Err.find("wavesan:"), std::string::npos) << R.Err;

  Result O = run("./ws overflow");
  EXPECT_EQ(O.Status, 1) << O.Err;
  EXPECT_NE(O.Err.find("ERROR: wavesan: lds-out-of-bounds in kernel fillTile"), std::string::npos)
      << O.Err;
  EXPECT_NE(O.Err.find("__shared__ array 'tile' (128 bytes)"), std::string::npos) << O.Err;

  Result B2 = run(Cc + " -O1 -fno-wavesan-lockstep " + Data + "/warp_sync/main.hip -o ws2");
  ASSERT_EQ(B2.Status, 0) << B2.Err;
  EXPECT_EQ(B2.Err.find("-fwavesan-lockstep"), std::string::npos) << B2.Err;
  Result R2 = run("./ws2");
  EXPECT_NE(R2.Out, "sums 32896 98432\n");
}

TEST_F(CcTest, FlagsPassThrough) {
  Result B = run(Cc + " -DWAVESAN_CC_TEST_VALUE=42 -O2 " + Data + "/device_props.hip -o props");
  ASSERT_EQ(B.Status, 0) << B.Err;
  Result R = run("./props");
  EXPECT_EQ(R.Out, std::string(Profile) + "value 42\noptimized\n");
  // -O0: __OPTIMIZE__ unset, so the last flag reached the compiler.
  B = run(Cc + " -O0 " + Data + "/device_props.hip -o props0");
  ASSERT_EQ(B.Status, 0) << B.Err;
  EXPECT_EQ(run("./props0").Out, Profile);
}

TEST_F(CcTest, CompileOnlyThenLink) {
  Result C = run(Cc + " -c " + Data + "/device_props.hip -DWAVESAN_CC_TEST_VALUE=7 -o props.o");
  ASSERT_EQ(C.Status, 0) << C.Err;
  EXPECT_TRUE(exists(Dir + "/props.o"));
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

// Launches written with '<<<...>>>' run: a plain one, a qualified one with all four
// configuration arguments after a tab, a template kernel whose argument type is deduced
// from the launch. The decoys in comments, string literals and operator<<<> are left as
// they are (the literals are printed back), and __LINE__ is the line as written.
TEST_F(CcTest, TripleChevronLaunchesRun) {
  Result B = run(Cc + " " + Data + "/triple_chevron.hip -o tc");
  ASSERT_EQ(B.Status, 0) << B.Err;
  Result R = run("./tc");
  EXPECT_EQ(R.Status, 0) << R.Err;
  // p = 0; add 1 (deduced float); scale by 2; add 0.25: 2.25 in every lane.
  EXPECT_EQ(R.Out, "scale<<<1, 1>>>(p)|scale<<<1, 1>>>(p)|2.25 2.25|30\n");
}

// Launches in a header found through -I (a helper template and a macro) and a launch
// over two lines: values, line numbers, and the emulator's reports, which name the file
// and line that wrote each launch (with a block of 2048 threads every launch fails).
TEST_F(CcTest, TripleChevronLaunchesInHeadersAndMacros) {
  const std::string Inc = Data + "/launch_header/include";
  Result B = run(Cc + " -I " + Inc + " " + Data + "/launch_header/main.hip -o lh");
  ASSERT_EQ(B.Status, 0) << B.Err;
  Result R = run("./lh");
  EXPECT_EQ(R.Out, "3 5 7 7|22\n") << R.Err;
  Result Big = run("./lh 2048");
  for (const std::string &At : std::vector<std::string>
       {std::string("block-too-large in kernel fill\n"), "at " + Inc + "/fill.cuh:14 in fill_on_device\n",
        "at " + Data + "/launch_header/main.hip:18 in main\n",
        "block-too-large in kernel fill<int>\n",
        "at " + Data + "/launch_header/main.hip:19 in main\n"})
    EXPECT_NE(Big.Err.find(At), std::string::npos) << At << "\n--- in ---\n" << Big.Err;
  // The same with the joined -I spelling and from the header's own directory (quote
  // include of a header next to the source).
  Result Joined = run(Cc + " -I" + Inc + " " + Data + "/launch_header/main.hip -o lh2 && ./lh2");
  EXPECT_EQ(Joined.Out, "3 5 7 7|22\n") << Joined.Err;
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

// A '<<<' that is not a launch the rewrite understands stops the build with the file,
// line and column (at the kernel name, or at '<<<' when there is none), the line and a
// caret; nothing is compiled.
TEST_F(CcTest, MalformedLaunchesAreErrors) {
  {
    std::ofstream Src(Dir + "/bad.hip");
    Src << "#include <hip/hip_runtime.h>\n"
           "__global__ void k(int) {}\n"
           "int main() {\n"
           "  k<<<1, 64>>>;\n"
           "  int x = 1 + <<<1, 1>>>(2);\n"
           "  k<<<1, 64>>>(3);\n"
           "}\n";
  }
  Result B = run(Cc + " bad.hip -o never");
  EXPECT_EQ(B.Status, 1);
  EXPECT_FALSE(exists(Dir + "/never"));
  EXPECT_EQ(B.Err,
            "bad.hip:4:3: error: the launch's '>>>' is not followed by '(' and the kernel's "
            "arguments\n"
            "    k<<<1, 64>>>;\n"
            "    ^\n"
            "bad.hip:5:15: error: '<<<' is not preceded by a kernel name (a name, a "
            "template-id, or a parenthesised expression)\n"
            "    int x = 1 + <<<1, 1>>>(2);\n"
            "                ^\n");
}

// A generated source with 5000 malformed launches on one 50 KB line: every error printed
// the whole line (5000 x 50 KB = 250 MB of output; 16.8 GB for a 280 KB file) and the
// kernel-name walk-back went back to the start of the file for each launch. Now each
// error shows at most 200 bytes of the line around the column, with "..." where it is
// cut; the bound here is on the output's size, not on time.
TEST_F(CcTest, ManyLaunchesOnOneLineGiveBoundedErrors) {
  constexpr int Launches = 5000;
  {
    std::ofstream Src(Dir + "/many.hip");
    for (int I = 0; I < Launches; ++I)
      Src << "k<<<1,1>>>"; // 10 bytes each; launch I's name is at column 10 I + 1
    Src << "\n";
    // Unbalanced '>' before every '<<<': each walk-back over a template argument list
    // never closed, back to the start of the file.
    for (int I = 0; I < Launches; ++I)
      Src << ">>>>>><<<";
    Src << "\n";
  }
  Result B = run(Cc + " many.hip -o never");
  EXPECT_EQ(B.Status, 1);
  // Per error: the message (~100 bytes) and two lines of at most 2 + 3 + 200 + 3 bytes.
  EXPECT_LT(B.Err.size(), size_t(2 * Launches) * 700) << B.Err.substr(0, 2000);
  EXPECT_EQ(std::count(B.Err.begin(), B.Err.end(), '\n'), 3 * 2 * Launches);
  // Launch 0: the line's first 200 bytes, cut at the end.
  const std::string First = "many.hip:1:1: error: the launch's '>>>' is not followed by '(' "
                            "and the kernel's arguments\n  ";
  std::string Window;
  for (int I = 0; I < 20; ++I)
    Window += "k<<<1,1>>>";
  EXPECT_EQ(B.Err.substr(0, First.size() + 200 + 3 + 5), First + Window + "...\n  ^\n")
      << B.Err.substr(0, 600);
  // Launch 1000 (column 10001): 100 bytes before it and 100 from it, cut on both sides;
  // the caret under its first byte, after "..." and 100 bytes.
  const std::string Middle = "many.hip:1:10001: error: the launch's '>>>' is not followed by "
                             "'(' and the kernel's arguments\n  ..." +
                             Window + "...\n  " + std::string(103, ' ') + "^\n";
  EXPECT_NE(B.Err.find(Middle), std::string::npos) << B.Err.substr(0, 600);
}

// 0'0'0'... (a million digit separators on one line): each quote walked back over the
// whole number to tell a separator from a character literal, 10^12 steps (hours). It must
// finish, and the literal (0) compiles. The bound only tells a finished scan from a hung
// one.
TEST_F(CcTest, ManyDigitSeparatorsFinish) {
  {
    std::ofstream Src(Dir + "/digits.hip");
    Src << "constexpr unsigned long long x = 0";
    for (int I = 0; I < 1000000; ++I)
      Src << "'0";
    Src << ";\nstatic_assert(x == 0);\n";
  }
  Result B = run("timeout 120 " + Cc + " -fsyntax-only digits.hip");
  EXPECT_NE(B.Status, 124) << "the scan did not finish within 120 s";
  EXPECT_EQ(B.Status, 0) << B.Err.substr(0, 600);
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

TEST_F(CcTest, AddressSanitizerReportsOverflowLine) {
  Result B = run(Cc + " -fsanitize=address -g -O1 " + Data + "/asan_oob.hip -o oob");
  ASSERT_EQ(B.Status, 0) << B.Err;
  Result R = run("ASAN_OPTIONS=detect_leaks=0 ./oob global");
  EXPECT_NE(R.Status, 0);
  EXPECT_NE(R.Err.find("ERROR: AddressSanitizer: heap-buffer-overflow"), std::string::npos)
      << R.Err;
  // asan_oob.hip line 16 is the out-of-bounds store in the kernel.
  EXPECT_NE(R.Err.find("SUMMARY: AddressSanitizer: heap-buffer-overflow"), std::string::npos);
  EXPECT_NE(R.Err.find("asan_oob.hip:16 in store_global"), std::string::npos) << R.Err;
  // Dynamic shared memory (HIP_DYNAMIC_SHARED): the block's buffer is a heap block of the
  // launch's shmem bytes, so one element past it is caught too (line 25).
  Result S = run("ASAN_OPTIONS=detect_leaks=0 ./oob shared");
  EXPECT_NE(S.Status, 0);
  EXPECT_NE(S.Err.find("SUMMARY: AddressSanitizer: heap-buffer-overflow"), std::string::npos)
      << S.Err;
  EXPECT_NE(S.Err.find("asan_oob.hip:25 in store_shared"), std::string::npos) << S.Err;
  // A size that is not a multiple of hipMalloc's 256-byte alignment (100 ints): ASan's
  // allocator knows the exact size, so one element past it is a heap-buffer-overflow too,
  // not a "use-after-poison" inside a rounded-up block (line 32).
  Result Odd = run("ASAN_OPTIONS=detect_leaks=0 ./oob odd");
  EXPECT_NE(Odd.Status, 0);
  EXPECT_NE(Odd.Err.find("ERROR: AddressSanitizer: heap-buffer-overflow"), std::string::npos)
      << Odd.Err;
  EXPECT_NE(Odd.Err.find("asan_oob.hip:32 in store_odd"), std::string::npos) << Odd.Err;
  // The in-bounds run is clean.
  Result Ok = run("ASAN_OPTIONS=detect_leaks=0 ./oob none");
  EXPECT_EQ(Ok.Status, 0) << Ok.Err;
  EXPECT_EQ(Ok.Out, "ok\n");
}

TEST_F(CcTest, AddressSanitizerKnowsFiberStacks) {
  // Kernels run on the engine's fiber stacks; the engine announces each switch to ASan
  // (__sanitizer_start/finish_switch_fiber). Without that, unwinding a lane (the kernel's
  // own throw, or the forced unwind of a deadlocked block) printed "ASan is ignoring
  // requested __asan_handle_no_return" and the next launch aborted with a false
  // stack-buffer-underflow. Leak detection stays on: the pooled stacks must not leak.
  Result B = run(Cc + " -fsanitize=address -g -O1 " + Data + "/asan_fibers.hip -o fibers");
  ASSERT_EQ(B.Status, 0) << B.Err;
  // fail_at_exit=0: the status then says only whether LeakSanitizer found a leak.
  Result R = run("WAVESAN_OPTIONS=fail_at_exit=0 ./fibers");
  EXPECT_EQ(R.Status, 0) << R.Err;
  // asan_fibers.hip's header comment: the deadlocked launch fails; the later launches
  // sum to 304 * 32768.
  EXPECT_EQ(R.Out, "dead_failed 1\nsum 9961472\n") << R.Err;
  const std::string Summary = "SUMMARY: wavesan: barrier-deadlock " + Data +
                              "/asan_fibers.hip:21 in dead\n";
  EXPECT_NE(R.Err.find(Summary), std::string::npos) << R.Err;
  EXPECT_EQ(R.Err.find("AddressSanitizer"), std::string::npos) << R.Err;
  EXPECT_EQ(R.Err.find("ASan is ignoring"), std::string::npos) << R.Err;
  EXPECT_EQ(R.Err.find("LeakSanitizer"), std::string::npos) << R.Err;
  // Nothing but the one wavesan report block (6 lines) and its repeat count (the other
  // 303 deadlocked blocks, one line) on stderr.
  EXPECT_EQ(std::count(R.Err.begin(), R.Err.end(), '\n'), 7) << R.Err;
  EXPECT_NE(R.Err.find("in dead: 303 more times at this site (reported once)\n"),
            std::string::npos) << R.Err;
}

TEST_F(CcTest, LargeLocalArrayIsAStackOverflowReport) {
  // stack_overflow.hip's header comment: a 1 MiB local array per lane, larger than the
  // fiber stack and its guard. wavesan-cc's -fstack-clash-protection makes the frame
  // fault in the guard: a kernel-fault report, then SIGSEGV (128 + 11 from the shell).
  Result B = run(Cc + " -O2 " + Data + "/stack_overflow.hip -o overflow");
  ASSERT_EQ(B.Status, 0) << B.Err;
  // Under ASan (scripts/test-asan) the runtime, and so the program, links ASan: without
  // ASan's SIGSEGV handler, the signal ends the program as in a build without ASan.
  const std::string Asan = wavesan::test::AsanBuild
                               ? "ASAN_OPTIONS='" + wavesan::test::asanOptionsWith(
                                                        wavesan::test::AsanNoSignalHandlers) +
                                     "' "
                               : "";
  Result R = run(Asan + "WAVESAN_OPTIONS=workers=1 ./overflow");
  EXPECT_EQ(R.Status, 128 + SIGSEGV) << R.Err;
  EXPECT_EQ(R.Out, "") << R.Err;
  EXPECT_NE(R.Err.find("ERROR: wavesan: kernel-fault in kernel scratch\n  stack overflow: the "
                       "lane used up its 256 KiB fiber stack"),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("SUMMARY: wavesan: kernel-fault " + Data +
                       "/stack_overflow.hip:24 in scratch\n"),
            std::string::npos)
      << R.Err;
}

TEST_F(CcTest, AddressSanitizerFindsNoLeakAfterADeadlock) {
  // A deadlocked block is unwound lane by lane. Without telling ASan that each unwound lane
  // leaves its stack for the worker's, ASan took the last lane's stack for the worker
  // thread's, LeakSanitizer scanned that instead, and every buffer of the Worker object on
  // the thread's stack was a "direct leak" (exit 1), here in the launch that ends the
  // program (barrier_deadlock.hip, the report golden).
  const std::string Src = std::string(WAVESAN_TESTDATA_DIR) + "/wavesan-reports/barrier_deadlock.hip";
  Result B = run(Cc + " -fsanitize=address -g -O1 " + Src + " -o deadlock");
  ASSERT_EQ(B.Status, 0) << B.Err;
  for (const char *Workers : {"1", "2"}) {
    // fail_at_exit=0: the status then says only whether LeakSanitizer found a leak.
    Result R = run(std::string("WAVESAN_OPTIONS=fail_at_exit=0:workers=") + Workers +
                   " ./deadlock");
    EXPECT_EQ(R.Status, 0) << R.Err;
    EXPECT_EQ(R.Out, "launch: hipErrorLaunchFailure\n");
    EXPECT_EQ(R.Err.find("LeakSanitizer"), std::string::npos) << R.Err;
    EXPECT_NE(R.Err.find("SUMMARY: wavesan: barrier-deadlock " + Src + ":10 in half_barrier\n"),
              std::string::npos)
        << R.Err;
  }
}

TEST_F(CcTest, ExternSharedInKernelIsRewritten) {
  // `extern __shared__ T name[];` in a kernel becomes HIP_DYNAMIC_SHARED(T, name) on a
  // temporary copy; -Wall -Werror still pass, and __FILE__/__LINE__ are the original's.
  Result B = run(Cc + " -Wall -Werror " + Data + "/extern_shared.hip -o es");
  ASSERT_EQ(B.Status, 0) << B.Err;
  EXPECT_EQ(B.Err, "");
  Result R = run("./es");
  EXPECT_EQ(R.Status, 0) << R.Err;
  // extern_shared.hip: reverse gives out[i] = 63 - i, pairs out[i] = i ^ 1; the printf
  // is on line 45; the decoy string has 36 characters.
  EXPECT_EQ(R.Out, "reverse 63 62 0\npairs 1 0 62\nat extern_shared.hip:45 36\n");
  // -c names the object after the input, as without the rewrite, and leaves no copy.
  Result C = run("TMPDIR='" + Dir + "' " + Cc + " -c " + Data + "/extern_shared.hip");
  ASSERT_EQ(C.Status, 0) << C.Err;
  EXPECT_TRUE(exists(Dir + "/extern_shared.o"));
  EXPECT_EQ(run("ls -A | grep -c wavesan-cc-").Out, "0\n");
}

TEST_F(CcTest, ExternSharedAtNamespaceScopeIsAnError) {
  Result B = run(Cc + " " + Data + "/extern_shared_global.hip -o never");
  EXPECT_EQ(B.Status, 1);
  EXPECT_FALSE(exists(Dir + "/never"));
  const std::string File = Data + "/extern_shared_global.hip";
  const std::string Msg = ": error: 'extern __shared__' outside a function body is not "
                          "supported by wavesan's CPU emulator; declare it in the kernel, or "
                          "use HIP_DYNAMIC_SHARED(";
  // Each error with its line and a caret under the declaration.
  EXPECT_EQ(B.Err, File + ":5:1" + Msg + "float, scratch) there\n" +
                       "  extern __shared__ float scratch[];\n  ^\n" + File + ":8:3" + Msg +
                       "int, counts) there\n" + "    extern __shared__ int counts[];\n    ^\n");
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

/// wavesan-clang: the wrapper under its second name, next to wavesan-cc.
std::string clangName(const std::string &CcPath) {
  return CcPath.substr(0, CcPath.rfind('/') + 1) + "wavesan-clang";
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
  EXPECT_TRUE(exists(Dir + "/prefix/include/wavesan-emu/hip/hip_runtime.h"));
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
