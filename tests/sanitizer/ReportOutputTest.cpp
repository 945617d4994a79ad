//===--- ReportOutputTest.cpp - writing reports: stderr, log_path, halting --===//
///
/// report() in child processes: the block written to stderr (pid masked) and
/// counted, de-duplication until reset, notes, halt_on_error/exitcode, log_path
/// and its fallback, the JSON format, and thread safety. Formats and kinds:
/// ReportTest.cpp.
///
//===----------------------------------------------------------------------===//
#include "ReportChild.h"
#include "ReportExample.h"

#include "wavesan/report.h"

#include "llvm/Support/JSON.h"
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <sstream>
#include <thread>

using namespace wavesan;
using namespace wavesan::test;

namespace {

// --- report(): output, counting, de-duplication, halting (in child processes) ---

TEST(Report, WritesTheBlockToStderrAndCounts) {
  ChildResult R = runInChild(nullptr, [] {
    report(ReportKind::LaneMaskTruncated, scanLane37(), MaskDetails);
    if (reportCount() != 1 || reportCount(ReportKind::LaneMaskTruncated) != 1)
      _exit(10);
  });
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  std::string Golden = ScanGolden;
  Golden.replace(0, 9, "==PID==");
  EXPECT_EQ(maskPid(R.Err), Golden);
}

TEST(Report, DeduplicatesASiteUntilReset) {
  ChildResult R = runInChild(nullptr, [] {
    ReportLocation W = scanLane37();
    report(ReportKind::LaneMaskTruncated, W, "first");
    W.Lane = 38; // the same site reached by another lane: not reported again
    W.Block = {4, 0, 0};
    report(ReportKind::LaneMaskTruncated, W, "same site");
    W.Line = 43; // another line: reported
    report(ReportKind::LaneMaskTruncated, W, "other line");
    W.Kernel = "other_kernel"; // another kernel: reported
    report(ReportKind::LaneMaskTruncated, W, "other kernel");
    report(ReportKind::SyncMaskIncomplete, W, "other kind"); // another kind: reported
    if (reportCount() != 4)
      _exit(10);
    resetReports();
    if (reportCount() != 0)
      _exit(11);
    report(ReportKind::LaneMaskTruncated, scanLane37(), "after reset");
    if (reportCount() != 1)
      _exit(12);
  });
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  std::vector<std::string> Details;
  std::istringstream In(R.Err);
  for (std::string L; std::getline(In, L);)
    if (L.rfind("==", 0) == 0) {
      std::getline(In, L);
      Details.push_back(L);
    }
  EXPECT_EQ(Details, (std::vector<std::string>{"  first", "  other line", "  other kernel",
                                               "  other kind", "  after reset"}))
      << R.Err;
}

TEST(Report, NotesAreNotCountedAsErrors) {
  ChildResult R = runInChild("halt_on_error=1:exitcode=3", [] {
    ReportLocation W;
    W.Kernel = "k";
    W.Scope = ReportScope::Launch;
    report(ReportKind::LaunchUnderfilledGrid, W, "fill 1%");
    if (reportCount() != 0 || reportCount(ReportKind::LaunchUnderfilledGrid) != 1)
      _exit(10);
  });
  EXPECT_EQ(R.ExitCode, 0) << "a note must not halt: " << R.Err;
  EXPECT_NE(R.Err.find("NOTE: wavesan: launch-underfilled-grid in kernel k"), std::string::npos)
      << R.Err;
  EXPECT_EQ(R.Err.find("SUMMARY"), std::string::npos) << R.Err;
}

TEST(Report, HaltOnErrorExitsWithExitcodeAfterTheFirstBlock) {
  ChildResult R = runInChild("halt_on_error=1:exitcode=42", [] {
    report(ReportKind::LaneMaskTruncated, scanLane37(), MaskDetails);
    std::fputs("still running\n", stderr);
  });
  EXPECT_EQ(R.ExitCode, 42);
  std::string Golden = ScanGolden;
  Golden.replace(0, 9, "==PID==");
  EXPECT_EQ(maskPid(R.Err), Golden);
}

TEST(Report, ContinuesByDefault) {
  ChildResult R = runInChild(nullptr, [] {
    report(ReportKind::LaneMaskTruncated, scanLane37(), MaskDetails);
    std::fputs("still running\n", stderr);
  });
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_NE(R.Err.find("SUMMARY: wavesan: lane-mask-truncated scan.hip:42 in block_scan\n"
                       "still running\n"),
            std::string::npos)
      << R.Err;
}

/// A fresh empty directory for a test's files.
std::string freshDir(const char *Name) {
  auto Dir = std::filesystem::temp_directory_path() /
             ("wavesan-report-test-" + std::to_string(getpid()) + "-" + Name);
  std::filesystem::remove_all(Dir);
  std::filesystem::create_directories(Dir);
  return Dir.string();
}

TEST(Report, LogPathWritesPrefixDotPid) {
  std::string Dir = freshDir("log");
  std::string Options = "log_path=" + Dir + "/wavesan:halt_on_error=1:exitcode=0";
  ChildResult R = runInChild(Options.c_str(), [] {
    report(ReportKind::LaneMaskTruncated, scanLane37(), MaskDetails);
  });
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_EQ(R.Err, "") << "nothing goes to stderr with log_path";
  std::vector<std::filesystem::path> Files;
  for (const auto &E : std::filesystem::directory_iterator(Dir))
    Files.push_back(E.path());
  ASSERT_EQ(Files.size(), 1u);
  EXPECT_TRUE(std::regex_match(Files[0].filename().string(), std::regex("wavesan\\.[0-9]+")))
      << Files[0];
  std::string Golden = ScanGolden;
  Golden.replace(0, 9, "==PID==");
  EXPECT_EQ(maskPid(readWholeFile(Files[0].string())), Golden);
  std::filesystem::remove_all(Dir);
}

TEST(Report, UnwritableLogPathFallsBackToStderr) {
  ChildResult R = runInChild("log_path=/nonexistent-dir/wavesan", [] {
    report(ReportKind::LaneMaskTruncated, scanLane37(), MaskDetails);
  });
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_TRUE(std::regex_search(
      R.Err, std::regex("^wavesan: cannot open log file '/nonexistent-dir/wavesan\\.[0-9]+' "
                        "\\(option log_path=/nonexistent-dir/wavesan\\): No such file or "
                        "directory; writing reports to stderr\n==")))
      << R.Err;
  EXPECT_NE(R.Err.find("SUMMARY: wavesan: lane-mask-truncated scan.hip:42 in block_scan\n"),
            std::string::npos);
}

TEST(Report, JsonFormatWritesOneLinePerReport) {
  ChildResult R = runInChild("report_format=json", [] {
    ReportLocation W = scanLane37();
    report(ReportKind::LaneMaskTruncated, W, "a");
    W.Line = 50;
    report(ReportKind::SyncMaskIncomplete, W, "b");
  });
  EXPECT_EQ(R.ExitCode, 0);
  std::istringstream In(R.Err);
  std::vector<std::string> Kinds;
  for (std::string L; std::getline(In, L);) {
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(L);
    ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError()) << ": " << L;
    Kinds.push_back(V->getAsObject()->getString("kind")->str());
  }
  EXPECT_EQ(Kinds, (std::vector<std::string>{"lane-mask-truncated", "sync-mask-incomplete"}));
}

