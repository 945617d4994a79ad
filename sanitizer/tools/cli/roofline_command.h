//===--- roofline_command.h - `wavesan roofline` ----------------------------===//
///
/// \file
/// `wavesan roofline --params 70e9 --dtype bf16 [options]`: the decode and prefill roofline
/// of a dense model on one GPU (wavesan/roofline.h holds the arithmetic and its sources),
/// as text or JSON (--format=json). Exit status: 0 a report was printed (warnings, such as
/// weights larger than the GPU's memory, are part of it), 2 a usage error or a bad value
/// (the message names the option and what was expected). docs/wavesan-roofline.md.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <ostream>
#include <span>

namespace wavesan::cli {

/// Runs `wavesan roofline` with \p Args (the arguments after "roofline"); the report goes to
/// \p Out, errors to \p Err. Returns the exit status.
int runRoofline(std::span<const char *const> Args, std::ostream &Out, std::ostream &Err);

} // namespace wavesan::cli
