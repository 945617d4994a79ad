//===--- BaselineFlags.h - `--baseline` and `--write-baseline` of a run ----===//
///
/// \file
/// The two baseline flags of one run (docs/gate.md): both are checked before
/// the analysis (a typo must not cost a whole run), then, once the analysis
/// is done, today's findings are recorded (`--write-baseline`) and the known
/// ones taken out of the report, the gate and the fix-its (`--baseline`).
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_BASELINEFLAGS_H
#define WAVECHECK_LIB_BASELINEFLAGS_H

#include "lib/Baseline.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>

namespace wavecheck {

class BaselineFlags {
public:
  BaselineFlags() = default;

  /// Checks the flags' values: \p Read is `--baseline`'s value (std::nullopt
  /// when not given), read and parsed now; \p Write is `--write-baseline`'s,
  /// whose directory must exist and be writable (the file is not created
  /// yet). False with \p Err, a usage error naming the flag, otherwise:
  /// "--baseline needs a file name", loadBaseline's errors,
  /// "--write-baseline needs a file name", "cannot write --write-baseline
  /// file '<f>': its directory does not exist or is not writable".
  bool set(const std::optional<std::string> &Read, const std::optional<std::string> &Write,
           std::string &Err);

  /// True when `--write-baseline` was given: every finding is recorded, so
  /// none fails the gate.
  bool writes() const { return !WritePath.empty(); }

  /// Takes the findings `--baseline` records out of \p R (applyBaseline).
  /// Returns how many; 0 without `--baseline`.
  size_t apply(RunResult &R) const;

  /// After the analysis: records \p R's findings in the `--write-baseline`
  /// file, then takes the baselined findings out of \p R, each step with a
  /// note on \p Errs ("recorded N findings in the baseline <f>", "N findings
  /// suppressed by the baseline <f>"). Returns the error of a baseline file
  /// that could not be written (exit 3 after the report), else "".
  std::string record(RunResult &R, llvm::raw_ostream &Errs) const;

private:
  std::string ReadPath, WritePath;
  Baseline Known;
};

} // namespace wavecheck

#endif
