//===--- ReportSuppressionsTest.cpp - the suppressions file -----------------===//
///
/// Pattern matching as compiler-rt's sanitizer suppressions (substring, `*`,
/// `^`/`$` anchors), parse errors with file:line, matching by kind name, rule
/// id or `*` against kernel, function or file, and the option end to end.
///
//===----------------------------------------------------------------------===//
#include "ReportChild.h"

#include <sys/resource.h>
#include <sys/stat.h>

#include "wavesan/report.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace wavesan;
using namespace wavesan::test;

namespace {

TEST(Suppressions, PatternMatching) {
  struct Case {
    const char *Pattern, *Name;
    bool Match;
  } Cases[] = {
      {"block_scan", "block_scan", true},
      {"block_scan", "my_block_scan_v2", true}, // substring, as in compiler-rt
      {"^block", "block_scan", true},
      {"^block", "my_block", false},
      {"scan$", "block_scan", true},
      {"scan$", "block_scan_v2", false},
      {"^block_scan$", "block_scan", true},
      {"^block_scan$", "block_scan2", false},
      {"block*v2", "block_scan_v2", true},
      {"block*v2", "v2_block", false},
      {"^*scan.hip$", "/src/kernels/scan.hip", true},
      {"*", "anything", true},
      {"*", "", false}, // nothing matches a missing name
      {"kernels/", "/src/kernels/scan.hip", true},
      {"reduce", "/src/kernels/scan.hip", false},
  };
  for (const Case &C : Cases)
    EXPECT_EQ(suppressionPatternMatches(C.Pattern, C.Name), C.Match)
        << "'" << C.Pattern << "' vs '" << C.Name << "'";
}

TEST(Suppressions, ParseErrorsNameFileAndLine) {
  Suppressions S;
  std::string Errors = S.parse("# comment\n"
                               "\n"
                               "lane-mask-truncated:block_scan\n"
                               "no colon here\n"
                               "lane-mask-narrowed:foo\n"
                               "barrier-deadlock:   \n",
                               "supp.txt");
  EXPECT_EQ(Errors,
            "wavesan: supp.txt:4: expected kind:pattern, found 'no colon here'\n"
            "wavesan: supp.txt:5: unknown kind 'lane-mask-narrowed': expected '*', a rule id or "
            "one of lane-mask-truncated, sync-mask-incomplete, shuffle-width-invalid, "
            "shuffle-lane-out-of-range, inactive-lane-read, wave-op-partial, wave-op-divergent, "
            "grid-sync-invalid, wave-lds-race, barrier-deadlock, kernel-timeout, kernel-fault, "
            "double-free, invalid-free, lds-out-of-bounds, lds-over-limit, block-too-large, "
            "grid-too-large, launch-underfilled-grid, wave-size-divergence, reduction-mismatch, "
            "reduction-partial-wave, reduction-half-wave, gemm-mismatch, gemm-fp8-format, "
            "gemm-transposed-output, gemm-tile-mismatch, gemm-k-tail-missing\n"
            "wavesan: supp.txt:6: empty pattern after 'barrier-deadlock:': expected a kernel, "
            "function or file name pattern\n");
}

ReportLocation at(const char *File, const char *Kernel, const char *Function = nullptr) {
  ReportLocation W;
  W.File = File;
  W.Line = 1;
  W.Kernel = Kernel;
  W.Function = Function;
  return W;
}

TEST(Suppressions, MatchByKindRuleOrAnyAgainstKernelFunctionOrFile) {
  Suppressions S;
  ASSERT_EQ(S.parse("lane-mask-truncated:^block_scan$\n"
                    "wave64-lane-mask-width:legacy_\n" // a rule id: both of its kinds
                    "*:third_party/\n"
                    "  barrier-deadlock : ^tail_reduce  \n",
                    "supp"),
            "");
  EXPECT_TRUE(S.matches(ReportKind::LaneMaskTruncated, at("a.hip", "block_scan")));
  EXPECT_FALSE(S.matches(ReportKind::SyncMaskIncomplete, at("a.hip", "block_scan")));
  EXPECT_FALSE(S.matches(ReportKind::LaneMaskTruncated, at("a.hip", "block_scan_v2")));
  EXPECT_TRUE(S.matches(ReportKind::LaneMaskTruncated, at("a.hip", "k", "legacy_helper")));
  EXPECT_TRUE(S.matches(ReportKind::SyncMaskIncomplete, at("a.hip", "legacy_k")));
  EXPECT_FALSE(S.matches(ReportKind::BarrierDeadlock, at("a.hip", "legacy_k")));
  EXPECT_TRUE(S.matches(ReportKind::KernelTimeout, at("/x/third_party/y.hip", "k")));
  EXPECT_TRUE(S.matches(ReportKind::BarrierDeadlock, at("a.hip", "k", "tail_reduce(float*)")));
  EXPECT_FALSE(S.matches(ReportKind::BarrierDeadlock, at("a.hip", "k", "my_tail_reduce")));
  EXPECT_FALSE(S.matches(ReportKind::BarrierDeadlock, at(nullptr, nullptr)));
}

TEST(Suppressions, OptionSuppressesMatchingReportsOnly) {
  auto Dir = std::filesystem::temp_directory_path() /
             ("wavesan-supp-test-" + std::to_string(getpid()));
  std::filesystem::create_directories(Dir);
  std::string File = (Dir / "supp.txt").string();
  std::ofstream(File) << "# known and accepted\nlane-mask-truncated:block_scan\n";
  std::string Options = "suppressions=" + File;
  ChildResult R = runInChild(Options.c_str(), [] {
    report(ReportKind::LaneMaskTruncated, at("scan.hip", "block_scan"), "suppressed");
    report(ReportKind::LaneMaskTruncated, at("scan.hip", "other"), "reported");
    if (reportCount() != 1)
      _exit(10);
  });
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Err.find("suppressed"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("SUMMARY: wavesan: lane-mask-truncated scan.hip:1 in other\n"),
            std::string::npos)
      << R.Err;
  std::filesystem::remove_all(Dir);
}

TEST(Suppressions, BadFileExitsWithTwo) {
  ChildResult R = runInChild("suppressions=/nonexistent/supp.txt", [] { (void)options(); });
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Err, "wavesan: cannot read suppressions file '/nonexistent/supp.txt' (option "
                   "suppressions): expected a readable file of kind:pattern lines\n");
  auto Dir = std::filesystem::temp_directory_path() /
             ("wavesan-supp-bad-" + std::to_string(getpid()));
  std::filesystem::create_directories(Dir);
  std::string File = (Dir / "s.txt").string();
  std::ofstream(File) << "nonsense\n";
  std::string Options = "suppressions=" + File;
  R = runInChild(Options.c_str(), [] { (void)options(); });
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Err, "wavesan: " + File + ":1: expected kind:pattern, found 'nonsense'\n");
  std::filesystem::remove_all(Dir);
}

