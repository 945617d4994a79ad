//===--- diff_command.h - `wavesan diff` ------------------------------------===//
///
/// \file
/// `wavesan diff --op reduce|gemm ...`: loads a kernel's inputs and output from
/// .npy files, calls wavesan::diff_reduction / diff_gemm (diff.h) and prints
/// its report. Exit status: 0 the output matches the reference, 1 a mismatch
/// was found (the report names it), 2 a usage error or an input that cannot be
/// used (the message names the file and what was expected).
///
//===----------------------------------------------------------------------===//
#pragma once

#include <ostream>
#include <span>

namespace wavesan::cli {

/// Runs `wavesan diff` with \p Args (the arguments after "diff"); the report
/// goes to \p Out, errors to \p Err. Returns the exit status.
int runDiff(std::span<const char *const> Args, std::ostream &Out, std::ostream &Err);

} // namespace wavesan::cli
