//===--- explain_command.h - `wavesan explain` -----------------------------===//
///
/// \file
/// `wavesan explain <kind>`: prints the rule doc of a report kind (the name after
/// "wavesan:" in a report, e.g. barrier-deadlock) or of a rule id (the id after
/// "rule:"), from the copy of rules/ compiled into the CLI, so that it works
/// wherever the binary is. Exit status 0, or 2 for a missing or unknown kind (the
/// message names it and lists the known kinds). docs/wavesan-options.md.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <ostream>
#include <span>

namespace wavesan::cli {

/// Runs `wavesan explain` with \p Args (the arguments after "explain"); the doc
/// goes to \p Out, errors to \p Err. Returns the exit status.
int runExplain(std::span<const char *const> Args, std::ostream &Out, std::ostream &Err);

} // namespace wavesan::cli
