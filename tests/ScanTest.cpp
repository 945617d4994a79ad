//===--- ScanTest.cpp - directory scans, compile databases, -j, progress ---===//
///
/// The scan options end to end through the wavecheck binary (the gitignore
/// matcher itself: ExcludeMatcherTest.cpp): --exclude, compile database entries
/// (HIP/CUDA detection, nvcc-only flags, missing files, unusable databases), -j
/// output bytes, --progress, and the command line CMake's <LANG>_CLANG_TIDY
/// uses. `tid % 32` (wave64-hardcoded-warp-size) is the one finding the sources
/// rely on.
///
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <functional>
#include <gtest/gtest.h>
#include <set>

using namespace wavecheck::test;

namespace {

//===-- End to end --------------------------------------------------------===//

class ScanTest : public TempDirTest {
protected:
  /// File names (relative to Dir) with a finding in a JSON report.
  std::set<std::string> filesWithFindings(const std::string &Out) {
    std::set<std::string> S;
    llvm::json::Object J = parseReport(Out);
    if (const llvm::json::Array *A = J.getArray("findings"))
      for (const llvm::json::Value &F : *A) {
        llvm::StringRef P = *F.getAsObject()->getString("file");
        P.consume_front(Dir + "/");
        S.insert(P.str());
      }
    return S;
  }
  std::vector<std::string> errorFiles(const std::string &Out) {
    std::vector<std::string> S;
    llvm::json::Object J = parseReport(Out);
    if (const llvm::json::Array *A = J.getArray("errors"))
      for (const llvm::json::Value &E : *A)
        S.push_back(llvm::sys::path::filename(*E.getAsObject()->getString("file")).str());
    return S;
  }
  static size_t count(const std::string &Text, const std::string &What) {
    size_t N = 0;
    for (size_t P = Text.find(What); P != std::string::npos; P = Text.find(What, P + 1))
      ++N;
    return N;
  }
};

TEST_F(ScanTest, DirectoryScanHonoursExcludes) {
  for (const char *F : {"src/a.hip", "src/gen/b.hip", "src/c.cuh", "src/sub/d.cu",
                        "src/sub/keep.cuh", "src/third_party/e.hip"})
    write(F, LaneKernel);
  write("ignore", "third_party/\n*.cuh\n");
  ProcessResult R = runWavecheck({"--format=json", "--exclude=gen/", "--exclude-from",
                                  Dir + "/ignore", "--exclude=!keep.cuh", Dir + "/src"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(filesWithFindings(R.Out),
            (std::set<std::string>{"src/a.hip", "src/sub/d.cu", "src/sub/keep.cuh"}))
      << R.Out;

  // Anchored: only the top-level a.hip.
  R = runWavecheck({"--format=json", "--exclude=/a.hip", "--exclude=third_party",
                    Dir + "/src"});
  EXPECT_EQ(filesWithFindings(R.Out),
            (std::set<std::string>{"src/c.cuh", "src/gen/b.hip", "src/sub/d.cu",
                                   "src/sub/keep.cuh"}))
      << R.Out;
}

TEST_F(ScanTest, ExcludeErrorsAreUsageErrors) {
  write("src/a.hip", LaneKernel);
  ProcessResult R = runWavecheck({"--exclude=[a-", Dir + "/src"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("'[a-'"), std::string::npos) << R.Err;
  R = runWavecheck({"--exclude-from=" + Dir + "/nope", Dir + "/src"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find(Dir + "/nope"), std::string::npos) << R.Err;
  // Everything excluded: the directory holds nothing to analyse (exit 3).
  R = runWavecheck({"--format=json", "--exclude=*.hip", Dir + "/src"});
  EXPECT_EQ(R.ExitCode, 3) << R.Err;
  EXPECT_NE(R.Out.find("--exclude"), std::string::npos) << R.Out;
}

TEST_F(ScanTest, CompileDatabaseFindsHipAndCudaEntriesInBothForms) {
  for (const char *F : {"a.hip", "b.cu", "c.cpp", "d.cpp", "e.cpp", "f.cpp", "g.cpp"})
    write(std::string("proj/") + F, LaneKernel);
  // "arguments" and "command" forms; HIP/CUDA by extension, by -x, by
  // --offload-arch, by compiler (hipcc, nvcc); g.cpp is plain C++ (skipped).
  write("proj/compile_commands.json",
        "[{\"directory\": \".\", \"file\": \"a.hip\", "
        "\"arguments\": [\"clang++\", \"-c\", \"a.hip\"]},\n"
        " {\"directory\": \".\", \"file\": \"b.cu\", \"command\": \"nvcc -O2 -c b.cu\"},\n"
        " {\"directory\": \".\", \"file\": \"c.cpp\", "
        "\"command\": \"/usr/bin/clang++ -x hip -c c.cpp -o c.o\"},\n"
        " {\"directory\": \".\", \"file\": \"d.cpp\", "
        "\"arguments\": [\"clang++\", \"-xcuda\", \"-c\", \"d.cpp\"]},\n"
        " {\"directory\": \".\", \"file\": \"e.cpp\", "
        "\"arguments\": [\"/opt/rocm/bin/hipcc\", \"-c\", \"e.cpp\"]},\n"
        " {\"directory\": \".\", \"file\": \"f.cpp\", "
        "\"command\": \"clang++ --offload-arch=gfx942 -c f.cpp\"},\n"
        " {\"directory\": \".\", \"file\": \"g.cpp\", \"command\": \"g++ -c g.cpp\"}]");
  ProcessResult R = runWavecheck({"--format=json", "--hip-headers=standin", "-p",
                                  Dir + "/proj"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(filesWithFindings(R.Out),
            (std::set<std::string>{"proj/a.hip", "proj/b.cu", "proj/c.cpp", "proj/d.cpp",
                                   "proj/e.cpp", "proj/f.cpp"}))
      << R.Out << R.Err;
  EXPECT_NE(R.Err.find("skipped 1 compile database entries"), std::string::npos) << R.Err;
}

TEST_F(ScanTest, NvccOnlyFlagsGetOneNoteEachNamingTheFlag) {
  write("proj/a.cu", LaneKernel);
  write("proj/b.cu", LaneKernel);
  write("proj/compile_commands.json",
        "[{\"directory\": \".\", \"file\": \"a.cu\", \"arguments\": [\"nvcc\", "
        "\"--expt-relaxed-constexpr\", \"-Xcompiler\", \"-fPIC\", \"-O2\", \"-c\", \"a.cu\"]},\n"
        " {\"directory\": \".\", \"file\": \"b.cu\", \"arguments\": [\"nvcc\", "
        "\"--expt-relaxed-constexpr\", \"-Xcompiler\", \"-Wall\", \"-gencode\", "
        "\"arch=compute_80,code=sm_80\", \"-c\", \"b.cu\"]}]");
  ProcessResult R = runWavecheck({"--format=json", "-p", Dir + "/proj"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(filesWithFindings(R.Out).size(), 2u) << R.Out;
  // Three distinct flags in two commands: three notes, each naming its flag.
  EXPECT_EQ(count(R.Err, "dropped nvcc-only flag"), 3u) << R.Err;
  EXPECT_EQ(count(R.Err, "dropped nvcc-only flag '--expt-relaxed-constexpr'"), 1u) << R.Err;
  EXPECT_EQ(count(R.Err, "dropped nvcc-only flag '-Xcompiler' (2 forms: '-Xcompiler -Wall', "
                         "'-Xcompiler -fPIC')"),
            1u)
      << R.Err;
  EXPECT_EQ(count(R.Err, "dropped nvcc-only flag '-gencode arch=compute_80,code=sm_80'\n"), 1u)
      << R.Err;
  EXPECT_EQ(R.Out.find("dropped"), std::string::npos) << "notes go to stderr";
}

TEST_F(ScanTest, MissingDatabaseFileIsAnErrorAndTheOthersAreAnalysed) {
  write("proj/a.hip", LaneKernel);
  write("proj/compile_commands.json",
        "[{\"directory\": \".\", \"file\": \"a.hip\", \"command\": \"hipcc -c a.hip\"},\n"
        " {\"directory\": \".\", \"file\": \"gone.hip\", \"command\": \"hipcc -c gone.hip\"}]");
  ProcessResult R = runWavecheck({"--format=json", "-p", Dir + "/proj"});
  EXPECT_EQ(R.ExitCode, 3) << "an input could not be analysed\n" << R.Err;
  EXPECT_EQ(filesWithFindings(R.Out), (std::set<std::string>{"proj/a.hip"})) << R.Out;
  EXPECT_EQ(errorFiles(R.Out), (std::vector<std::string>{"gone.hip"})) << R.Out;
  EXPECT_NE(R.Out.find("does not exist"), std::string::npos) << R.Out;
  // The same kind as a missing file on the command line (README, "JSON").
  llvm::json::Object Report = parseReport(R.Out);
  const llvm::json::Array *Errors = Report.getArray("errors");
  ASSERT_TRUE(Errors && Errors->size() == 1) << R.Out;
  EXPECT_EQ((*Errors)[0].getAsObject()->getString("kind"),
            std::optional<llvm::StringRef>("no-input"))
      << R.Out;
}

TEST_F(ScanTest, UnusableDatabaseIsAUsageErrorNamingThePath) {
  ProcessResult R = runWavecheck({"-p", Dir + "/no-such-build"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find(Dir + "/no-such-build"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("compile_commands.json"), std::string::npos) << R.Err;

  llvm::sys::fs::create_directories(Dir + "/empty-build");
  R = runWavecheck({"-p", Dir + "/empty-build"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("no compile_commands.json"), std::string::npos) << R.Err;

  write("bad/compile_commands.json", "{this is not json");
  R = runWavecheck({"-p", Dir + "/bad"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find(Dir + "/bad/compile_commands.json"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("expected a JSON array"), std::string::npos) << R.Err;
}

/// Twenty files: lanes, clean kernels, a header, a broken file, a missing
/// header, so that findings, errors and notes all take part.
std::vector<std::string> writeCorpus(const std::function<std::string(const std::string &,
                                                                      const std::string &)> &W) {
  std::vector<std::string> Files;
  for (int I = 0; I < 20; ++I) {
    std::string N = std::to_string(I), Name, Text;
    switch (I % 5) {
    case 0:
      Name = "lane" + N + ".hip", Text = LaneKernel;
      break;
    case 1:
      Name = "clean" + N + ".hip";
      Text = "#include <hip/hip_runtime.h>\n__global__ void k" + N +
             "(float *o) { o[threadIdx.x] = " + N + "; }\n";
      break;
    case 2:
      Name = "mask" + N + ".cu";
      Text = "#include <hip/hip_runtime.h>\n__global__ void m(int *o, int p) {\n"
             "  unsigned mask = __ballot(p);\n  o[0] = __popc(mask);\n"
             "  o[1] = threadIdx.x % 32;\n}\n";
      break;
    case 3:
      Name = "broken" + N + ".hip", Text = "__global__ void b( {\n";
      break;
    default:
      Name = "hdr" + N + ".hip";
      Text = std::string("#include \"missing_project_header.h\"\n") + LaneKernel;
    }
    Files.push_back(W(Name, Text));
  }
  return Files;
}

TEST_F(ScanTest, ParallelOutputIsByteIdenticalToSerial) {
  writeCorpus([&](const std::string &N, const std::string &T) { return write("c/" + N, T); });
  for (const char *Format : {"--format=json", "--format=text"}) {
    std::vector<std::string> Out;
    for (const char *J : {"-j1", "-j2", "-j4"}) {
      ProcessResult R = runWavecheck({Format, J, "--progress=never", "c"}, Dir);
      EXPECT_EQ(R.ExitCode, 3) << Format << " " << J << ": broken files\n" << R.Err;
      Out.push_back(R.Out);
    }
    EXPECT_FALSE(Out[0].empty());
    EXPECT_EQ(Out[0], Out[1]) << Format << ": -j1 vs -j2";
    EXPECT_EQ(Out[0], Out[2]) << Format << ": -j1 vs -j4";
  }
  // The JSON names 4 files with a lane (and 4 more behind a missing header)
  // and 4 with a 32-bit mask: the run did analyse them all.
  ProcessResult R = runWavecheck({"--format=json", "-j2", "c"}, Dir);
  std::set<std::string> F = filesWithFindings(R.Out);
  EXPECT_EQ(F.size(), 12u) << R.Out;
}

TEST_F(ScanTest, ProgressGoesToStderrOnlyWhenAsked) {
  for (int I = 0; I < 3; ++I)
    write("p/f" + std::to_string(I) + ".hip", LaneKernel);
  write("p/clean.hip", "__global__ void k(float *o) { o[0] = 1; }\n");
  ProcessResult R = runWavecheck({"--format=json", "--progress=always", "-j2", Dir + "/p"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(filesWithFindings(R.Out).size(), 3u) << "stdout is clean JSON";
  EXPECT_EQ(R.Out.find("files,"), std::string::npos) << R.Out;
  EXPECT_NE(R.Err.find("\rwavecheck: 1/4 files, "), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("\rwavecheck: 4/4 files, 3 findings"), std::string::npos) << R.Err;
  // The line is erased at the end: carriage return, blanks, carriage return.
  std::string Erase =
      "\r" + std::string(std::string("wavecheck: 4/4 files, 3 findings").size(), ' ') + "\r";
  EXPECT_NE(R.Err.find(Erase), std::string::npos) << R.Err;

  // stderr is a file here, so "auto" (the default) shows nothing; nor "never".
  for (const char *Mode : {"--progress=auto", "--progress=never"}) {
    R = runWavecheck({"--format=json", Mode, Dir + "/p"});
    EXPECT_EQ(R.Err.find("files,"), std::string::npos) << Mode << ": " << R.Err;
    EXPECT_EQ(filesWithFindings(R.Out).size(), 3u);
  }
  R = runWavecheck({"--progress=sometimes", Dir + "/p"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("'sometimes'"), std::string::npos) << R.Err;
}

// What CMake 3.25 runs for CMAKE_CXX_CLANG_TIDY="wavecheck;--hip-headers=standin"
// (logged from `cmake -E __run_co_compile`): the tool's arguments,
// --extra-arg-before=--driver-mode=g++, the source, then `--` and the whole
// compile command, compiler first.
TEST_F(ScanTest, AcceptsTheCommandLineOfCMakeClangTidy) {
  std::string F = write("src/k.hip", "#include <hip/hip_runtime.h>\n"
                                     "__global__ void k(float *out) {\n"
                                     "  int tid = threadIdx.x;\n"
                                     "#ifdef USE_LANE\n"
                                     "  out[tid] = tid % 32;\n"
                                     "  out[0] += __popcll(__ballot(tid > 1));\n"
                                     "#endif\n"
                                     "}\n");
  llvm::sys::fs::create_directories(Dir + "/build");
  std::vector<std::string> Args{"--format=json", "--hip-headers=standin",
                                "--extra-arg-before=--driver-mode=g++", F, "--",
                                "/usr/bin/c++", "-DUSE_LANE", "-x", "c++", "-MD", "-MT",
                                "CMakeFiles/t.dir/k.hip.o", "-MF", "CMakeFiles/t.dir/k.hip.o.d",
                                "-o", "CMakeFiles/t.dir/k.hip.o", "-c", F};
  ProcessResult R = runWavecheck(Args, Dir + "/build");
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_EQ(filesWithFindings(R.Out), (std::set<std::string>{"src/k.hip"})) << R.Out;
  EXPECT_TRUE(errorFiles(R.Out).empty()) << R.Out;

  // --extra-arg appends to the command: the macro comes from there.
  R = runWavecheck({"--format=json", "--hip-headers=standin", "--extra-arg=-DUSE_LANE", F});
  EXPECT_EQ(filesWithFindings(R.Out).size(), 1u) << R.Out << R.Err;
  R = runWavecheck({"--format=json", "--hip-headers=standin", F});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
}

} // namespace
