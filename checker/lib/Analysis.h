//===--- Analysis.h - from inputs to a merged result -----------------------===//
///
/// \file
/// The driver runs the wavecheck checks (a clang-tidy module) over HIP/CUDA
/// sources: one device pass per target (`--cuda-device-only
/// --offload-arch=X`) and, on request, a host pass; it merges the findings of
/// all passes, de-duplicated on (check, file, offset, message), keeping the
/// targets and passes each came from. Errors are counted, never thrown: one
/// broken input never stops the others.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_ANALYSIS_H
#define WAVECHECK_LIB_ANALYSIS_H

#include "lib/Options.h"
#include "lib/RunResult.h"
#include <memory>
#include <string>
#include <vector>

namespace wavecheck {

struct FileConfig; // lib/Config.h

/// One source file to analyse and the compile command to parse it with.
struct Job {
  std::string File;              ///< absolute path
  std::string Directory;         ///< working directory of the compile command
  std::vector<std::string> Args; ///< user arguments, compiler and file excluded
  /// Effective configuration (lib/Config.h), set by analyse(); null: the
  /// command-line options alone.
  std::shared_ptr<const FileConfig> Config;
  /// A header (.cuh, .h, .hpp) found by a directory scan: analysed through
  /// the sources that include it, and on its own only when none does (then a
  /// compiler error in it is a note, not an input error; docs/scans.md).
  /// False for files named on the command line or by the compile database.
  bool ScannedHeader = false;
};

/// Expands Options::Inputs and the compile database into jobs. Problems with
/// an input (missing file, unreadable database) become InputErrors.
std::vector<Job> collectJobs(const Options &Opts, RunResult &Out);

/// Runs every pass over every job (in parallel with Opts.Jobs threads) and
/// merges the results: first the sources and the files named on the command
/// line or by the compile database, then the scanned headers that none of
/// them read (RunResult::IncludedHeaders lists the others). Deterministic
/// whatever Opts.Jobs is.
RunResult analyse(const Options &Opts);

} // namespace wavecheck

#endif
