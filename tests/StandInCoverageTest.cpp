//===--- StandInCoverageTest.cpp - the stand-in headers cover ported code ---===//
///
/// \file
/// testdata/standin/api_uses.hip uses the HIP API that ported benchmarks call
/// (device math, rounding and bit intrinsics, half and bfloat16 pairs, vector
/// arithmetic, unsafe and system-scope atomics, pinned/mapped/pitched memory,
/// texture objects, graphs, peer access, device attributes): with the stand-in
/// headers it must be analysed without a compiler error in both passes, and
/// the wave64 bug planted in it (the lines marked PLANTED) must be reported.
/// A compile database whose command has -I/usr/include, where Debian's
/// libamdhip64-dev installs HIP 5.2 headers clang 22 cannot parse, must fall
/// back to the stand-ins with one note naming the directory.
///
//===----------------------------------------------------------------------===//
#include "DriverTest.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include <fstream>
#include <sstream>

namespace wavecheck::test {
namespace {

std::string corpus() { return testdataDir() + "/standin/api_uses.hip"; }

/// The 1-based lines of \p Path holding \p Marker.
std::set<int64_t> markedLines(const std::string &Path, const std::string &Marker) {
  std::ifstream In(Path);
  std::set<int64_t> Lines;
  std::string Line;
  for (int64_t N = 1; std::getline(In, Line); ++N)
    if (Line.find(Marker) != std::string::npos && Line.find("//") != std::string::npos &&
        Line.find("//") < Line.find(Marker))
      Lines.insert(N);
  return Lines;
}

std::string allErrors(const llvm::json::Object &R) {
  std::string S;
  for (const llvm::json::Value &E : errors(R))
    S += E.getAsObject()->getString("message").value_or("").str() + "\n";
  return S;
}

TEST(StandInCoverage, PortedApiUsesParseAndThePlantedBugIsFound) {
  std::set<int64_t> Planted = markedLines(corpus(), "PLANTED");
  // The header comment names the marker too; the code lines come after it.
  Planted.erase(Planted.begin(), Planted.lower_bound(10));
  ASSERT_EQ(Planted.size(), 2u) << "the corpus should mark the vote and its count";
  for (const char *Arch : {"gfx942", "gfx90a"}) {
    ProcessResult R = runWavecheck({"--format=json", "--hip-headers=standin",
                                    "--passes=host,device", std::string("--offload-arch=") + Arch,
                                    corpus()});
    llvm::json::Object J = parseReport(R.Out);
    EXPECT_TRUE(errors(J).empty()) << Arch << ": compiler errors with the stand-ins:\n"
                                   << allErrors(J) << R.Err;
    EXPECT_EQ(R.ExitCode, 1) << Arch << "\n" << R.Out << R.Err;
    std::set<int64_t> Lines;
    for (const llvm::json::Value &F : findings(J)) {
      const llvm::json::Object &O = *F.getAsObject();
      EXPECT_EQ(O.getString("check").value_or(""), "wave64-lane-mask-width") << R.Out;
      Lines.insert(O.getInteger("line").value_or(0));
    }
    EXPECT_EQ(Lines, Planted) << Arch << "\n" << R.Out;
  }
}

using OldHipHeaders = DriverTest;

TEST_F(OldHipHeaders, DebianHip5IncludeFallsBackToTheStandIns) {
  if (!llvm::sys::fs::exists("/usr/include/hip/hip_version.h"))
    GTEST_SKIP() << "Debian's HIP headers (libamdhip64-dev) are not installed";
  {
    auto V = llvm::MemoryBuffer::getFile("/usr/include/hip/hip_version.h");
    ASSERT_TRUE(bool(V));
    if ((*V)->getBuffer().find("#define HIP_VERSION_MAJOR 5") == llvm::StringRef::npos)
      GTEST_SKIP() << "/usr/include/hip is not HIP 5";
  }
  // One 64-lane bug: a 32-bit copy of the wavefront's vote.
  std::string Src = write("src/k.hip", "#include <hip/hip_runtime.h>\n"
                                       "__global__ void k(const float *v, int *n) {\n"
                                       "  unsigned int m = __ballot(v[threadIdx.x] > 0.f);\n"
                                       "  if (__lane_id() == 0) atomicAdd(n, __popc(m));\n"
                                       "}\n");
  write("build/compile_commands.json",
        "[{\"directory\": \"" + Dir + "/build\", \"file\": \"" + Src +
            "\", \"arguments\": [\"clang++\", \"-x\", \"hip\", \"-I/usr/include\", "
            "\"--offload-arch=gfx942\", \"-c\", \"" + Src + "\", \"-o\", \"k.o\"]}]\n");
  ProcessResult R = runWavecheck({"--format=json", "-p", Dir + "/build", Src});
  llvm::json::Object J = parseReport(R.Out);
  EXPECT_TRUE(errors(J).empty()) << allErrors(J) << R.Err;
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_FALSE(findings(J).empty()) << R.Out;
  // One note, naming the directory.
  size_t At = R.Err.find("HIP headers in /usr/include are older than HIP 6");
  EXPECT_NE(At, std::string::npos) << R.Err;
  EXPECT_EQ(R.Err.find("HIP headers in /usr/include", At + 1), std::string::npos) << R.Err;

  // Forcing them (--hip-headers=system) still fails, as before: the fallback is
  // only what auto does. A note says why and what auto would do, once.
  R = runWavecheck({"--format=json", "--hip-headers=system", "-p", Dir + "/build", Src});
  EXPECT_EQ(R.ExitCode, 3) << R.Out << R.Err;
  At = R.Err.find("HIP headers in /usr/include are older than HIP 6 (hip/hip_version.h): "
                  "clang 22 parses them only with -D__AMDGCN_WAVEFRONT_SIZE=64");
  EXPECT_NE(At, std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("--hip-headers=auto would analyse with wavecheck's stand-in HIP "
                       "headers"),
            std::string::npos)
      << R.Err;
  EXPECT_EQ(R.Err.find("HIP headers in /usr/include", At + 1), std::string::npos) << R.Err;

  // The stand-ins asked for by name: no note about headers not used.
  R = runWavecheck({"--format=json", "--hip-headers=standin", "-p", Dir + "/build", Src});
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_EQ(R.Err.find("older than HIP 6"), std::string::npos) << R.Err;
}

} // namespace
} // namespace wavecheck::test
