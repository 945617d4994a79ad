//===--- DriverTest.cpp - the wavecheck driver, end to end -----------------===//
///
/// Passes, merging, targets, stand-in headers, missing headers, broken input,
/// input kinds and exit codes, through the wavecheck binary. The sources are
/// written by each test; `tid % 32` is the finding they rely on
/// (wave64-hardcoded-warp-size, lane role).
/// Symlinks, directory edge cases, option checks before the analysis and
/// compile databases: DriverInputsTest.cpp.
///
//===----------------------------------------------------------------------===//
#include "DriverTest.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>
#include <set>

using namespace wavecheck::test;

namespace {

TEST_F(DriverTest, UsageErrorsExitTwoAndNameTheBadValue) {
  std::string F = write("a.hip", LaneKernel);
  ProcessResult R = runWavecheck({"--offload-arch=gfx999", F});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("gfx999"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("gfx942"), std::string::npos) << "lists the known targets";
  R = runWavecheck({"--passes=both", F});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("both"), std::string::npos);
  R = runWavecheck({"--format=xml", F});
  EXPECT_EQ(R.ExitCode, 2);
  R = runWavecheck({});
  EXPECT_EQ(R.ExitCode, 2);
  R = runWavecheck({"--no-such-flag", F});
  EXPECT_EQ(R.ExitCode, 2);
}

TEST_F(DriverTest, FindingExitsOneWithTheJsonContract) {
  std::string F = write("a.hip", LaneKernel);
  ProcessResult R = runWavecheck({"--format=json", F});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  llvm::json::Object J = parseReport(R.Out);
  EXPECT_EQ(J.getInteger("version"), 1);
  ASSERT_TRUE(J.getObject("tool"));
  EXPECT_EQ(J.getObject("tool")->getString("name"), "wavecheck");
  ASSERT_EQ(findings(J).size(), 1u) << R.Out;
  const llvm::json::Object &Fd = *findings(J)[0].getAsObject();
  EXPECT_EQ(Fd.getString("check"), "wave64-hardcoded-warp-size");
  EXPECT_EQ(Fd.getString("severity"), "warning");
  EXPECT_EQ(Fd.getInteger("line"), 4);
  EXPECT_EQ(Fd.getInteger("column"), 20);
  EXPECT_EQ(strings(Fd, "targets"), std::set<std::string>{"gfx942"});
  EXPECT_EQ(strings(Fd, "passes"), std::set<std::string>{"device"});
  ASSERT_TRUE(Fd.getArray("fixes"));
  ASSERT_TRUE(Fd.getArray("notes"));
  EXPECT_TRUE(errors(J).empty());
}

TEST_F(DriverTest, CleanFileExitsZero) {
  std::string F = write("ok.hip", "#include <hip/hip_runtime.h>\n"
                                  "__global__ void k(float *o) {\n"
                                  "  o[threadIdx.x] = threadIdx.x % warpSize;\n}\n");
  ProcessResult R = runWavecheck({"--format=json", F});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_TRUE(findings(parseReport(R.Out)).empty());
}

TEST_F(DriverTest, PassesAndTargetsMergeIntoOneFinding) {
  std::string F = write("a.hip", LaneKernel);
  ProcessResult R = runWavecheck({"--format=json", "--passes=host,device",
                                  "--offload-arch=gfx942", "--offload-arch=gfx90a", F});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  llvm::json::Object J = parseReport(R.Out);
  ASSERT_EQ(findings(J).size(), 1u) << R.Out;
  const llvm::json::Object &Fd = *findings(J)[0].getAsObject();
  EXPECT_EQ(strings(Fd, "targets"), (std::set<std::string>{"gfx90a", "gfx942"}));
  EXPECT_EQ(strings(Fd, "passes"), (std::set<std::string>{"device", "host"}));
}

