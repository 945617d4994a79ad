//===--- Progress.h - the progress line of long scans ----------------------===//
///
/// \file
/// `--progress=auto|always|never`: while files are analysed, one line on
/// stderr, `wavecheck: 12/200 files, 5 findings`, rewritten in place with
/// '\r' after each file and erased when the last file is done. Never on
/// stdout, so JSON and SARIF reports stay clean. `auto` (the default) shows
/// it only when stderr is a terminal.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_PROGRESS_H
#define WAVECHECK_LIB_PROGRESS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <cstddef>
#include <functional>

namespace wavecheck {

enum class ProgressMode { Auto, Always, Never };

/// The Options::Progress callback for \p Mode writing to \p OS (stderr), or
/// an empty function when no progress is shown (`never`, or `auto` when
/// stderr is not a terminal). \p OS must outlive the callback.
std::function<void(size_t Done, size_t Total, size_t Findings)>
makeProgressLine(ProgressMode Mode, llvm::raw_ostream &OS);

} // namespace wavecheck

#endif
