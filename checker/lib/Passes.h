//===--- Passes.h - the passes over one job --------------------*- C++ -*-===//
///
/// \file
/// runJob parses one job in every pass it needs (a device pass per target
/// and, on request, the host pass) and collects its findings, compiler
/// errors and the files it read; analyse() (Analyse.cpp) schedules the jobs
/// and merges their results.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_PASSES_H
#define WAVECHECK_LIB_PASSES_H

#include "lib/Analysis.h"
#include "lib/Findings.h"
#include "lib/Fixes.h"
#include <map>
#include <string>
#include <vector>

namespace wavecheck {

/// What the passes over one job found.
struct JobResult {
  FindingSet Findings;
  std::vector<InputError> Errors;
  std::vector<std::string> Dropped; ///< nvcc-only flags dropped, as written
  std::vector<std::string> Notes; ///< run notes (one each, however many files give it)
  ContentLog Read; ///< files the parses read, hashed (for --fix and header scans)
  /// Each pass that failed ("host pass for gfx942") -> its first error
  /// (RunResult::ParseFailures).
  std::map<std::string, std::string> Failures;
};

/// Runs every pass \p Opts and \p J's configuration ask for over \p J. A
/// compiler error, a missing header or a parser crash becomes an InputError
/// of the result (a compiler error in a scanned header analysed on its own
/// is a non-fatal "header-not-parsed" one); nothing is thrown.
JobResult runJob(const Job &J, const Options &Opts);

} // namespace wavecheck

#endif
