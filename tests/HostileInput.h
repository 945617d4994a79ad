//===--- HostileInput.h - the hostile-input tests' fixture -----------------===//
///
/// Each case gives wavecheck one hostile input next to a good file in the same
/// run and pins the outcome: the exit code of the README (0/1/2/3), the
/// hostile file named in the JSON `errors` (with its `kind`) or on stderr,
/// and the good file's finding still reported. No case may crash (a signal)
/// or hang: each run is killed after its case's bound (SmallInputSeconds,
/// DeepInputSeconds or BigInputSeconds), which the harness reports as exit
/// code -2.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_TESTS_HOSTILEINPUT_H
#define WAVECHECK_TESTS_HOSTILEINPUT_H

#include "Harness.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace wavecheck::test {

/// Seconds a run on small inputs (up to 64 KiB) may take before it counts as
/// a hang: 30. Each such case took under 0.6 s on the shared 2-core machine
/// (hostile_input_test's own timings, load average about 9); a hang never
/// ends.
inline constexpr unsigned SmallInputSeconds = 30;

/// The same for the 8 MB sum that overflows the parser's stack: 60. It took
/// 3.7 s there; eight times that under heavy load (as the 20 MiB source
/// below) would pass 30.
inline constexpr unsigned DeepInputSeconds = 60;

/// The same for the 20 MiB source: 300. It needs about 12 s of CPU, but took
/// 92 s of wall time on the shared 2-core machine at load average 11
/// (docs/hostile-inputs.md).
inline constexpr unsigned BigInputSeconds = 300;

/// What one run produced, from the JSON report.
struct Outcome {
  int ExitCode = -1;
  std::string Err;                                  ///< stderr
  std::string Out;                                  ///< stdout
  std::multiset<std::string> FindingFiles;          ///< file of each finding
  std::vector<std::pair<unsigned, unsigned>> Where; ///< line, column of each
  std::map<std::string, std::string> ErrorKind;     ///< file -> kind
  std::map<std::string, std::string> ErrorMessage;  ///< file -> message
};

class HostileInput : public TempDirTest {
protected:
  std::string good() { return write("good.hip", LaneKernel); }

  /// Runs wavecheck --format=json \p Args from Dir (through RunAs, when
  /// set), killed after \p BoundSeconds; fails the test on a crash or hang.
  Outcome run(const std::vector<std::string> &Args, unsigned BoundSeconds) {
    std::string Program = RunAs.empty() ? wavecheckBinary() : RunAs.front();
    std::vector<std::string> Argv(RunAs.begin() + !RunAs.empty(), RunAs.end());
    Argv.push_back("--format=json");
    Argv.insert(Argv.end(), Args.begin(), Args.end());
    ProcessResult P = runProgram(Program, Argv, Dir, BoundSeconds);
    Outcome O{P.ExitCode, P.Err, P.Out};
    EXPECT_NE(P.ExitCode, -2) << "crashed or ran longer than " << BoundSeconds
                              << " s: " << P.Err;
    if (P.ExitCode == 2 || P.ExitCode < 0)
      return O; // usage errors print no report
    llvm::json::Object J = parseReport(P.Out);
    if (const llvm::json::Array *Fs = J.getArray("findings"))
      for (const llvm::json::Value &V : *Fs) {
        const llvm::json::Object &F = *V.getAsObject();
        O.FindingFiles.insert(F.getString("file")->str());
        O.Where.push_back({unsigned(*F.getInteger("line")), unsigned(*F.getInteger("column"))});
      }
    if (const llvm::json::Array *Es = J.getArray("errors"))
      for (const llvm::json::Value &V : *Es) {
        const llvm::json::Object &E = *V.getAsObject();
        std::string File = E.getString("file")->str();
        O.ErrorKind[File] = E.getString("kind") ? E.getString("kind")->str() : "(none)";
        O.ErrorMessage[File] = E.getString("message")->str();
      }
    return O;
  }
  /// A command that runs the program given after it as another user, with
  /// the wavecheck binary last (empty: run wavecheck itself).
  std::vector<std::string> RunAs;
};

/// The good file's finding came out.
inline void expectGoodFinding(const Outcome &O) {
  EXPECT_EQ(O.FindingFiles.count("good.hip"), 1u)
      << "the good file given in the same run is still analysed:\n"
      << O.Out << O.Err;
}

} // namespace wavecheck::test

#endif
