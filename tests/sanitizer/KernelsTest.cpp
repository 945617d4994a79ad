//===--- KernelsTest.cpp - testdata/kernels/ at wave 32 and wave 64 -------===//
///
/// \file
/// Runs every kernel program of testdata/kernels/ (one per bug family of
/// FACTS.md, each with a `correct` and a `buggy` variant) on the emulator at wave
/// 32 and at wave 64, each run in its own process with
/// `WAVESAN_OPTIONS=wave_size=N:report_format=json:log_path=<tmp>/log` and a hard
/// kill after a bound, and checks:
///   - correct variants: the printed result equals the value computed here, at
///     both widths, and the run wrote no report at all;
///   - buggy variants: the report kind the family expects at wave 64 (at the line
///     marked `wavesan-expect: <kind>` in the source, when the report has one) and
///     the expected right or wrong result at wave 32;
///   - deadlock and timeout cases end within their bound.
/// Expected values are plain host arithmetic written here from the input formulas
/// in each kernel's header comment, never taken from the emulator.
///
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include <chrono>
#include <cmath>
#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace {

namespace fs = std::filesystem;

/// One report line of the JSON log (docs/wavesan-options.md, report.h).
struct Report {
  std::string Level, Kind, File, Message;
  unsigned Line = 0;
};

/// What one run of a kernel program left behind.
struct KernelRun {
  bool TimedOut = false;
  int ExitCode = -1;   ///< exit status, or -signal when killed by a signal
  double Seconds = 0;  ///< wall time until exit or kill
  std::map<std::string, std::vector<std::string>> Values; ///< stdout `key v1 v2 ...`
  std::vector<Report> Reports;
  std::string Stdout, Stderr;

  std::string value(const std::string &Key, size_t Index = 0) const {
    auto It = Values.find(Key);
    if (It == Values.end() || Index >= It->second.size()) return "<missing " + Key + ">";
    return It->second[Index];
  }
  double number(const std::string &Key, size_t Index = 0) const {
    return std::strtod(value(Key, Index).c_str(), nullptr);
  }
  std::vector<const Report *> reportsOf(const std::string &Kind) const {
    std::vector<const Report *> Out;
    for (const Report &R : Reports)
      if (R.Kind == Kind) Out.push_back(&R);
    return Out;
  }
  /// For failure messages: everything the run printed.
  std::string describe() const {
    std::string S = "exit " + std::to_string(ExitCode) + (TimedOut ? " (killed: timeout)" : "") +
                    "\n--- stdout\n" + Stdout + "--- stderr\n" + Stderr + "--- reports\n";
    for (const Report &R : Reports)
      S += R.Level + " " + R.Kind + " " + R.File + ":" + std::to_string(R.Line) + " " +
           R.Message + "\n";
    return S;
  }
};

