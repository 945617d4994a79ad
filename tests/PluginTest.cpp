//===--- PluginTest.cpp - the checks inside clang-tidy-22 --load -----------===//
///
/// The same module runs as a clang-tidy plugin:
///  - check options come from clang-tidy's --config: xcd-tile-order's
///    RemapStyle option is pinned in both styles;
///  - parity: for every file under testdata/checks/, `clang-tidy-22 --load=
///    libwavecheck-tidy.so --checks='-*,wave64-*,fp8-*,xcd-*'` with the compile
///    command wavecheck builds (Passes.cpp, buildCommand) reports the same set
///    of (file, line, column, check, message) as `wavecheck --hip-headers=standin
///    --format=json`. The file's RUN-ARGS become clang-tidy arguments: `--checks`
///    is appended to the globs, each `--offload-arch` target and each pass of
///    `--passes` is one clang-tidy run (`--cuda-device-only`/`--cuda-host-only`,
///    `--offload-arch=X` and the check option OffloadArch=X, as the driver sets
///    it), and the findings of all runs are united as the driver merges them.
///    The comparison runs twice: with the file's `--checks` and with every
///    check (the default set). A RUN-ARG with no clang-tidy equivalent skips
///    the file with the reason;
///    ParityCoversTheTestdata fails when more than MaxParitySkips are skipped.
///
//===----------------------------------------------------------------------===//
#include "Harness.h"
#include "TestdataFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Regex.h"
#include <gtest/gtest.h>
#include <optional>
#include <set>
#include <tuple>

using namespace wavecheck::test;

namespace {

ProcessResult runPlugin(const std::string &Config, const std::string &Yaml) {
  std::string Standin = std::string(WAVECHECK_SOURCE_DIR) + "/checker/standin";
  return runClangTidy({std::string("--load=") + WAVECHECK_PLUGIN, "--checks=-*,xcd-tile-order",
                       "--config=" + Config, "--export-fixes=" + Yaml,
                       testdataDir() + "/checks/xcd-tile-order/gemm-row-major.hip", "--", "-x",
                       "hip", "--cuda-device-only", "--offload-arch=gfx942", "-nogpulib",
                       "-nogpuinc", "-isystem", Standin, "-include", "hip/hip_runtime.h"});
}

TEST(Plugin, XcdRemapStyleOptionChoosesTheFixIt) {
  if (!llvm::sys::fs::exists("/usr/bin/clang-tidy-22"))
    GTEST_SKIP() << "clang-tidy-22 is not installed";
  std::string Dir = makeTempDir();
  ProcessResult R = runPlugin("{CheckOptions: {xcd-tile-order.RemapStyle: inline}}",
                              Dir + "/inline.yaml");
  std::string Inline = readFile(Dir + "/inline.yaml");
  EXPECT_NE(R.Out.find("[xcd-tile-order]"), std::string::npos) << R.Out << R.Err;
  // The remap written out: per_xcd = N / 8, (pid % 8) * per_xcd + pid / 8.
  EXPECT_NE(Inline.find("((blockIdx.x) % 8) * ((gridDim.x) / 8) + (blockIdx.x) / 8"),
            std::string::npos)
      << Inline;
  EXPECT_EQ(Inline.find("remap_pid_for_xcds"), std::string::npos) << Inline;

  runPlugin("{CheckOptions: {xcd-tile-order.RemapStyle: header}}", Dir + "/header.yaml");
  std::string Header = readFile(Dir + "/header.yaml");
  EXPECT_NE(Header.find("remap_pid_for_xcds(blockIdx.x, gridDim.x)"), std::string::npos)
      << Header;
  EXPECT_NE(Header.find("#include <wavecheck/xcd_remap.h>"), std::string::npos) << Header;
  removeTree(Dir);
}

// --- parity with the wavecheck driver ---------------------------------------

constexpr const char *ClangTidy = "/usr/bin/clang-tidy-22";

/// Testdata files whose RUN-ARGS may lack a clang-tidy equivalent before the
/// parity test fails: a couple of driver-only options are tolerable, more
/// means the plugin is no longer tested on the testdata.
constexpr size_t MaxParitySkips = 2;

/// A file's RUN-ARGS as clang-tidy runs: extra check globs and the
/// (target, pass) pairs.
struct PluginRuns {
  std::string ExtraChecks;
  std::vector<std::string> Arches;
  bool Device = true, Host = false;
};

/// Maps wavecheck RUN-ARGS to plugin runs; std::nullopt with \p Why set when
/// an argument has no clang-tidy equivalent.
std::optional<PluginRuns> pluginRuns(const std::vector<std::string> &Args, std::string &Why) {
  PluginRuns P;
  for (llvm::StringRef A : Args) {
    if (A.consume_front("--checks=")) {
      P.ExtraChecks += "," + A.str();
    } else if (A.consume_front("--offload-arch=")) {
      llvm::SmallVector<llvm::StringRef> Archs;
      A.split(Archs, ',', -1, false);
      for (llvm::StringRef Arch : Archs)
        P.Arches.push_back(Arch.str());
    } else if (A.consume_front("--passes=")) {
      P.Device = P.Host = false;
      llvm::SmallVector<llvm::StringRef> Passes;
      A.split(Passes, ',', -1, false);
      for (llvm::StringRef Pass : Passes) {
        if (Pass == "device")
          P.Device = true;
        else if (Pass == "host")
          P.Host = true;
        else {
          Why = "--passes value '" + Pass.str() + "' has no clang-tidy equivalent";
          return std::nullopt;
        }
      }
    } else {
      Why = "RUN-ARG '" + A.str() + "' has no clang-tidy equivalent";
      return std::nullopt;
    }
  }
  if (P.Arches.empty())
    P.Arches.push_back("gfx942"); // wavecheck's default target (README)
  return P;
}

using Key = std::tuple<std::string, unsigned, unsigned, std::string, std::string>;

std::string show(const Key &K) {
  return std::get<0>(K) + ":" + std::to_string(std::get<1>(K)) + ":" +
         std::to_string(std::get<2>(K)) + ": " + std::get<4>(K) + " [" + std::get<3>(K) +
         "]";
}

std::string realPath(const std::string &P) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(P, Real))
    return P;
  return std::string(Real);
}

