//===--- CommandLine.h - wavecheck's command line -------------------------===//
///
/// \file
/// The flags of `wavecheck` (README, docs/config.md, docs/scans.md,
/// docs/gate.md, docs/fix.md) turned into what a run needs. Every value is
/// checked before the analysis starts, so a typo never costs a whole run: an
/// invalid value is a usage error (exit code 2) naming the flag and, for the
/// flags with a fixed set of values, the values it accepts.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_TOOL_COMMANDLINE_H
#define WAVECHECK_TOOL_COMMANDLINE_H

#include "lib/BaselineFlags.h"
#include "lib/Driver.h"
#include <optional>

namespace wavecheck {

/// `--color`: colours in the text report and in the messages on stderr.
enum class ColorMode { Auto, Always, Never };

/// One checked invocation.
struct Invocation {
  Options Opts;
  FailOn Gate = FailOn::Warning;   ///< `--fail-on`
  BaselineFlags Baselines;         ///< `--baseline`, `--write-baseline`
  bool DumpConfig = false;         ///< `--dump-config`
  ColorMode Color = ColorMode::Auto;
  /// `--color=auto` with NO_COLOR set to something (https://no-color.org).
  bool NoColorEnv = false;

  /// Colours in the report on stdout: `always`, or `auto` when stdout is a
  /// terminal and NO_COLOR is not set.
  bool reportColor() const;
};

/// Parses and checks the command line \p argv. Returns the exit code main
/// returns at once: ExitUsage after printing a usage error on stderr,
/// ExitClean after answering `--list-checks` or `--explain` on stdout
/// (`--help` and `--version` exit inside). std::nullopt: \p Inv is filled and
/// the run goes on.
std::optional<int> parseCommandLine(int argc, char **argv, Invocation &Inv);

/// Prints "wavecheck: error: <Msg>" on stderr; returns ExitUsage.
int usageError(const llvm::Twine &Msg);

} // namespace wavecheck

#endif