std::string readFile(const fs::path &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

/// Runs testdata/kernels/<Name>.hip's program with \p Variant at \p WaveSize.
/// \p BoundSeconds is the hard bound: the process is killed (SIGKILL) after it.
KernelRun runKernel(const std::string &Name, const std::string &Variant, unsigned WaveSize,
              double BoundSeconds = 120, const std::string &ExtraOptions = "") {
  KernelRun Result;
  const fs::path Program = fs::path(WAVESAN_KERNELS_BIN_DIR) / ("kernel_" + Name);
  char Template[] = "/tmp/wavesan-kernels-XXXXXX";
  const char *DirName = mkdtemp(Template);
  if (!DirName) {
    ADD_FAILURE() << "mkdtemp failed";
    return Result;
  }
  const fs::path Dir = DirName;
  const std::string Options = "wave_size=" + std::to_string(WaveSize) +
                              ":report_format=json:halt_on_error=0:log_path=" +
                              (Dir / "log").string() + (ExtraOptions.empty() ? "" : ":") +
                              ExtraOptions;

  // The child's environment: ours, with WAVESAN_OPTIONS replaced.
  std::vector<std::string> Env;
  for (char **E = environ; *E; ++E)
    if (std::string(*E).rfind("WAVESAN_OPTIONS=", 0) != 0) Env.push_back(*E);
  Env.push_back("WAVESAN_OPTIONS=" + Options);
  std::vector<char *> EnvP;
  for (std::string &E : Env) EnvP.push_back(E.data());
  EnvP.push_back(nullptr);

  std::string ProgramStr = Program.string(), VariantStr = Variant;
  char *Argv[] = {ProgramStr.data(), VariantStr.data(), nullptr};
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 1, (Dir / "stdout").c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&Actions, 2, (Dir / "stderr").c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t Pid = 0;
  const auto Start = std::chrono::steady_clock::now();
  const int SpawnError =
      posix_spawn(&Pid, ProgramStr.c_str(), &Actions, nullptr, Argv, EnvP.data());
  posix_spawn_file_actions_destroy(&Actions);
  if (SpawnError != 0) {
    ADD_FAILURE() << "cannot run " << ProgramStr << ": " << std::strerror(SpawnError);
    fs::remove_all(Dir);
    return Result;
  }
  int Status = 0;
  for (;;) {
    const pid_t Done = waitpid(Pid, &Status, WNOHANG);
    if (Done == Pid) break;
    const double Elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
    if (Elapsed > BoundSeconds) {
      kill(Pid, SIGKILL);
      waitpid(Pid, &Status, 0);
      Result.TimedOut = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  Result.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  Result.ExitCode = WIFEXITED(Status) ? WEXITSTATUS(Status) : -WTERMSIG(Status);

  Result.Stdout = readFile(Dir / "stdout");
  Result.Stderr = readFile(Dir / "stderr");
  std::istringstream Lines(Result.Stdout);
  for (std::string Line; std::getline(Lines, Line);) {
    std::istringstream Words(Line);
    std::string Key, Word;
    Words >> Key;
    while (Words >> Word) Result.Values[Key].push_back(Word);
  }
  // log_path=<prefix> writes <prefix>.<pid>.
  for (const fs::directory_entry &Entry : fs::directory_iterator(Dir)) {
    if (Entry.path().filename().string().rfind("log.", 0) != 0) continue;
    std::istringstream Log(readFile(Entry.path()));
    for (std::string Line; std::getline(Log, Line);) {
      if (Line.empty()) continue;
      llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Line);
      if (!Parsed) {
        ADD_FAILURE() << "report line is not JSON: " << Line << ": "
                      << llvm::toString(Parsed.takeError());
        continue;
      }
      const llvm::json::Object *Object = Parsed->getAsObject();
      if (!Object) {
        ADD_FAILURE() << "report line is not a JSON object: " << Line;
        continue;
      }
      Report R;
      R.Level = Object->getString("level").value_or("").str();
      R.Kind = Object->getString("kind").value_or("").str();
      R.File = Object->getString("file").value_or("").str();
      R.Message = Object->getString("message").value_or("").str();
      R.Line = static_cast<unsigned>(Object->getInteger("line").value_or(0));
      Result.Reports.push_back(R);
    }
  }
  fs::remove_all(Dir);
  return Result;
}

/// Lines of testdata/kernels/<Name>.hip marked `wavesan-expect: <Kind>`.
std::set<unsigned> markedLines(const std::string &Name, const std::string &Kind) {
  std::set<unsigned> Lines;
  std::istringstream In(readFile(fs::path(WAVESAN_TESTDATA_DIR) / "kernels" / (Name + ".hip")));
  unsigned Number = 0;
  for (std::string Line; std::getline(In, Line);) {
    ++Number;
    const std::string Marker = "wavesan-expect: " + Kind;
    const size_t At = Line.find(Marker);
    if (At != std::string::npos &&
        (At + Marker.size() == Line.size() || Line[At + Marker.size()] == ' '))
      Lines.insert(Number);
  }
  return Lines;
}

/// The run ended normally, printed its results and wrote no report (no note either).
void expectCleanRun(const KernelRun &R) {
  EXPECT_FALSE(R.TimedOut) << R.describe();
  EXPECT_EQ(R.ExitCode, 0) << R.describe();
  EXPECT_TRUE(R.Reports.empty()) << R.describe();
}

/// The run reported \p Kind; when the kernel source marks lines for that kind and the
/// report names a line, it is one of them, in that file.
void expectReport(const KernelRun &R, const std::string &Name, const std::string &Kind) {
  const std::vector<const Report *> Found = R.reportsOf(Kind);
  ASSERT_FALSE(Found.empty()) << "no " << Kind << " report\n" << R.describe();
  const std::set<unsigned> Marked = markedLines(Name, Kind);
  if (Marked.empty()) return;
  bool AtMarkedLine = false;
  for (const Report *Rep : Found)
    AtMarkedLine |= Marked.count(Rep->Line) != 0 &&
                    fs::path(Rep->File).filename() == fs::path(Name + ".hip");
  EXPECT_TRUE(AtMarkedLine) << Kind << " not reported at a marked line of " << Name
                            << ".hip\n"
                            << R.describe();
}

// ---- Inputs and expected values, from the kernels' header comments. ----

constexpr int N = 100003;
/// x[i] = (i % 13) - 6, the input of most kernels.
double x(long I) { return static_cast<double>(I % 13 - 6); }

/// Sum of x[i] over i < N for which \p Keep(i) holds.
template <typename Pred> double sumWhere(Pred Keep) {
  double S = 0;
  for (long I = 0; I < N; ++I)
    if (Keep(I)) S += x(I);
  return S;
}
template <typename Pred> int countWhere(Pred Keep) {
  int C = 0;
  for (long I = 0; I < N; ++I) C += Keep(I) ? 1 : 0;
  return C;
}
bool lowerHalfOfWave64(long I) { return I % 64 < 32; }

std::string fixed1(double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.1f", V);
  return Buf;
}

const unsigned Widths[] = {32, 64};

// ---- ladder_from_16: reduction ladder from offset 16 ----

TEST(KernelLadderFrom16, CorrectSumsAtBothWidths) {
  const double All = sumWhere([](long) { return true; });
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("ladder_from_16", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("sum"), fixed1(All)) << R.describe();
  }
}

TEST(KernelLadderFrom16, BuggyRightAt32LowerHalvesOnlyAt64) {
  KernelRun R32 = runKernel("ladder_from_16", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.value("sum"), fixed1(sumWhere([](long) { return true; }))) << R32.describe();

  KernelRun R64 = runKernel("ladder_from_16", "buggy", 64);
  EXPECT_EQ(R64.ExitCode, 0) << R64.describe();
  const double Low = sumWhere(lowerHalfOfWave64);
  ASSERT_NE(Low, sumWhere([](long) { return true; })); // the input tells the two apart
  EXPECT_EQ(R64.value("sum"), fixed1(Low)) << R64.describe();
}

// ---- hardcoded_lane: lane = tid % 32, warp = tid / 32 ----

TEST(KernelHardcodedLane, CorrectCountsAtBothWidths) {
  const int Expected = countWhere([](long I) { return (7 * I) % 5 == 3; });
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("hardcoded_lane", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("count"), std::to_string(Expected)) << R.describe();
  }
}

