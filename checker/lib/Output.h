//===--- Output.h - the reports: text, JSON, SARIF -------------------------===//
#ifndef WAVECHECK_LIB_OUTPUT_H
#define WAVECHECK_LIB_OUTPUT_H

#include "lib/Options.h"
#include "lib/RunResult.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace wavecheck {

/// Writes the findings as clang-style text or as the JSON of the README
/// ("JSON").
void printText(const RunResult &R, llvm::raw_ostream &OS, bool Color);
void printJson(const RunResult &R, llvm::raw_ostream &OS);
/// Writes the findings as SARIF 2.1.0 for GitHub code scanning (lib/Sarif.cpp
/// documents the URIs, regions, fingerprints and automation id); Opts.Arches
/// names the run.
void printSarif(const RunResult &R, const Options &Opts, llvm::raw_ostream &OS);

/// The path shown to users: relative to the working directory when under it.
std::string displayPath(llvm::StringRef AbsPath);

} // namespace wavecheck

#endif
