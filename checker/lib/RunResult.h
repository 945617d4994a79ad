//===--- RunResult.h - what a run produces ---------------------------------===//
///
/// \file
/// The result of analysing a set of inputs: the merged findings (one check
/// firing at one place, from one or more passes, de-duplicated on check,
/// file, offset and message; lib/Findings.h), the inputs that could not be
/// analysed, and what `--fix` needs to know about the parses. Wavecheck's own
/// types only: clang-tidy's diagnostics are converted at the boundary
/// (lib/Findings.h, lib/RawDiagnostic.h).
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_RUNRESULT_H
#define WAVECHECK_LIB_RUNRESULT_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace wavecheck {

/// A location-carrying message attached to a finding.
struct Note {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Message;
};

/// One text replacement of a fix-it: byte offset and length in File.
struct Replacement {
  std::string File;
  unsigned Offset = 0, Length = 0;
  std::string Text;
};

/// A byte range in a file (offset and length in bytes).
struct ByteRange {
  std::string File;
  unsigned Offset = 0, Length = 0;
};

/// One message of a diagnostic as clang-tidy reported it, file names spelled
/// as the parse spelled them (Finding's are canonical absolute paths).
struct RawMessage {
  std::string Message;
  std::string FilePath;
  unsigned FileOffset = 0;
  /// The fix-it's replacements, grouped by file in clang-tidy's order.
  std::vector<Replacement> Fix;
  std::vector<ByteRange> Ranges; ///< the ranges the diagnostic highlights
};

/// A finding as clang-tidy reported it, kept for `--export-fixes`: the YAML
/// clang-apply-replacements reads (exportFixes, lib/Fixes.h) is written from
/// it. Converted from and to clang-tidy's diagnostic in lib/RawDiagnostic.h.
struct RawDiagnostic {
  enum LevelKind { Remark, Warning, Error };
  std::string DiagnosticName;
  RawMessage Message;
  std::vector<RawMessage> Notes;
  /// Error also for a warning made an error (warnings-as-errors).
  LevelKind Level = Warning;
  std::string BuildDirectory;
};

/// A merged finding: one check firing at one place, from one or more passes.
struct Finding {
  std::string Check;
  std::string Severity = "warning"; ///< "warning" or "error" (warnings-as-errors)
  std::string File;                 ///< absolute path
  unsigned Offset = 0, Line = 0, Column = 0;
  std::string Message;
  std::set<std::string> Targets;    ///< offload architectures it came from
  std::set<std::string> Passes;     ///< "device" and/or "host"
  std::vector<Replacement> Fixes;
  std::vector<Note> Notes;
  RawDiagnostic Raw;                ///< as clang-tidy produced it (YAML export)
  /// True when every pass that reported the finding had a compiler error
  /// (RunResult::ParseFailures): the AST it was found in is not the code's,
  /// so the finding may be wrong. Such a finding has no fix-it and does not
  /// fail the gate; the reports mark it (JSON `parse_failed`).
  bool ParseFailed = false;
  /// "ast" for the clang-tidy checks, "model" for the wave model
  /// (model/WaveModel.h), whose findings carry its note first.
  std::string Tier = "ast";
  /// With ParseFailed: the translation units (main files) whose failed
  /// parses reported it.
  std::set<std::string> FailedUnits;
};

/// An input that could not be (fully) analysed.
struct InputError {
  std::string File;
  std::string Message;
  /// True when the file could not be analysed (exit code 3); false for a
  /// missing header, after which the file's findings still come out.
  bool Fatal = true;
  /// What went wrong, for tools reading the JSON `errors` (README, "JSON"):
  /// "missing-header", "not-analysed", "no-input", "header-not-parsed" (a
  /// scanned header that no analysed source includes does not parse on its
  /// own; not Fatal, printed as a note), "fix-refused", "fix-failed",
  /// "fix-conflict"; empty means "not-analysed" when Fatal, else
  /// "incomplete".
  std::string Kind;
  /// For a compiler error: where clang reported it (absolute path, byte
  /// offset) and the byte ranges (offset, length) it highlighted in that
  /// file; the text report shows clang's excerpt and caret there
  /// (printText). Empty CompilerFile: no location.
  std::string CompilerFile;
  unsigned CompilerOffset = 0;
  std::vector<std::pair<unsigned, unsigned>> CompilerRanges;
};

struct RunResult {
  /// Every translation unit analysed (absolute, sorted): the scanned sources,
  /// the files named on the command line or by the compile database, and the
  /// scanned headers that no analysed source includes.
  std::vector<std::string> Files;
  /// Scanned headers analysed through the sources that include them, not on
  /// their own -> those sources (absolute, sorted).
  std::map<std::string, std::vector<std::string>> IncludedHeaders;
  std::vector<Finding> Findings;   ///< sorted by file, line, column, check
  std::vector<InputError> Errors;  ///< sorted by file, de-duplicated
  std::vector<std::string> Notes;  ///< driver notes (dropped nvcc flags ...)
  size_t PassesPerFile = 1;        ///< targets x passes each file was parsed in
  /// Every offload architecture some file was analysed for (sorted): the
  /// command line's, or those of the files' .wavecheck.yaml.
  std::vector<std::string> Arches;
  bool ConfigError = false;        ///< the compile database is unusable (exit 2)
  /// Per file (absolute): how many of its findings the `--baseline` took out
  /// of Findings (applyBaseline); the text summary says so.
  std::map<std::string, size_t> Baselined;
  /// xxh3_64bits of each file's content as the parses read it from disk (main
  /// files and headers; canonical absolute paths). std::nullopt: the file was
  /// read twice with different contents. --fix edits a file only while its
  /// content still hashes the same (applyFixes).
  std::map<std::string, std::optional<uint64_t>> ParsedContent;
  /// Per analysed source: every file its parses read from disk (itself and
  /// the headers it includes); --fix uses it to tell which edits broke a file.
  std::map<std::string, std::set<std::string>> FilesRead;
  /// Per analysed source: each pass that had a compiler error or crashed
  /// ("device pass for gfx942", "host pass for gfx90a") -> its first error
  /// ("file:line:col: message"). A compiler error on the line of a finding is
  /// the finding's consequence and does not count; neither does a missing
  /// header. --fix undoes a round of edits after which a pass fails that did
  /// not before.
  std::map<std::string, std::map<std::string, std::string>> ParseFailures;
};

} // namespace wavecheck

#endif