TEST(KernelHardcodedLane, BuggyRightAt32DoubleAt64) {
  const int Expected = countWhere([](long I) { return (7 * I) % 5 == 3; });
  KernelRun R32 = runKernel("hardcoded_lane", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.value("count"), std::to_string(Expected)) << R32.describe();
  KernelRun R64 = runKernel("hardcoded_lane", "buggy", 64);
  EXPECT_EQ(R64.ExitCode, 0) << R64.describe();
  EXPECT_EQ(R64.value("count"), std::to_string(2 * Expected)) << R64.describe();
}

// ---- ballot_narrowed: unsigned votes = __ballot(...) ----

bool positive(long I) { return I % 13 >= 7; }
bool negative(long I) { return I % 13 < 6; }

TEST(KernelBallotNarrowed, CorrectCountsAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("ballot_narrowed", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("count"), std::to_string(countWhere(positive))) << R.describe();
  }
}

TEST(KernelBallotNarrowed, BuggyRightAt32TruncatedAndReportedAt64) {
  KernelRun R32 = runKernel("ballot_narrowed", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.value("count"), std::to_string(countWhere(positive))) << R32.describe();
  KernelRun R64 = runKernel("ballot_narrowed", "buggy", 64);
  expectReport(R64, "ballot_narrowed", "lane-mask-truncated");
  EXPECT_EQ(R64.value("count"),
            std::to_string(countWhere([](long I) { return positive(I) && I % 64 < 32; })))
      << R64.describe();
}