TEST_F(DriverTest, DeviceOnlyCodeIsSeenOnlyByTheDevicePass) {
  std::string F = write("dev.hip", "#include <hip/hip_runtime.h>\n"
                                   "__global__ void k(float *out) {\n"
                                   "#if defined(__HIP_DEVICE_COMPILE__)\n"
                                   "  out[threadIdx.x] = threadIdx.x % 32;\n"
                                   "  out[0] += __popcll(__ballot(out[1] > 0));\n"
                                   "#endif\n"
                                   "}\n");
  ProcessResult R = runWavecheck({"--format=json", "--passes=host", F});
  EXPECT_EQ(R.ExitCode, 0) << R.Out;
  R = runWavecheck({"--format=json", "--passes=host,device", F});
  llvm::json::Object J = parseReport(R.Out);
  ASSERT_EQ(findings(J).size(), 1u) << R.Out;
  EXPECT_EQ(strings(*findings(J)[0].getAsObject(), "passes"),
            std::set<std::string>{"device"});
}

TEST_F(DriverTest, Wave32TargetsGetNoWave64Findings) {
  std::string F = write("a.hip", LaneKernel);
  ProcessResult R = runWavecheck({"--format=json", "--offload-arch=gfx1100", F});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_TRUE(findings(parseReport(R.Out)).empty());
  R = runWavecheck({"--format=json", "--offload-arch=gfx1100,gfx942", F});
  llvm::json::Object J = parseReport(R.Out);
  ASSERT_EQ(findings(J).size(), 1u);
  EXPECT_EQ(strings(*findings(J)[0].getAsObject(), "targets"),
            std::set<std::string>{"gfx942"});
}

TEST_F(DriverTest, StandInHeadersCoverTheDeviceApiForEveryTarget) {
  // Uses the ROCm 6/7 device API: 64-bit ballot, *_sync with 64-bit
  // masks, __syncwarp, FP8 in both formats, hipDataType, device properties.
  std::string F = write(
      "api.hip",
      "#include <hip/hip_runtime.h>\n#include <hip/hip_fp8.h>\n"
      "#include <hip/library_types.h>\n#include <cstdint>\n"
      "__global__ void k(float *o, const __hip_fp8_e4m3_fnuz *a,\n"
      "                  const __hip_fp8_e4m3 *b) {\n"
      "  unsigned long long m = __ballot(o[threadIdx.x] > 0.f);\n"
      "  float v = __shfl_xor_sync(m, o[threadIdx.x], 1);\n"
      "  v += __shfl_down(v, 1) + __shfl_up(v, 1) + __shfl(v, 0);\n"
      "  __syncwarp(__activemask());\n"
      "  o[threadIdx.x] = v + float(a[0]) + float(b[0]) + __popcll(m);\n"
      "}\n"
      "int host() {\n"
      "  hipDeviceProp_t p; hipGetDeviceProperties(&p, 0);\n"
      "  hipDataType t = HIP_R_8F_E4M3_FNUZ; (void)t;\n"
      "  float *d = nullptr; hipMalloc((void **)&d, 64 * sizeof(float));\n"
      "  hipLaunchKernelGGL(k, dim3(1), dim3(p.warpSize), 0, 0, d, nullptr, nullptr);\n"
      "  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;\n"
      "}\n");
  for (const char *Arch : {"gfx90a", "gfx942", "gfx950", "gfx1100"}) {
    ProcessResult R = runWavecheck({"--format=json", "--hip-headers=standin",
                                    "--passes=host,device", "--checks=-*,wave64-*",
                                    std::string("--offload-arch=") + Arch, F});
    EXPECT_EQ(R.ExitCode, 0) << Arch << "\n" << R.Out << R.Err;
    EXPECT_TRUE(errors(parseReport(R.Out)).empty()) << Arch << "\n" << R.Out;
  }
}