// Only a regular file of at most 1 MiB is read, and nothing blocks: /dev/zero was read
// until memory ran out (abort), a FIFO without a writer hung the program before main, a
// directory was taken as an empty file. The children run with a 1 GiB address-space limit
// (a reader that does not stop fails instead of taking the machine's memory) and the 30 s
// alarm of runInChild (a reader that blocks fails instead of hanging).
TEST(Suppressions, OnlyABoundedRegularFileIsRead) {
  auto Dir = std::filesystem::temp_directory_path() /
             ("wavesan-supp-kinds-" + std::to_string(getpid()));
  std::filesystem::remove_all(Dir);
  std::filesystem::create_directories(Dir);
  const std::string Fifo = (Dir / "fifo").string();
  ASSERT_EQ(mkfifo(Fifo.c_str(), 0600), 0);
  const std::string Big = (Dir / "big.txt").string();
  {
    std::ofstream Out(Big);
    const std::string Line = "lane-mask-truncated:" + std::string(1003, 'k') + "\n"; // 1024 B
    for (int I = 0; I < 1025; ++I) // 1025 KiB: one KiB over the bound
      Out << Line;
  }
  const std::string Kind = "(option suppressions) is ";
  const std::pair<std::string, std::string> Cases[] = {
      {"/dev/zero", "wavesan: suppressions file '/dev/zero' " + Kind +
                        "a character device; expected a regular file of kind:pattern lines\n"},
      {Fifo, "wavesan: suppressions file '" + Fifo + "' " + Kind +
                 "a FIFO; expected a regular file of kind:pattern lines\n"},
      {Dir.string(), "wavesan: suppressions file '" + Dir.string() + "' " + Kind +
                         "a directory; expected a regular file of kind:pattern lines\n"},
      {Big, "wavesan: suppressions file '" + Big + "' (option suppressions) has 1049600 "
            "bytes; expected at most 1048576 (1 MiB) of kind:pattern lines\n"},
  };
  for (const auto &[Path, Error] : Cases) {
    const std::string Options = "suppressions=" + Path;
    ChildResult R = runInChild(Options.c_str(), [] {
      const rlimit Limit{1ul << 30, 1ul << 30};
      setrlimit(RLIMIT_AS, &Limit);
      (void)options();
      std::fputs("not reached\n", stderr);
    });
    EXPECT_EQ(R.ExitCode, 2) << Path << "\n" << R.Err;
    EXPECT_EQ(R.Err, Error) << Path;
  }
  std::filesystem::remove_all(Dir);
}

} // namespace