// ---- popc_on_ballot: __popc(__ballot(...)) ----

TEST(KernelPopcOnBallot, CorrectCountsAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("popc_on_ballot", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("count"), std::to_string(countWhere(negative))) << R.describe();
  }
}

TEST(KernelPopcOnBallot, BuggyRightAt32TruncatedAndReportedAt64) {
  KernelRun R32 = runKernel("popc_on_ballot", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.value("count"), std::to_string(countWhere(negative))) << R32.describe();
  KernelRun R64 = runKernel("popc_on_ballot", "buggy", 64);
  expectReport(R64, "popc_on_ballot", "lane-mask-truncated");
  EXPECT_EQ(R64.value("count"),
            std::to_string(countWhere([](long I) { return negative(I) && I % 64 < 32; })))
      << R64.describe();
}

// ---- sync_mask_32bit: 0xffffffff as a *_sync mask ----

/// Row maxima of sync_mask_32bit.hip's input; rows with r % 4 == 2 read as 0 when
/// \p DropUpperLanes (the vote misses lanes 32-63 of a wave64).
std::vector<std::string> rowMaxima(bool DropUpperLanes) {
  const int Rows = 64, Cols = 256;
  std::vector<std::string> Out;
  for (int Row = 0; Row < Rows; ++Row) {
    bool Any = false;
    double Max = 0;
    for (int C = 0; C < Cols; ++C) {
      const int Type = Row % 4;
      const bool Valid = Type == 0 || (Type == 2 && C % 64 >= 32) || (Type == 3 && C == 5);
      if (!Valid) continue;
      const double V = (31 * Row + 17 * C) % 101 - 50;
      Max = Any ? std::max(Max, V) : V;
      Any = true;
    }
    if (DropUpperLanes && Row % 4 == 2) Any = false;
    Out.push_back(fixed1(Any ? Max : 0.0));
  }
  return Out;
}

TEST(KernelSyncMask32Bit, CorrectAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("sync_mask_32bit", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.Values["rowmax"], rowMaxima(false)) << R.describe();
  }
}

TEST(KernelSyncMask32Bit, BuggyRightAt32ReportedAndRowsZeroedAt64) {
  KernelRun R32 = runKernel("sync_mask_32bit", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.Values["rowmax"], rowMaxima(false)) << R32.describe();
  KernelRun R64 = runKernel("sync_mask_32bit", "buggy", 64);
  expectReport(R64, "sync_mask_32bit", "sync-mask-incomplete");
  // FACTS.md: HIP's __any_sync ANDs the vote with the mask.
  EXPECT_EQ(R64.Values["rowmax"], rowMaxima(true)) << R64.describe();
}

// ---- aggregated_atomic: warp-aggregated atomic on 32-bit masks ----

/// `histogram h0 h1 .. h6` of the compacted values when everything selected arrives.
std::vector<std::string> fullHistogram() {
  std::vector<std::string> H = {"0"};
  for (int V = 1; V <= 6; ++V)
    H.push_back(std::to_string(countWhere([V](long I) { return x(I) == V; })));
  return H;
}

TEST(KernelAggregatedAtomic, CorrectCompactsAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("aggregated_atomic", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("count"), std::to_string(countWhere(positive))) << R.describe();
    EXPECT_EQ(R.Values["histogram"], fullHistogram()) << R.describe();
  }
}

TEST(KernelAggregatedAtomic, BuggyRightAt32TruncatedAndReportedAt64) {
  KernelRun R32 = runKernel("aggregated_atomic", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.value("count"), std::to_string(countWhere(positive))) << R32.describe();
  EXPECT_EQ(R32.Values["histogram"], fullHistogram()) << R32.describe();
  KernelRun R64 = runKernel("aggregated_atomic", "buggy", 64);
  expectReport(R64, "aggregated_atomic", "lane-mask-truncated");
  EXPECT_EQ(R64.value("count"),
            std::to_string(countWhere([](long I) { return positive(I) && I % 64 < 32; })))
      << R64.describe();
}

// ---- barrier_divergent: __syncthreads inside `if (i < n)` ----

