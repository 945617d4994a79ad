//===--- xcd_command.h - `wavesan xcd` --------------------------------------===//
///
/// \file
/// `wavesan xcd --m M --n N --k K [options]`: the XCD dispatch / per-XCD L2
/// model of wavesan/xcd.h for a tiled GEMM: bytes fetched into each XCD's L2
/// and hit rates for the row-major (or a recorded, --order) tile order, the
/// XCD remap, GROUP_M grouping and remap + grouping; `--svg FILE` writes the
/// picture. `wavesan xcd --seed-example [--svg FILE]` prints the worked example of one
/// tile row of a BF16 GEMM (docs/hardware.md) and draws it. Exit status: 0 success, 2 a usage error or an unreadable input
/// (the message names it). docs/wavesan-xcd.md.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <ostream>
#include <span>

namespace wavesan::cli {

/// Runs `wavesan xcd` with \p Args (the arguments after "xcd"); the report goes
/// to \p Out, errors to \p Err. Returns the exit status.
int runXcd(std::span<const char *const> Args, std::ostream &Out, std::ostream &Err);

} // namespace wavesan::cli