/// One clang-tidy run of the plugin; appends its warnings to \p Out.
/// Compiler errors fail the test, except, as in the driver (Passes.cpp), one
/// on a line where a check reports a finding: the finding explains it (e.g.
/// `warpSize` in host code, which clang rejects too).
void runPluginOnce(const std::string &Path, const PluginRuns &P, const std::string &Arch,
                   bool Host, std::set<Key> &Out) {
  std::string Src = WAVECHECK_SOURCE_DIR;
  // The driver's command (buildCommand with the stand-in headers), where the
  // embedded stand-in directory is checker/standin plus checker/include (for
  // <wavecheck/xcd_remap.h>), and the target also goes to the checks as the
  // OffloadArch option, as the driver's TidyOpts.CheckOptions do.
  ProcessResult R = runClangTidy(
      {std::string("--load=") + WAVECHECK_PLUGIN,
       "--checks=-*,wave64-*,fp8-*,xcd-*" + P.ExtraChecks, "--header-filter=.*",
       "--config={CheckOptions: {OffloadArch: " + Arch + "}}", Path, "--", "-x", "hip",
       "-nogpuinc", "-isystem", Src + "/checker/standin", "-isystem", Src + "/checker/include",
       "-include", "hip/hip_runtime.h", Host ? "--cuda-host-only" : "--cuda-device-only",
       "--offload-arch=" + Arch, "-nogpulib", "-w"});
  std::string What = Path + " for " + Arch + (Host ? " (host)" : " (device)");
  llvm::Regex Re("^(.+):([0-9]+):([0-9]+): (warning|error): (.*) \\[([a-zA-Z0-9,.-]+)\\]$");
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(R.Out).split(Lines, '\n');
  std::set<std::pair<std::string, unsigned>> FindingLines;
  std::vector<std::pair<std::pair<std::string, unsigned>, std::string>> Errors;
  for (llvm::StringRef L : Lines) {
    llvm::SmallVector<llvm::StringRef> M;
    if (!Re.match(L, &M))
      continue;
    unsigned Line = 0, Col = 0;
    llvm::to_integer(M[2], Line);
    llvm::to_integer(M[3], Col);
    std::string File = realPath(M[1].str());
    if (M[4] == "error") {
      Errors.push_back({{File, Line}, L.str()});
      continue;
    }
    FindingLines.insert({File, Line});
    Out.insert({File, Line, Col, M[6].str(), M[5].str()});
  }
  for (const auto &[Where, Text] : Errors)
    EXPECT_TRUE(FindingLines.count(Where))
        << What << ": a compiler error on a line without a finding: " << Text;
  if (Errors.empty())
    EXPECT_EQ(R.ExitCode, 0) << "clang-tidy-22 failed on " << What << "\n" << R.Out << R.Err;
}