TEST(KernelBarrierDivergent, CorrectAtBothWidths) {
  const long LastStart = 390L * 256;
  double First = 0, Last = 0;
  for (long I = 0; I < 256; ++I) First += x(I);
  for (long I = LastStart; I < N; ++I) Last += x(I);
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("barrier_divergent", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("blocks"), "391") << R.describe();
    EXPECT_EQ(R.value("kernel_error"), "0") << R.describe();
    EXPECT_EQ(R.value("first"), fixed1(First)) << R.describe();
    EXPECT_EQ(R.value("last"), fixed1(Last)) << R.describe();
    EXPECT_EQ(R.value("total"), fixed1(sumWhere([](long) { return true; }))) << R.describe();
  }
}

TEST(KernelBarrierDivergent, BuggyDeadlockReportedWithinBoundAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("barrier_divergent", "buggy", W, /*BoundSeconds=*/60);
    EXPECT_FALSE(R.TimedOut) << "deadlock not detected: killed after 60 s\n" << R.describe();
    expectReport(R, "barrier_divergent", "barrier-deadlock");
    EXPECT_EQ(R.ExitCode, 0) << R.describe();
    EXPECT_EQ(R.value("kernel_error"), "1") << R.describe();
  }
}

// ---- wave_op_partial: "the first warp" as threadIdx.x < 32 ----

TEST(KernelWaveOpPartial, CorrectAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("wave_op_partial", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("sum"), fixed1(sumWhere([](long) { return true; }))) << R.describe();
  }
}

TEST(KernelWaveOpPartial, BuggyCleanAt32ReportedAt64) {
  const std::string All = fixed1(sumWhere([](long) { return true; }));
  KernelRun R32 = runKernel("wave_op_partial", "buggy", 32);
  expectCleanRun(R32);
  EXPECT_EQ(R32.value("sum"), All) << R32.describe();
  KernelRun R64 = runKernel("wave_op_partial", "buggy", 64);
  expectReport(R64, "wave_op_partial", "wave-op-partial");
  // Lane 0's sum depends on lanes 0-31 only (header comment): still right.
  EXPECT_EQ(R64.value("sum"), All) << R64.describe();
}

// ---- shuffle_width: width 48 ----

TEST(KernelShuffleWidth, CorrectAtBothWidths) {
  const long Last = N - 1;
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("shuffle_width", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("mismatches"), "0") << R.describe();
    EXPECT_EQ(R.Values["sample"],
              (std::vector<std::string>{fixed1(x(0)), fixed1(x(16)), fixed1(x(Last - Last % 16))}))
        << R.describe();
  }
}

TEST(KernelShuffleWidth, BuggyReportedAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("shuffle_width", "buggy", W);
    expectReport(R, "shuffle_width", "shuffle-width-invalid");
  }
}

// ---- block_too_large: 2048-thread blocks ----

TEST(KernelBlockTooLarge, CorrectAtBothWidths) {
  const long Count = 304L * 2048;
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("block_too_large", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("launch_error"), "0") << R.describe();
    EXPECT_EQ(R.value("wrong"), "0") << R.describe();
    EXPECT_EQ(R.value("nonzero"), std::to_string(Count)) << R.describe();
    EXPECT_EQ(R.Values["sample"],
              (std::vector<std::string>{"1", std::to_string(3 * (Count - 1) + 1)}))
        << R.describe();
  }
}

TEST(KernelBlockTooLarge, BuggyRejectedAndReportedAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("block_too_large", "buggy", W);
    expectReport(R, "block_too_large", "block-too-large");
    EXPECT_EQ(R.value("launch_error"), "1") << R.describe();
    EXPECT_EQ(R.value("nonzero"), "0") << R.describe();
  }
}

// ---- underfilled_grid: 128 workgroups ----

TEST(KernelUnderfilledGrid, CorrectAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("underfilled_grid", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("blocks"), "304") << R.describe();
    EXPECT_EQ(R.value("total"), fixed1(2 * sumWhere([](long) { return true; })))
        << R.describe();
  }
}

