//===--- RawDiagnostic.h - clang-tidy's diagnostics, and back --------------===//
///
/// \file
/// The boundary between clang-tidy's diagnostic type and wavecheck's own
/// (RawDiagnostic, lib/RunResult.h): a finding keeps its diagnostic as
/// clang-tidy reported it for `--export-fixes`, without exposing
/// clang-tidy's type to the code that reads findings.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_RAWDIAGNOSTIC_H
#define WAVECHECK_LIB_RAWDIAGNOSTIC_H

#include "lib/RunResult.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"

namespace wavecheck {

/// \p E in wavecheck's own type: its messages with the file names as
/// clang-tidy spelled them, fix-its and ranges; the level is Error for a
/// warning made an error (warnings-as-errors), as clang-tidy exports it.
RawDiagnostic rawDiagnostic(const clang::tidy::ClangTidyError &E);

/// \p D as the clang-tidy diagnostic clang::tidy::exportReplacements writes
/// (the inverse of rawDiagnostic, with the warnings-as-errors level folded
/// into Level).
clang::tidy::ClangTidyError tidyError(const RawDiagnostic &D);

} // namespace wavecheck

#endif
