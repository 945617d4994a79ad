//===--- ScanHeadersTest.cpp - headers in directory scans ------------------===//
///
/// \file
/// A directory scan analyses its .hip/.cu sources; a header it finds is
/// analysed through the sources that include it (directly or through other
/// headers) and reported once for itself, and on its own only when no source
/// includes it, where a compiler error is a note and its findings are marked
/// and not gated (docs/scans.md, "Headers in directory scans"). A header named
/// on the command line is analysed on its own, as before. Through the
/// wavecheck binary; part of scan_test.
///
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace wavecheck::test;

namespace {

/// A header that is not self-contained: `real` comes from its includer. Its
/// finding is the `32` on line 3, column 34 (not the line of `real`).
const char *LaneHeader = "#pragma once\n"
                         "__device__ inline real laneOf(real v) {\n"
                         "  return __shfl(v, threadIdx.x % 32);\n"
                         "}\n";

/// A source that defines `real` and includes "wave.cuh" (which includes
/// detail/lane.h, LaneHeader); \p Name names its kernel.
std::string source(const std::string &Name) {
  return "#include <hip/hip_runtime.h>\ntypedef float real;\n#include \"wave.cuh\"\n"
         "__global__ void " + Name + "(real *o) { o[threadIdx.x] = laneOf(o[threadIdx.x]); }\n";
}

/// A header no source includes: its finding on line 2 parses, its line 3
/// does not (no `real`).
const char *OrphanHeader =
    "#pragma once\n"
    "__device__ inline float orphanLane(float v) { return __shfl(v, threadIdx.x % 32); }\n"
    "__device__ inline real twice(real v) { return v + v; }\n";

class ScanHeaders : public TempDirTest {
protected:
  void writeProject() {
    write("src/a.hip", source("ka"));
    write("src/b.hip", source("kb"));
    write("src/wave.cuh", "#pragma once\n#include \"detail/lane.h\"\n");
    write("src/detail/lane.h", LaneHeader);
  }
  /// The report's findings as "file:line:col parse_failed=0|1 fixes=N".
  static std::vector<std::string> findingsOf(const std::string &Out) {
    std::vector<std::string> S;
    llvm::json::Object J = parseReport(Out);
    if (const llvm::json::Array *A = J.getArray("findings"))
      for (const llvm::json::Value &V : *A) {
        const llvm::json::Object &F = *V.getAsObject();
        S.push_back(F.getString("file")->str() + ":" + std::to_string(*F.getInteger("line")) +
                    ":" + std::to_string(*F.getInteger("column")) +
                    " parse_failed=" + (F.getBoolean("parse_failed").value_or(false) ? "1" : "0") +
                    " fixes=" + std::to_string(F.getArray("fixes")->size()));
      }
    return S;
  }
  /// The report's errors as "file: kind".
  static std::vector<std::string> errorsOf(const std::string &Out) {
    std::vector<std::string> S;
    llvm::json::Object J = parseReport(Out);
    if (const llvm::json::Array *A = J.getArray("errors"))
      for (const llvm::json::Value &V : *A) {
        const llvm::json::Object &E = *V.getAsObject();
        S.push_back(E.getString("file")->str() + ": " + E.getString("kind")->str());
      }
    return S;
  }
};

TEST_F(ScanHeaders, HeadersAreAnalysedThroughTheSourcesThatIncludeThem) {
  writeProject();
  ProcessResult R = runWavecheck({"--format=json", "src"}, Dir);
  EXPECT_EQ(R.ExitCode, 1) << "the headers parse through a.hip and b.hip:\n" << R.Out << R.Err;
  EXPECT_EQ(errorsOf(R.Out), std::vector<std::string>{}) << R.Out;
  EXPECT_EQ(findingsOf(R.Out),
            std::vector<std::string>{"src/detail/lane.h:3:34 parse_failed=0 fixes=1"})
      << "reported for the header, once for both sources:\n"
      << R.Out;

  R = runWavecheck({"src"}, Dir);
  EXPECT_NE(R.Out.find("summary: src/detail/lane.h: 1 finding (wave64-hardcoded-warp-size: "
                       "1), analysed through 2 sources\n"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("summary: src/wave.cuh: no findings, analysed through 2 sources\n"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("wavecheck: 1 finding in 1 file (2 sources), all with a fix-it\n"),
            std::string::npos)
      << R.Out;

  // The same bytes whatever -j is.
  EXPECT_EQ(runWavecheck({"-j2", "src"}, Dir).Out, R.Out);

  // The progress line counts the headers as done with their sources.
  R = runWavecheck({"--progress=always", "--format=json", "src"}, Dir);
  EXPECT_NE(R.Err.find("\rwavecheck: 4/4 files, 2 findings"), std::string::npos) << R.Err;

  // --fix edits the header once, and the fixed project parses.
  R = runWavecheck({"--fix", "src"}, Dir);
  EXPECT_EQ(readFile(Dir + "/src/detail/lane.h"), "#pragma once\n"
                                                  "__device__ inline real laneOf(real v) {\n"
                                                  "  return __shfl(v, threadIdx.x % warpSize);\n"
                                                  "}\n")
      << R.Err;
  EXPECT_EQ(runWavecheck({"src"}, Dir).ExitCode, 0);
}

TEST_F(ScanHeaders, HeaderNoSourceIncludesIsAnalysedAloneAndItsParseFailureIsANote) {
  writeProject();
  write("src/orphan.cuh", OrphanHeader);
  ProcessResult R = runWavecheck({"--format=json", "src"}, Dir);
  EXPECT_EQ(R.ExitCode, 1) << "lane.h's finding fails the gate, orphan.cuh's does not:\n"
                           << R.Out << R.Err;
  EXPECT_EQ(errorsOf(R.Out), std::vector<std::string>{"src/orphan.cuh: header-not-parsed"})
      << R.Out;
  EXPECT_EQ(findingsOf(R.Out),
            (std::vector<std::string>{"src/detail/lane.h:3:34 parse_failed=0 fixes=1",
                                      "src/orphan.cuh:2:78 parse_failed=1 fixes=0"}))
      << R.Out;

  R = runWavecheck({"src"}, Dir);
  EXPECT_NE(R.Out.find("src/orphan.cuh: note: no analysed source includes this header, and it "
                       "does not parse on its own: src/orphan.cuh:3:19: unknown type name "
                       "'real'; its findings are marked and do not fail the gate\n"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("src/orphan.cuh:2:78: note: found only where src/orphan.cuh does not "
                       "parse"),
            std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("summary: src/orphan.cuh: does not parse on its own (see the note "
                       "above), 1 finding"),
            std::string::npos)
      << R.Out;

  // Alone, the orphan neither fails the gate nor is an input error.
  writeFile(Dir + "/src/detail/lane.h",
            "#pragma once\n__device__ inline real laneOf(real v) { return v; }\n");
  R = runWavecheck({"--format=json", "--fail-on=note", "src"}, Dir);
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_EQ(findingsOf(R.Out),
            std::vector<std::string>{"src/orphan.cuh:2:78 parse_failed=1 fixes=0"})
      << R.Out;
  // --fix leaves it alone.
  runWavecheck({"--fix", "src"}, Dir);
  EXPECT_EQ(readFile(Dir + "/src/orphan.cuh"), OrphanHeader);

  // A file named on the command line that includes it is a source too.
  // Its kernel runs the helper, so the wave model can confirm the fix-it.
  write("other/user.hip", "#include <hip/hip_runtime.h>\ntypedef float real;\n"
                          "#include \"../src/orphan.cuh\"\n"
                          "__global__ void k(float *o) { o[threadIdx.x] = "
                          "orphanLane(o[threadIdx.x]); }\n");
  R = runWavecheck({"--format=json", "src", "other/user.hip"}, Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_EQ(errorsOf(R.Out), std::vector<std::string>{}) << R.Out;
  EXPECT_EQ(findingsOf(R.Out),
            std::vector<std::string>{"src/orphan.cuh:2:78 parse_failed=0 fixes=1"})
      << R.Out;
}

TEST_F(ScanHeaders, HeaderNamedOnTheCommandLineIsAnalysedOnItsOwn) {
  writeProject();
  write("src/orphan.cuh", OrphanHeader);
  for (std::vector<std::string> Args :
       {std::vector<std::string>{"src/orphan.cuh"}, {"src", "src/orphan.cuh"}}) {
    Args.insert(Args.begin(), "--format=json");
    ProcessResult R = runWavecheck(Args, Dir);
    EXPECT_EQ(R.ExitCode, 3) << "a compiler error in a named file:\n" << R.Out << R.Err;
    EXPECT_EQ(errorsOf(R.Out), std::vector<std::string>{"src/orphan.cuh: not-analysed"})
        << R.Out;
  }
  // A header a source includes, named: analysed on its own (where `real` is
  // unknown) and through the sources.
  ProcessResult R = runWavecheck({"--format=json", "src", "src/detail/lane.h"}, Dir);
  EXPECT_EQ(R.ExitCode, 3) << R.Out << R.Err;
  EXPECT_EQ(errorsOf(R.Out), (std::vector<std::string>{"src/detail/lane.h: not-analysed",
                                                       "src/orphan.cuh: header-not-parsed"}))
      << R.Out;
  EXPECT_EQ(findingsOf(R.Out),
            (std::vector<std::string>{"src/detail/lane.h:3:34 parse_failed=0 fixes=1",
                                      "src/orphan.cuh:2:78 parse_failed=1 fixes=0"}))
      << "the sources' parse wins over the header's own:\n"
      << R.Out;
}

} // namespace