TEST(KernelUnderfilledGrid, BuggyRightWithNoteAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("underfilled_grid", "buggy", W);
    EXPECT_EQ(R.ExitCode, 0) << R.describe();
    expectReport(R, "underfilled_grid", "launch-underfilled-grid");
    const std::vector<const Report *> Notes = R.reportsOf("launch-underfilled-grid");
    ASSERT_FALSE(Notes.empty());
    EXPECT_EQ(Notes[0]->Level, "note") << R.describe();
    EXPECT_NE(Notes[0]->Message.find("128"), std::string::npos) << R.describe();
    EXPECT_NE(Notes[0]->Message.find("304"), std::string::npos) << R.describe();
    EXPECT_EQ(R.value("total"), fixed1(2 * sumWhere([](long) { return true; })))
        << R.describe();
    EXPECT_EQ(R.Values["sample"], (std::vector<std::string>{fixed1(2 * x(7)), fixed1(2 * x(N - 1))}))
        << R.describe();
  }
}

// ---- spin_timeout: a spin loop nothing releases ----

TEST(KernelSpinTimeout, CorrectAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("spin_timeout", "correct", W, 120, "kernel_timeout_s=30");
    expectCleanRun(R);
    EXPECT_EQ(R.value("out"), "42") << R.describe();
    EXPECT_EQ(R.value("kernel_error"), "0") << R.describe();
  }
}

TEST(KernelSpinTimeout, BuggyTimesOutWithinBoundAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("spin_timeout", "buggy", W, /*BoundSeconds=*/30, "kernel_timeout_s=2");
    EXPECT_FALSE(R.TimedOut) << "watchdog did not end the run within 30 s\n" << R.describe();
    expectReport(R, "spin_timeout", "kernel-timeout");
    EXPECT_EQ(R.ExitCode, 0) << R.describe();
    EXPECT_EQ(R.value("kernel_error"), "1") << R.describe();
    EXPECT_EQ(R.value("out"), "0") << R.describe();
  }
}

// ---- lds_over_limit: 96 KB of dynamic LDS ----

TEST(KernelLdsOverLimit, CorrectAtBothWidths) {
  const long Count = 304L * 256;
  const int NonZero = [&] {
    int C = 0;
    for (long I = 0; I < Count; ++I) C += x(I) != 0;
    return C;
  }();
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("lds_over_limit", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("launch_error"), "0") << R.describe();
    EXPECT_EQ(R.value("nonzero"), std::to_string(NonZero)) << R.describe();
    EXPECT_EQ(R.Values["sample"],
              (std::vector<std::string>{fixed1(x(255)), fixed1(x(Count - 256))}))
        << R.describe();
  }
}

TEST(KernelLdsOverLimit, BuggyRejectedAndReportedAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("lds_over_limit", "buggy", W);
    expectReport(R, "lds_over_limit", "lds-over-limit");
    EXPECT_EQ(R.value("nonzero"), "0") << R.describe();
  }
}

// ---- helper "asan": the remaining runtime checks (shuffle-lane-out-of-range,
// inactive-lane-read, wave-op-divergent) and wave-size-divergence. ----

/// Sum of out[i] * (i % 7) for i < \p Count, the checksum these programs print.
template <typename Out> double checksum(long Count, Out OutAt) {
  double S = 0;
  for (long I = 0; I < Count; ++I) S += OutAt(I) * static_cast<double>(I % 7);
  return S;
}

constexpr long WholeBlocks = 304L * 256;

/// shuffle_lane_range.hip: out[i] = x[base + (lane + 1) % W].
double rotated(long I, unsigned W) {
  const long Lane = I % W;
  return x(I - Lane + (Lane + 1) % W);
}

TEST(KernelShuffleLaneRange, CorrectAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("shuffle_lane_range", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("checksum"),
              fixed1(checksum(WholeBlocks, [W](long I) { return rotated(I, W); })))
        << R.describe();
    EXPECT_EQ(R.Values["sample"], (std::vector<std::string>{fixed1(rotated(0, W)),
                                                            fixed1(rotated(31, W)),
                                                            fixed1(rotated(63, W))}))
        << R.describe();
  }
}

