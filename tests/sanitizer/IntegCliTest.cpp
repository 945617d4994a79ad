// `wavesan diff` (sanitizer/tools/cli/): runs build/bin/wavesan on .npy files written here
// with xtensor's dump_npy, for matching and buggy kernel outputs and for bad inputs.
// Expected results are hand arithmetic (comments); exit codes: 0 match, 1 mismatch,
// 2 usage error or unusable input (docs/wavesan-integration.md).
#include "CliTestUtil.h"

#include <gtest/gtest.h>

#include <xtensor/xarray.hpp>
#include <xtensor/xnpy.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <sys/wait.h>

namespace {

namespace fs = std::filesystem;

using cli_test::CliRun;
using cli_test::slurp;

class IntegCli : public cli_test::TempDirTest {
protected:
  template <class E> std::string npy(const std::string &Name, const E &Array) {
    xt::dump_npy(path(Name), Array);
    return path(Name);
  }

  CliRun wavesan(const std::string &Args) {
    return cli_test::runShell(std::string("'") + WAVESAN_CLI + "' " + Args, Dir);
  }
};

// x[i] = i % 4 for i < 1024: 256 * (0 + 1 + 2 + 3) = 1536.
TEST_F(IntegCli, ReduceMatchingSumExitsZero) {
  xt::xarray<float> X = xt::zeros<float>({1024});
  for (size_t I = 0; I < 1024; ++I)
    X(I) = static_cast<float>(I % 4);
  const auto In = npy("x.npy", X);
  const auto Out = npy("y.npy", xt::xarray<float>({1536.0f}));
  const CliRun R = wavesan("diff --op reduce --input " + In + " --output " + Out);
  EXPECT_EQ(R.Status, 0) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("matches"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Err, "");
}

// A ladder that starts at offset 16 folds lanes 0-31 of each 64-lane wavefront only.
// x[i] = i % 64, N = 256 (4 wavefronts): the right sum is 4 * (0 + ... + 63) = 4 * 2016 =
// 8064; the buggy kernel returns 4 * (0 + ... + 31) = 4 * 496 = 1984.
TEST_F(IntegCli, ReduceLadderFrom16IsDiagnosed) {
  xt::xarray<float> X = xt::zeros<float>({256});
  for (size_t I = 0; I < 256; ++I)
    X(I) = static_cast<float>(I % 64);
  const auto In = npy("x.npy", X);
  const auto Out = npy("y.npy", xt::xarray<float>({1984.0f}));
  const CliRun R = wavesan("diff --op reduce --scope=device --input " + In + " --output=" + Out +
                        " --kernel block_sum");
  EXPECT_EQ(R.Status, 1) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("wave64-partial-reduction"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("SUMMARY: wavesan:"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("block_sum"), std::string::npos) << R.Out;
}

// A = [[1,2,3],[4,5,6]], B = [[1,0],[0,1],[1,1]]: C = [[1+3, 2+3], [4+6, 5+6]] =
// [[4,5],[10,11]]. A is also given in Fortran (column-major) order: same C.
TEST_F(IntegCli, GemmMatchingExitsZeroInBothLayouts) {
  const auto B = npy("b.npy", xt::xarray<float>{{1, 0}, {0, 1}, {1, 1}});
  const auto C = npy("c.npy", xt::xarray<float>{{4, 5}, {10, 11}});
  const auto A = npy("a.npy", xt::xarray<float>{{1, 2, 3}, {4, 5, 6}});
  xt::xarray<float, xt::layout_type::column_major> AColumns{{1, 2, 3}, {4, 5, 6}};
  const auto AF = npy("a_fortran.npy", AColumns);
  for (const auto &APath : {A, AF}) {
    const CliRun R = wavesan("diff --op gemm --a " + APath + " --b " + B + " --c " + C);
    EXPECT_EQ(R.Status, 0) << APath << "\n" << R.Out << R.Err;
  }
  // With --trans-a, A must be stored K x M: A^T of the above is 3 x 2.
  const auto AT = npy("at.npy", xt::xarray<float>{{1, 4}, {2, 5}, {3, 6}});
  const CliRun R = wavesan("diff --op gemm --trans-a --a " + AT + " --b " + B + " --c " + C);
  EXPECT_EQ(R.Status, 0) << R.Out << R.Err;
}

// FP8 fed OCP bytes on gfx942: 0x38 is 1.0 in E4M3 OCP (bias 7: 2^(7-7)) but 0.5 in E4M3
// FNUZ (bias 8), docs/hardware.md. A (16 x 32) and B (32 x 16) of 0x38: the right C is 32 per
// element; a kernel reading both as FNUZ gets 0.5 * 0.5 * 32 = 8, off by exactly 4x.
TEST_F(IntegCli, GemmFp8OcpReadAsFnuzIsDiagnosed) {
  const auto A = npy("a.npy", xt::xarray<uint8_t>(xt::ones<uint8_t>({16, 32}) * uint8_t(0x38)));
  const auto B = npy("b.npy", xt::xarray<uint8_t>(xt::ones<uint8_t>({32, 16}) * uint8_t(0x38)));
  const auto Good = npy("good.npy", xt::xarray<float>(xt::ones<float>({16, 16}) * 32.0f));
  const auto Bad = npy("bad.npy", xt::xarray<float>(xt::ones<float>({16, 16}) * 8.0f));
  const std::string Ab = " --a " + A + " --b " + B + " --a-type e4m3-ocp --b-type e4m3-ocp";
  EXPECT_EQ(wavesan("diff --op gemm" + Ab + " --c " + Good).Status, 0);
  const CliRun R = wavesan("diff --op gemm" + Ab + " --c " + Bad);
  EXPECT_EQ(R.Status, 1) << R.Out << R.Err;
  EXPECT_NE(R.Out.find("fp8-format-target-mismatch"), std::string::npos) << R.Out;
}

TEST_F(IntegCli, MissingFileIsExitTwoNamingIt) {
  const auto Out = npy("y.npy", xt::xarray<float>({1.0f}));
  const CliRun R = wavesan("diff --op reduce --input " + path("nope.npy") + " --output " + Out);
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find("--input '" + path("nope.npy") + "': no such file"), std::string::npos)
      << R.Err;
  EXPECT_EQ(R.Out, "");
}

TEST_F(IntegCli, WrongShapeIsExitTwoNamingFileAndShape) {
  const auto A = npy("a.npy", xt::xarray<float>{{1, 2, 3}, {4, 5, 6}});
  const auto B = npy("b.npy", xt::xarray<float>{{1, 0}, {0, 1}, {1, 1}});
  const auto C = npy("c.npy", xt::xarray<float>{{4, 5, 0}, {10, 11, 0}});
  CliRun R = wavesan("diff --op gemm --a " + A + " --b " + B + " --c " + C);
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find(C + " has shape (2, 3); expected (2, 2)"), std::string::npos) << R.Err;
  // K mismatch: B has 2 rows, A has K = 3.
  const auto B2 = npy("b2.npy", xt::xarray<float>{{1, 0}, {0, 1}});
  R = wavesan("diff --op gemm --a " + A + " --b " + B2 + " --c " + C);
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find(B2 + " has shape (2, 2); expected (3, N)"), std::string::npos) << R.Err;
  // A reduction's output must be 1-d.
  const auto X = npy("x.npy", xt::xarray<float>{1, 2, 3});
  R = wavesan("diff --op reduce --input " + X + " --output " + C);
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find(C + " has shape (2, 3); expected a 1-d array of results (1,)"),
            std::string::npos)
      << R.Err;
}

