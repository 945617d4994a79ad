//===--- ScanTest.cpp - directory scans, compile databases, -j, progress ---===//
///
/// The gitignore matcher (lib/Exclude.h) against the examples of gitignore(5),
/// then the scan options end to end through the wavecheck binary: --exclude,
/// compile database entries (HIP/CUDA detection, nvcc-only flags, missing
/// files, unusable databases), -j output bytes, --progress, and the command
/// line CMake's <LANG>_CLANG_TIDY uses. `tid % 32` (wave64-hardcoded-warp-size)
/// is the one finding the sources rely on.
///
//===----------------------------------------------------------------------===//
#include "Harness.h"
#include "lib/Exclude.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <functional>
#include <gtest/gtest.h>
#include <unistd.h>
#include <set>

using namespace wavecheck::test;
using wavecheck::ExcludeMatcher;

namespace {

//===-- The matcher -------------------------------------------------------===//

/// The matcher for \p Patterns; fails the test when they do not compile.
ExcludeMatcher matcher(std::vector<std::string> Patterns) {
  llvm::Expected<ExcludeMatcher> M = ExcludeMatcher::create(Patterns);
  if (!M) {
    ADD_FAILURE() << llvm::toString(M.takeError());
    return ExcludeMatcher();
  }
  return std::move(*M);
}

constexpr bool IsDir = true, IsFile = false;

// gitignore(5): "hello.*" matches any file or directory whose name begins
// with "hello.", at any depth (no slash in the pattern).
TEST(ExcludeMatcher, PatternWithoutSlashMatchesANameAtAnyDepth) {
  ExcludeMatcher M = matcher({"hello.*"});
  EXPECT_TRUE(M.excluded("hello.hip", IsFile));
  EXPECT_TRUE(M.excluded("src/deep/hello.cu", IsFile));
  EXPECT_TRUE(M.excluded("hello.d", IsDir));
  EXPECT_FALSE(M.excluded("xhello.hip", IsFile));
  EXPECT_FALSE(M.excluded("hello", IsFile));
}

// gitignore(5): "foo/" matches a directory foo and paths underneath it, but
// not a regular file foo.
TEST(ExcludeMatcher, TrailingSlashMatchesDirectoriesOnly) {
  ExcludeMatcher M = matcher({"foo/"});
  EXPECT_TRUE(M.excluded("foo", IsDir));
  EXPECT_TRUE(M.excluded("a/foo", IsDir));
  EXPECT_TRUE(M.excluded("foo/x.hip", IsFile));
  EXPECT_TRUE(M.excluded("a/foo/b/x.hip", IsFile));
  EXPECT_FALSE(M.excluded("foo", IsFile));
  EXPECT_FALSE(M.excluded("a/foo", IsFile));
  EXPECT_FALSE(M.excluded("foobar/x.hip", IsFile));
}

// gitignore(5): "doc/frotz/" matches the directory doc/frotz but not
// a/doc/frotz; "frotz/" matches frotz and a/frotz; "doc/frotz" and
// "/doc/frotz" have the same effect.
TEST(ExcludeMatcher, SlashAtStartOrMiddleAnchorsToTheScannedDirectory) {
  ExcludeMatcher Anchored = matcher({"doc/frotz/"});
  EXPECT_TRUE(Anchored.excluded("doc/frotz", IsDir));
  EXPECT_FALSE(Anchored.excluded("a/doc/frotz", IsDir));
  ExcludeMatcher Free = matcher({"frotz/"});
  EXPECT_TRUE(Free.excluded("frotz", IsDir));
  EXPECT_TRUE(Free.excluded("a/frotz", IsDir));
  for (const char *P : {"doc/frotz", "/doc/frotz"}) {
    ExcludeMatcher M = matcher({P});
    EXPECT_TRUE(M.excluded("doc/frotz", IsFile)) << P;
    EXPECT_FALSE(M.excluded("a/doc/frotz", IsFile)) << P;
  }
  ExcludeMatcher Top = matcher({"/gen.hip"});
  EXPECT_TRUE(Top.excluded("gen.hip", IsFile));
  EXPECT_FALSE(Top.excluded("src/gen.hip", IsFile));
}

// gitignore(5): an asterisk does not match a slash ("foo/*" does not match
// foo/bar/hello.c by itself); '?' matches one character but not '/'; ranges.
TEST(ExcludeMatcher, WildcardsStopAtSlashes) {
  ExcludeMatcher M = matcher({"foo/*.c"});
  EXPECT_TRUE(M.excluded("foo/hello.c", IsFile));
  EXPECT_FALSE(M.excluded("foo/bar/hello.c", IsFile));
  ExcludeMatcher Q = matcher({"doc/?.md"});
  EXPECT_TRUE(Q.excluded("doc/a.md", IsFile));
  EXPECT_FALSE(Q.excluded("doc/ab.md", IsFile));
  ExcludeMatcher QS = matcher({"a?b"});
  EXPECT_FALSE(QS.excluded("a/b", IsFile)) << "'?' must not match '/'";
  ExcludeMatcher R = matcher({"[a-c].hip"});
  EXPECT_TRUE(R.excluded("b.hip", IsFile));
  EXPECT_FALSE(R.excluded("d.hip", IsFile));
}

// gitignore(5), "Two consecutive asterisks": "**/foo" matches foo anywhere,
// "**/foo/bar" bar directly under any foo, "abc/**" everything inside abc,
// "a/**/b" matches a/b, a/x/b, a/x/y/b.
TEST(ExcludeMatcher, DoubleAsteriskCrossesDirectories) {
  ExcludeMatcher Lead = matcher({"**/foo"});
  EXPECT_TRUE(Lead.excluded("foo", IsFile));
  EXPECT_TRUE(Lead.excluded("x/y/foo", IsDir));
  ExcludeMatcher LeadTwo = matcher({"**/foo/bar"});
  EXPECT_TRUE(LeadTwo.excluded("foo/bar", IsFile));
  EXPECT_TRUE(LeadTwo.excluded("x/foo/bar", IsFile));
  EXPECT_FALSE(LeadTwo.excluded("foo/x/bar", IsFile));
  ExcludeMatcher Trail = matcher({"abc/**"});
  EXPECT_TRUE(Trail.excluded("abc/x.hip", IsFile));
  EXPECT_TRUE(Trail.excluded("abc/d/e/x.hip", IsFile));
  EXPECT_FALSE(Trail.excluded("abc", IsDir)) << "abc itself is not inside abc";
  ExcludeMatcher Mid = matcher({"a/**/b"});
  EXPECT_TRUE(Mid.excluded("a/b", IsFile));
  EXPECT_TRUE(Mid.excluded("a/x/b", IsFile));
  EXPECT_TRUE(Mid.excluded("a/x/y/b", IsFile));
  EXPECT_FALSE(Mid.excluded("a/x/c", IsFile));
  EXPECT_FALSE(Mid.excluded("z/a/b", IsFile));
}

/// In a child process killed by an alarm after \p Seconds (so that a regression fails
/// instead of hanging the suite): \p M does not exclude the file \p Kept and excludes
/// the file \p Excluded.
void expectDecidedWithin(const ExcludeMatcher &M, unsigned Seconds, const std::string &Kept,
                         const std::string &Excluded) {
  EXPECT_EXIT(
      {
        alarm(Seconds);
        bool Wrong = M.excluded(Kept, IsFile);
        bool Right = M.excluded(Excluded, IsFile);
        _exit(!Wrong && Right ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

// "**/" repeated 40 times against a deep path that does not match: a
// backtracking matcher tries every split of the path (hours); each
// (segment, position) pair is decided once (well under a second). In a
// child process killed by an alarm after a generous 60 s, so that a
// regression fails instead of hanging the suite.
TEST(ExcludeMatcher, RepeatedDoubleAsteriskIsLinear) {
  std::string Pattern, Path;
  for (int I = 0; I < 40; ++I) {
    Pattern += "**/";
    Path += "d/";
  }
  expectDecidedWithin(matcher({Pattern + "x.hip"}), 60, Path + "y.hip", Path + "x.hip");
}

// A path 100,000 directories deep against anchored patterns: each parent
// directory was matched on its own, costing depth^2 per path (a scan calls
// the matcher once per entry, so a deep tree cost depth^3 in all; a
// hand-written deep input timed out in exclude_fuzzer). One pass per
// rule now decides every parent: milliseconds; the quadratic matcher took
// 6 s at 20,000 directories, minutes here. Alarm after 20 s as above.
TEST(ExcludeMatcher, DeepPathIsLinear) {
  std::string Path;
  for (int I = 0; I < 100000; ++I)
    Path += "d/";
  expectDecidedWithin(matcher({"a/b", "!c/**/d", "d/**/e/"}), 20, Path + "x.hip",
                      Path + "e/x.hip");
}

// gitignore(5)'s example: "/*" then "!/foo", "/foo/*", "!/foo/bar" excludes
// everything except the directory foo/bar. Later patterns win.
TEST(ExcludeMatcher, NegationReincludesAndTheLastMatchWins) {
  ExcludeMatcher M = matcher({"/*", "!/foo", "/foo/*", "!/foo/bar"});
  EXPECT_TRUE(M.excluded("x.hip", IsFile));
  EXPECT_TRUE(M.excluded("other", IsDir));
  EXPECT_FALSE(M.excluded("foo", IsDir));
  EXPECT_TRUE(M.excluded("foo/y.hip", IsFile));
  EXPECT_FALSE(M.excluded("foo/bar", IsDir));
  EXPECT_FALSE(M.excluded("foo/bar/z.hip", IsFile));
  ExcludeMatcher Order = matcher({"!keep.hip", "*.hip"});
  EXPECT_TRUE(Order.excluded("keep.hip", IsFile)) << "the later '*.hip' wins";
  ExcludeMatcher Back = matcher({"*.hip", "!keep.hip"});
  EXPECT_FALSE(Back.excluded("keep.hip", IsFile));
  EXPECT_TRUE(Back.excluded("other.hip", IsFile));
}

// gitignore(5): "It is not possible to re-include a file if a parent
// directory of that file is excluded."
TEST(ExcludeMatcher, NoReincludeBelowAnExcludedDirectory) {
  ExcludeMatcher M = matcher({"build/", "!build/keep.hip"});
  EXPECT_TRUE(M.excluded("build/keep.hip", IsFile));
}

// gitignore(5): a leading "\!" is a literal '!'; trailing spaces are dropped
// unless escaped; an empty pattern matches nothing.
TEST(ExcludeMatcher, EscapesAndSpaces) {
  ExcludeMatcher Bang = matcher({"\\!important.hip"});
  EXPECT_TRUE(Bang.excluded("!important.hip", IsFile));
  EXPECT_FALSE(Bang.excluded("important.hip", IsFile));
  ExcludeMatcher Spaces = matcher({"old.hip   "});
  EXPECT_TRUE(Spaces.excluded("old.hip", IsFile));
  ExcludeMatcher Escaped = matcher({"odd\\ "});
  EXPECT_TRUE(Escaped.excluded("odd ", IsFile));
  EXPECT_FALSE(Escaped.excluded("odd", IsFile));
  ExcludeMatcher Blank = matcher({"", "   "});
  EXPECT_TRUE(Blank.empty());
  EXPECT_FALSE(Blank.excluded("a.hip", IsFile));
}

TEST(ExcludeMatcher, BadPatternIsAnErrorNamingIt) {
  llvm::Expected<ExcludeMatcher> M = ExcludeMatcher::create({"ok.hip", "src/[a-"});
  ASSERT_FALSE(static_cast<bool>(M));
  std::string Msg = llvm::toString(M.takeError());
  EXPECT_NE(Msg.find("'src/[a-'"), std::string::npos) << Msg;
}

TEST(ExcludeMatcher, ReadsGitignoreFiles) {
  std::string D = makeTempDir();
  writeFile(D + "/ignore", "# generated code\r\n"
                           "\n"
                           "gen/\r\n"
                           "\\#hash.hip\n"
                           "*.cuh  \n"
                           "!keep.cuh\n");
  std::vector<std::string> Patterns;
  llvm::Error E = ExcludeMatcher::readFile(D + "/ignore", Patterns);
  ASSERT_FALSE(static_cast<bool>(E)) << llvm::toString(std::move(E));
  EXPECT_EQ(Patterns, (std::vector<std::string>{"gen/", "#hash.hip", "*.cuh", "!keep.cuh"}));
  ExcludeMatcher M = matcher(Patterns);
  EXPECT_TRUE(M.excluded("#hash.hip", IsFile));
  EXPECT_TRUE(M.excluded("a/b.cuh", IsFile));
  EXPECT_FALSE(M.excluded("a/keep.cuh", IsFile));

  writeFile(D + "/bad", "ok/\n[z-\n");
  Patterns.clear();
  E = ExcludeMatcher::readFile(D + "/bad", Patterns);
  std::string Msg = llvm::toString(std::move(E));
  EXPECT_NE(Msg.find(D + "/bad:2:"), std::string::npos) << "names file and line: " << Msg;
  E = ExcludeMatcher::readFile(D + "/missing", Patterns);
  Msg = llvm::toString(std::move(E));
  EXPECT_NE(Msg.find(D + "/missing"), std::string::npos) << Msg;
  removeTree(D);
}

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
  std::string Erase = "\r" + std::string(std::string("wavecheck: 4/4 files, 3 findings").size(), ' ') + "\r";
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
