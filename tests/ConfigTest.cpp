//===--- ConfigTest.cpp - .wavecheck.yaml, end to end ----------------------===//
///
/// Lookup (nearest wins, InheritParentConfig merges), precedence (defaults <-
/// configuration <- command line), OffloadArch per file, check options
/// reaching a fix-it, WarningsAsErrors, --dump-config, --config-file, that a
/// project's .clang-tidy changes nothing, and one test per kind of invalid
/// file (exit 2, file:line:column and the key in the message). The sources
/// and configurations are written by each test; expected values are
/// hand-written.
///
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>
#include <map>
#include <set>

using namespace wavecheck::test;

namespace {

/// xcd-tile-order on line 3: a row-major GEMM tile order without the remap.
const char *TileKernel =
    "#include <hip/hip_runtime.h>\n"
    "__global__ void gemm(const float *A, const float *B, float *C, int N, int K) {\n"
    "  int pid = blockIdx.x;\n"
    "  int tileRow = pid / (N / 64);\n"
    "  int tileCol = pid % (N / 64);\n"
    "  const float *a = A + tileRow * 64 * K;\n"
    "  const float *b = B + tileCol * 64;\n"
    "  float acc = 0.0f;\n"
    "  for (int k = 0; k < K; ++k)\n"
    "    acc += a[threadIdx.y * K + k] * b[k * N + threadIdx.x];\n"
    "  C[(tileRow * 64 + threadIdx.y) * N + tileCol * 64 + threadIdx.x] = acc;\n"
    "}\n";

/// fp8-format-target-mismatch: line 2 is OCP (wrong on gfx942), line 3 FNUZ
/// (wrong on gfx950).
const char *Fp8Source = "#include <hip/hip_fp8.h>\n"
                        "typedef __hip_fp8_e4m3 act_t;\n"
                        "typedef __hip_fp8_e4m3_fnuz old_t;\n";

class ConfigTest : public TempDirTest {
protected:
  /// Runs wavecheck in Dir with --format=json (and --hip-headers=standin).
  ProcessResult run(std::vector<std::string> Args) {
    Args.insert(Args.begin(), {"--format=json", "--hip-headers=standin"});
    return runWavecheck(Args, Dir);
  }
};

/// (file, line, check) of every finding.
std::set<std::tuple<std::string, int64_t, std::string>> findings(const std::string &Out) {
  std::set<std::tuple<std::string, int64_t, std::string>> S;
  llvm::json::Object R = parseReport(Out);
  if (const llvm::json::Array *A = R.getArray("findings"))
    for (const llvm::json::Value &V : *A) {
      const llvm::json::Object &F = *V.getAsObject();
      S.insert({F.getString("file")->str(), *F.getInteger("line"),
                F.getString("check")->str()});
    }
  return S;
}

/// The findings' field \p Key (a string) by (file, line).
std::map<std::pair<std::string, int64_t>, std::string> field(const std::string &Out,
                                                            llvm::StringRef Key) {
  std::map<std::pair<std::string, int64_t>, std::string> M;
  llvm::json::Object R = parseReport(Out);
  if (const llvm::json::Array *A = R.getArray("findings"))
    for (const llvm::json::Value &V : *A) {
      const llvm::json::Object &F = *V.getAsObject();
      M[{F.getString("file")->str(), *F.getInteger("line")}] = F.getString(Key)->str();
    }
  return M;
}

/// The replacement texts of every fix-it.
std::vector<std::string> replacements(const std::string &Out) {
  std::vector<std::string> T;
  llvm::json::Object R = parseReport(Out);
  if (const llvm::json::Array *A = R.getArray("findings"))
    for (const llvm::json::Value &V : *A)
      if (const llvm::json::Array *Fx = V.getAsObject()->getArray("fixes"))
        for (const llvm::json::Value &X : *Fx)
          T.push_back(X.getAsObject()->getString("replacement")->str());
  return T;
}

using Set = std::set<std::tuple<std::string, int64_t, std::string>>;
const std::string Lane = "wave64-hardcoded-warp-size";

TEST_F(ConfigTest, WithoutConfigurationEveryRuleRuns) {
  write("src/a.hip", LaneKernel);
  ProcessResult R = run({"src/a.hip"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(findings(R.Out), (Set{{"src/a.hip", 4, Lane}}));
}

TEST_F(ConfigTest, ChecksInConfigurationDisableARuleAndNearestWins) {
  // The root disables the lane rule; src/keep/ has its own file (no
  // inheritance) that does not, so only src/keep/b.hip reports it.
  write(".wavecheck.yaml", "Checks: '-wave64-hardcoded-warp-size'\n");
  write("src/a.hip", LaneKernel);
  write("src/keep/.wavecheck.yaml", "Checks: '-xcd-tile-order'\n");
  write("src/keep/b.hip", LaneKernel);
  ProcessResult R = run({"src/a.hip", "src/keep/b.hip"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(findings(R.Out), (Set{{"src/keep/b.hip", 4, Lane}}));
}

TEST_F(ConfigTest, InheritParentConfigMergesWithTheParent) {
  // The child removes the tile rule and inherits the parent's removal of the
  // lane rule: neither file reports anything.
  write(".wavecheck.yaml", "Checks: '-wave64-hardcoded-warp-size'\n");
  write("src/.wavecheck.yaml", "InheritParentConfig: true\nChecks: '-xcd-tile-order'\n");
  write("src/a.hip", LaneKernel);
  write("src/t.hip", TileKernel);
  ProcessResult R = run({"src/a.hip", "src/t.hip"});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_EQ(findings(R.Out), Set{});

  // Without inheritance the parent's removal is gone.
  write("src/.wavecheck.yaml", "Checks: '-xcd-tile-order'\n");
  R = run({"src/a.hip", "src/t.hip"});
  EXPECT_EQ(findings(R.Out), (Set{{"src/a.hip", 4, Lane}}));
}

TEST_F(ConfigTest, CommandLineChecksOverrideTheConfiguration) {
  write(".wavecheck.yaml", "Checks: '-wave64-*'\n");
  write("a.hip", LaneKernel);
  EXPECT_EQ(findings(run({"a.hip"}).Out), Set{});
  ProcessResult R = run({"--checks=wave64-hardcoded-warp-size", "a.hip"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(findings(R.Out), (Set{{"a.hip", 4, Lane}}));
}

TEST_F(ConfigTest, ChecksAsAYamlList) {
  write(".wavecheck.yaml", "Checks:\n  - '-*'\n  - 'xcd-tile-order'\n");
  write("a.hip", LaneKernel);
  write("t.hip", TileKernel);
  EXPECT_EQ(findings(run({"a.hip", "t.hip"}).Out), (Set{{"t.hip", 3, "xcd-tile-order"}}));
}

TEST_F(ConfigTest, OffloadArchPerFileAndCommandLineOverride) {
  // gfx1100 is wave32: the wave64 rules are silent for rdna/.
  write("rdna/.wavecheck.yaml", "OffloadArch: gfx1100\n");
  write("rdna/a.hip", LaneKernel);
  write("cdna/a.hip", LaneKernel);
  ProcessResult R = run({"rdna/a.hip", "cdna/a.hip"});
  EXPECT_EQ(findings(R.Out), (Set{{"cdna/a.hip", 4, Lane}})) << R.Err;

  // gfx950 computes OCP FP8: the rule flips from line 2 to line 3.
  write("mi355/.wavecheck.yaml", "OffloadArch: [gfx950]\n");
  write("mi355/f.hip", Fp8Source);
  write("mi300/f.hip", Fp8Source);
  R = run({"mi355/f.hip", "mi300/f.hip"});
  EXPECT_EQ(findings(R.Out), (Set{{"mi300/f.hip", 2, "fp8-format-target-mismatch"},
                                  {"mi355/f.hip", 3, "fp8-format-target-mismatch"}}))
      << R.Err;

  // --offload-arch wins over the configuration.
  R = run({"--offload-arch=gfx942", "rdna/a.hip", "mi355/f.hip"});
  EXPECT_EQ(findings(R.Out), (Set{{"rdna/a.hip", 4, Lane},
                                  {"mi355/f.hip", 2, "fp8-format-target-mismatch"}}))
      << R.Err;
}

TEST_F(ConfigTest, OffloadArchListRunsEveryTarget) {
  write(".wavecheck.yaml", "OffloadArch: 'gfx942, gfx950'\n");
  write("f.hip", Fp8Source);
  ProcessResult R = run({"f.hip"});
  EXPECT_EQ(findings(R.Out), (Set{{"f.hip", 2, "fp8-format-target-mismatch"},
                                  {"f.hip", 3, "fp8-format-target-mismatch"}}))
      << R.Err;
  llvm::json::Object Rep = parseReport(R.Out);
  std::set<std::string> Targets;
  for (const llvm::json::Value &V : *Rep.getArray("findings"))
    for (const llvm::json::Value &T : *V.getAsObject()->getArray("targets"))
      Targets.insert(T.getAsString()->str());
  EXPECT_EQ(Targets, (std::set<std::string>{"gfx942", "gfx950"}));
}

TEST_F(ConfigTest, CheckOptionsChangeTheFixIt) {
  write("t.hip", TileKernel);
  // Default RemapStyle=inline: the arithmetic written out, which compiles with
  // the project's own flags.
  const std::vector<std::string> Inline{
      "((blockIdx.x) < (gridDim.x) / 8 * 8 ? ((blockIdx.x) % 8) * ((gridDim.x) / 8) + "
      "(blockIdx.x) / 8 : (blockIdx.x))"};
  EXPECT_EQ(replacements(run({"t.hip"}).Out), Inline);
  // The map form of CheckOptions: a call of the header's function.
  write(".wavecheck.yaml", "CheckOptions:\n  xcd-tile-order.RemapStyle: header\n");
  const std::vector<std::string> Header{"#include <wavecheck/xcd_remap.h>\n",
                                        "remap_pid_for_xcds(blockIdx.x, gridDim.x)"};
  EXPECT_EQ(replacements(run({"t.hip"}).Out), Header);
  // The list form (`- key: ... value: ...`).
  write(".wavecheck.yaml",
        "CheckOptions:\n  - key: xcd-tile-order.RemapStyle\n    value: header\n");
  EXPECT_EQ(replacements(run({"t.hip"}).Out), Header);
}

TEST_F(ConfigTest, ConstantWaveSizeOptionReachesTheWarpSizeFixIt) {
  // warpSize in an array extent: the fix-it writes ConstantWaveSize.
  write("w.hip", "#include <hip/hip_runtime.h>\n"
                 "__global__ void k(float *out) {\n"
                 "  __shared__ float partial[1024 / warpSize];\n"
                 "  out[threadIdx.x] = partial[0];\n"
                 "}\n");
  write(".wavecheck.yaml",
        "CheckOptions:\n  wave64-warp-size-detection.ConstantWaveSize: MY_WAVE\n"
        "  wave64-hardcoded-warp-size.ConstantWaveSize: MY_WAVE\n");
  std::vector<std::string> R = replacements(run({"w.hip"}).Out);
  ASSERT_FALSE(R.empty());
  for (const std::string &T : R)
    EXPECT_EQ(T, "MY_WAVE");
}

TEST_F(ConfigTest, WarningsAsErrorsMakeMatchingFindingsErrors) {
  write("a.hip", LaneKernel);
  write("t.hip", TileKernel);
  write(".wavecheck.yaml", "WarningsAsErrors: 'wave64-*'\n");
  auto Sev = field(run({"a.hip", "t.hip"}).Out, "severity");
  EXPECT_EQ(Sev, (std::map<std::pair<std::string, int64_t>, std::string>{
                     {{"a.hip", 4}, "error"}, {{"t.hip", 3}, "warning"}}));
  // --warnings-as-errors adds to the configuration's globs.
  Sev = field(run({"--warnings-as-errors=xcd-tile-order", "a.hip", "t.hip"}).Out, "severity");
  EXPECT_EQ(Sev, (std::map<std::pair<std::string, int64_t>, std::string>{
                     {{"a.hip", 4}, "error"}, {{"t.hip", 3}, "error"}}));
  // In text output too.
  ProcessResult T = runWavecheck({"--hip-headers=standin", "a.hip"}, Dir);
  EXPECT_NE(T.Out.find("a.hip:4:20: error: "), std::string::npos) << T.Out;
}

TEST_F(ConfigTest, ClangTidyFileNeverSwitchesRulesOff) {
  write(".clang-tidy", "Checks: '-*'\nWarningsAsErrors: '*'\n");
  write("a.hip", LaneKernel);
  ProcessResult R = run({"a.hip"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(findings(R.Out), (Set{{"a.hip", 4, Lane}}));
  EXPECT_EQ((field(R.Out, "severity")[{"a.hip", 4}]), "warning");
}

TEST_F(ConfigTest, HeaderFilterRegexIsHonoured) {
  // The finding is in a project header; a filter that does not match it
  // hides it, as in clang-tidy.
  write("inc/lane.h", "__device__ inline int laneOf(int tid) {\n"
                      "  return tid % 32 + __popcll(__ballot(tid > 1));\n}\n");
  write("a.hip", "#include <hip/hip_runtime.h>\n#include \"inc/lane.h\"\n"
                 "__global__ void k(int *o) { o[0] = laneOf(threadIdx.x); }\n");
  Set All = findings(run({"a.hip"}).Out);
  EXPECT_EQ(All, (Set{{"inc/lane.h", 2, Lane}}));
  write(".wavecheck.yaml", "HeaderFilterRegex: 'nothing-matches-this'\n");
  EXPECT_EQ(findings(run({"a.hip"}).Out), Set{});
}

TEST_F(ConfigTest, DumpConfigPrintsTheEffectiveConfiguration) {
  write("src/.wavecheck.yaml", "Checks: '-xcd-tile-order'\n"
                               "WarningsAsErrors: 'wave64-*'\n"
                               "OffloadArch: [gfx942, gfx950]\n"
                               "CheckOptions:\n"
                               "  wave64-hardcoded-warp-size.ConstantWaveSize: MY_WAVE\n");
  write("src/a.hip", LaneKernel);
  ProcessResult R = runWavecheck({"--dump-config", "src/a.hip"}, Dir);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Out, "# from src/.wavecheck.yaml\n"
                   "---\n"
                   "Checks:          'wave64-*,fp8-*,xcd-*,-xcd-tile-order'\n"
                   "WarningsAsErrors: 'wave64-*'\n"
                   "HeaderFilterRegex: '.*'\n"
                   "ExcludeHeaderFilterRegex: ''\n"
                   "CheckOptions:\n"
                   "  wave64-hardcoded-warp-size.ConstantWaveSize: MY_WAVE\n"
                   "  wave64-warp-size-detection.ConstantWaveSize: ''\n"
                   "OffloadArch:     'gfx942,gfx950'\n"
                   "...\n");

  // The command line on top; no file: the current directory's defaults.
  R = runWavecheck({"--dump-config", "--checks=-fp8-*", "--offload-arch=gfx90a",
                    "--warnings-as-errors=xcd-*", "src/a.hip"},
                   Dir);
  EXPECT_NE(R.Out.find("Checks:          'wave64-*,fp8-*,xcd-*,-xcd-tile-order,-fp8-*'\n"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("WarningsAsErrors: 'wave64-*,xcd-*'\n"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("OffloadArch:     'gfx90a'\n"), std::string::npos) << R.Out;
  R = runWavecheck({"--dump-config"}, Dir);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_NE(R.Out.find("Checks:          'wave64-*,fp8-*,xcd-*'\n"), std::string::npos);
  EXPECT_NE(R.Out.find("  xcd-tile-order.RemapStyle: inline\n"), std::string::npos);
  EXPECT_NE(R.Out.find("OffloadArch:     'gfx942'\n"), std::string::npos);
}

TEST_F(ConfigTest, DumpedConfigurationReadsBack) {
  write("src/.wavecheck.yaml", "Checks: '-xcd-tile-order'\nOffloadArch: gfx950\n");
  write("src/a.hip", LaneKernel);
  ProcessResult Dump = runWavecheck({"--dump-config", "src/a.hip"}, Dir);
  write("dumped.yaml", Dump.Out);
  ProcessResult Again =
      runWavecheck({"--dump-config", "--config-file=dumped.yaml", "src/a.hip"}, Dir);
  EXPECT_EQ(Again.ExitCode, 0) << Again.Err;
  // As with clang-tidy, the dumped Checks add to the defaults again (the same
  // set of checks); every other line is the same.
  EXPECT_EQ(Again.Out, "# from dumped.yaml\n"
                       "---\n"
                       "Checks:          'wave64-*,fp8-*,xcd-*,wave64-*,fp8-*,xcd-*,-xcd-tile-order'\n"
                       "WarningsAsErrors: ''\n"
                       "HeaderFilterRegex: '.*'\n"
                       "ExcludeHeaderFilterRegex: ''\n"
                       "CheckOptions:\n"
                       "  wave64-hardcoded-warp-size.ConstantWaveSize: ''\n"
                       "  wave64-warp-size-detection.ConstantWaveSize: ''\n"
                       "OffloadArch:     'gfx950'\n"
                       "...\n");
}

TEST_F(ConfigTest, ConfigFileReplacesTheLookup) {
  write(".wavecheck.yaml", "Checks: '-wave64-*'\n");
  write("ci.yaml", "Checks: '-xcd-tile-order'\n");
  write("a.hip", LaneKernel);
  write("t.hip", TileKernel);
  ProcessResult R = run({"--config-file=ci.yaml", "a.hip", "t.hip"});
  EXPECT_EQ(findings(R.Out), (Set{{"a.hip", 4, Lane}})) << R.Err;
  // A missing --config-file is a usage error.
  R = run({"--config-file=missing.yaml", "a.hip"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("missing.yaml"), std::string::npos) << R.Err;
}

/// Each invalid configuration: exit 2, nothing on stdout, and stderr names
/// the file with line and column and says what is wrong.
struct BadConfig {
  const char *Name;
  const char *Text;
  const char *Where; ///< "<file>:<line>:<column>"
  const char *Says;  ///< part of the message
};

const BadConfig BadConfigs[] = {
    {"typo'd key", "Checks: '-xcd-tile-order'\nChekcs: '-*'\n", "src/.wavecheck.yaml:2:1",
     "unknown key 'Chekcs' (did you mean 'Checks'?); expected one of Checks, CheckOptions"},
    {"clang-tidy key wavecheck does not honour", "\nExtraArgs: ['-DX']\n",
     "src/.wavecheck.yaml:2:1", "key 'ExtraArgs' of clang-tidy's configuration is not supported"},
    {"wrong type", "HeaderFilterRegex: [a, b]\n", "src/.wavecheck.yaml:1:",
     "invalid value for 'HeaderFilterRegex'"},
    {"wrong boolean", "Checks: '-xcd-*'\nInheritParentConfig: maybe\n",
     "src/.wavecheck.yaml:2:22", "invalid value for 'InheritParentConfig': invalid boolean"},
    {"bad YAML syntax", "Checks: [wave64-*\n", "src/.wavecheck.yaml:1:",
     "invalid YAML"},
    {"not a mapping", "- Checks\n", "src/.wavecheck.yaml:1:1",
     "expected a mapping of configuration keys"},
    {"duplicate key", "Checks: '-xcd-*'\nChecks: '-fp8-*'\n", "src/.wavecheck.yaml:2:1",
     "duplicate key 'Checks'"},
    {"unknown arch", "OffloadArch: 'gfx942,gfx9999'\n", "src/.wavecheck.yaml:1:22",
     "OffloadArch: 'gfx9999' is not a known target; expected one of gfx90a, gfx942"},
    {"unknown arch in a list", "OffloadArch:\n  - gfx942\n  - gfx4242\n",
     "src/.wavecheck.yaml:3:5", "OffloadArch: 'gfx4242' is not a known target"},
    {"arch of the wrong type", "OffloadArch: {gfx942: yes}\n", "src/.wavecheck.yaml:1:",
     "OffloadArch: expected a target name"},
    {"glob that enables nothing", "Checks: '-*,wave46-*'\n", "src/.wavecheck.yaml:1:13",
     "Checks: 'wave46-*' matches no wavecheck check"},
    {"negative glob that removes nothing", "Checks:\n  - '-xcd-tile-ordr'\n",
     "src/.wavecheck.yaml:2:6", "Checks: '-xcd-tile-ordr' matches no wavecheck check"},
    {"warnings-as-errors glob", "WarningsAsErrors: 'wave46-*'\n", "src/.wavecheck.yaml:1:",
     "WarningsAsErrors: 'wave46-*' matches no wavecheck check"},
    {"bad regex", "HeaderFilterRegex: '(src'\n", "src/.wavecheck.yaml:1:",
     "HeaderFilterRegex: '(src' is not a valid regular expression"},
    {"unknown check option", "CheckOptions:\n  xcd-tile-order.RemapStlye: inline\n",
     "src/.wavecheck.yaml:2:1",
     "unknown check option 'xcd-tile-order.RemapStlye'; expected one of "
     "wave64-hardcoded-warp-size.ConstantWaveSize, wave64-warp-size-detection.ConstantWaveSize, "
     "xcd-tile-order.RemapStyle"},
    {"bad check option value", "CheckOptions:\n  - key: xcd-tile-order.RemapStyle\n"
                               "    value: inlined\n",
     "src/.wavecheck.yaml:2:1",
     "invalid configuration value 'inlined' for option 'xcd-tile-order.RemapStyle'"},
    {"OffloadArch as a check option", "CheckOptions: {OffloadArch: gfx950}\n",
     "src/.wavecheck.yaml:1:1", "expected the top-level key OffloadArch"},
    {"two documents", "Checks: '-xcd-*'\n---\nChecks: '-fp8-*'\n", "src/.wavecheck.yaml:",
     "a second YAML document"},
};

TEST_F(ConfigTest, InvalidConfigurationsAreUsageErrorsNamingFileLineAndKey) {
  write("src/a.hip", LaneKernel);
  for (const BadConfig &B : BadConfigs) {
    SCOPED_TRACE(B.Name);
    write("src/.wavecheck.yaml", B.Text);
    ProcessResult R = run({"src/a.hip"});
    EXPECT_EQ(R.ExitCode, 2) << R.Out << R.Err;
    EXPECT_EQ(R.Out, "");
    EXPECT_NE(R.Err.find(std::string("error: ") + B.Where), std::string::npos) << R.Err;
    EXPECT_NE(R.Err.find(B.Says), std::string::npos) << R.Err;
    // --dump-config reports it the same way.
    ProcessResult D = runWavecheck({"--dump-config", "src/a.hip"}, Dir);
    EXPECT_EQ(D.ExitCode, 2) << D.Out;
    EXPECT_NE(D.Err.find(B.Says), std::string::npos) << D.Err;
  }
}

TEST_F(ConfigTest, ABrokenConfigurationStopsTheWholeRun) {
  // Decision (docs/config.md): a broken configuration is a configuration
  // error for the run, even when other files have a valid one, so a typo in a
  // rule switch never silently changes what the gate checks.
  write("good/a.hip", LaneKernel);
  write("bad/.wavecheck.yaml", "Checks: '-wave64-hardcoded-warp-siz'\n");
  write("bad/a.hip", LaneKernel);
  ProcessResult R = run({"good/a.hip", "bad/a.hip"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Out, "");
  EXPECT_NE(R.Err.find("bad/.wavecheck.yaml:1:10"), std::string::npos) << R.Err;
  // A broken file above a configuration that does not inherit is never read.
  write("bad/inner/.wavecheck.yaml", "Checks: '-xcd-*'\n");
  write("bad/inner/a.hip", LaneKernel);
  R = run({"good/a.hip", "bad/inner/a.hip"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(findings(R.Out), (Set{{"bad/inner/a.hip", 4, Lane}, {"good/a.hip", 4, Lane}}));
}

TEST_F(ConfigTest, ConfigurationEnablingNoCheckIsAConfigurationError) {
  // A gate that runs no check would always pass (clang-tidy: "no checks
  // enabled"); --exclude is the way to skip files.
  write("src/.wavecheck.yaml", "Checks: '-*'\n");
  write("src/a.hip", LaneKernel);
  write("b.hip", LaneKernel);
  ProcessResult R = run({"src/a.hip", "b.hip"});
  EXPECT_EQ(R.ExitCode, 2) << R.Out << R.Err;
  EXPECT_EQ(R.Out, "");
  EXPECT_NE(R.Err.find("src/.wavecheck.yaml"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("enables no wavecheck check"), std::string::npos) << R.Err;
  ProcessResult D = runWavecheck({"--dump-config", "src/a.hip"}, Dir);
  EXPECT_EQ(D.ExitCode, 2) << D.Out;
  EXPECT_NE(D.Err.find("enables no wavecheck check"), std::string::npos) << D.Err;

  // What counts is the merged list: a child that inherits '-*' and enables
  // one check is valid.
  write("src/one/.wavecheck.yaml", "InheritParentConfig: true\nChecks: 'xcd-tile-order'\n");
  write("src/one/t.hip", TileKernel);
  R = run({"src/one/t.hip"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(findings(R.Out), (Set{{"src/one/t.hip", 3, "xcd-tile-order"}}));
}

TEST_F(ConfigTest, ChecksGlobMatchingNoCheckIsAUsageError) {
  write("a.hip", LaneKernel);
  // A typo in a removal would silently keep the rule on.
  ProcessResult R = run({"--checks=-wave64-partial-reducton", "a.hip"});
  EXPECT_EQ(R.ExitCode, 2) << R.Out << R.Err;
  EXPECT_EQ(R.Out, "");
  EXPECT_NE(R.Err.find("'-wave64-partial-reducton'"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("matches no wavecheck check"), std::string::npos) << R.Err;

  // '-*' matches every check: selecting one rule still works.
  write("shift.hip", readFile(testdataDir() + "/checks/wave64-lane-mask-width/shift-mask.hip"));
  R = run({"--checks=-*,wave64-lane-mask-width", "a.hip", "shift.hip"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  std::set<std::string> Checks;
  for (const auto &[File, Line, Check] : findings(R.Out))
    Checks.insert(File + " " + Check);
  EXPECT_EQ(Checks, (std::set<std::string>{"shift.hip wave64-lane-mask-width"})) << R.Out;
}

TEST_F(ConfigTest, EmptyAndCommentOnlyFilesAreValid) {
  write("a.hip", LaneKernel);
  for (const char *Text : {"", "# nothing configured yet\n", "---\n...\n"}) {
    write(".wavecheck.yaml", Text);
    ProcessResult R = run({"a.hip"});
    EXPECT_EQ(R.ExitCode, 1) << Text << R.Err;
    EXPECT_EQ(findings(R.Out), (Set{{"a.hip", 4, Lane}}));
  }
}

TEST_F(ConfigTest, ParallelRunsResolveTheSameConfiguration) {
  // Many files in a few directories with different configurations, -j2:
  // the same findings as -j1.
  write("off/.wavecheck.yaml", "Checks: '-wave64-*'\n");
  write("rdna/.wavecheck.yaml", "OffloadArch: gfx1100\n");
  std::vector<std::string> Files;
  for (const char *D : {"off", "rdna", "on"})
    for (int I = 0; I < 3; ++I)
      Files.push_back(write(std::string(D) + "/f" + std::to_string(I) + ".hip", LaneKernel)
                          .substr(Dir.size() + 1));
  std::vector<std::string> Args = Files;
  ProcessResult One = run(Args);
  Args.insert(Args.begin(), "-j2");
  ProcessResult Two = run(Args);
  EXPECT_EQ(One.Out, Two.Out);
  EXPECT_EQ(findings(One.Out), (Set{{"on/f0.hip", 4, Lane},
                                    {"on/f1.hip", 4, Lane},
                                    {"on/f2.hip", 4, Lane}}));
}

} // namespace