TEST_F(DriverTest, WarpSizeIsNotAConstantExpressionInTheStandIn) {
  // ROCm 7 made warpSize non-constexpr; the stand-in must agree, or code that
  // only compiles with old headers would pass the lint.
  std::string F = write("c.hip", "#include <hip/hip_runtime.h>\n"
                                 "__global__ void k(float *o) {\n"
                                 "  __shared__ float s[warpSize];\n"
                                 "  o[0] = s[0];\n}\n");
  // Without the check that explains it, the compiler error shows.
  ProcessResult R =
      runWavecheck({"--format=json", "--checks=-*,wave64-hardcoded-warp-size", F});
  EXPECT_EQ(R.ExitCode, 3) << R.Out;
  ASSERT_EQ(errors(parseReport(R.Out)).size(), 1u) << R.Out;
}

TEST_F(DriverTest, MissingProjectHeaderIsNamedAndFindingsStillComeOut) {
  std::string F = write("m.hip", std::string("#include \"generated/config.h\"\n") +
                                     (LaneKernel + 29)); // drop the hip include line
  ProcessResult R = runWavecheck({"--format=json", F});
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  llvm::json::Object J = parseReport(R.Out);
  ASSERT_EQ(findings(J).size(), 1u) << R.Out;
  ASSERT_EQ(errors(J).size(), 1u) << R.Out;
  std::string Msg = errors(J)[0].getAsObject()->getString("message")->str();
  EXPECT_NE(Msg.find("generated/config.h"), std::string::npos) << Msg;
}

TEST_F(DriverTest, FindingsAfterSeveralMissingHeadersAreKept) {
  // clang stops instantiating templates after a fatal error, so without the
  // empty stand-ins the `__shfl_xor_sync` finding (a template call) is lost.
  std::string F = write("several.hip",
                        "#include \"not_there.h\"\n"
                        "#include <vendor/missing.h>\n"
                        "#include \"third.h\"\n"
                        "__global__ void k(float *out) {\n"
                        "  unsigned m = 0xffffffff;\n"
                        "  out[threadIdx.x] = __shfl_xor_sync(m, out[threadIdx.x], 1);\n"
                        "}\n");
  ProcessResult R = runWavecheck({"--format=json", "--checks=-*,wave64-lane-mask-width", F});
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  llvm::json::Object J = parseReport(R.Out);
  ASSERT_EQ(findings(J).size(), 1u) << R.Out;
  const llvm::json::Object &Found = *findings(J)[0].getAsObject();
  EXPECT_EQ(Found.getInteger("line"), 6) << R.Out;
  EXPECT_EQ(Found.getInteger("column"), 38) << R.Out;
  std::set<std::string> Named;
  for (const llvm::json::Value &E : errors(J)) {
    std::string Msg = E.getAsObject()->getString("message")->str();
    for (const char *H : {"'not_there.h'", "'vendor/missing.h'", "'third.h'"})
      if (Msg.find(H) != std::string::npos)
        Named.insert(H);
    EXPECT_EQ(E.getAsObject()->getString("kind"), "missing-header") << Msg;
  }
  EXPECT_EQ(Named.size(), 3u) << "every missing header is named\n" << R.Out;
}

TEST_F(DriverTest, GarbageInputIsAnErrorAndDoesNotStopOtherFiles) {
  std::string Bin = write("garbage.hip", std::string("\x7f" "ELF\x02\x01\x01\0\0\0\xff\xfe\x00"
                                                     "}}}{{{ int int int ((((", 34));
  std::string Text = write("prose.cu", "This is not C++ at all, it is a sentence.\n");
  std::string Good = write("good.hip", LaneKernel);
  ProcessResult R = runWavecheck({"--format=json", Bin, Text, Good});
  EXPECT_EQ(R.ExitCode, 3) << R.Out << R.Err;
  llvm::json::Object J = parseReport(R.Out);
  EXPECT_EQ(findings(J).size(), 1u) << "the good file's finding is still reported";
  std::set<std::string> Broken;
  for (const llvm::json::Value &E : errors(J))
    Broken.insert(E.getAsObject()->getString("file")->str());
  EXPECT_EQ(Broken.size(), 2u) << R.Out;
}

