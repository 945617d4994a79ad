//===--- KernelsHarness.h - runner and expected values for kernels_test -===//
///
/// \file
/// The runner kernels_test uses for testdata/kernels/ programs (one run in its own
/// process, with a hard kill after a bound, parsed into a KernelRun), the
/// expectations every family shares, and the input formulas the expected values
/// are computed from (from the kernels' header comments, never from the emulator).
/// Implemented in KernelsHarness.cpp; the tests are KernelsTest.cpp and
/// KernelsRuntimeTest.cpp (see KernelsTest.cpp for what they check).
///
//===----------------------------------------------------------------------===//
#ifndef WAVESAN_TESTS_KERNELSHARNESS_H
#define WAVESAN_TESTS_KERNELSHARNESS_H

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace kernels_test {

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

/// Runs testdata/kernels/<Name>.hip's program with \p Variant at \p WaveSize.
/// \p BoundSeconds is the hard bound: the process is killed (SIGKILL) after it.
KernelRun runKernel(const std::string &Name, const std::string &Variant, unsigned WaveSize,
                    double BoundSeconds = 120, const std::string &ExtraOptions = "");

/// The run ended normally, printed its results and wrote no report (no note either).
void expectCleanRun(const KernelRun &R);

/// The run reported \p Kind; when the kernel source marks lines for that kind and the
/// report names a line, it is one of them, in that file.
void expectReport(const KernelRun &R, const std::string &Name, const std::string &Kind);

// ---- Inputs and expected values, from the kernels' header comments. ----

constexpr int N = 100003;
/// x[i] = (i % 13) - 6, the input of most kernels.
inline double x(long I) { return static_cast<double>(I % 13 - 6); }

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
inline bool lowerHalfOfWave64(long I) { return I % 64 < 32; }

inline std::string fixed1(double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.1f", V);
  return Buf;
}

const unsigned Widths[] = {32, 64};

/// Runs testdata/kernels/<Name>.hip's program with \p Variant at each wave size of
/// Widths (a failure names the size), with runKernel's \p BoundSeconds and
/// \p ExtraOptions, and checks each run with \p Check(Run, WaveSize).
template <typename CheckFn>
void atBothWidths(const std::string &Name, const std::string &Variant, double BoundSeconds,
                  const std::string &ExtraOptions, CheckFn Check) {
  for (unsigned W : Widths) {
    SCOPED_TRACE("wave " + std::to_string(W));
    KernelRun R = runKernel(Name, Variant, W, BoundSeconds, ExtraOptions);
    Check(R, W);
  }
}

/// The same with runKernel's default bound (120 s) and no extra options.
template <typename CheckFn>
void atBothWidths(const std::string &Name, const std::string &Variant, CheckFn Check) {
  atBothWidths(Name, Variant, 120, "", Check);
}
} // namespace kernels_test

#endif
