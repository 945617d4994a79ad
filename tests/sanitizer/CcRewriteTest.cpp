//===- CcRewriteTest.cpp - what wavesan-cc rewrites in a source -------------===//
///
/// '<<<...>>>' launches rewritten (in the source, in headers and macros; malformed ones
/// pinned to file:line:col, with bounded output on hostile inputs), `extern __shared__`
/// arrays, and -fwavesan-lockstep for warp-synchronous code: each program built with
/// build/bin/wavesan-cc, run, and compared with hand-written goldens.
///
//===----------------------------------------------------------------------===//

#include "CcTestCommon.h"
#include "AsanBuild.h"

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace cc_test;

// Launches written with '<<<...>>>' run: a plain one, a qualified one with all four
// configuration arguments after a tab, a template kernel whose argument type is deduced
// from the launch. The decoys in comments, string literals and operator<<<> are left as
// they are (the literals are printed back), and __LINE__ is the line as written.
TEST_F(CcTest, TripleChevronLaunchesRun) {
  Result R = buildAndRun(Data + "/triple_chevron.hip", "tc");
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
       {std::string("block-too-large in kernel fill\n"),
        "at " + Inc + "/fill.cuh:14 in fill_on_device\n",
        "at " + Data + "/launch_header/main.hip:18 in main\n",
        "block-too-large in kernel fill<int>\n",
        "at " + Data + "/launch_header/main.hip:19 in main\n"})
    EXPECT_NE(Big.Err.find(At), std::string::npos) << At << "\n--- in ---\n" << Big.Err;
  // The same with the joined -I spelling and from the header's own directory (quote
  // include of a header next to the source).
  Result Joined = run(Cc + " -I" + Inc + " " + Data + "/launch_header/main.hip -o lh2 && ./lh2");
  EXPECT_EQ(Joined.Out, "3 5 7 7|22\n") << Joined.Err;
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
  EXPECT_FALSE(fileExists(Dir + "/never"));
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
  EXPECT_TRUE(fileExists(Dir + "/extern_shared.o"));
  EXPECT_EQ(run("ls -A | grep -c wavesan-cc-").Out, "0\n");
}

TEST_F(CcTest, ExternSharedAtNamespaceScopeIsAnError) {
  Result B = run(Cc + " " + Data + "/extern_shared_global.hip -o never");
  EXPECT_EQ(B.Status, 1);
  EXPECT_FALSE(fileExists(Dir + "/never"));
  const std::string File = Data + "/extern_shared_global.hip";
  const std::string Msg = ": error: 'extern __shared__' outside a function body is not "
                          "supported by wavesan's CPU emulator; declare it in the kernel, or "
                          "use HIP_DYNAMIC_SHARED(";
  // Each error with its line and a caret under the declaration.
  EXPECT_EQ(B.Err, File + ":5:1" + Msg + "float, scratch) there\n" +
                       "  extern __shared__ float scratch[];\n  ^\n" + File + ":8:3" + Msg +
                       "int, counts) there\n" + "    extern __shared__ int counts[];\n    ^\n");
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

} // namespace