// Many threads reporting at once: every report is written whole (each JSON
// line parses) and counted once.
TEST(Report, ConcurrentReportsStayWholeAndCounted) {
  constexpr unsigned Threads = 4, PerThread = 250;
  ChildResult R = runInChild("report_format=json", [] {
    std::vector<std::thread> Pool;
    for (unsigned T = 0; T < Threads; ++T)
      Pool.emplace_back([T] {
        for (unsigned I = 0; I < PerThread; ++I) {
          ReportLocation W = scanLane37();
          W.Line = T * PerThread + I + 1; // distinct sites
          report(ReportKind::InactiveLaneRead, W, std::string(200, 'x'));
          report(ReportKind::InactiveLaneRead, W, "duplicate"); // de-duplicated
        }
      });
    for (std::thread &T : Pool)
      T.join();
    if (reportCount() != Threads * PerThread)
      _exit(10);
  });
  EXPECT_EQ(R.ExitCode, 0);
  std::istringstream In(R.Err);
  std::set<int64_t> Lines;
  for (std::string L; std::getline(In, L);) {
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(L);
    ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError()) << ": " << L.substr(0, 200);
    Lines.insert(*V->getAsObject()->getInteger("line"));
  }
  EXPECT_EQ(Lines.size(), Threads * PerThread);
}

} // namespace
