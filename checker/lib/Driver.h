//===--- Driver.h - the wavecheck driver's public interface ----------------===//
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
#ifndef WAVECHECK_LIB_DRIVER_H
#define WAVECHECK_LIB_DRIVER_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace wavecheck {

/// Which HIP headers a parse uses.
enum class HeaderMode {
  Auto,    ///< the project's ROCm when reachable, else the stand-in headers
  StandIn, ///< always wavecheck's bundled stand-in declarations (-nogpuinc)
  System   ///< whatever the compile command and clang's ROCm detection find
};

enum class OutputFormat { Text, Json, Sarif };

/// Exit codes (README, "Exit codes"; docs/gate.md).
enum ExitCode : int {
  ExitClean = 0,     ///< no finding at or above --fail-on
  ExitFindings = 1,  ///< findings fail the gate
  ExitUsage = 2,     ///< usage or configuration error
  ExitInputError = 3 ///< some input could not be analysed (or fixed)
};

/// Everything the command line decides.
struct Options {
  std::vector<std::string> Inputs;      ///< files and directories
  std::vector<std::string> ExtraArgs;   ///< compile arguments after `--`
  std::string BuildPath;                ///< `-p`: directory of compile_commands.json
  std::vector<std::string> Arches;      ///< offload architectures (>= 1)
  bool HostPass = false;
  bool DevicePass = true;
  bool WaveModel = true;                ///< model/WaveModel.h on 64-lane device passes
  std::string Checks;                   ///< clang-tidy check globs
  OutputFormat Format = OutputFormat::Text;
  bool Fix = false;
  std::string ExportFixes;              ///< file for clang-apply-replacements YAML
  unsigned Jobs = 1;
  HeaderMode Headers = HeaderMode::Auto;
  /// `--config-file`: one explicit configuration file used instead of the
  /// `.wavecheck.yaml` lookup (docs/config.md). Empty: lookup.
  std::string ConfigFile;
  /// `--checks` as given, applied after the configuration files' Checks.
  std::optional<std::string> CliChecks;
  /// `--warnings-as-errors` as given, applied after the configuration files'.
  std::optional<std::string> CliWarningsAsErrors;
  /// True when Arches came from `--offload-arch` (overrides OffloadArch in
  /// configuration files); false when it is the default.
  bool ArchesFromCommandLine = false;
  /// gitignore-style patterns (`--exclude`, `--exclude-from`) applied to
  /// directory scans, relative to each scanned directory (lib/Exclude.h).
  std::vector<std::string> Excludes;
  /// clang-tidy's `--extra-arg-before`: prepended to every compile command.
  std::vector<std::string> ExtraArgsBefore;
  /// Called after each file is analysed, under a lock (never concurrently),
  /// with files done, files in total and findings so far (per file, before
  /// de-duplication across files). Empty: no progress reporting.
  std::function<void(size_t Done, size_t Total, size_t Findings)> Progress;
};

/// The default check globs: every wavecheck rule.
inline constexpr llvm::StringRef DefaultChecks = "wave64-*,fp8-*,xcd-*";

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
  clang::tidy::ClangTidyError Raw;  ///< as clang-tidy produced it (YAML export)
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

/// Expands Options::Inputs and the compile database into jobs. Problems with
/// an input (missing file, unreadable database) become InputErrors.
std::vector<Job> collectJobs(const Options &Opts, RunResult &Out);

/// Runs every pass over every job (in parallel with Opts.Jobs threads) and
/// merges the results: first the sources and the files named on the command
/// line or by the compile database, then the scanned headers that none of
/// them read (RunResult::IncludedHeaders lists the others). Deterministic
/// whatever Opts.Jobs is.
RunResult analyse(const Options &Opts);

/// Writes the findings as clang-style text or as the JSON of the README
/// ("JSON").
void printText(const RunResult &R, llvm::raw_ostream &OS, bool Color);
void printJson(const RunResult &R, llvm::raw_ostream &OS);
/// Writes the findings as SARIF 2.1.0 for GitHub code scanning (lib/Sarif.cpp
/// documents the URIs, regions, fingerprints and automation id); Opts.Arches
/// names the run.
void printSarif(const RunResult &R, const Options &Opts, llvm::raw_ostream &OS);

/// What one `--fix` run has changed, kept across its rounds of
/// analyse-and-fix (docs/fix.md).
struct FixSession {
  /// File -> its content before this run's first edit of it.
  std::map<std::string, std::string> Original;
  /// File -> xxh3_64bits of the content this run last wrote to it.
  std::map<std::string, uint64_t> Written;
  /// Files this run no longer edits: a fix of theirs was refused or undone.
  std::set<std::string> Frozen;
  /// Files changed by the latest applyFixes call.
  std::set<std::string> LastRound;
};

/// Applies every fix of \p R to the files, each written atomically (temporary
/// file beside it, then rename; permissions kept). A file is left alone, with
/// an InputError naming it (Fatal, so exit code 3), when its content is not
/// the content R's parses read (R.ParsedContent: "changed since it was
/// analysed; not fixed", Kind "fix-refused"), when it is read-only (no write
/// permission bit, or not writable by this user; "fix-refused"), or when it
/// cannot be read or written ("fix-failed"). Overlapping fix-its are skipped
/// with a non-fatal "fix-conflict". Files in S->Frozen are skipped silently.
/// Returns the number of files changed; problems are appended to R.Errors.
unsigned applyFixes(RunResult &R, FixSession *S = nullptr);

/// Checks the edits of the latest applyFixes round: \p After is the analysis
/// of the fixed files, \p Before the analysis of the files before any edit.
/// For every source with a pass (a target, host or device) that fails in
/// \p After but did not in \p Before (RunResult::ParseFailures), every file
/// it read that S.LastRound changed gets its original content back
/// (atomically, and only while it still holds what --fix wrote) and is
/// frozen. Returns the number of files restored; problems and a note per
/// restored file are appended to \p Problems (Kind "fix-failed", Fatal).
unsigned revertBreakingFixes(const RunResult &Before, const RunResult &After,
                             FixSession &S, std::vector<InputError> &Problems);

/// Writes the fixes as the YAML clang-apply-replacements reads.
bool exportFixes(const RunResult &R, llvm::StringRef Path, std::string &Err);

/// The path shown to users: relative to the working directory when under it.
std::string displayPath(llvm::StringRef AbsPath);

} // namespace wavecheck

#endif
