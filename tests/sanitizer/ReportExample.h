//===--- ReportExample.h - the example finding of the report tests -*- C++ -*-===//
///
/// \file
/// One finding (a ballot result narrowed to 32 bits in lane 37 of block_scan) and its
/// text block with pid 12345, written out by hand: the golden the report format and
/// report output tests (ReportTest.cpp, ReportOutputTest.cpp) share.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/report.h"

namespace wavesan::test {

/// The example finding: a ballot result narrowed to 32 bits.
inline ReportLocation scanLane37() {
  ReportLocation W;
  W.File = "scan.hip";
  W.Line = 42;
  W.Kernel = "block_scan";
  W.Block = {3, 0, 0};
  W.Thread = {37, 0, 0};
  W.Wave = 0;
  W.Lane = 37;
  return W;
}
inline const char *const MaskDetails = "ballot result with lanes 32-63 set converted to 32-bit "
                                "'unsigned int' (mask 0xffff0000ffffffff)";

inline const char *const ScanGolden =
    "==12345==ERROR: wavesan: lane-mask-truncated in kernel block_scan\n"
    "  ballot result with lanes 32-63 set converted to 32-bit 'unsigned int' (mask "
    "0xffff0000ffffffff)\n"
    "  at scan.hip:42 in block_scan, block (3,0,0), thread (37,0,0), wave 0, lane 37\n"
    "  rule: wave64-lane-mask-width (run `wavecheck --explain=wave64-lane-mask-width`)\n"
    "  hint: keep ballot results in a 64-bit type (unsigned long long / uint64_t)\n"
    "SUMMARY: wavesan: lane-mask-truncated scan.hip:42 in block_scan\n";

} // namespace wavesan::test