TEST_F(IntegCli, NotNpyOrTruncatedIsExitTwoNamingFile) {
  const auto Out = npy("y.npy", xt::xarray<float>({1.0f}));
  {
    std::ofstream(path("notes.txt")) << "x,y\n1,2\n";
  }
  CliRun R = wavesan("diff --op reduce --input " + path("notes.txt") + " --output " + Out);
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find("--input '" + path("notes.txt") + "': not a valid .npy file"),
            std::string::npos)
      << R.Err;
  // A float32 (4,) header with 8 data bytes instead of 16.
  const auto X = npy("x.npy", xt::xarray<float>{1, 2, 3, 4});
  fs::resize_file(X, fs::file_size(X) - 8);
  R = wavesan("diff --op reduce --input " + X + " --output " + Out);
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find("but the file has 8 bytes after the header (truncated?)"),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find(X), std::string::npos) << R.Err;
}

TEST_F(IntegCli, RawBytesNeedTheirType) {
  const auto A = npy("a.npy", xt::xarray<uint8_t>(xt::ones<uint8_t>({2, 2})));
  const auto B = npy("b.npy", xt::xarray<float>{{1, 0}, {0, 1}});
  const auto C = npy("c.npy", xt::xarray<float>{{1, 0}, {0, 1}});
  CliRun R = wavesan("diff --op gemm --a " + A + " --b " + B + " --c " + C);
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find(A + " holds uint8 (2, 2); expected float32 or float16, or raw FP8 "
                           "bytes with --a-type=e4m3-ocp"),
            std::string::npos)
      << R.Err;
  R = wavesan("diff --op gemm --a " + A + " --a-type e4m3 --b " + B + " --c " + C);
  EXPECT_EQ(R.Status, 2) << R.Err;
}

