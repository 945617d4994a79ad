//===--- FixSafetyTest.cpp - --fix edits only what was analysed ------------===//
///
/// Through the driver library, so that a file can change between the
/// analysis and the fix without a timing hook: analyse(), edit the file,
/// applyFixes(). Also: a fix-it that would break the parse is undone, a
/// second run finds nothing to fix, and every `.fixed` golden of
/// testdata/checks parses without errors (through the binary).
///
//===----------------------------------------------------------------------===//
#include "Harness.h"
#include "lib/Driver.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>

using namespace wavecheck::test;

namespace {

/// LaneKernel (Harness.h) after the fix (`32` -> `warpSize`).
const char *LaneFixed = "#include <hip/hip_runtime.h>\n"
                        "__global__ void k(float *out) {\n"
                        "  int tid = threadIdx.x;\n"
                        "  int lane = tid % warpSize;\n"
                        "  out[tid] = lane + __popcll(__ballot(out[tid] > 0.0f));\n"
                        "}\n";

/// LaneKernel (Harness.h) after lines of \p Prefix, and the offset of its
/// `32` in the result.
std::pair<std::string, size_t> laneKernelAfter(const std::string &Prefix) {
  std::string Text = Prefix + LaneKernel;
  return {Text, Text.find("% 32") + 2};
}

/// Replaces the fix-it of the finding in \p File at \p Offset by \p Text: a
/// fix-it that parses in some passes only.
void breakFixIt(wavecheck::RunResult &R, llvm::StringRef File, size_t Offset,
                const std::string &Text) {
  for (wavecheck::Finding &Fd : R.Findings)
    if (llvm::StringRef(Fd.File).ends_with(File) && Fd.Offset == Offset)
      Fd.Fixes.at(0).Text = Text;
}

class FixSafety : public TempDirTest {
protected:
  void SetUp() override {
    TempDirTest::SetUp();
    Opts.Arches = {"gfx942"};
    Opts.Checks = std::string(wavecheck::DefaultChecks);
    Opts.Headers = wavecheck::HeaderMode::StandIn;
  }
  /// The problems of \p R naming \p File, as "kind: message" lines.
  static std::string problems(const wavecheck::RunResult &R, llvm::StringRef File) {
    std::string Out;
    for (const wavecheck::InputError &E : R.Errors)
      if (llvm::StringRef(E.File).ends_with(File))
        Out += E.Kind + ": " + E.Message + "\n";
    return Out;
  }
  /// a.hip and b.hip, each LaneKernel, as the inputs; returns their paths.
  std::pair<std::string, std::string> twoLaneKernels() {
    std::string F = write("a.hip", LaneKernel);
    std::string Other = write("b.hip", LaneKernel);
    Opts.Inputs = {F, Other};
    return {F, Other};
  }
  /// revertBreakingFixes(\p Before, \p After, \p S) undoes the one fix that broke a pass
  /// of \p File: the file holds \p Text again, and the one problem says \p Says.
  static void expectFixUndone(const wavecheck::RunResult &Before,
                              const wavecheck::RunResult &After, wavecheck::FixSession &S,
                              const std::string &File, const std::string &Text,
                              const std::string &Says) {
    std::vector<wavecheck::InputError> Problems;
    EXPECT_EQ(wavecheck::revertBreakingFixes(Before, After, S, Problems), 1u);
    EXPECT_EQ(readFile(File), Text);
    ASSERT_EQ(Problems.size(), 1u);
    EXPECT_NE(Problems[0].Message.find(Says), std::string::npos) << Problems[0].Message;
  }
  /// a.hip holds \p Text, which fails \p FailingPass (alone) before any fix; its one
  /// finding's fix-it, at \p At, is replaced by \p Broken and applied, and a.hip analysed
  /// again: expectFixUndone, with a problem that says \p Says.
  void expectBrokenFixUndone(const std::string &Text, size_t At, const std::string &FailingPass,
                             const std::string &Broken, const std::string &Says) {
    std::string F = write("a.hip", Text);
    Opts.Inputs = {F};
    wavecheck::RunResult Before = wavecheck::analyse(Opts);
    ASSERT_EQ(Before.Findings.size(), 1u) << problems(Before, "a.hip");
    ASSERT_EQ(Before.ParseFailures.size(), 1u);
    EXPECT_EQ(Before.ParseFailures.begin()->second.count(FailingPass), 1u);
    breakFixIt(Before, "/a.hip", At, Broken);
    wavecheck::FixSession S;
    ASSERT_EQ(wavecheck::applyFixes(Before, &S), 1u) << problems(Before, "a.hip");
    wavecheck::RunResult After = wavecheck::analyse(Opts);
    expectFixUndone(Before, After, S, F, Text, Says);
  }
  wavecheck::Options Opts;
};

TEST_F(FixSafety, FixesTheContentThatWasAnalysed) {
  std::string F = write("a.hip", LaneKernel);
  Opts.Inputs = {F};
  wavecheck::RunResult R = wavecheck::analyse(Opts);
  ASSERT_EQ(R.Findings.size(), 1u);
  EXPECT_EQ(wavecheck::applyFixes(R), 1u) << problems(R, "a.hip");
  EXPECT_EQ(readFile(F), LaneFixed);
  EXPECT_TRUE(R.Errors.empty()) << problems(R, "a.hip");
}

TEST_F(FixSafety, FileChangedAfterTheAnalysisIsNotFixedInAnyRound) {
  auto [F, Other] = twoLaneKernels();
  wavecheck::RunResult R = wavecheck::analyse(Opts);
  ASSERT_EQ(R.Findings.size(), 2u);
  // The user saves a.hip while wavecheck runs: a line above the finding
  // moves its offset, so the fix-it would land in the wrong place.
  std::string Edited = std::string("// saved meanwhile\n") + LaneKernel;
  writeFile(F, Edited);
  wavecheck::FixSession S;
  EXPECT_EQ(wavecheck::applyFixes(R, &S), 1u) << "b.hip is still fixed";
  EXPECT_EQ(readFile(F), Edited) << "a.hip keeps the user's edit, unfixed";
  EXPECT_EQ(readFile(Other), LaneFixed);
  EXPECT_EQ(problems(R, "/a.hip"), "fix-refused: changed since it was analysed; not fixed\n");
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_TRUE(R.Errors[0].Fatal) << "exit code 3";
  // --fix's next round analyses the edited a.hip afresh: its finding is still
  // there with valid offsets, but a.hip was reported as not fixed.
  wavecheck::RunResult Again = wavecheck::analyse(Opts);
  ASSERT_EQ(Again.Findings.size(), 1u) << "a.hip's finding (b.hip is fixed)";
  EXPECT_EQ(wavecheck::applyFixes(Again, &S), 0u);
  EXPECT_EQ(readFile(F), Edited) << "a.hip is left as the user saved it";
  EXPECT_TRUE(Again.Errors.empty()) << "skipped silently: " << problems(Again, "/a.hip");
}

TEST_F(FixSafety, HeaderChangedAfterTheAnalysisIsNotFixed) {
  write("inc/wave.cuh", "#pragma once\n#define WARP_SIZE 32\n");
  std::string F = write("a.hip", "#include \"inc/wave.cuh\"\n"
                                 "__global__ void k(float *o) {\n"
                                 "  o[threadIdx.x] = threadIdx.x % WARP_SIZE + __popcll(__ballot(o[0] > 0));\n}\n");
  Opts.Inputs = {F};
  wavecheck::RunResult R = wavecheck::analyse(Opts);
  ASSERT_EQ(R.Findings.size(), 1u);
  ASSERT_EQ(R.Findings[0].Fixes.size(), 1u);
  EXPECT_TRUE(llvm::StringRef(R.Findings[0].Fixes[0].File).ends_with("/inc/wave.cuh"));
  writeFile(Dir + "/inc/wave.cuh", "#pragma once\n#define WARP_SIZE (32)\n");
  EXPECT_EQ(wavecheck::applyFixes(R), 0u);
  EXPECT_EQ(readFile(Dir + "/inc/wave.cuh"), "#pragma once\n#define WARP_SIZE (32)\n");
  EXPECT_EQ(problems(R, "/inc/wave.cuh"),
            "fix-refused: changed since it was analysed; not fixed\n");
}

TEST_F(FixSafety, ContentHashesCoverTheMainFileAndItsHeaders) {
  write("inc/h.cuh", "#pragma once\n");
  std::string F = write("a.hip", "#include <hip/hip_runtime.h>\n#include \"inc/h.cuh\"\n");
  Opts.Inputs = {F};
  wavecheck::RunResult R = wavecheck::analyse(Opts);
  std::set<std::string> Hashed;
  for (const auto &[File, Hash] : R.ParsedContent) {
    EXPECT_TRUE(Hash.has_value()) << File << " was read once, or twice the same";
    Hashed.insert(llvm::sys::path::filename(File).str());
  }
  EXPECT_TRUE(Hashed.count("a.hip") && Hashed.count("h.cuh"));
  EXPECT_FALSE(Hashed.count("hip_runtime.h")) << "stand-in headers are not on disk";
  ASSERT_EQ(R.FilesRead.size(), 1u);
  EXPECT_TRUE(R.FilesRead.begin()->second.count(Dir + "/inc/h.cuh") ||
              R.FilesRead.begin()->second.count(
                  [&] {
                    llvm::SmallString<256> Real;
                    llvm::sys::fs::real_path(Dir + "/inc/h.cuh", Real);
                    return std::string(Real);
                  }()));
}

TEST_F(FixSafety, FixThatBreaksTheParseIsUndone) {
  auto [F, Other] = twoLaneKernels();
  wavecheck::RunResult Before = wavecheck::analyse(Opts);
  ASSERT_EQ(Before.Findings.size(), 2u);
  // A fix-it gone wrong: a.hip's replacement is not C++.
  for (wavecheck::Finding &Fd : Before.Findings)
    if (llvm::StringRef(Fd.File).ends_with("/a.hip"))
      Fd.Fixes.at(0).Text = "warpSize @@ not c++ @@";
  wavecheck::FixSession S;
  EXPECT_EQ(wavecheck::applyFixes(Before, &S), 2u);
  EXPECT_NE(readFile(F).find("@@"), std::string::npos);
  wavecheck::RunResult After = wavecheck::analyse(Opts);
  std::vector<wavecheck::InputError> Problems;
  EXPECT_EQ(wavecheck::revertBreakingFixes(Before, After, S, Problems), 1u);
  EXPECT_EQ(readFile(F), LaneKernel) << "a.hip is back as it was";
  EXPECT_EQ(readFile(Other), LaneFixed) << "b.hip's good fix stays";
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_TRUE(llvm::StringRef(Problems[0].File).ends_with("/a.hip"));
  EXPECT_EQ(Problems[0].Kind, "fix-failed");
  EXPECT_NE(Problems[0].Message.find("original content restored"), std::string::npos)
      << Problems[0].Message;
  EXPECT_TRUE(S.Frozen.count(Problems[0].File)) << "not fixed again in a later round";
  // A later round leaves the frozen file alone.
  wavecheck::RunResult Again = wavecheck::analyse(Opts);
  EXPECT_EQ(wavecheck::applyFixes(Again, &S), 0u);
  EXPECT_EQ(readFile(F), LaneKernel);
}

TEST_F(FixSafety, FixThatBreaksOnlyTheHostPassIsUndone) {
  // `__HIP_DEVICE_COMPILE__` is defined in the device pass only: the edit
  // parses there and is an undeclared identifier in the host pass.
  auto [Text, At] = laneKernelAfter("");
  std::string F = write("a.hip", Text);
  Opts.Inputs = {F};
  Opts.HostPass = true;
  wavecheck::RunResult Before = wavecheck::analyse(Opts);
  ASSERT_EQ(Before.Findings.size(), 1u);
  ASSERT_TRUE(Before.ParseFailures.empty());
  breakFixIt(Before, "/a.hip", At, "(__HIP_DEVICE_COMPILE__ * 64)");
  wavecheck::FixSession S;
  ASSERT_EQ(wavecheck::applyFixes(Before, &S), 1u);
  wavecheck::RunResult After = wavecheck::analyse(Opts);
  ASSERT_EQ(After.ParseFailures.size(), 1u);
  EXPECT_EQ(After.ParseFailures.begin()->second.count("device pass for gfx942"), 0u);
  EXPECT_EQ(After.ParseFailures.begin()->second.count("host pass for gfx942"), 1u);
  expectFixUndone(Before, After, S, F, Text, "fail to parse in the host pass for gfx942 (");
}

TEST_F(FixSafety, FixThatBreaksAPassOfAFileThatFailedInAnotherIsUndone) {
  // The file already fails for gfx90a (its own #error); the edit parses
  // for gfx90a only and breaks gfx942, which parsed before.
  auto [Text, At] =
      laneKernelAfter("#if defined(__gfx90a__)\n#error not ported to gfx90a\n#endif\n");
  Opts.Arches = {"gfx90a", "gfx942"};
  // gfx942 no longer parses: the fix is undone.
  expectBrokenFixUndone(Text, At, "device pass for gfx90a", "(__gfx90a__ * 64)",
                        "fail to parse in the device pass for gfx942 (");
}

TEST_F(FixSafety, FixThatBreaksTheDevicePassOfAFileFailingOnTheHostIsUndone) {
  // The host pass fails before any fix; the edit breaks the device pass.
  auto [Text, At] = laneKernelAfter(
      "#if !defined(__HIP_DEVICE_COMPILE__)\nstatic_assert(sizeof(int) == 3, \"host\");\n#endif\n");
  Opts.HostPass = true;
  expectBrokenFixUndone(Text, At, "host pass for gfx942", "warpSize @@ not c++ @@",
                        "fail to parse in the device pass for gfx942 (");
}

TEST_F(FixSafety, SecondFixRunFindsNothingToFix) {
  std::string F = write("a.hip", LaneKernel);
  ProcessResult First = runWavecheck({"--fix", F});
  EXPECT_EQ(readFile(F), LaneFixed) << First.Err;
  EXPECT_NE(First.Err.find("applied fix-its: 1 file write in 2 rounds"), std::string::npos)
      << First.Err;
  ProcessResult Second = runWavecheck({"--fix", F});
  EXPECT_EQ(Second.ExitCode, 0) << Second.Out << Second.Err;
  EXPECT_NE(Second.Err.find("applied fix-its: 0 file writes in 1 round"), std::string::npos)
      << Second.Err;
  EXPECT_EQ(readFile(F), LaneFixed);
}

TEST_F(FixSafety, ReadOnlyFileIsReportedOnceOverSeveralRounds) {
  // shift.hip needs two fix rounds with the default checks: a lane id widened
  // to the wavefront exposes a 32-bit mask. ro.hip is refused in the first.
  std::string RO = write("ro.hip", LaneKernel);
  ASSERT_FALSE(llvm::sys::fs::setPermissions(RO, llvm::sys::fs::perms(0444)));
  write("shift.hip", "#include <hip/hip_runtime.h>\n"
                     "__global__ void k(unsigned long long *o) {\n"
                     "  int lane = threadIdx.x & 31;\n"
                     "  unsigned long long set = __ballot(o[threadIdx.x] != 0);\n"
                     "  o[threadIdx.x] = __popcll(set & ((1u << lane) - 1));\n}\n");
  // The AST tier alone: the wave model withholds the first fix-it of the
  // chain (alone, it makes `1u << lane` shift by 32-63).
  ProcessResult P = runWavecheck({"--fix", "--wave-model=false", "ro.hip", "shift.hip"}, Dir);
  EXPECT_EQ(P.ExitCode, 3) << P.Err;
  EXPECT_NE(P.Err.find("applied fix-its: 2 file writes in 3 rounds"), std::string::npos)
      << P.Err;
  size_t N = 0;
  for (size_t At = P.Err.find("ro.hip: "); At != std::string::npos;
       At = P.Err.find("ro.hip: ", At + 1))
    ++N;
  EXPECT_EQ(N, 1u) << P.Err;
  EXPECT_NE(P.Err.find("ro.hip: the file is read-only (mode 0444); not fixed"),
            std::string::npos)
      << P.Err;
  EXPECT_EQ(readFile(RO), LaneKernel);
}

/// Every `.fixed` golden, analysed with its file's RUN-ARGS, parses without
/// any error: the fix-its leave valid code.
TEST_F(FixSafety, EveryFixedGoldenParsesWithoutErrors) {
  std::error_code EC;
  unsigned Seen = 0;
  std::string Root = testdataDir() + "/checks";
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (llvm::sys::path::extension(It->path()) != ".fixed")
      continue;
    ++Seen;
    std::string Text = readFile(It->path());
    std::vector<std::string> Args{"--format=json"};
    for (llvm::StringRef L : llvm::split(Text, '\n'))
      if (size_t P = L.find("// RUN-ARGS:"); P != llvm::StringRef::npos)
        for (llvm::StringRef W : llvm::split(L.drop_front(P + 12).trim(), ' '))
          if (!W.empty())
            Args.push_back(W.str());
    Args.push_back(It->path());
    ProcessResult R = runWavecheck(Args);
    llvm::json::Object Report = parseReport(R.Out);
    const llvm::json::Array *Errors = Report.getArray("errors");
    ASSERT_TRUE(Errors) << It->path();
    EXPECT_TRUE(Errors->empty()) << It->path() << "\n" << R.Out;
    EXPECT_NE(R.ExitCode, 3) << It->path();
  }
  EXPECT_GE(Seen, 30u) << "testdata/checks holds 34 .fixed goldens";
}

} // namespace
