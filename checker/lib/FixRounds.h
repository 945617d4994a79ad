//===--- FixRounds.h - `--fix`: analyse, fix, analyse again ----------------===//
///
/// \file
/// `--fix` applies the fix-its of a run in rounds (docs/fix.md): a fix can
/// expose the next finding (`tid & 31` widened to a 64-lane id makes
/// `1u << lane` wrong), so the files are analysed again after each round of
/// edits until nothing is left to fix, at most MaxFixRounds times. Each
/// round's edits are checked by the next analysis: a source that gained a
/// compiler error gets the files it read back as they were
/// (revertBreakingFixes).
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_FIXROUNDS_H
#define WAVECHECK_LIB_FIXROUNDS_H

#include "lib/Analysis.h"
#include "lib/Fixes.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <vector>

namespace wavecheck {

/// Rounds of analyse-and-fix `--fix` runs at most: a fix-it of one check can
/// expose a finding of another (two rounds in practice); more means a loop.
inline constexpr unsigned MaxFixRounds = 4;

/// What the rounds of one `--fix` run did.
struct FixRoundsResult {
  unsigned FileWrites = 0; ///< files written, summed over the rounds
  unsigned Rounds = 1;     ///< rounds run (1 .. MaxFixRounds)
  unsigned Restored = 0;   ///< files given their original content back
  /// Files refused, not written, in conflict or restored, each (file,
  /// message) once, in the order they happened. A Fatal one means exit 3.
  std::vector<InputError> Problems;
};

/// Runs `--fix` on the analysis \p R (whose report was printed): applies its
/// fix-its (the problems of this first round are also appended to R.Errors,
/// so they reach the gate), then analyses \p Opts again (without the progress
/// line) and fixes what is left, until a round changes no file or
/// MaxFixRounds rounds have run. \p ApplyBaseline takes the baselined
/// findings out of each new analysis before it is fixed (may be empty).
FixRoundsResult runFixRounds(RunResult &R, Options Opts,
                             const std::function<void(RunResult &)> &ApplyBaseline);

/// Prints \p F's problems (errors when Fatal, else warnings) and the note
/// "applied fix-its: N file writes in M rounds[, K files restored]" to \p OS
/// (stderr), prefixed "wavecheck". Returns true when a problem is Fatal.
bool printFixRounds(const FixRoundsResult &F, llvm::raw_ostream &OS);

} // namespace wavecheck

#endif
