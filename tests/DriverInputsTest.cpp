//===--- DriverInputsTest.cpp - the wavecheck driver: inputs and databases -===//
///
/// \file
/// Inputs as the file system gives them (two spellings of one header, symlinked
/// files and directories, empty directories, real HIP 5 headers), option problems
/// caught before the analysis, and compile databases (relative includes, flags
/// for directory inputs, unreadable databases), through the wavecheck binary.
/// Part of driver_test; the fixture is DriverTest.h.
///
//===----------------------------------------------------------------------===//
#include "DriverTest.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>
#include <set>

using namespace wavecheck::test;

namespace {

class DriverInputs : public DriverTest {};

TEST_F(DriverInputs, HeaderReachedByTwoSpellingsIsOneFileAndFixedOnce) {
  write("inc/wave.cuh", "#pragma once\n#define WARP_SIZE 32\n");
  const char *Body = "__global__ void k(float *o) {\n"
                     "  o[threadIdx.x] = threadIdx.x % WARP_SIZE + __popcll(__ballot(o[0] > 0));\n}\n";
  write("a.hip", std::string("#include \"inc/wave.cuh\"\n") + Body);
  write("sub/b.hip", std::string("#include \"../inc/wave.cuh\"\n") + Body);
  ProcessResult R = runWavecheck({"--format=json", Dir + "/a.hip", Dir + "/sub/b.hip"});
  llvm::json::Object J = parseReport(R.Out);
  ASSERT_EQ(findings(J).size(), 1u) << R.Out;
  runWavecheck({"--fix", Dir + "/a.hip", Dir + "/sub/b.hip"});
  EXPECT_EQ(readFile(Dir + "/inc/wave.cuh"), "#pragma once\n#define WARP_SIZE warpSize\n");
}

TEST_F(DriverInputs, FixWritesThroughSymlinksAndKeepsPermissions) {
  std::string Real = write("real.hip", LaneKernel);
  ASSERT_FALSE(llvm::sys::fs::setPermissions(Real, llvm::sys::fs::perms(0750)));
  std::string Link = Dir + "/link.hip";
  ASSERT_FALSE(llvm::sys::fs::create_link(Real, Link));
  runWavecheck({"--fix", Link});
  llvm::sys::fs::file_status St;
  ASSERT_FALSE(llvm::sys::fs::status(Link, St, /*follow=*/false));
  EXPECT_EQ(St.type(), llvm::sys::fs::file_type::symlink_file) << "the link is kept";
  EXPECT_NE(readFile(Real).find("tid % warpSize"), std::string::npos) << readFile(Real);
  EXPECT_EQ(llvm::sys::fs::getPermissions(Real).get(), llvm::sys::fs::perms(0750));
}

TEST_F(DriverInputs, FixRepeatsUntilNothingIsLeft) {
  // A rank among the set lanes of a 64-lane ballot taken with a 32-lane id:
  // widening `tid & 31` to a 64-lane id makes `1u << lane` a finding of
  // another check: one --fix must fix both.
  std::string F = write("chain.hip", "#include <hip/hip_runtime.h>\n"
                                     "__global__ void k(unsigned long long *o) {\n"
                                     "  int lane = threadIdx.x & 31;\n"
                                     "  unsigned long long set = __ballot(o[threadIdx.x] != 0);\n"
                                     "  unsigned long long below = set & ((1u << lane) - 1);\n"
                                     "  o[threadIdx.x] = __popcll(below);\n}\n");
  std::string Original = readFile(F);
  // The wave model withholds the first fix-it: alone, it makes `1u << lane`
  // shift by 32-63 (docs/wave-model.md); the finding stays, the file too.
  runWavecheck({"--fix", F});
  EXPECT_EQ(readFile(F), Original);
  ProcessResult M = runWavecheck({"--format=json", F});
  EXPECT_EQ(M.ExitCode, 1) << M.Out;
  EXPECT_NE(M.Out.find("no fix-it: with the change, the wave model still finds"),
            std::string::npos)
      << M.Out;
  // The AST tier alone fixes the chain in rounds.
  runWavecheck({"--fix", "--wave-model=false", F});
  ProcessResult R = runWavecheck({"--format=json", "--wave-model=false", F});
  EXPECT_EQ(R.ExitCode, 0) << readFile(F) << R.Out;
  EXPECT_NE(readFile(F).find("1ull << lane"), std::string::npos) << readFile(F);
}

TEST_F(DriverInputs, SymlinkedDirectoriesAreNotFollowed) {
  write("proj/a.hip", LaneKernel);
  ASSERT_FALSE(llvm::sys::fs::create_link(Dir + "/proj", Dir + "/proj/loop"));
  ProcessResult R = runWavecheck({"--format=json", Dir + "/proj"});
  EXPECT_EQ(findings(parseReport(R.Out)).size(), 1u) << R.Out;
}

TEST_F(DriverInputs, EmptyDirectoryIsAnInputError) {
  llvm::sys::fs::create_directories(Dir + "/empty");
  ProcessResult R = runWavecheck({"--format=json", Dir + "/empty"});
  EXPECT_EQ(R.ExitCode, 3) << R.Out;
}

TEST_F(DriverInputs, DirectoryWithoutSourcesAmongOthersIsANote) {
  // `wavecheck src docs`: docs/ holds no HIP or C++ source; src/ is still
  // scanned and its finding decides the exit code (1, not 3).
  write("src/a.hip", LaneKernel);
  write("docs/index.md", "# docs\n");
  ProcessResult R = runWavecheck({"--format=json", "src", "docs"}, Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_NE(R.Err.find("wavecheck: note: docs: no sources to analyse\n"), std::string::npos)
      << R.Err;
  llvm::json::Object Report = parseReport(R.Out);
  EXPECT_EQ(findings(Report).size(), 1u) << R.Out;
  EXPECT_TRUE(errors(Report).empty()) << R.Out;
  // With a clean source beside it, the run is clean (exit 0).
  write("src/a.hip", "__global__ void k(float *out) { out[0] = 1.0f; }\n");
  R = runWavecheck({"src", "docs"}, Dir);
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  // Alone, it is still an input error.
  R = runWavecheck({"docs"}, Dir);
  EXPECT_EQ(R.ExitCode, 3) << R.Out << R.Err;
}

TEST_F(DriverInputs, OptionProblemsAreCaughtBeforeTheAnalysis) {
  std::string F = write("a.hip", LaneKernel);
  ProcessResult R = runWavecheck({"--checks=-*,no-such-*", F});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("no-such-*"), std::string::npos) << R.Err;
  R = runWavecheck({"--export-fixes=" + Dir + "/no/such/dir/f.yaml", F});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_TRUE(R.Out.empty()) << "no analysis output before the error";
  R = runWavecheck({"-j2", "--format=json", F});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
}

TEST_F(DriverInputs, RealHip5HeadersAreRecognised) {
  // Debian's libamdhip64-dev: threadIdx there is an object read through a
  // conversion operator, unlike the stand-in's property.
  if (!llvm::sys::fs::exists("/usr/include/hip/hip_runtime.h"))
    GTEST_SKIP() << "Debian's HIP headers (libamdhip64-dev) are not installed";
  std::string F = write("a.hip", LaneKernel);
  ProcessResult R = runWavecheck(
      {"--format=json", "--hip-headers=system", F, "--", "-D__AMDGCN_WAVEFRONT_SIZE=64"});
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_EQ(findings(parseReport(R.Out)).size(), 1u) << R.Out;
  // Found by clang in /usr/include with no -I: the note names that directory
  // when its headers are older than HIP 6 (Debian 12's are 5.2).
  auto V = llvm::MemoryBuffer::getFile("/usr/include/hip/hip_version.h");
  if (V && (*V)->getBuffer().contains("#define HIP_VERSION_MAJOR 5"))
    EXPECT_NE(R.Err.find("HIP headers in /usr/include are older than HIP 6"),
              std::string::npos)
        << R.Err;
}

} // namespace

