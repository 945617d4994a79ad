//===--- HostileFileTest.cpp - files that are not what they claim to be -----===//
///
/// The files wavecheck reads as data (a baseline, an exclude file, the
/// compile database) and the sources and headers it parses, when they are a
/// FIFO, a device, deeply nested, or hard-linked; and --fix as root on a file
/// another user owns. Each run is bounded (HostileInput.h): a FIFO that hangs
/// the open, or /dev/zero read until memory runs out, fails the case.
///
//===----------------------------------------------------------------------===//
#include "HostileInput.h"

#include "llvm/Support/FileSystem.h"
#include <gtest/gtest.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace wavecheck::test;

namespace {

/// Makes a FIFO at Dir/\p Name. Opening it for reading blocks until a writer
/// opens it; no test here ever writes to it.
void makeFifo(const std::string &Dir, const std::string &Name) {
  ASSERT_EQ(::mkfifo((Dir + "/" + Name).c_str(), 0644), 0) << Name;
}

bool mentions(const std::string &Text, const std::string &Part) {
  return Text.find(Part) != std::string::npos;
}

} // namespace

TEST_F(HostileInput, DeeplyNestedBaselineIsAUsageErrorNamingIt) {
  // 100 KB of brackets: llvm::json::parse recursed once per level, past the
  // end of the stack.
  write("baseline.json", std::string(100000, '['));
  Outcome O = run({"--baseline=baseline.json", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 2) << O.Err;
  EXPECT_TRUE(mentions(O.Err, "baseline.json")) << O.Err;
  EXPECT_TRUE(mentions(O.Err, "baseline.json:1:65: brackets nest deeper than 64 levels")) << O.Err;
}

TEST_F(HostileInput, DevZeroAsBaselineIsRefusedNamingIt) {
  good();
  Outcome O = run({"--baseline=/dev/zero", "good.hip"}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 2) << O.Err;
  EXPECT_TRUE(mentions(O.Err, "'/dev/zero': it is a character device, not a regular file"))
      << O.Err;
}

TEST_F(HostileInput, FifoAsBaselineIsRefusedNotWaitedOn) {
  good();
  makeFifo(Dir, "baseline.json");
  Outcome O = run({"--baseline=baseline.json", "good.hip"}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 2) << O.Err;
  EXPECT_TRUE(mentions(O.Err, "'baseline.json': it is a FIFO, not a regular file")) << O.Err;
}

TEST_F(HostileInput, DevZeroAsExcludeFileIsRefusedNamingIt) {
  good();
  Outcome O = run({"--exclude-from=/dev/zero", "good.hip"}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 2) << O.Err;
  EXPECT_TRUE(mentions(O.Err, "exclude file '/dev/zero': it is a character device")) << O.Err;
}

TEST_F(HostileInput, FifoAsExcludeFileIsRefusedNotWaitedOn) {
  good();
  makeFifo(Dir, "excludes");
  Outcome O = run({"--exclude-from=excludes", "good.hip"}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 2) << O.Err;
  EXPECT_TRUE(mentions(O.Err, "exclude file 'excludes': it is a FIFO")) << O.Err;
}

TEST_F(HostileInput, DevZeroAsCompileDatabaseIsRefusedNamingIt) {
  good();
  llvm::sys::fs::create_directories(Dir + "/build");
  ASSERT_FALSE(
      llvm::sys::fs::create_link("/dev/zero", Dir + "/build/compile_commands.json"));
  Outcome O = run({"-p", "build"}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 2) << O.Err;
  EXPECT_TRUE(mentions(O.Err, "compile_commands.json")) << O.Err;
  EXPECT_TRUE(mentions(O.Err, "it is a character device, not a regular file")) << O.Err;
}

TEST_F(HostileInput, FifoAsSourceIsNamedAndTheOthersAnalysed) {
  makeFifo(Dir, "pipe.hip");
  Outcome O = run({"pipe.hip", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 3) << O.Out << O.Err;
  ASSERT_EQ(O.ErrorKind.count("pipe.hip"), 1u) << O.Out;
  EXPECT_TRUE(mentions(O.ErrorMessage["pipe.hip"], "it is a FIFO, not a regular file"))
      << O.ErrorMessage["pipe.hip"];
  expectGoodFinding(O);
}

TEST_F(HostileInput, FifoReachedByAnIncludeIsNotOpenedAndTheFileStillAnalysed) {
  makeFifo(Dir, "pipe.h");
  write("inc.hip", std::string("#include \"pipe.h\"\n") + LaneKernel);
  Outcome O = run({"inc.hip", good()}, SmallInputSeconds);
  EXPECT_EQ(O.ExitCode, 1) << O.Out << O.Err;
  EXPECT_EQ(O.FindingFiles.count("inc.hip"), 1u)
      << "the including file is analysed without the FIFO:\n"
      << O.Out;
  EXPECT_TRUE(mentions(O.ErrorMessage["inc.hip"], "pipe.h (a FIFO), not a regular file"))
      << O.Out;
  expectGoodFinding(O);
}

TEST_F(HostileInput, HardLinkedFileUnderFixIsRefusedAndBothNamesKept) {
  std::string A = write("a.hip", LaneKernel);
  ASSERT_FALSE(llvm::sys::fs::create_hard_link(A, Dir + "/b.hip"));
  std::string G = good();
  ProcessResult P = runProgram(wavecheckBinary(), {"--fix", "a.hip", "good.hip"}, Dir,
                               SmallInputSeconds);
  EXPECT_EQ(P.ExitCode, 3) << P.Out << P.Err;
  EXPECT_TRUE(mentions(P.Err, "a.hip: it has 2 hard links")) << P.Err;
  EXPECT_EQ(readFile(A), LaneKernel);
  EXPECT_EQ(readFile(Dir + "/b.hip"), LaneKernel);
  llvm::sys::fs::file_status St;
  ASSERT_FALSE(llvm::sys::fs::status(A, St));
  EXPECT_EQ(St.getLinkCount(), 2u) << "the link is not split";
  EXPECT_TRUE(mentions(readFile(G), "tid % warpSize")) << readFile(G);
}

TEST_F(HostileInput, HardLinkedBaselineIsNotSplitByWriteBaseline) {
  good();
  std::string B = write("baseline.json", "{}\n");
  ASSERT_FALSE(llvm::sys::fs::create_hard_link(B, Dir + "/other.json"));
  ProcessResult P = runProgram(wavecheckBinary(), {"--write-baseline=baseline.json", "good.hip"},
                               Dir, SmallInputSeconds);
  EXPECT_EQ(P.ExitCode, 3) << P.Out << P.Err;
  EXPECT_TRUE(mentions(P.Err, "it has 2 hard links")) << P.Err;
  EXPECT_EQ(readFile(B), "{}\n");
}

TEST_F(HostileInput, FixAsRootKeepsOwnerGroupAndMode) {
  if (::geteuid() != 0)
    GTEST_SKIP() << "needs root to give the file another owner (CI runs as root)";
  std::string A = write("a.hip", LaneKernel);
  ASSERT_EQ(::chown(A.c_str(), 4321, 8765), 0);
  ASSERT_EQ(::chmod(A.c_str(), 0640), 0);
  ProcessResult P =
      runProgram(wavecheckBinary(), {"--fix", "a.hip"}, Dir, SmallInputSeconds);
  EXPECT_EQ(P.ExitCode, 1) << "the finding, fixed, is still reported: " << P.Out << P.Err;
  ASSERT_TRUE(mentions(readFile(A), "tid % warpSize")) << "the fix-it was applied";
  struct stat St;
  ASSERT_EQ(::stat(A.c_str(), &St), 0);
  EXPECT_EQ(St.st_uid, 4321u);
  EXPECT_EQ(St.st_gid, 8765u);
  EXPECT_EQ(St.st_mode & 07777, 0640u);
}
