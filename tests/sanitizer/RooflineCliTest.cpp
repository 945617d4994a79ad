// `wavesan roofline` (sanitizer/tools/cli/roofline_command.cpp), run in process: the text and
// JSON goldens of testdata/roofline/ (typed by hand; the arithmetic is in its README.md),
// bad inputs (exit 2, a message naming the option) and warnings (exit 0). The last test
// runs the built bin/wavesan to cover the dispatch in main.cpp.
#include "roofline_command.h"

#include "CliTestUtil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

namespace {

using cli_test::CliRun;
using cli_test::slurp;

CliRun roofline(std::vector<const char *> Args) {
  std::ostringstream Out, Err;
  const int Status = wavesan::cli::runRoofline(Args, Out, Err);
  return {Status, Out.str(), Err.str()};
}

std::string golden(const std::string &Name) {
  return slurp(std::string(WAVESAN_TESTDATA_DIR) + "/roofline/" + Name);
}

/// Relative tolerance of the JSON golden's numbers: the hand-typed decimals (0.0025, 1600)
/// are exact; the tool's doubles went through at most two roundings (4 / 0.0025).
constexpr double JsonRel = 1e-12;

/// Same keys in the same order, same strings, booleans and nulls, numbers within JsonRel.
void expectJsonNear(const nlohmann::ordered_json &A, const nlohmann::ordered_json &E,
                    const std::string &Path) {
  ASSERT_EQ(A.type_name(), std::string(E.type_name())) << "at " << Path;
  if (E.is_object()) {
    std::vector<std::string> KeysA, KeysE;
    for (auto It = A.begin(); It != A.end(); ++It) KeysA.push_back(It.key());
    for (auto It = E.begin(); It != E.end(); ++It) KeysE.push_back(It.key());
    ASSERT_EQ(KeysA, KeysE) << "at " << Path;
    for (const std::string &K : KeysE)
      expectJsonNear(A[K], E[K], Path + "." + K);
  } else if (E.is_array()) {
    ASSERT_EQ(A.size(), E.size()) << "at " << Path;
    for (size_t I = 0; I < E.size(); ++I)
      expectJsonNear(A[I], E[I], Path + "[" + std::to_string(I) + "]");
  } else if (E.is_number()) {
    // Integers must stay integers (counts), doubles doubles.
    EXPECT_EQ(A.is_number_integer(), E.is_number_integer()) << "at " << Path;
    const double X = A.get<double>(), Y = E.get<double>();
    EXPECT_NEAR(X, Y, std::abs(Y) * JsonRel) << "at " << Path;
  } else {
    EXPECT_EQ(A, E) << "at " << Path;
  }
}

TEST(RooflineCli, SeedTextGolden) {
  const CliRun R = roofline({"--params", "70e9", "--dtype", "bf16"});
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_EQ(R.Err, "");
  EXPECT_EQ(R.Out, golden("seed_70b_bf16.txt"));
}

TEST(RooflineCli, JsonGolden) {
  const CliRun R = roofline({"--params", "1e9", "--dtype", "bf16", "--batch", "4", "--kv-bytes",
                          "2e6", "--prompt-tokens", "1000", "--gpu", "custom", "--tflops",
                          "1000", "--bandwidth-tbs", "4", "--memory-gb", "8",
                          "--format=json"});
  EXPECT_EQ(R.Status, 0) << R.Err;
  const auto Actual = nlohmann::ordered_json::parse(R.Out);
  const auto Expected = nlohmann::ordered_json::parse(golden("custom_kv_warning.json"));
  expectJsonNear(Actual, Expected, "$");
}

TEST(RooflineCli, BatchColumnAndWarningInText) {
  // Batch 64 adds a decode column: 64 FLOP/byte, 64 x 37.857 = 2423 tokens/s (integer
  // rounding of 2422.857). KV: 64 x 4096 x 327680 = 85.9 GB > 52 GB left -> warning.
  const CliRun R = roofline({"--params=70e9", "--dtype=bf16", "--batch=64", "--kv-bytes=327680",
                          "--context=4096"});
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_NE(R.Out.find("decode (batch 64)"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("warning: the batch's KV cache (85.9 GB"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("room for 158691 tokens (38 sequences at that context)"),
            std::string::npos) << R.Out;
}

TEST(RooflineCli, ModelLargerThanMemoryIsAWarningNotAnError) {
  // 405e9 x 2 bytes = 810 GB > 192 GB: documented as a warning (exit 0) so what-if figures
  // for models sharded over several GPUs stay available.
  const CliRun R = roofline({"--params", "405e9", "--dtype", "bf16", "--format", "json"});
  EXPECT_EQ(R.Status, 0) << R.Err;
  const auto J = nlohmann::json::parse(R.Out);
  ASSERT_EQ(J["warnings"].size(), 1u);
  EXPECT_NE(J["warnings"][0].get<std::string>().find("810 GB"), std::string::npos);
  EXPECT_EQ(J["memory_left_bytes"].get<double>(), -618e9); // 192e9 - 810e9
}

/// What a bad --params value is told it should be (written out here, not taken from the
/// command's source).
const std::string ParamsForms =
    "a parameter count: a number (70e9, 7e10, 70000000000) or a number with the suffix K, M, "
    "B or T for thousand, million, billion, trillion (70B, 1.5T; any case), as the report "
    "prints it";

struct BadCase {
  std::vector<const char *> Args;
  std::string Error; ///< the whole stderr line after "wavesan roofline: error: "
};

/// Each case exits 2 with exactly its message on stderr and nothing on stdout.
void expectRefused(const std::vector<BadCase> &Cases) {
  for (const BadCase &C : Cases) {
    const CliRun R = roofline(C.Args);
    std::string Cmd;
    for (const char *A : C.Args) Cmd += std::string(A) + " ";
    EXPECT_EQ(R.Status, 2) << Cmd;
    EXPECT_EQ(R.Out, "") << Cmd;
    EXPECT_EQ(R.Err, "wavesan roofline: error: " + C.Error + "\n") << Cmd;
  }
}

// The report's first line names the model "70B-parameter"; --params takes that form
// too. Every spelling of seventy billion gives the same report as --params 70e9, whose
// weights line (checked by hand: 70e9 x 2 bytes = 140 GB) is asserted.
TEST(RooflineCli, ParamsAcceptsTheSuffixedFormsOfTheReport) {
  const CliRun Plain = roofline({"--params", "70e9", "--dtype", "bf16"});
  ASSERT_EQ(Plain.Status, 0) << Plain.Err;
  EXPECT_NE(Plain.Out.find("140 GB (70000000000 parameters x 2 bytes)"), std::string::npos);
  for (const char *Spelling : {"70B", "70b", "7e10", "7.0e10", "70000000000", "0.07T",
                               "70000M", "70000000k"}) {
    const CliRun R = roofline({"--params", Spelling, "--dtype", "bf16"});
    EXPECT_EQ(R.Status, 0) << Spelling << ": " << R.Err;
    EXPECT_EQ(R.Out, Plain.Out) << Spelling;
  }
  const CliRun Small = roofline({"--params=1.5B", "--dtype=bf16"});
  EXPECT_EQ(Small.Status, 0) << Small.Err;
  EXPECT_NE(Small.Out.find("(1500000000 parameters x 2 bytes)"), std::string::npos) << Small.Out;
}

TEST(RooflineCli, BadInputsExit2NamingTheOption) {
  const std::vector<BadCase> Cases = {
      {{"--dtype", "bf16"}, "missing --params (required the model's parameter count, e.g. "
                            "--params=70e9 or --params=70B)"},
      {{"--params", "70e9"}, "missing --dtype (required bf16, fp16, fp8 or fp32)"},
      {{"--params", "-70e9", "--dtype", "bf16"}, "--params=-70000000000: expected a parameter "
                                                 "count > 0"},
      {{"--params", "0", "--dtype", "bf16"}, "--params=0: expected a parameter count > 0"},
      {{"--params", "seventy", "--dtype", "bf16"}, "--params='seventy': expected " + ParamsForms},
      {{"--params", "70G", "--dtype", "bf16"}, "--params='70G': expected " + ParamsForms},
      {{"--params", "B", "--dtype", "bf16"}, "--params='B': expected " + ParamsForms},
      {{"--params", "70BB", "--dtype", "bf16"}, "--params='70BB': expected " + ParamsForms},
      {{"--params", "70 B", "--dtype", "bf16"}, "--params='70 B': expected " + ParamsForms},
      {{"--params", "-70B", "--dtype", "bf16"}, "--params=-70000000000: expected a parameter "
                                                "count > 0"},
      {{"--params", "nan", "--dtype", "bf16"}, "--params=nan: expected a parameter count > 0"},
      {{"--params", "70e9", "--dtype", "int4"},
       "--dtype='int4': expected bf16, fp16, fp8 or fp32"},
      {{"--params", "70e9", "--dtype", "fp8"},
       "--dtype=fp8: no sourced dense fp8 peak (TFLOP/s from the GPU's data sheet) for "
       "--gpu=mi300x; pass --tflops"},
      {{"--params", "70e9", "--dtype", "bf16", "--gpu", "mi250"},
       "--gpu=mi250: unknown GPU; expected one of mi300x, custom (give --tflops, "
       "--bandwidth-tbs and --memory-gb)"},
      {{"--params", "70e9", "--dtype", "bf16", "--gpu", "custom", "--tflops", "100"},
       "--gpu=custom: missing --bandwidth-tbs; a custom GPU needs --tflops, --bandwidth-tbs "
       "and --memory-gb"},
      {{"--params", "70e9", "--dtype", "bf16", "--batch", "0"},
       "--batch=0: expected a batch size, an integer from 1 to 67108864"},
      {{"--params", "70e9", "--dtype", "bf16", "--batch", "-3"},
       "--batch=-3: expected a batch size, an integer from 1 to 67108864"},
      {{"--params", "70e9", "--dtype", "bf16", "--kv-bytes", "-1"},
       "--kv-bytes=-1: expected KV-cache bytes per token, >= 0"},
      {{"--params", "70e9", "--dtype", "bf16", "--prompt-tokens", "0"},
       "--prompt-tokens=0: expected a prompt length in tokens, an integer from 1 to 67108864"},
      {{"--params", "70e9", "--dtype", "bf16", "--context", "0"},
       "--context=0: expected a context length in tokens, an integer >= 1"},
      {{"--params", "70e9", "--dtype", "bf16", "--tflops", "-1"},
       "--tflops=-1: expected a peak in TFLOP/s > 0"},
      {{"--params", "70e9", "--dtype", "bf16", "--bandwidth-tbs", "0"},
       "--bandwidth-tbs=0: expected a bandwidth in TB/s > 0"},
      {{"--params", "70e9", "--dtype", "bf16", "--memory-gb", "inf"},
       "--memory-gb=inf: expected a memory size in GB > 0"},
      {{"--params", "70e9", "--dtype", "bf16", "--format", "xml"},
       "--format='xml': expected text or json"},
      {{"--params", "70e9", "--dtype", "bf16", "--gpus", "8"},
       "unknown option '--gpus'; see 'wavesan roofline --help'"},
  };
  expectRefused(Cases);
}

// Inputs above the documented bounds (docs/wavesan-roofline.md, "Bounds") are refused,
// naming the option: --params 1e300 used to print 300-digit numbers that broke the table.
TEST(RooflineCli, ValuesAboveTheBoundsExit2NamingTheOption) {
  const std::vector<BadCase> Cases = {
      {{"--params", "1e300", "--dtype", "bf16"},
       "--params=1e+300: expected a parameter count of at most 1e+15"},
      {{"--params", "70e9", "--dtype", "bf16", "--kv-bytes", "1e13"},
       "--kv-bytes=10000000000000: expected KV-cache bytes per token of at most 1e+12"},
      {{"--params", "70e9", "--dtype", "bf16", "--tflops", "1e7"},
       "--tflops=10000000: expected a peak in TFLOP/s of at most 1e+06"},
      {{"--params", "70e9", "--dtype", "bf16", "--bandwidth-tbs", "2e4"},
       "--bandwidth-tbs=20000: expected a bandwidth in TB/s of at most 10000"},
      {{"--params", "70e9", "--dtype", "bf16", "--memory-gb", "1e8"},
       "--memory-gb=100000000: expected a memory size in GB of at most 1e+07"},
  };
  expectRefused(Cases);
}

// The extremes inside the bounds still give a readable table: --params 1e15 on a GPU of
// 1e-6 TFLOP/s and 1e-6 TB/s makes the prefill floor 2 x 1e15 x 2048 / 1e6 FLOP/s =
// 4.096e12 s; values from 1e15 up are printed with an exponent (4 significant digits), so
// no table line is longer than the 70B BF16 golden's longest plus a few characters.
TEST(RooflineCli, ExtremeValuesStayCompact) {
  const CliRun R = roofline({"--params", "1e15", "--dtype", "fp32", "--gpu", "custom",
                             "--tflops", "1e-6", "--bandwidth-tbs", "1e-6", "--memory-gb",
                             "1e7", "--batch", "67108864", "--prompt-tokens", "67108864"});
  ASSERT_EQ(R.Status, 0) << R.Err;
  std::istringstream In(R.Out);
  std::string Line;
  while (std::getline(In, Line))
    if (Line.rfind("  ", 0) != 0 && Line.find("warning") == std::string::npos)
      EXPECT_LE(Line.size(), 120u) << Line;
  EXPECT_NE(R.Out.find("e+"), std::string::npos) << R.Out;
}

TEST(RooflineCli, HelpListsEveryOption) {
  const CliRun R = roofline({"--help"});
  EXPECT_EQ(R.Status, 0);
  for (const char *Opt : {"--params=<n>", "--dtype=<bf16|fp16|fp8|fp32>", "--batch=<n>",
                          "--kv-bytes=<bytes>", "--prompt-tokens=<n>", "--context=<n>",
                          "--gpu=<name>", "--tflops=<x>", "--bandwidth-tbs=<x>",
                          "--memory-gb=<x>", "--format=<text|json>"})
    EXPECT_NE(R.Out.find(Opt), std::string::npos) << Opt;
}

#ifdef WAVESAN_CLI
TEST(RooflineCli, BuiltBinaryDispatchesRoofline) {
  auto Shell = [](const std::string &Cmd, std::string &Out) {
    FILE *P = ::popen(Cmd.c_str(), "r");
    if (!P) return -1;
    char Buf[4096];
    size_t N;
    while ((N = std::fread(Buf, 1, sizeof Buf, P)) > 0) Out.append(Buf, N);
    const int Raw = ::pclose(P);
    return WIFEXITED(Raw) ? WEXITSTATUS(Raw) : -1;
  };
  std::string Out;
  EXPECT_EQ(Shell(std::string("'") + WAVESAN_CLI + "' roofline --params 70e9 --dtype bf16", Out),
            0);
  EXPECT_EQ(Out, golden("seed_70b_bf16.txt"));
  std::string Help;
  EXPECT_EQ(Shell(std::string("'") + WAVESAN_CLI + "' --help", Help), 0);
  EXPECT_NE(Help.find("  roofline  - "), std::string::npos) << Help;
  std::string Ignored;
  EXPECT_EQ(Shell(std::string("'") + WAVESAN_CLI + "' roofline --params 0 --dtype bf16 2>/dev/null",
                  Ignored),
            2);
}
#endif

} // namespace