namespace {

class DriverDatabase : public DriverTest {
protected:
  /// A project whose database compiles src/a.hip in build/ with -I../include,
  /// where the finding sits in include/reduce.cuh, plus a plain C entry.
  void makeProject() {
    write("p/include/reduce.cuh", "#pragma once\n"
                                  "__device__ float red(float v) {\n"
                                  "  for (int o = 16; o > 0; o /= 2) v += __shfl_xor(v, o);\n"
                                  "  return v;\n}\n");
    // The kernel takes one sum per 64-lane wavefront (lane 0 of each).
    write("p/src/a.hip", "#include \"reduce.cuh\"\n"
                         "__global__ void k(float *o) { float s = red(o[threadIdx.x]); "
                         "if (__lane_id() == 0) o[threadIdx.x / warpSize] = s; }\n");
    write("p/src/x.c", "int main(void) { int *p = (void *)0; return p != 0; }\n");
    write("p/build/compile_commands.json",
          "[{\"directory\": \"" + Dir + "/p/build\", \"file\": \"../src/a.hip\", "
          "\"arguments\": [\"hipcc\", \"-I../include\", \"-c\", \"../src/a.hip\"]},\n"
          " {\"directory\": \"" + Dir + "/p/build\", \"file\": \"../src/x.c\", "
          "\"arguments\": [\"cc\", \"-c\", \"../src/x.c\"]}]");
  }
};

TEST_F(DriverDatabase, HeaderFoundThroughARelativeIncludeIsReportedAndFixedInPlace) {
  makeProject();
  // Run from elsewhere: the header path is relative to the command's directory.
  ProcessResult R = runWavecheck({"--format=json", "-p", Dir + "/p/build"}, Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  llvm::json::Object J = parseReport(R.Out);
  ASSERT_EQ(findings(J).size(), 1u) << R.Out;
  const llvm::json::Object &F = *findings(J)[0].getAsObject();
  EXPECT_EQ(F.getString("file"), "p/include/reduce.cuh");
  EXPECT_EQ(F.getInteger("line"), 3);
  EXPECT_NE(R.Err.find("skipped 1 compile database entries"), std::string::npos)
      << "the C entry is not analysed: " << R.Err;
  runWavecheck({"--fix", "-p", Dir + "/p/build"}, Dir);
  EXPECT_NE(readFile(Dir + "/p/include/reduce.cuh").find("int o = warpSize / 2"),
            std::string::npos)
      << readFile(Dir + "/p/include/reduce.cuh");
}

TEST_F(DriverDatabase, DirectoryInputsTakeTheirFlagsFromTheDatabase) {
  makeProject();
  ProcessResult R = runWavecheck({"--format=json", "-p", Dir + "/p/build", Dir + "/p/src"});
  llvm::json::Object J = parseReport(R.Out);
  EXPECT_EQ(findings(J).size(), 1u) << "-I../include must apply:\n" << R.Out;
}

TEST_F(DriverDatabase, FileTheDatabaseDoesNotListBorrowsTheCommandOfASimilarOne) {
  makeProject();
  // A new source next to a.hip, not yet in the database: it takes a.hip's
  // command (its -I../include), and wavecheck's own arguments still apply to
  // it (clang's inferred command ends `-- <file>`).
  write("p/src/b.hip", "#include \"reduce.cuh\"\n"
                       "__global__ void k2(float *o) { float s = red(o[threadIdx.x]); "
                       "if (__lane_id() == 0) o[threadIdx.x / warpSize] = s; }\n");
  ProcessResult R = runWavecheck({"--format=json", "-p", Dir + "/p/build", Dir + "/p/src/b.hip"});
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  llvm::json::Object J = parseReport(R.Out);
  EXPECT_EQ(findings(J).size(), 1u) << R.Out << R.Err;
  const llvm::json::Array *Errors = J.getArray("errors");
  EXPECT_TRUE(!Errors || Errors->empty()) << R.Out;
}

TEST_F(DriverDatabase, UnreadableDatabaseIsAConfigurationError) {
  std::string F = write("a.hip", LaneKernel);
  ProcessResult R = runWavecheck({"-p", Dir + "/nowhere", F});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("compile_commands.json"), std::string::npos) << R.Err;
  write("bad/compile_commands.json", "this is not JSON {");
  R = runWavecheck({"-p", Dir + "/bad", F});
  EXPECT_EQ(R.ExitCode, 2);
}

TEST_F(DriverDatabase, ChecksGlobsAddToTheDefaults) {
  std::string F = write("a.hip", LaneKernel);
  ProcessResult R = runWavecheck({"--format=json", "--checks=-wave64-partial-reduction", F});
  EXPECT_EQ(findings(parseReport(R.Out)).size(), 1u)
      << "removing one check keeps the others: " << R.Out;
  R = runWavecheck({"--format=json", "--checks=-wave64-hardcoded-warp-size", F});
  EXPECT_EQ(findings(parseReport(R.Out)).size(), 0u) << R.Out;
}

} // namespace