TEST_F(DriverTest, FindingsOfAParseWithCompilerErrorsAreMarkedAndNotFixed) {
  // The error is on another line than the finding: it is not the finding's
  // consequence, so the finding comes from a broken AST.
  std::string Text = std::string(LaneKernel) + "int broken = undeclared_name;\n";
  std::string F = write("broken.hip", Text);
  ProcessResult R = runWavecheck({"--format=json", F});
  EXPECT_EQ(R.ExitCode, 3) << R.Out << R.Err;
  llvm::json::Object J = parseReport(R.Out);
  ASSERT_EQ(findings(J).size(), 1u) << R.Out;
  const llvm::json::Object &Fd = *findings(J)[0].getAsObject();
  EXPECT_EQ(Fd.getBoolean("parse_failed"), true) << R.Out;
  ASSERT_TRUE(Fd.getArray("fixes"));
  EXPECT_TRUE(Fd.getArray("fixes")->empty()) << "no fix-it from a broken AST: " << R.Out;
  R = runWavecheck({F}, Dir);
  EXPECT_NE(R.Out.find("broken.hip:4:20: note: found only where broken.hip does not parse "
                       "(compiler errors): the finding may be wrong; it has no fix-it and "
                       "does not fail the gate\n"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("wavecheck: 1 finding in 1 file (1 source), 1 without a fix-it, 1 "
                       "found only in parses with compiler errors (not gated), 1 input not "
                       "analysed\n"),
            std::string::npos)
      << R.Out;
  runWavecheck({"--fix", F});
  EXPECT_EQ(readFile(F), Text) << "--fix leaves the file as it was";
}

TEST_F(DriverTest, FindingOfAPassThatParsedIsNotMarked) {
  // The host pass fails; the device pass, which reports the finding too, parses.
  std::string F = write("host-broken.hip", std::string("#if !defined(__HIP_DEVICE_COMPILE__)\n"
                                                       "int broken = undeclared_name;\n"
                                                       "#endif\n") +
                                               LaneKernel);
  ProcessResult R = runWavecheck({"--format=json", "--passes=host,device", F});
  EXPECT_EQ(R.ExitCode, 3) << "the host pass failed: " << R.Out << R.Err;
  llvm::json::Object J = parseReport(R.Out);
  ASSERT_EQ(findings(J).size(), 1u) << R.Out;
  const llvm::json::Object &Fd = *findings(J)[0].getAsObject();
  EXPECT_EQ(Fd.getBoolean("parse_failed"), false) << R.Out;
  EXPECT_EQ(strings(Fd, "passes"), (std::set<std::string>{"device", "host"}));
  ASSERT_TRUE(Fd.getArray("fixes"));
  EXPECT_EQ(Fd.getArray("fixes")->size(), 1u) << R.Out;
}

TEST_F(DriverTest, NonexistentInputIsAnError) {
  ProcessResult R = runWavecheck({"--format=json", Dir + "/nope.hip"});
  EXPECT_EQ(R.ExitCode, 3);
  ASSERT_EQ(errors(parseReport(R.Out)).size(), 1u);
}

TEST_F(DriverTest, DirectoryScanPicksHipAndCudaSources) {
  write("src/a.hip", LaneKernel);
  write("src/sub/b.cu", LaneKernel);
  write("src/sub/c.cuh", LaneKernel);
  write("src/readme.txt", "int x = threadIdx.x % 32;\n");
  write("src/d.cpp", LaneKernel); // not a scanned extension
  ProcessResult R = runWavecheck({"--format=json", Dir + "/src"});
  llvm::json::Object J = parseReport(R.Out);
  std::set<std::string> Files;
  for (const llvm::json::Value &F : findings(J))
    Files.insert(llvm::sys::path::filename(*F.getAsObject()->getString("file")).str());
  EXPECT_EQ(Files, (std::set<std::string>{"a.hip", "b.cu", "c.cuh"})) << R.Out;
}

TEST_F(DriverTest, CompileDatabaseDropsNvccFlagsWithANote) {
  write("proj/k.hip", LaneKernel);
  write("proj/compile_commands.json",
        "[{\"directory\": \".\", \"file\": \"k.hip\", \"arguments\": [\"nvcc\", "
        "\"--expt-relaxed-constexpr\", \"-Xcompiler\", \"-fPIC\", \"-O2\", \"-c\", "
        "\"k.hip\", \"-o\", \"k.o\"]}]");
  ProcessResult R = runWavecheck({"--format=json", "-p", Dir + "/proj"});
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_EQ(findings(parseReport(R.Out)).size(), 1u);
  EXPECT_NE(R.Err.find("--expt-relaxed-constexpr"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("-Xcompiler -fPIC"), std::string::npos) << R.Err;
}

TEST_F(DriverTest, ParallelOutputIsIdenticalToSerial) {
  std::vector<std::string> Files;
  for (int I = 0; I < 6; ++I)
    Files.push_back(write("f" + std::to_string(I) + ".hip", LaneKernel));
  std::vector<std::string> Serial{"--format=json"}, Parallel{"--format=json", "-j", "2"};
  Serial.insert(Serial.end(), Files.begin(), Files.end());
  Parallel.insert(Parallel.end(), Files.begin(), Files.end());
  ProcessResult A = runWavecheck(Serial), B = runWavecheck(Parallel);
  EXPECT_EQ(findings(parseReport(A.Out)).size(), 6u);
  EXPECT_EQ(A.Out, B.Out);
}

TEST_F(DriverTest, NolintFormsSuppress) {
  std::string F = write("n.hip", "#include <hip/hip_runtime.h>\n"
                                 "__global__ void k(float *o) {\n"
                                 "  int t = threadIdx.x;\n"
                                 "  o[0] = t % 32; // NOLINT(wave64-hardcoded-warp-size)\n"
                                 "  // NOLINTNEXTLINE(wave64-*)\n"
                                 "  o[1] = t % 32;\n"
                                 "  // NOLINTBEGIN\n"
                                 "  o[2] = t % 32;\n"
                                 "  // NOLINTEND\n"
                                 "  o[3] = t % 32;\n"
                                 "  o[4] = __popcll(__ballot(t > 1));\n"
                                 "}\n");
  ProcessResult R = runWavecheck({"--format=json", F});
  llvm::json::Object J = parseReport(R.Out);
  ASSERT_EQ(findings(J).size(), 1u) << R.Out;
  EXPECT_EQ(findings(J)[0].getAsObject()->getInteger("line"), 10);
}

TEST_F(DriverTest, ExportFixesWritesClangApplyReplacementsYaml) {
  std::string F = write("a.hip", LaneKernel);
  std::string Y = Dir + "/fixes.yaml";
  ProcessResult R = runWavecheck({"--export-fixes=" + Y, F});
  EXPECT_EQ(R.ExitCode, 1);
  std::string Yaml = readFile(Y);
  EXPECT_NE(Yaml.find("DiagnosticName:  wave64-hardcoded-warp-size"), std::string::npos)
      << Yaml;
  EXPECT_NE(Yaml.find("ReplacementText: warpSize"), std::string::npos) << Yaml;
  EXPECT_EQ(readFile(F), LaneKernel) << "--export-fixes alone never edits";
}

TEST_F(DriverTest, FixRewritesTheFile) {
  std::string F = write("a.hip", LaneKernel);
  ProcessResult R = runWavecheck({"--fix", F});
  std::string Fixed = readFile(F);
  EXPECT_NE(Fixed.find("int lane = tid % warpSize;"), std::string::npos) << Fixed;
  R = runWavecheck({"--format=json", F});
  EXPECT_EQ(R.ExitCode, 0) << "nothing left to find after --fix:\n" << R.Out;
}

TEST_F(DriverTest, TextSummaryOfACleanRunSaysNoFindings) {
  write("clean.hip", "#include <hip/hip_runtime.h>\n"
                     "__global__ void k(float *out) {\n"
                     "  out[threadIdx.x] = threadIdx.x % warpSize;\n"
                     "}\n");
  ProcessResult R = runWavecheck({"clean.hip"}, Dir);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_NE(R.Out.find("wavecheck: no findings in 1 source\n"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("0 findings"), std::string::npos) << R.Out;
}

TEST_F(DriverTest, ExportFixesFileIsNotCreatedWhenTheRunStopsFirst) {
  std::string F = write("a.hip", LaneKernel);
  std::string Y = Dir + "/fixes.yaml";
  // --dump-config ends the run before any analysis.
  ProcessResult R = runWavecheck({"--export-fixes=" + Y, "--dump-config", F});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_FALSE(llvm::sys::fs::exists(Y)) << "--dump-config";
  // --dump-config on a broken configuration: a usage error.
  write("cfg/.wavecheck.yaml", "Chekcs: '-xcd-*'\n");
  std::string G = write("cfg/a.hip", LaneKernel);
  R = runWavecheck({"--export-fixes=" + Y, "--dump-config", G});
  EXPECT_EQ(R.ExitCode, 2) << R.Out;
  EXPECT_FALSE(llvm::sys::fs::exists(Y)) << "--dump-config, broken configuration";
  // A broken --config-file.
  std::string Bad = write("broken.yaml", "Checks: [\n");
  R = runWavecheck({"--export-fixes=" + Y, "--config-file=" + Bad, F});
  EXPECT_EQ(R.ExitCode, 2) << R.Out;
  EXPECT_NE(R.Err.find("broken.yaml"), std::string::npos) << R.Err;
  EXPECT_FALSE(llvm::sys::fs::exists(Y)) << "--config-file";
  // No input.
  R = runWavecheck({"--export-fixes=" + Y});
  EXPECT_EQ(R.ExitCode, 2) << R.Out;
  EXPECT_FALSE(llvm::sys::fs::exists(Y)) << "no input";
  // A compile database that is not there: found by the analysis (exit 2).
  R = runWavecheck({"--export-fixes=" + Y, "-p", Dir + "/no-build"});
  EXPECT_EQ(R.ExitCode, 2) << R.Out;
  EXPECT_FALSE(llvm::sys::fs::exists(Y)) << "-p without a compile database";
}

TEST_F(DriverTest, ExportFixesIntoAMissingDirectoryIsAUsageError) {
  std::string F = write("a.hip", LaneKernel);
  std::string Y = Dir + "/no/such/dir/fixes.yaml";
  ProcessResult R = runWavecheck({"--export-fixes=" + Y, F});
  EXPECT_EQ(R.ExitCode, 2) << R.Out;
  EXPECT_NE(R.Err.find("'" + Y + "'"), std::string::npos) << R.Err;
  EXPECT_EQ(R.Out, "") << "stopped before the analysis";
  EXPECT_FALSE(llvm::sys::fs::exists(Dir + "/no")) << "no directory is made";
  // A directory is not a file name either.
  R = runWavecheck({"--export-fixes=" + Dir, F});
  EXPECT_EQ(R.ExitCode, 2) << R.Out;
}

TEST_F(DriverTest, ExportFixesWriteFailurePrintsTheReportFirst) {
  std::string F = write("a.hip", LaneKernel);
  // A dangling link: its directory is writable, so the check before the
  // analysis passes; opening it after the analysis fails (no gone/).
  std::string Y = Dir + "/fixes.yaml";
  ASSERT_FALSE(llvm::sys::fs::create_link(Dir + "/gone/fixes.yaml", Y));
  ProcessResult R = runWavecheck({"--format=json", "--export-fixes=" + Y, F});
  EXPECT_EQ(R.ExitCode, 3) << R.Err;
  EXPECT_NE(R.Err.find("fixes.yaml"), std::string::npos) << R.Err;
  EXPECT_EQ(findings(parseReport(R.Out)).size(), 1u) << "the report is not lost:\n" << R.Out;
}

TEST_F(DriverTest, TextOutputIsClangStyleWithASummary) {
  std::string F = write("a.hip", LaneKernel);
  ProcessResult R = runWavecheck({F}, Dir);
  EXPECT_NE(R.Out.find("a.hip:4:20: warning: "), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("[wave64-hardcoded-warp-size]"), std::string::npos);
  EXPECT_NE(R.Out.find("    4 |   int lane = tid % 32;"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("summary: a.hip: 1 finding"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("wavecheck: 1 finding in 1 file (1 source), all with a fix-it\n"),
            std::string::npos)
      << R.Out;
}

TEST_F(DriverTest, TotalLineCountsTheFindingsWithoutAFixIt) {
  // The 32 of LaneKernel has a fix-it; the one in a function-like macro has
  // none (rules/wave64-hardcoded-warp-size.md).
  write("a.hip", LaneKernel);
  write("macro.hip", "#include <hip/hip_runtime.h>\n"
                     "#define LANE_OF(t) ((t) & 31)\n"
                     "__global__ void k(float *out) {\n"
                     "  out[threadIdx.x] = LANE_OF(threadIdx.x) + __popcll(__ballot(out[threadIdx.x] > 0.0f));\n"
                     "}\n");
  ProcessResult J = runWavecheck({"--format=json", "a.hip", "macro.hip"}, Dir);
  size_t Without = 0, Total = 0;
  llvm::json::Object Report = parseReport(J.Out);
  for (const llvm::json::Value &F : findings(Report)) {
    ++Total;
    Without += F.getAsObject()->getArray("fixes")->empty();
  }
  ASSERT_EQ(Total, 2u) << J.Out;
  ASSERT_EQ(Without, 1u) << J.Out;
  ProcessResult R = runWavecheck({"a.hip", "macro.hip"}, Dir);
  EXPECT_NE(R.Out.find("wavecheck: 2 findings in 2 files (2 sources), 1 without a fix-it\n"),
            std::string::npos)
      << R.Out;
}

} // namespace

namespace {

/// Messages must not depend on the target, or the merge on (check, file,
/// offset, message) would list one finding once per wave64 target.
TEST(DriverMerge, EveryTestdataFindingMergesAcrossWave64Targets) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(testdataDir() + "/checks", EC), End;
       It != End && !EC; It.increment(EC))
    if (llvm::sys::path::extension(It->path()) == ".hip" &&
        llvm::StringRef(It->path()).contains("/wave64-") &&
        !llvm::StringRef(It->path()).contains("/wave64-warp-size-detection/") &&
        readFile(It->path()).find("CHECK-MESSAGES") != std::string::npos &&
        readFile(It->path()).find("RUN-ARGS: --offload-arch") == std::string::npos)
      Files.push_back(It->path());
  ASSERT_GT(Files.size(), 10u);
  // wave64-warp-size-detection names the target in its message by design
  // (the macro resolves wrongly for that target), and the FP8 and XCD rules
  // depend on the target: they are left out.
  const std::string Checks = "--checks=-*,wave64-*,-wave64-warp-size-detection";
  std::vector<std::string> One{"--format=json", Checks}, Three{"--format=json", Checks,
                                                       "--offload-arch=gfx942,gfx90a,gfx950",
                                                       "--passes=host,device"};
  One.insert(One.end(), Files.begin(), Files.end());
  Three.insert(Three.end(), Files.begin(), Files.end());
  llvm::json::Object A = parseReport(runWavecheck(One).Out);
  llvm::json::Object B = parseReport(runWavecheck(Three).Out);
  EXPECT_GT(findings(A).size(), 20u);
  EXPECT_EQ(findings(A).size(), findings(B).size());
}

} // namespace
