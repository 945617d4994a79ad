//===--- doctor_command.h - `wavesan doctor` --------------------------------===//
///
/// \file
/// `wavesan doctor [--format=text|json] [--strict] [recorded inputs]`: the node
/// runbook (wavesan/doctor.h), as an aligned
/// table or JSON. Exit status: 0 (also with warnings and unknown rows), 1 with
/// --strict when an item warns, 2 a usage error or a recorded input that cannot
/// be read (the message names the option and the file). docs/wavesan-doctor.md.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <ostream>
#include <span>

namespace wavesan::cli {

/// Runs `wavesan doctor` with \p Args (the arguments after "doctor"); the
/// runbook goes to \p Out, errors to \p Err. Returns the exit status.
int runDoctor(std::span<const char *const> Args, std::ostream &Out, std::ostream &Err);

} // namespace wavesan::cli