TEST(KernelShuffleLaneRange, BuggyReportedAtBothWidthsValuesWrapped) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("shuffle_lane_range", "buggy", W);
    EXPECT_EQ(R.ExitCode, 0) << R.describe();
    expectReport(R, "shuffle_lane_range", "shuffle-lane-out-of-range");
    // The message names the last lane's request: source lane W in [0, W).
    ASSERT_FALSE(R.reportsOf("shuffle-lane-out-of-range").empty());
    EXPECT_NE(R.reportsOf("shuffle-lane-out-of-range")[0]->Message.find(
                  "source lane " + std::to_string(W) + " is outside [0, " + std::to_string(W) +
                  ")"),
              std::string::npos)
        << R.describe();
    // HIP wraps the index to the width: the same values as the correct variant.
    EXPECT_EQ(R.value("checksum"),
              fixed1(checksum(WholeBlocks, [W](long I) { return rotated(I, W); })))
        << R.describe();
  }
}

/// inactive_lane_read.hip: out[i] = x[i] + (last lane ? x[i] : (i + 1 < N ? x[i + 1] : 0)).
double pairSum(long I, unsigned W) {
  if (I % W == W - 1) return 2 * x(I);
  return x(I) + (I + 1 < N ? x(I + 1) : 0.0);
}

TEST(KernelInactiveLaneRead, CorrectAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("inactive_lane_read", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("checksum"), fixed1(checksum(N, [W](long I) { return pairSum(I, W); })))
        << R.describe();
  }
}

TEST(KernelInactiveLaneRead, BuggyReportedAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("inactive_lane_read", "buggy", W);
    EXPECT_EQ(R.ExitCode, 0) << R.describe();
    expectReport(R, "inactive_lane_read", "inactive-lane-read");
    // Element N - 1 = 100002 sits in lane 100002 % W (2 at wave 32, 34 at 64) and reads
    // the next lane, which skipped the branch.
    const unsigned Lane = (N - 1) % W;
    ASSERT_FALSE(R.reportsOf("inactive-lane-read").empty());
    EXPECT_NE(R.reportsOf("inactive-lane-read")[0]->Message.find(
                  "in lane " + std::to_string(Lane) + " reads lane " + std::to_string(Lane + 1) +
                  ", which is inactive"),
              std::string::npos)
        << R.describe();
  }
}

TEST(KernelWaveOpDivergent, CorrectAtBothWidths) {
  const double Expected = checksum(WholeBlocks, [](long I) {
    return std::abs(x(I)) + std::abs(x(I ^ 1));
  });
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("wave_op_divergent", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("checksum"), fixed1(Expected)) << R.describe();
  }
}

TEST(KernelWaveOpDivergent, BuggyReportedAtBothWidths) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("wave_op_divergent", "buggy", W);
    EXPECT_EQ(R.ExitCode, 0) << R.describe();
    expectReport(R, "wave_op_divergent", "wave-op-divergent");
  }
}

// ---- ladder_compare: wavesan::compareWaveSizes on ladder_from_16's kernel ----

TEST(KernelLadderCompare, CorrectVariantAgreesWithoutReport) {
  // The process's own wave size does not matter: compareWaveSizes runs both.
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel("ladder_compare", "correct", W);
    expectCleanRun(R);
    EXPECT_EQ(R.value("same"), "1") << R.describe();
    EXPECT_EQ(R.value("sum"), fixed1(sumWhere([](long) { return true; }))) << R.describe();
  }
}

TEST(KernelLadderCompare, BuggyVariantReportsWaveSizeDivergenceOnce) {
  KernelRun R = runKernel("ladder_compare", "buggy", 64);
  EXPECT_EQ(R.ExitCode, 0) << R.describe();
  expectReport(R, "ladder_compare", "wave-size-divergence");
  EXPECT_EQ(R.reportsOf("wave-size-divergence").size(), 1u) << R.describe();
  EXPECT_EQ(R.Reports.size(), 1u) << R.describe(); // nothing else is undefined
  EXPECT_EQ(R.value("same"), "0") << R.describe();
  // The buffers keep the wave-64 result: lanes 32-63 never fold in.
  EXPECT_EQ(R.value("sum"), fixed1(sumWhere(lowerHalfOfWave64))) << R.describe();
  ASSERT_FALSE(R.Reports.empty());
  EXPECT_NE(R.Reports[0].Message.find("block_sum gives different results at wave 32 and wave 64: "
                                      "buffer 0 (4 bytes)"),
            std::string::npos)
      << R.describe();
}

} // namespace
