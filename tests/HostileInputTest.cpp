//===--- HostileInputTest.cpp - hard inputs, nothing lost ------------------===//
///
/// Each case gives wavecheck one hostile input next to a good file in the same
/// run and pins the outcome: the exit code of the README (0/1/2/3), the
/// hostile file named in the JSON `errors` (with its `kind`) or on stderr,
/// and the good file's finding still reported. No case may crash (a signal)
/// or hang: each run is killed after its case's bound (SmallInputSeconds,
/// DeepInputSeconds or BigInputSeconds), which the harness reports as exit
/// code -2. The inputs are generated here, in a temporary directory;
/// docs/hostile-inputs.md lists the cases and the measured times.
///
//===----------------------------------------------------------------------===//
#include "HostileInput.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>
#include <random>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <sys/mount.h>
#include <unistd.h>

using namespace wavecheck::test;

TEST_F(HostileInput, EmptyFileIsAnalysedWithNothingToSay) {
  write("empty.hip", "");
  Outcome O = run({"empty.hip", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 1) << O.Out << O.Err;
  EXPECT_TRUE(O.ErrorKind.empty()) << O.Out;
  EXPECT_EQ(O.FindingFiles.size(), 1u) << O.Out;
  expectGoodFinding(O);
}

TEST_F(HostileInput, BinaryFileIsNotAnalysedAndNamed) {
  std::mt19937 Gen(4); // fixed seed: the same bytes every run
  std::string Bytes(64 * 1024, '\0');
  for (char &C : Bytes)
    C = char(Gen() & 0xff);
  Bytes[100] = Bytes[200] = '\0'; // NULs for certain
  write("blob.hip", Bytes);
  Outcome O = run({"blob.hip", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Out << O.Err;
  EXPECT_EQ(O.ErrorKind["blob.hip"], "not-analysed") << O.Out;
  expectGoodFinding(O);
}

TEST_F(HostileInput, InvalidUtf8KeepsFindingsInPlaceAndTheJsonValid) {
  // Latin-1 bytes and a truncated sequence in a comment and a string literal;
  // the finding after them is still at line 5, column 26 (the `32`).
  write("latin1.hip", "#include <hip/hip_runtime.h>\n"
                      "// caf\xe9 \xff\xfe \xc3\n"
                      "__global__ void k(float *out, const char **s) {\n"
                      "  *s = \"na\xefve \xc3\";\n"
                      "  out[0] = threadIdx.x % 32;\n"
                      "  out[1] = __popcll(__ballot(out[2] > 0));\n"
                      "}\n");
  Outcome O = run({"latin1.hip", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 1) << O.Out << O.Err;
  EXPECT_TRUE(O.ErrorKind.empty()) << O.Out;
  ASSERT_EQ(O.FindingFiles.count("latin1.hip"), 1u) << O.Out;
  // Findings are sorted by file: good.hip, then latin1.hip.
  ASSERT_EQ(O.Where.size(), 2u);
  EXPECT_EQ(O.Where[1], std::make_pair(5u, 26u)) << O.Out;
  expectGoodFinding(O);
}

TEST_F(HostileInput, TwentyMegabyteSourceFinishesWithItsFinding) {
  // Generated code as it comes: a large table and many small functions,
  // 20 MiB in all, with one finding on the last line.
  std::string Text = "#include <hip/hip_runtime.h>\n__device__ const int table[] = {\n";
  constexpr size_t TableBytes = 10u << 20, TotalBytes = 20u << 20;
  for (unsigned I = 0; Text.size() < TableBytes; ++I)
    Text += std::to_string(I * 2654435761u % 1000003u) + (I % 16 == 15 ? ",\n" : ", ");
  Text += "0};\n";
  for (unsigned I = 0; Text.size() < TotalBytes; ++I)
    Text += "__device__ int f" + std::to_string(I) + "(int t) { return t * " +
            std::to_string(I) + " + table[" + std::to_string(I % 1024) + "]; }\n";
  size_t Lines = std::count(Text.begin(), Text.end(), '\n');
  Text += "__global__ void k(int *o) { o[0] = threadIdx.x % 32; o[1] = __popcll(__ballot(o[2])); }\n";
  write("big.hip", Text);
  Outcome O = run({"big.hip", good()}, BigInputSeconds);
  EXPECT_EQ(O.ExitCode, 1) << O.Err;
  EXPECT_TRUE(O.ErrorKind.empty()) << O.Out;
  ASSERT_EQ(O.Where.size(), 2u) << O.Out.substr(0, 2000);
  EXPECT_EQ(O.Where[0].first, Lines + 1) << "the finding on the last line";
  expectGoodFinding(O);
}

TEST_F(HostileInput, TenThousandNestedParenthesesAreACompilerErrorNotACrash) {
  write("parens.hip", "int f() { return " + std::string(10000, '(') + "1" +
                          std::string(10000, ')') + "; }\n");
  Outcome O = run({"parens.hip", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Out << O.Err;
  EXPECT_EQ(O.ErrorKind["parens.hip"], "not-analysed") << O.Out;
  // clang 22's -fbracket-depth default (2048) stops the parse.
  EXPECT_NE(O.ErrorMessage["parens.hip"].find("bracket nesting level exceeded"),
            std::string::npos)
      << O.Out;
  expectGoodFinding(O);
}

TEST_F(HostileInput, StackOverflowFailsOnlyItsFile) {
  // Four million `1+` in a constant initializer: no clang limit applies,
  // and clang's recursion over the left-nested sum overflows even a 64 MiB
  // stack (docs/hostile-inputs.md). The parse
  // crashes; the crash is recovered and the other file still analysed.
  std::string Sum;
  for (unsigned I = 0; I < 4000000; ++I)
    Sum += "1+";
  write("deep.hip", "constexpr int v = " + Sum + "1;\n");
  // Under ASan (scripts/test-asan): the crashed parse is abandoned where it crashed
  // (llvm::CrashRecoveryContext), so what it had allocated is never freed, and
  // LeakSanitizer would end wavecheck with exit 1. Leak checking is off for this run only.
  if (asanBuild()) {
    const char *Now = std::getenv("ASAN_OPTIONS");
    RunAs = {"/usr/bin/env",
             "ASAN_OPTIONS=" + (Now && *Now ? std::string(Now) + ":" : "") + "detect_leaks=0",
             wavecheckBinary()};
  }
  Outcome O = run({"deep.hip", good()}, DeepInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Out << O.Err;
  EXPECT_EQ(O.ErrorKind["deep.hip"], "not-analysed") << O.Out;
  EXPECT_NE(O.ErrorMessage["deep.hip"].find("the parser crashed"), std::string::npos)
      << O.ErrorMessage["deep.hip"];
  expectGoodFinding(O);
}

TEST_F(HostileInput, HeaderIncludingItselfIsNamed) {
  write("self.h", "#include \"self.h\"\nint y;\n");
  write("selfinc.hip", "#include \"self.h\"\n");
  Outcome O = run({"selfinc.hip", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Out << O.Err;
  EXPECT_EQ(O.ErrorKind["selfinc.hip"], "not-analysed") << O.Out;
  EXPECT_NE(O.ErrorMessage["selfinc.hip"].find("self.h"), std::string::npos) << O.Out;
  expectGoodFinding(O);
}

TEST_F(HostileInput, MissingIncludeIsNamedAndTheFileStillAnalysed) {
  write("missing.hip", std::string("#include \"gen/config.h\"\n") + (LaneKernel + 29));
  Outcome O = run({"missing.hip", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 1) << "a missing header is not fatal:\n" << O.Out << O.Err;
  EXPECT_EQ(O.ErrorKind["missing.hip"], "missing-header") << O.Out;
  EXPECT_NE(O.ErrorMessage["missing.hip"].find("gen/config.h"), std::string::npos);
  EXPECT_EQ(O.FindingFiles.count("missing.hip"), 1u) << O.Out;
  expectGoodFinding(O);
}

TEST_F(HostileInput, CompileDatabaseThatIsNotJsonIsAConfigurationError) {
  write("build/compile_commands.json", "\x89PNG\r\n\x1a\n not json at all {[");
  Outcome O = run({"-p", "build", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 2) << O.Out << O.Err;
  EXPECT_NE(O.Err.find("compile_commands.json"), std::string::npos) << O.Err;
  EXPECT_TRUE(O.Out.empty()) << "no report after a configuration error";
}

// A million nested arrays: llvm::json::parse recurses once per level and
// overflowed the stack (a crash, seen with compiledb_fuzzer). Nesting deeper
// than a compile database can use is a configuration error naming where.
TEST_F(HostileInput, DeeplyNestedCompileDatabaseIsAConfigurationError) {
  write("build/compile_commands.json",
        "[{\"directory\": \"" + Dir + "\", \"file\": \"good.hip\",\n \"arguments\": " +
            std::string(1000000, '[') + std::string(1000000, ']') + "}]");
  Outcome O = run({"-p", "build", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 2) << O.Out << O.Err;
  EXPECT_NE(O.Err.find("build/compile_commands.json:2:"), std::string::npos) << O.Err;
  EXPECT_NE(O.Err.find("nested deeper than"), std::string::npos) << O.Err;
  EXPECT_TRUE(O.Out.empty()) << "no report after a configuration error";
}

TEST_F(HostileInput, CompileDatabaseNamingMissingFilesAnalysesTheOthers) {
  good();
  write("build/compile_commands.json",
        "[{\"directory\": \"" + Dir + "\", \"file\": \"gone.hip\", "
        "\"arguments\": [\"hipcc\", \"-c\", \"gone.hip\"]},\n"
        " {\"directory\": \"" + Dir + "\", \"file\": \"good.hip\", "
        "\"arguments\": [\"hipcc\", \"-c\", \"good.hip\"]}]");
  Outcome O = run({"-p", "build"}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Out << O.Err;
  EXPECT_EQ(O.ErrorKind.count("gone.hip"), 1u) << O.Out;
  expectGoodFinding(O);
}

TEST_F(HostileInput, NonexistentBuildDirectoryIsAConfigurationError) {
  Outcome O = run({"-p", "no/such/build", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 2) << O.Out << O.Err;
  EXPECT_NE(O.Err.find("no/such/build"), std::string::npos) << O.Err;
}

TEST_F(HostileInput, UnreadableFileIsNamed) {
  write("secret.hip", LaneKernel);
  good();
  ASSERT_FALSE(llvm::sys::fs::setPermissions(Dir + "/secret.hip", llvm::sys::fs::no_perms));
  if (getuid() == 0) {
    // Root reads a chmod 000 file: run wavecheck as nobody (uid and gid
    // 65534, util-linux's setpriv), from a copy of the binary in Dir (the
    // build tree need not be open to that user; it needs only /usr/lib).
    // makeTempDir's directory is 0700: let nobody in.
    std::string Bin = Dir + "/bin/wavecheck";
    ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/bin"));
    ASSERT_FALSE(llvm::sys::fs::copy_file(wavecheckBinary(), Bin));
    for (const auto &[Path, Mode] : {std::pair<std::string, unsigned>{Dir, 0755},
                                     {Dir + "/bin", 0755},
                                     {Bin, 0755},
                                     {Dir + "/good.hip", 0644}})
      ASSERT_FALSE(llvm::sys::fs::setPermissions(Path, llvm::sys::fs::perms(Mode))) << Path;
    RunAs = {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"};
    ProcessResult Probe = runProgram(RunAs[0], {RunAs[1], RunAs[2], RunAs[3], "true"}, Dir,
                                     SmallInputSeconds);
    if (Probe.ExitCode != 0)
      GTEST_SKIP() << "running as root, which can read a chmod 000 file, and `setpriv "
                      "--reuid=65534 --regid=65534 --clear-groups true` failed (exit "
                   << Probe.ExitCode << "): " << Probe.Err;
    RunAs.push_back(Bin);
  }
  Outcome O = run({"secret.hip", "good.hip"}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Out << O.Err;
  EXPECT_EQ(O.ErrorKind.count("secret.hip"), 1u) << O.Out;
  EXPECT_NE(O.ErrorMessage["secret.hip"].find("ermission denied"), std::string::npos)
      << "says why: " << O.ErrorMessage["secret.hip"];
  expectGoodFinding(O);
}

TEST_F(HostileInput, ReadOnlyFileUnderFixIsRefusedAndTheOthersFixed) {
  std::string RO = write("ro.hip", LaneKernel);
  std::string G = good();
  ASSERT_FALSE(llvm::sys::fs::setPermissions(RO, llvm::sys::fs::perms(0444)));
  ProcessResult P = runProgram(wavecheckBinary(), {"--fix", "ro.hip", "good.hip"}, Dir,
                               SmallInputSeconds);
  EXPECT_EQ(P.ExitCode, 3) << P.Out << P.Err;
  EXPECT_NE(P.Err.find("ro.hip: the file is read-only (mode 0444); not fixed"),
            std::string::npos)
      << P.Err;
  EXPECT_EQ(readFile(RO), LaneKernel) << "the read-only file is not touched";
  EXPECT_EQ(llvm::sys::fs::getPermissions(RO).get(), llvm::sys::fs::perms(0444));
  EXPECT_NE(readFile(G).find("tid % warpSize"), std::string::npos) << readFile(G);
}

TEST_F(HostileInput, DirectoryNamedLikeASourceIsNamed) {
  llvm::sys::fs::create_directories(Dir + "/x.hip");
  Outcome O = run({"x.hip", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Out << O.Err;
  EXPECT_EQ(O.ErrorKind.count("x.hip"), 1u) << O.Out;
  expectGoodFinding(O);
}

TEST_F(HostileInput, SymlinkLoopIsNamed) {
  ASSERT_FALSE(llvm::sys::fs::create_link("loop2.hip", Dir + "/loop1.hip"));
  ASSERT_FALSE(llvm::sys::fs::create_link("loop1.hip", Dir + "/loop2.hip"));
  Outcome O = run({"loop1.hip", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Out << O.Err;
  ASSERT_EQ(O.ErrorKind.count("loop1.hip"), 1u) << O.Out;
  EXPECT_EQ(O.ErrorKind["loop1.hip"], "no-input");
  EXPECT_NE(O.ErrorMessage["loop1.hip"].find("symbolic links"), std::string::npos)
      << "says what is wrong: " << O.ErrorMessage["loop1.hip"];
  expectGoodFinding(O);
}

/// LaneKernel with CRLF line ends, and what --fix makes of it.
const char *CrlfKernel = "#include <hip/hip_runtime.h>\r\n"
                         "__global__ void k(float *out) {\r\n"
                         "  int tid = threadIdx.x;\r\n"
                         "  int lane = tid % 32;\r\n"
                         "  out[tid] = lane + __popcll(__ballot(out[tid] > 0.0f));\r\n"
                         "}\r\n";
const char *CrlfFixed = "#include <hip/hip_runtime.h>\r\n"
                        "__global__ void k(float *out) {\r\n"
                        "  int tid = threadIdx.x;\r\n"
                        "  int lane = tid % warpSize;\r\n"
                        "  out[tid] = lane + __popcll(__ballot(out[tid] > 0.0f));\r\n"
                        "}\r\n";

TEST_F(HostileInput, CrlfLineEndsKeepFindingsAndFixItsRight) {
  std::string F = write("crlf.hip", CrlfKernel);
  Outcome O = run({"crlf.hip"}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 1) << O.Out << O.Err;
  ASSERT_EQ(O.Where.size(), 1u) << O.Out;
  EXPECT_EQ(O.Where[0], std::make_pair(4u, 20u)) << O.Out;
  ProcessResult P = runProgram(wavecheckBinary(), {"--fix", "crlf.hip"}, Dir, SmallInputSeconds);
  EXPECT_EQ(readFile(F), CrlfFixed) << P.Err;
}

TEST_F(HostileInput, ByteOrderMarkKeepsFindingsAndFixItsRight) {
  std::string F = write("bom.hip", std::string("\xef\xbb\xbf") + LaneKernel);
  Outcome O = run({"bom.hip"}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 1) << O.Out << O.Err;
  ASSERT_EQ(O.Where.size(), 1u) << O.Out;
  EXPECT_EQ(O.Where[0], std::make_pair(4u, 20u)) << O.Out;
  runProgram(wavecheckBinary(), {"--fix", "bom.hip"}, Dir, SmallInputSeconds);
  std::string Fixed = readFile(F);
  EXPECT_EQ(Fixed.substr(0, 3), "\xef\xbb\xbf") << "the mark is kept";
  EXPECT_NE(Fixed.find("  int lane = tid % warpSize;\n"), std::string::npos) << Fixed;
}

TEST_F(HostileInput, PathWithSpacesAndNonAsciiIsNamedAndFixed) {
  std::string Name = "my src/\xc3\xbcnic\xc3\xb6" "de k\xc3\xa9rnel.hip"; // ü ö é
  std::string F = write(Name, LaneKernel);
  Outcome O = run({Name, "missing dir/n\xc3\xa9" "ant.hip"}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Out << O.Err;
  EXPECT_EQ(O.FindingFiles.count(Name), 1u) << O.Out;
  EXPECT_EQ(O.ErrorKind.count("missing dir/n\xc3\xa9" "ant.hip"), 1u) << O.Out;
  runProgram(wavecheckBinary(), {"--fix", Name}, Dir, SmallInputSeconds);
  EXPECT_NE(readFile(F).find("tid % warpSize"), std::string::npos) << readFile(F);
}

namespace {

/// A 64 KiB tmpfs at Dir/full, filled up: every new block fails with ENOSPC.
/// Unmounted by the destructor. Mounting needs root (CI runs as root).
struct FullDisk {
  std::string Path;
  bool Mounted = false;
  std::string Why;
  explicit FullDisk(const std::string &Dir) : Path(Dir + "/full") {
    llvm::sys::fs::create_directory(Path);
    if (mount("tmpfs", Path.c_str(), "tmpfs", 0, "size=64k") != 0) {
      Why = std::string("cannot mount a small tmpfs (needs root): ") + std::strerror(errno);
      return;
    }
    Mounted = true;
  }
  /// Fills the file system with one big file, to the last byte.
  void fill() {
    int FD = ::open((Path + "/filler").c_str(), O_WRONLY | O_CREAT, 0644);
    ASSERT_GE(FD, 0);
    std::string Block(4096, 'x');
    while (::write(FD, Block.data(), Block.size()) > 0) {
    }
    while (::write(FD, "x", 1) > 0) {
    }
    ::close(FD);
  }
  /// The names in the file system other than \p Keep.
  std::vector<std::string> others(const std::set<std::string> &Keep) {
    std::vector<std::string> Out;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator I(Path, EC), E; I != E && !EC; I.increment(EC)) {
      std::string Name = llvm::sys::path::filename(I->path()).str();
      if (!Keep.count(Name))
        Out.push_back(Name);
    }
    return Out;
  }
  ~FullDisk() {
    if (Mounted)
      umount2(Path.c_str(), MNT_DETACH);
  }
};

} // namespace

TEST_F(HostileInput, FullDiskUnderFixLeavesTheSourceAsItWas) {
  FullDisk Disk(Dir);
  if (!Disk.Mounted)
    GTEST_SKIP() << Disk.Why;
  std::string F = Disk.Path + "/a.hip";
  writeFile(F, LaneKernel);
  Disk.fill();
  Outcome O = run({"--fix", F}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Err;
  EXPECT_EQ(readFile(F), LaneKernel) << "the source is untouched";
  EXPECT_NE(O.Err.find(F), std::string::npos) << O.Err;
  EXPECT_NE(O.Err.find("No space left on device"), std::string::npos) << O.Err;
  EXPECT_EQ(Disk.others({"a.hip", "filler"}), std::vector<std::string>{})
      << "no temporary file is left";
}

TEST_F(HostileInput, FullDiskUnderWriteBaselineLeavesTheBaselineAsItWas) {
  FullDisk Disk(Dir);
  if (!Disk.Mounted)
    GTEST_SKIP() << Disk.Why;
  std::string F = write("a.hip", LaneKernel);
  std::string B = Disk.Path + "/b.json";
  ASSERT_EQ(run({"--write-baseline=" + B, F}, SmallInputSeconds).ExitCode, 0);
  std::string Before = readFile(B);
  ASSERT_FALSE(Before.empty());
  // Another finding makes the new baseline longer than the old one.
  write("b.hip", LaneKernel);
  Disk.fill();
  Outcome O = run({"--write-baseline=" + B, F, Dir + "/b.hip"}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Err;
  EXPECT_EQ(readFile(B), Before) << "the baseline is untouched";
  EXPECT_NE(O.Err.find(B), std::string::npos) << O.Err;
  EXPECT_EQ(Disk.others({"b.json", "filler"}), std::vector<std::string>{})
      << "no temporary file is left";
}

TEST_F(HostileInput, ExportFixesToAFullDeviceFails) {
  if (access("/dev/full", W_OK) != 0)
    GTEST_SKIP() << "needs a writable /dev/full";
  std::string F = good();
  Outcome O = run({"--export-fixes=/dev/full", F}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Err;
  EXPECT_NE(O.Err.find("/dev/full"), std::string::npos) << O.Err;
  EXPECT_NE(O.Err.find("No space left on device"), std::string::npos) << O.Err;
}

TEST_F(HostileInput, ReportToAFullDeviceFails) {
  if (access("/dev/full", W_OK) != 0)
    GTEST_SKIP() << "needs a writable /dev/full";
  std::string F = good();
  ProcessResult P = runProgram(
      "/bin/sh", {"-c", "exec \"$0\" --format=json \"$1\" >/dev/full", wavecheckBinary(), F},
      Dir, SmallInputSeconds);
  EXPECT_EQ(P.ExitCode, 3) << P.Err;
  EXPECT_NE(P.Err.find("cannot write the report to standard output"), std::string::npos)
      << P.Err;
}

TEST_F(HostileInput, StaleTemporariesOfAnInterruptedRunAreRemoved) {
  std::string F = write("a.hip", LaneKernel);
  std::string B = Dir + "/b.json";
  // As an earlier run killed between creating its temporary and the rename
  // would leave them; one hour old.
  auto Old = std::chrono::system_clock::now() - std::chrono::hours(1);
  auto Stale = [&](const std::string &Name) {
    std::string P = write(Name, "half a file");
    int FD;
    EXPECT_FALSE(llvm::sys::fs::openFileForWrite(P, FD, llvm::sys::fs::CD_OpenExisting));
    EXPECT_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(FD, Old));
    ::close(FD);
    return P;
  };
  std::string FixTemp = Stale("a.hip.wavecheck-tmp-0123abcd");
  std::string BaselineTemp = Stale("b.json.wavecheck-tmp-89abcdef");
  // Not wavecheck's pattern: left alone.
  std::string Other1 = Stale("a.hip.wavecheck-tmp-notours!");
  std::string Other2 = Stale("a.hip.wavecheck-tmp-0123abcde");
  std::string Other3 = Stale("c.hip.wavecheck-tmp-0123abcd");
  Outcome O = run({"--fix", "--write-baseline=" + B, F}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 0) << O.Err;
  EXPECT_FALSE(llvm::sys::fs::exists(FixTemp));
  EXPECT_FALSE(llvm::sys::fs::exists(BaselineTemp));
  EXPECT_TRUE(llvm::sys::fs::exists(Other1));
  EXPECT_TRUE(llvm::sys::fs::exists(Other2));
  EXPECT_TRUE(llvm::sys::fs::exists(Other3));
}

TEST_F(HostileInput, TruncatedCompileDatabaseIsAConfigurationErrorNamingWhereItBroke) {
  std::string A = write("a.hip", LaneKernel), B = write("b.hip", LaneKernel);
  std::string Db = "[\n  {\"directory\": \"" + Dir + "\", \"file\": \"a.hip\",\n"
                   "   \"arguments\": [\"hipcc\", \"-c\", \"a.hip\"]},\n"
                   "  {\"directory\": \"" + Dir + "\", \"file\": \"b.hip\",\n"
                   "   \"arguments\": [\"hipcc\", \"-c\", \"b.hip\"]}\n]\n";
  // Cut in the middle of the second entry, as a build killed while writing.
  write("build/compile_commands.json", Db.substr(0, Db.find("b.hip") + 2));
  Outcome O = run({"-p", "build"}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 2) << O.Out << O.Err;
  EXPECT_NE(O.Err.find("build/compile_commands.json:4:"), std::string::npos) << O.Err;
  EXPECT_NE(O.Err.find("not a valid compile database"), std::string::npos) << O.Err;
}
