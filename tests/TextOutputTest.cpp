//===--- TextOutputTest.cpp - the text report, as a terminal shows it ------===//
///
/// Through the wavecheck binary: fix-its with several parts, compiler errors
/// of a file that cannot be analysed (clang's excerpt and caret), and
/// colours (`--color`; NO_COLOR matters only on a terminal and is not tested
/// here, where the output is a pipe). The golden testdata/text/warp-count.txt is the text
/// report of testdata/checks/wave64-hardcoded-warp-size/warp-count.hip, its
/// fix-it columns checked by hand against the source (`>>` of line 11 at
/// column 34, its `5` at 37; `31` and `32` of line 9 at 37 and 43).
///
//===----------------------------------------------------------------------===//
#include "DriverTest.h"

#include <gtest/gtest.h>

using namespace wavecheck::test;

namespace {

using TextOutput = TempDirTest;

const char *WarpCount = "/checks/wave64-hardcoded-warp-size/warp-count.hip";

TEST_F(TextOutput, FixItPartsEachOnTheirOwnLine) {
  write("warp-count.hip", readFile(testdataDir() + WarpCount));
  ProcessResult R = runWavecheck({"warp-count.hip"}, Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  std::string Golden = readFile(testdataDir() + "/text/warp-count.txt");
  ASSERT_FALSE(Golden.empty()) << "testdata/text/warp-count.txt is missing";
  EXPECT_EQ(R.Out, Golden);
  // `blockDim.x >> 5` -> `blockDim.x / warpSize`: `/` under `>>`, then
  // `warpSize` under `5`, not run together on one line.
  EXPECT_NE(R.Out.find("   11 |   const int shifted = blockDim.x >> 5;\n"
                       "      |                                     ^\n"
                       "      |                                  /\n"
                       "      |                                     warpSize\n"),
            std::string::npos)
      << R.Out;
}

TEST_F(TextOutput, FixItPartOnAnotherLineIsShownUnderThatLine) {
  // A rounded-up warp count split over two lines: its fix-it replaces the
  // `31` of line 3 and the `32` of line 4 (the check fires because the
  // kernel also counts wavefronts with warpSize, line 7).
  write("k.hip", "#include <hip/hip_runtime.h>\n"
                 "__global__ void k(float *partials) {\n"
                 "  const int rounded = (blockDim.x + 31)\n"
                 "                      / 32;\n"
                 "  if (threadIdx.x < rounded)\n"
                 "    partials[threadIdx.x] = 0.0f;\n"
                 "  const int waves = (blockDim.x + warpSize - 1) / warpSize;\n"
                 "  partials[waves] = 0.0f;\n"
                 "}\n");
  ProcessResult R = runWavecheck({"k.hip"}, Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("    4 |                       / 32;\n"
                       "      |                         ^\n"
                       "      |                         warpSize\n"
                       "    3 |   const int rounded = (blockDim.x + 31)\n"
                       "      |                                     warpSize - 1\n"),
            std::string::npos)
      << R.Out;
}

TEST_F(TextOutput, CompilerErrorShowsClangsExcerptAndCaret) {
  // `undeclared_thing` starts at column 12 of line 3 and is 16 characters
  // long: clang's caret and its range marks under it.
  write("bad.hip", "#include <hip/hip_runtime.h>\n"
                   "__global__ void k(float *out) {\n"
                   "  out[0] = undeclared_thing + 1.0f;\n"
                   "}\n");
  write("a.hip", LaneKernel);
  ProcessResult R = runWavecheck({"bad.hip", "a.hip"}, Dir);
  EXPECT_EQ(R.ExitCode, 3) << R.Err;
  EXPECT_NE(R.Out.find("bad.hip: error: cannot be analysed: bad.hip:3:12: use of undeclared "
                       "identifier 'undeclared_thing'\n"
                       "    3 |   out[0] = undeclared_thing + 1.0f;\n"
                       "      |            ^~~~~~~~~~~~~~~~\n"
                       "summary: a.hip: 1 finding"),
            std::string::npos)
      << R.Out;
}

// ANSI SGR sequences as LLVM's raw_ostream writes them for clang's
// diagnostic colours: bold (the location, a warning's message), bold
// magenta (warning:), bold red (error:), bold black (note:), bold green (the
// caret), green (the fix-it), reset.
#define BOLD "\033[1m"
#define MAGENTA "\033[0;1;35m"
#define RED "\033[0;1;31m"
#define BLACK "\033[0;1;30m"
#define CARET "\033[0;1;32m"
#define FIXIT "\033[0;32m"
#define RESET "\033[0m"

TEST_F(TextOutput, ColorAlwaysUsesClangsColours) {
  write("a.hip", LaneKernel);
  ProcessResult R = runWavecheck({"--color=always", "a.hip", "missing.hip"}, Dir);
  EXPECT_EQ(R.ExitCode, 3) << R.Err;
  EXPECT_NE(R.Out.find(BOLD "a.hip:4:20: " RESET MAGENTA "warning: " RESET BOLD
                            "lane index computed with 32 ('tid % 32')"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("[wave64-hardcoded-warp-size]" RESET "\n"
                       "    4 |   int lane = tid % 32;\n"
                       "      |                    " CARET "^" RESET "\n"
                       "      |                    " FIXIT "warpSize" RESET "\n"
                       BOLD "a.hip:5:30: " RESET BLACK "note: " RESET "'__ballot("),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find(BOLD "missing.hip: " RESET RED "error: " RESET BOLD
                            "no such file or directory" RESET "\n"),
            std::string::npos)
      << R.Out;
  // A finding made an error by --warnings-as-errors is red too.
  R = runWavecheck({"--color=always", "--warnings-as-errors=wave64-*", "a.hip"}, Dir);
  EXPECT_NE(R.Out.find(BOLD "a.hip:4:20: " RESET RED "error: " RESET BOLD), std::string::npos)
      << R.Out;
  // stderr's messages follow it (LLVM's WithColor).
  write("docs/index.md", "# docs\n");
  R = runWavecheck({"--color=always", "a.hip", "docs"}, Dir);
  EXPECT_NE(R.Err.find("wavecheck: " BLACK "note: " RESET "docs: no sources to analyse"),
            std::string::npos)
      << R.Err;
}

TEST_F(TextOutput, NoColoursWithNeverOrIntoAPipe) {
  write("a.hip", LaneKernel);
  write("docs/index.md", "# docs\n");
  // auto (the default) writes none: the test's stdout and stderr are pipes.
  for (const char *Mode : {"--color=never", "--color=auto", "--progress=never"}) {
    SCOPED_TRACE(Mode);
    ProcessResult R = runWavecheck({Mode, "a.hip", "docs", "missing.hip"}, Dir);
    EXPECT_EQ(R.ExitCode, 3) << R.Err;
    EXPECT_NE(R.Out.find("a.hip:4:20: warning: lane index computed with 32"), std::string::npos)
        << R.Out;
    EXPECT_EQ(R.Out.find('\033'), std::string::npos) << R.Out;
    EXPECT_EQ(R.Err.find('\033'), std::string::npos) << R.Err;
  }
  ProcessResult R = runWavecheck({"--color=sometimes", "a.hip"}, Dir);
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("invalid --color 'sometimes'; expected auto, always or never"),
            std::string::npos)
      << R.Err;
}

} // namespace
