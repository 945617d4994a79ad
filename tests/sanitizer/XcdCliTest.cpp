//===--- XcdCliTest.cpp - `wavesan xcd` end to end --------------------------===//
#include "CliTestUtil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

using cli_test::CliRun;
using cli_test::slurp;

class XcdCli : public cli_test::TempDirTest {
protected:
  CliRun wavesan(const std::string &Args) {
    return cli_test::runShell(std::string("'") + WAVESAN_CLI + "' xcd " + Args, Dir);
  }
};

} // namespace

// The worked example's figures (XcdTest.cpp has the arithmetic): 512, 288 (1.78x), 192 KiB (2.67x).
TEST_F(XcdCli, SeedExample) {
  const CliRun R = wavesan("--seed-example");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_NE(R.Out.find("row-major                1x8      8         8         8              "
                       "512 KiB  1.00x"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("288 KiB  1.78x less"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("192 KiB  2.67x less"), std::string::npos) << R.Out;
}

// --seed-example --svg draws the worked example (it was refused: every option but
// --seed-example was rejected, --svg included). The text is unchanged; the picture has one
// panel per row and the 512 / 288 / 192 KiB bars. --svg is still the only option it takes.
TEST_F(XcdCli, SeedExampleDrawsItsPicture) {
  const CliRun R = wavesan("--seed-example --svg '" + path("e.svg") + "'");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_NE(R.Out.find("288 KiB  1.78x less"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("\nwrote " + path("e.svg") + "\n"), std::string::npos) << R.Out;
  const std::string Svg = slurp(path("e.svg"));
  EXPECT_NE(Svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
  EXPECT_NE(Svg.find("id=\"example-3\""), std::string::npos);
  EXPECT_NE(Svg.find(">512 KiB, 1.00x vs row-major<"), std::string::npos) << Svg;
  EXPECT_NE(Svg.find(">288 KiB, 1.78x less vs row-major<"), std::string::npos) << Svg;
  EXPECT_NE(Svg.find(">192 KiB, 2.67x less vs row-major<"), std::string::npos) << Svg;
  const CliRun Bad = wavesan("--seed-example --svg '" + path("f.svg") + "' --xcds 4");
  EXPECT_EQ(Bad.Status, 2);
  EXPECT_NE(Bad.Err.find("--xcds does not apply to --seed-example"), std::string::npos)
      << Bad.Err;
  EXPECT_FALSE(fs::exists(path("f.svg")));
  const CliRun Unwritable = wavesan("--seed-example --svg /nonexistent-dir/e.svg");
  EXPECT_EQ(Unwritable.Status, 2);
  EXPECT_EQ(Unwritable.Out, "");
}

// 8x8 tiles of 256 (M = N = 2048), K = 64 (one K step, 32 KiB slices), 8 XCDs, 8
// resident: row-major puts tile column x on XCD x (8 A + 1 B slices each), the remap
// tile row x (1 A + 8 B): both 8 x 9 x 32 KiB = 2304 KiB = 2.25 MiB, per K step too.
TEST_F(XcdCli, ModelTableAndSvg) {
  const CliRun R = wavesan("--m 2048 --n 2048 --k 64 --resident 8 --group-m 2 --svg '" +
                           path("p.svg") + "'");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_NE(R.Out.find("row-major                           2.25 MiB        2.25 MiB"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("remap + GROUP_M=2"), std::string::npos) << R.Out;
  EXPECT_TRUE(fs::exists(path("p.svg")));
  EXPECT_NE(slurp(path("p.svg")).find("<svg xmlns=\"http://www.w3.org/2000/svg\""),
            std::string::npos);
}

// The picture states values in the units of the text: the same 8x8-tile GEMM over K = 65536
// (1024 K steps of 9 slices x 32 KiB per XCD) fetches 288 MiB into each L2 and 2.25 GiB in
// all. The text says "2.25 GiB" and "288.00 MiB"; so do the SVG's bar labels and tooltips,
// and the axes count in GiB (0 .. 2.5 in steps of 0.5) and MiB (0 .. 300 in steps of 50).
TEST_F(XcdCli, SvgUsesTheTextUnits) {
  const CliRun R = wavesan("--m 2048 --n 2048 --k 65536 --resident 8 --group-m 0 --svg '" +
                           path("u.svg") + "'");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_NE(R.Out.find("row-major                           2.25 GiB"), std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("288.00 MiB (43.8%)"), std::string::npos) << R.Out;
  const std::string Svg = slurp(path("u.svg"));
  EXPECT_NE(Svg.find(">2.25 GiB</text>"), std::string::npos) << Svg;
  EXPECT_NE(Svg.find("<title>row-major: 2.25 GiB, hit rate 43.8%</title>"), std::string::npos);
  EXPECT_NE(Svg.find("<title>row-major, XCD 0: 288.00 MiB fetched, hit rate 43.8%</title>"),
            std::string::npos);
  EXPECT_NE(Svg.find(">2.5 GiB</text>"), std::string::npos);
  EXPECT_NE(Svg.find(">300 MiB</text>"), std::string::npos);
  EXPECT_EQ(Svg.find("0.28 GiB"), std::string::npos);
  EXPECT_EQ(Svg.find("2304.00 MiB"), std::string::npos);
}

// 128 x 128 tiles on a 16384 x 16384 GEMM (16384 tiles): the picture used to draw every
// tile of every order (4 x 16384 cells, 4.5 MB of SVG); now blocks of 2 x 2 tiles with a
// caption saying so, and an enlarged corner. The file stays under 2 MB.
TEST_F(XcdCli, FineTilesGiveABoundedPicture) {
  const CliRun R = wavesan("--m 16384 --n 16384 --k 16384 --tile-m 128 --tile-n 128 --svg '" +
                           path("fine.svg") + "'");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_LT(fs::file_size(path("fine.svg")), 2u * 1000 * 1000);
  const std::string Svg = slurp(path("fine.svg"));
  EXPECT_NE(Svg.find("128 x 128 tiles: each cell aggregates 2 x 2 tiles (2 tile rows x 2 tile "
                     "columns; fewer at the edges),"),
            std::string::npos);
  EXPECT_NE(Svg.find("Enlarged below: tile rows 0-15 x tile columns 0-15, one cell per tile."),
            std::string::npos);
}

// The one-tile-row estimate and the full model disagree for 2048 x 2048 at 256 x 256 tiles:
// 8 tiles of a row on 8 XCDs fetch 8 x (32 + 32) = 512 KiB per K step, on one XCD
// 32 + 8 x 32 = 288 KiB (1.78x), but the whole grid under round-robin gives XCD x tile
// column x (8 A + 1 B slices), the remap tile row x (1 A + 8 B): equal, 1.00x. The output
// says why. For 2048 x 2304 (9 tile columns) the model gives 272 / 160 = 1.70x, close to
// the estimate: no note. Nor with a recorded order (the note is about row-major).
TEST_F(XcdCli, SaysWhyTheModelShowsNoGainWhereTheOneRowEstimateDoes) {
  const CliRun R = wavesan("--m 2048 --n 2048 --k 4096");
  EXPECT_EQ(R.Status, 0) << R.Err;
  std::string Out = R.Out;
  std::replace(Out.begin(), Out.end(), '\n', ' ');
  EXPECT_NE(Out.find("note: the one-tile-row estimate (8 neighbouring tiles of one tile row in "
                     "one K step: on 8 XCDs under round-robin, on one XCD under the remap) gives "
                     "1.78x less traffic into L2 with the remap; the full model (the table "
                     "above) gives 1.00x."),
            std::string::npos)
      << R.Out;
  EXPECT_NE(Out.find("The estimate counts one tile row in isolation; with 8 tile columns, "
                     "round-robin dispatch over the 8 XCDs already gives each XCD a column "
                     "stripe (XCD x: tile columns x, x+8, x+16, ...) whose B tiles stay in its "
                     "L2, so the remap has little left to gain."),
            std::string::npos)
      << R.Out;
  const CliRun Agree = wavesan("--m 2048 --n 2304 --k 4096");
  EXPECT_EQ(Agree.Status, 0) << Agree.Err;
  EXPECT_NE(Agree.Out.find("remap                             160.00 MiB"), std::string::npos)
      << Agree.Out;
  EXPECT_EQ(Agree.Out.find("note:"), std::string::npos) << Agree.Out;
  {
    std::ofstream O(path("rm.txt"));
    for (int P = 0; P < 64; ++P)
      O << P << " " << P << "\n";
  }
  const CliRun Recorded = wavesan("--m 2048 --n 2048 --k 4096 --order '" + path("rm.txt") + "'");
  EXPECT_EQ(Recorded.Status, 0) << Recorded.Err;
  EXPECT_EQ(Recorded.Out.find("note:"), std::string::npos) << Recorded.Out;
}

TEST_F(XcdCli, RecordedOrder) {
  {
    // The 8x8 grid (M = N = 2048, 256x256 tiles) column-major: workgroup p computes tile
    // (p % 8) * 8 + p / 8, every tile once.
    std::ofstream O(path("order.txt"));
    O << "# column-major 8x8\n";
    for (int P = 0; P < 64; ++P)
      O << P << " " << (P % 8) * 8 + P / 8 << "\n";
  }
  const CliRun R = wavesan("--m 2048 --n 2048 --k 64 --group-m 0 --order '" +
                           path("order.txt") + "'");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_NE(R.Out.find("recorded + remap"), std::string::npos) << R.Out;
}

TEST_F(XcdCli, UsageErrorsExitTwoAndNameTheInput) {
  struct Case {
    const char *Args, *Message;
  } Cases[] = {
      {"", "--m, --n and --k are required"},
      {"--seed-example --m 5", "--m does not apply to --seed-example"},
      {"--m 1024 --n 1024 --k 64 --l2 4XB", "--l2='4XB': expected a positive size"},
      {"--m 1024 --n 1024 --k 64 --tile-m 0", "--tile-m=0: expected a positive number"},
      {"--m 1024 --n 1024 --k 64 --dtype int4", "--dtype='int4': expected one of"},
      {"--m 1024 --n 1024 --k 64 --order /nonexistent/o.txt",
       "--order: cannot open '/nonexistent/o.txt'"},
      {"--bogus", "bogus"},
  };
  for (const Case &C : Cases) {
    const CliRun R = wavesan(C.Args);
    EXPECT_EQ(R.Status, 2) << C.Args;
    EXPECT_NE(R.Err.find(C.Message), std::string::npos) << C.Args << ": " << R.Err;
  }
  std::ofstream(path("bad.txt")) << "0 99\n";
  const CliRun R = wavesan("--m 1024 --n 1024 --k 64 --order '" + path("bad.txt") + "'");
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find("bad.txt:1: tile 99 is out of range; expected < 16"), std::string::npos)
      << R.Err;
  EXPECT_EQ(wavesan("--help").Status, 0);
}

// A recorded order that is not a permutation of the tiles is refused, naming the line: the
// GEMM has 4 x 4 = 16 tiles; the file computes tile 3 twice (and tile 4 never).
TEST_F(XcdCli, RecordedOrderMustBeAPermutation) {
  {
    std::ofstream O(path("dup.txt"));
    for (int P = 0; P < 16; ++P)
      O << P << " " << (P == 4 ? 3 : P) << "\n";
  }
  CliRun R = wavesan("--m 1024 --n 1024 --k 64 --order '" + path("dup.txt") + "'");
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find("dup.txt:5: tile 3 is computed twice (workgroups 3 and 4)"),
            std::string::npos)
      << R.Err;
  EXPECT_EQ(R.Out, "");
  std::ofstream(path("short.txt")) << "0 0\n1 1\n";
  R = wavesan("--m 1024 --n 1024 --k 64 --order '" + path("short.txt") + "'");
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find("2 workgroups for 16 tiles"), std::string::npos) << R.Err;
}

// 65535 x 65535 tiles of 1 x 1: refused from the shape alone (exit 2, no allocation), with
// the estimate and the cap; the message names what to change.
TEST_F(XcdCli, HugeModelIsRefusedBeforeAllocating) {
  const CliRun R = wavesan("--m 65535 --n 65535 --k 64 --tile-m 1 --tile-n 1");
  EXPECT_EQ(R.Status, 2) << R.Err;
  EXPECT_NE(R.Err.find("wavesan xcd: error: the model needs about 128"), std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("expected at most 1 GiB: use larger tiles or a larger K step"),
            std::string::npos)
      << R.Err;
  EXPECT_EQ(R.Out, "");
}

// Sizes near 2^64: the tile counts were ceilings that wrapped (M = 2^64 - 1 gave 0 tiles
// and a table of 0 B; every size at 2^64 - 1 divided by 0 tiles: SIGFPE), and slice
// bytes wrapped to 0 (2^32 x 2^32 elements of 2 bytes). Refused, with the bound.
TEST_F(XcdCli, SizesNear2To64AreRefusedWithTheBound) {
  const std::string Max = "18446744073709551615";
  struct Case {
    std::string Args, Message;
  } Cases[] = {
      {"--m " + Max + " --n 1024 --k 64",
       "wavesan xcd: error: the GEMM has 72057594037927936 x 4 tiles; expected at most 2^32 - 1 "
       "tiles\n"},
      {"--m " + Max + " --n " + Max + " --k " + Max + " --tile-m " + Max + " --tile-n " + Max +
           " --k-step " + Max,
       "wavesan xcd: error: the GEMM " + Max + " x " + Max + " x " + Max +
           " of 2-byte elements reads element bytes x K x (M x 1 tiles N + N x 1 tiles M) bytes "
           "of operands, more than 2^64 - 1 (18446744073709551615); expected a shape whose reads "
           "fit in 64 bits: use smaller M, N, K or element size\n"},
      // 2 x 2^32 x (2^32 x 1 + 2^32 x 1) = 2^66 bytes.
      {"--m 4294967296 --n 4294967296 --k 4294967296 --tile-m 4294967296 --tile-n 4294967296 "
       "--k-step 4294967296",
       "wavesan xcd: error: the GEMM 4294967296 x 4294967296 x 4294967296 of 2-byte elements "
       "reads element bytes x K x (M x 1 tiles N + N x 1 tiles M) bytes of operands, more than "
       "2^64 - 1 (18446744073709551615); expected a shape whose reads fit in 64 bits: use "
       "smaller M, N, K or element size\n"},
      // K = 2^64 - 1 in 64-element steps: the step count's ceiling wrapped to 0 K steps.
      {"--m 1024 --n 1024 --k " + Max,
       "wavesan xcd: error: the GEMM 1024 x 1024 x " + Max +
           " of 2-byte elements reads element bytes x K x (M x 4 tiles N + N x 4 tiles M) bytes "
           "of operands, more than 2^64 - 1 (18446744073709551615); expected a shape whose reads "
           "fit in 64 bits: use smaller M, N, K or element size\n"},
  };
  for (const Case &C : Cases) {
    const CliRun R = wavesan(C.Args);
    EXPECT_EQ(R.Status, 2) << C.Args << "\n" << R.Out;
    EXPECT_EQ(R.Err, C.Message) << C.Args;
    EXPECT_EQ(R.Out, "") << C.Args;
  }
  // A tile taller than the matrix is one (partial) tile row: 1 x 4 tiles.
  const CliRun R = wavesan("--m 1024 --n 1024 --k 64 --tile-m " + Max);
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_NE(R.Out.find("2-byte elements: 1 x 4 = 4 tiles, 1 K steps\n"), std::string::npos)
      << R.Out;
}

// An --svg path that cannot be created is refused before the model runs: nothing on
// stdout, exit 2 (it used to print the whole report first).
TEST_F(XcdCli, UnwritableSvgIsRefusedBeforeTheReport) {
  const CliRun R = wavesan("--m 2048 --n 2048 --k 64 --svg /nonexistent-dir/p.svg");
  EXPECT_EQ(R.Status, 2);
  EXPECT_EQ(R.Out, "");
  EXPECT_NE(R.Err.find("--svg: cannot create '/nonexistent-dir/p.svg'"), std::string::npos)
      << R.Err;
}
