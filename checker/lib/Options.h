//===--- Options.h - what the command line decides ------------------------===//
///
/// \file
/// The options of one wavecheck run (filled by tool/CommandLine.cpp, or by a
/// program using the driver library), the modes they choose between, and the
/// exit codes of the tool.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_OPTIONS_H
#define WAVECHECK_LIB_OPTIONS_H

#include "llvm/ADT/StringRef.h"
#include <cstddef>
#include <functional>
#include <optional>
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

} // namespace wavecheck

#endif
