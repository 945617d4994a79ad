//===--- Baseline.h - the CI gate: --fail-on and --baseline ----------------===//
///
/// \file
/// What decides wavecheck's exit code once the analysis is done:
///
/// - `--fail-on=note|warning|error`: the lowest severity that fails the gate.
///   Finding::Severity is "warning" or "error" (warnings-as-errors); `note`
///   makes every finding fail.
/// - `--baseline=FILE`: findings recorded in FILE are known debt; they are
///   taken out of the report, the gate and the fix-its, like NOLINT comments
///   kept in a file. `--write-baseline=FILE` records today's findings.
///
/// A baseline entry is (check, file, source line) with a count: the file is
/// relative to the baseline file's directory (so the baseline can be committed
/// and used from any clone), the source line is the finding's line with
/// leading and trailing white space removed. Line numbers are not recorded, so
/// an entry survives edits above it; editing the line itself makes the finding
/// new. Identical entries are a multiset: a file with three equal findings
/// and a baseline counting two reports one.
///
/// The file is JSON, written sorted and deterministic:
/// \code
/// {"version": 1,
///  "findings": [{"check": "wave64-hardcoded-warp-size", "file": "src/a.hip",
///                "source": "int lane = tid % 32;", "count": 1}]}
/// \endcode
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_BASELINE_H
#define WAVECHECK_LIB_BASELINE_H

#include "lib/Options.h"
#include "lib/RunResult.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <string>
#include <tuple>

namespace wavecheck {

/// The baseline file format version this build reads and writes.
inline constexpr int BaselineVersion = 1;

/// The lowest finding severity that fails the gate (`--fail-on`).
enum class FailOn { Note, Warning, Error };

/// The exit code for \p R: ExitInputError when any InputError is fatal (it
/// wins over findings: the gate cannot pass on a partial analysis, and "fix
/// the input" is the first thing to do), else ExitFindings when a finding's
/// severity is at or above \p Level, else ExitClean. A finding of a parse
/// with compiler errors (Finding::ParseFailed) does not count.
int gateExitCode(const RunResult &R, FailOn Level);

/// One baseline entry's identity: check, file (relative to the baseline's
/// directory, '/'-separated) and the finding's source line, trimmed.
using BaselineKey = std::tuple<std::string, std::string, std::string>;

/// A parsed baseline: how many findings each key stands for (each >= 1).
struct Baseline {
  std::map<BaselineKey, unsigned> Counts;
  bool operator==(const Baseline &O) const { return Counts == O.Counts; }
};

/// Parses baseline JSON \p Text. \p Name (the file name) prefixes every error.
/// On failure returns false and sets \p Err to "<Name>:<line>:<col>: ..." for
/// malformed JSON, or "<Name>: at <json path>: expected ..." for a document of
/// the wrong shape (unknown version, a missing or mistyped field, a count
/// below 1). Never crashes on any input (fuzzed: fuzz/BaselineFuzzer.cpp).
bool parseBaseline(llvm::StringRef Text, llvm::StringRef Name, Baseline &Out,
                   std::string &Err);

/// Writes \p B as the baseline JSON (sorted by file, check, source).
void printBaseline(const Baseline &B, llvm::raw_ostream &OS);

/// Reads and parses the baseline file \p Path. Errors name the file.
bool loadBaseline(llvm::StringRef Path, Baseline &Out, std::string &Err);

/// The baseline of \p R's findings, keyed relative to \p BaselinePath's
/// directory.
Baseline makeBaseline(const RunResult &R, llvm::StringRef BaselinePath);

/// Writes the baseline of \p R to \p Path atomically (a temporary file, then
/// rename). False with \p Err naming the file on failure.
bool writeBaseline(const RunResult &R, llvm::StringRef Path, std::string &Err);

/// Removes from R.Findings those \p B accounts for (matched against
/// \p BaselinePath's directory, each entry's count at most once per finding,
/// earlier findings in R's order first), counting them per file in
/// R.Baselined. Returns how many were removed.
size_t applyBaseline(RunResult &R, const Baseline &B, llvm::StringRef BaselinePath);

/// \p Path relative to the directory \p Dir, both absolute, '/'-separated
/// ("../x/a.hip" when \p Path is outside \p Dir).
std::string relativePath(llvm::StringRef Path, llvm::StringRef Dir);

} // namespace wavecheck

#endif
