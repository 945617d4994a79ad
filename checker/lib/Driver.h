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

enum class OutputFormat { Text, Json };

/// Everything the command line decides.
struct Options {
  std::vector<std::string> Inputs;      ///< files and directories
  std::vector<std::string> ExtraArgs;   ///< compile arguments after `--`
  std::string BuildPath;                ///< `-p`: directory of compile_commands.json
  std::vector<std::string> Arches;      ///< offload architectures (>= 1)
  bool HostPass = false;
  bool DevicePass = true;
  std::string Checks;                   ///< clang-tidy check globs
  OutputFormat Format = OutputFormat::Text;
  bool Fix = false;
  std::string ExportFixes;              ///< file for clang-apply-replacements YAML
  unsigned Jobs = 1;
  HeaderMode Headers = HeaderMode::Auto;
};

/// The default check globs: every wavecheck rule.
inline constexpr llvm::StringRef DefaultChecks = "wave64-*,fp8-*,xcd-*";

/// One source file to analyse and the compile command to parse it with.
struct Job {
  std::string File;              ///< absolute path
  std::string Directory;         ///< working directory of the compile command
  std::vector<std::string> Args; ///< user arguments, compiler and file excluded
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
};

/// An input that could not be (fully) analysed.
struct InputError {
  std::string File;
  std::string Message;
  /// True when the file could not be analysed (exit code 3); false for a
  /// missing header, after which the file's findings still come out.
  bool Fatal = true;
};

struct RunResult {
  std::vector<std::string> Files;  ///< every source analysed (absolute, sorted)
  std::vector<Finding> Findings;   ///< sorted by file, line, column, check
  std::vector<InputError> Errors;  ///< sorted by file, de-duplicated
  std::vector<std::string> Notes;  ///< driver notes (dropped nvcc flags ...)
  size_t PassesPerFile = 1;        ///< targets x passes each file was parsed in
  bool ConfigError = false;        ///< the compile database is unusable (exit 2)
};

/// Expands Options::Inputs and the compile database into jobs. Problems with
/// an input (missing file, unreadable database) become InputErrors.
std::vector<Job> collectJobs(const Options &Opts, RunResult &Out);

/// Runs every pass over every job (in parallel with Opts.Jobs threads) and
/// merges the results. Deterministic whatever Opts.Jobs is.
RunResult analyse(const Options &Opts);

/// Writes the findings as clang-style text or as the JSON of DESIGN.md.
void printText(const RunResult &R, llvm::raw_ostream &OS, bool Color);
void printJson(const RunResult &R, llvm::raw_ostream &OS);

/// Applies every fix of \p R to the files, each written atomically (temporary
/// file, then rename). Returns the number of files changed; problems are
/// appended to R.Errors.
unsigned applyFixes(RunResult &R);

/// Writes the fixes as the YAML clang-apply-replacements reads.
bool exportFixes(const RunResult &R, llvm::StringRef Path, std::string &Err);

/// The path shown to users: relative to the working directory when under it.
std::string displayPath(llvm::StringRef AbsPath);

} // namespace wavecheck

#endif