class PluginParity : public ::testing::TestWithParam<std::string> {
protected:
  /// Runs both tools on the parameter file and compares the finding sets.
  /// \p AllChecks drops the file's `--checks` RUN-ARG, so every check runs
  /// on it in both tools (the default set, as a user runs them).
  void compare(bool AllChecks) {
    if (!llvm::sys::fs::exists(ClangTidy))
      GTEST_SKIP() << "clang-tidy-22 is not installed";
    std::string Path = testdataDir() + "/checks/" + GetParam();
    std::string Text = readFile(Path);
    ASSERT_FALSE(Text.empty()) << Path;
    std::vector<std::string> Args = runArgsOf(Text);
    if (AllChecks)
      llvm::erase_if(Args, [](llvm::StringRef A) { return A.starts_with("--checks="); });
    std::string Why;
    std::optional<PluginRuns> P = pluginRuns(Args, Why);
    if (!P)
      GTEST_SKIP() << GetParam() << ": " << Why;

    std::vector<std::string> WcArgs = Args;
    // The plugin is the AST tier alone: the wave model runs only in wavecheck.
    WcArgs.insert(WcArgs.end(),
                  {"--hip-headers=standin", "--wave-model=false", "--format=json", Path});
    ProcessResult W = runWavecheck(WcArgs);
    ASSERT_TRUE(W.ExitCode == 0 || W.ExitCode == 1) << W.Err << W.Out;
    llvm::json::Object Report = parseReport(W.Out);
    ASSERT_TRUE(Report.getArray("findings") && Report.getArray("errors")) << W.Out;
    EXPECT_TRUE(Report.getArray("errors")->empty()) << W.Out;
    std::set<Key> Driver;
    for (const llvm::json::Value &V : *Report.getArray("findings")) {
      const llvm::json::Object &F = *V.getAsObject();
      Driver.insert({realPath(F.getString("file")->str()),
                     static_cast<unsigned>(*F.getInteger("line")),
                     static_cast<unsigned>(*F.getInteger("column")),
                     F.getString("check")->str(), F.getString("message")->str()});
    }

    std::set<Key> Plugin;
    for (const std::string &Arch : P->Arches) {
      if (P->Device)
        runPluginOnce(Path, *P, Arch, /*Host=*/false, Plugin);
      if (P->Host)
        runPluginOnce(Path, *P, Arch, /*Host=*/true, Plugin);
    }
    // A file that expects findings must produce some: two empty sets would
    // agree for the wrong reason.
    // The model-*.hip files expect the wave model's findings, which the
    // plugin (the AST tier) does not produce.
    bool ModelTier = llvm::sys::path::filename(Path).starts_with("model-");
    if (Text.find("CHECK-MESSAGES:") != std::string::npos && !ModelTier)
      EXPECT_FALSE(Plugin.empty()) << "the plugin reported nothing on " << GetParam();
    for (const Key &K : Driver)
      EXPECT_TRUE(Plugin.count(K)) << "wavecheck only: " << show(K);
    for (const Key &K : Plugin)
      EXPECT_TRUE(Driver.count(K)) << "plugin only: " << show(K);
  }
};

TEST_P(PluginParity, SameFindingsAsWavecheck) { compare(/*AllChecks=*/false); }

TEST_P(PluginParity, SameFindingsAsWavecheckWithEveryCheck) { compare(/*AllChecks=*/true); }

INSTANTIATE_TEST_SUITE_P(Testdata, PluginParity, ::testing::ValuesIn(checkTestdataFiles()),
                         [](const ::testing::TestParamInfo<std::string> &I) {
                           return paramName(I.param);
                         });

TEST(PluginParitySet, ParityCoversTheTestdata) {
  std::vector<std::string> Files = checkTestdataFiles();
  EXPECT_GE(Files.size(), 70u) << "testdata/checks/ enumerated too few files";
  std::vector<std::string> Skipped;
  for (const std::string &F : Files) {
    std::string Why;
    if (!pluginRuns(runArgsOf(readFile(testdataDir() + "/checks/" + F)), Why))
      Skipped.push_back(F + ": " + Why);
  }
  EXPECT_LE(Skipped.size(), MaxParitySkips)
      << "too many testdata files skipped by the plugin parity test:\n"
      << llvm::join(Skipped, "\n");
}

} // namespace