TEST_F(IntegCli, UsageErrorsAndHelp) {
  CliRun R = wavesan("diff --op reduce --bogus 1");
  EXPECT_EQ(R.Status, 2);
  EXPECT_EQ(R.Err, "wavesan diff: error: unknown option '--bogus'; see 'wavesan diff --help'\n");
  R = wavesan("diff --op fft");
  EXPECT_EQ(R.Status, 2);
  EXPECT_EQ(R.Err, "wavesan diff: error: --op='fft': expected gemm or reduce\n");
  R = wavesan("diff --op reduce --input x.npy --output y.npy --a a.npy");
  EXPECT_EQ(R.Status, 2);
  EXPECT_EQ(R.Err, "wavesan diff: error: --a does not apply to --op reduce\n");
  R = wavesan("diff --op reduce --input x.npy");
  EXPECT_EQ(R.Status, 2);
  EXPECT_EQ(R.Err, "wavesan diff: error: missing --output (required for --op reduce)\n");
  R = wavesan("frobnicate");
  EXPECT_EQ(R.Status, 2);
  EXPECT_EQ(R.Err, "wavesan: error: unknown subcommand 'frobnicate'; see 'wavesan --help'\n");
  R = wavesan("diff --help");
  EXPECT_EQ(R.Status, 0);
  EXPECT_EQ(R.Out.rfind("OVERVIEW: compare a kernel's output", 0), 0u) << R.Out;
  EXPECT_NE(R.Out.find("USAGE: wavesan diff --op reduce --input <x.npy> --output <y.npy>"),
            std::string::npos);
  EXPECT_NE(R.Out.find("  --a-type=<dtype>"), std::string::npos);
  R = wavesan("--help");
  EXPECT_EQ(R.Status, 0);
  EXPECT_NE(R.Out.find("  diff  - Compare"), std::string::npos) << R.Out;
}

// Results stored narrower than accumulated: the CLI takes the output's rounding from the
// .npy dtype of --output. By hand: 2^24 + 1 = 16777217 stored as float32 is 16777216
// (spacing 2, ties to even); 2048 + 1 = 2049 stored as float16 is 2048 (spacing 2). The
// float16 file is written as uint16 bits and its descr patched to '<f2'; 2048 = 2^11 is
// f16 bits 0 11010 0000000000 = 0x6800 (exponent 11 + bias 15 = 26).
TEST_F(IntegCli, ReduceResultsRoundedToOutputDtypePass) {
  xt::xarray<float> X = xt::zeros<float>({64});
  X(0) = 16777216.0f;
  X(1) = 1.0f;
  const auto In = npy("x.npy", X);
  const auto Out = npy("y.npy", xt::xarray<float>({16777216.0f}));
  CliRun R = wavesan("diff --op reduce --scope wave --input " + In + " --output " + Out);
  EXPECT_EQ(R.Status, 0) << R.Out << R.Err;
  X(0) = 2048.0f;
  const auto In2 = npy("x2.npy", X);
  const auto Half = npy("h.npy", xt::xarray<uint16_t>({uint16_t(0x6800)}));
  {
    std::fstream F(Half, std::ios::in | std::ios::out | std::ios::binary);
    std::string Bytes((std::istreambuf_iterator<char>(F)), std::istreambuf_iterator<char>());
    const size_t At = Bytes.find("'<u2'");
    ASSERT_NE(At, std::string::npos);
    F.seekp(std::streamoff(At + 2));
    F.put('f');
  }
  R = wavesan("diff --op reduce --scope wave --acc f32 --input " + In2 + " --output " + Half);
  EXPECT_EQ(R.Status, 0) << R.Out << R.Err;
  R = wavesan("diff --help");
  EXPECT_NE(R.Out.find("float16"), std::string::npos) << R.Out;
}

// inf and nan parse as numbers but are no alpha, beta or scale.
TEST_F(IntegCli, NonFiniteAlphaBetaScaleIsExitTwo) {
  const auto A = npy("a.npy", xt::xarray<float>{{1, 0}, {0, 1}});
  for (const std::string Opt : {"--alpha=inf", "--beta=nan", "--scale-a=-inf", "--scale-b=nan"}) {
    const CliRun R = wavesan("diff --op gemm --a " + A + " --b " + A + " --c " + A + " " + Opt);
    EXPECT_EQ(R.Status, 2) << Opt << R.Out << R.Err;
    const std::string Name = Opt.substr(0, Opt.find('='));
    EXPECT_NE(R.Err.find(Name + "="), std::string::npos) << R.Err;
    EXPECT_NE(R.Err.find("expected a finite number"), std::string::npos) << R.Err;
  }
  // 1e300 is a finite double but inf as the float GemmSpec holds.
  const CliRun R =
      wavesan("diff --op gemm --a " + A + " --b " + A + " --c " + A + " --alpha 1e300");
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find("--alpha='1e300': expected a finite number within float's range"),
            std::string::npos)
      << R.Err;
}

// /dev/zero exists but is no regular file: name it and say what was expected (not
// "cannot open: Success").
TEST_F(IntegCli, NonRegularFileIsExitTwoNamingIt) {
  const auto Out = npy("y.npy", xt::xarray<float>({1.0f}));
  const CliRun R = wavesan("diff --op reduce --input /dev/zero --output " + Out);
  EXPECT_EQ(R.Status, 2);
  EXPECT_NE(R.Err.find("--input '/dev/zero': not a regular file; expected a .npy file"),
            std::string::npos)
      << R.Err;
  EXPECT_EQ(R.Err.find("Success"), std::string::npos) << R.Err;
}

} // namespace
