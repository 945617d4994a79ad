//===--- Config.h - .wavecheck.yaml: parsing, lookup, effective options ----===//
///
/// \file
/// wavecheck's configuration file, `.wavecheck.yaml`, in clang-tidy's YAML
/// schema (`Checks`, `CheckOptions`, `WarningsAsErrors`, `HeaderFilterRegex`,
/// `ExcludeHeaderFilterRegex`, `InheritParentConfig`) plus `OffloadArch`.
/// The clang-tidy keys are read by clang-tidy's own parser
/// (clang::tidy::parseConfigurationWithDiags), so they mean what they mean in
/// a `.clang-tidy`; this file adds the key check, `OffloadArch` and the
/// validation of globs, regexes and check options. docs/config.md is the
/// user documentation.
///
/// Lookup, as clang-tidy's FileOptionsProvider: the nearest `.wavecheck.yaml`
/// upward from a file's directory wins; with `InheritParentConfig: true` it is
/// applied on top of the next one up. A project's `.clang-tidy` is never read.
///
/// Precedence (each later source overrides or, for the glob lists, appends):
/// defaults (Checks = DefaultChecks, HeaderFilterRegex = ".*", the
/// --offload-arch default) <- config files, outermost first <- the command
/// line (--checks, --warnings-as-errors, --offload-arch).
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_CONFIG_H
#define WAVECHECK_LIB_CONFIG_H

#include "lib/Analysis.h"

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace wavecheck {

/// The configuration file name looked up from each analysed file.
inline constexpr llvm::StringRef ConfigFileName = ".wavecheck.yaml";

/// One parsed configuration file: only the keys it sets.
struct WavecheckConfig {
  /// The clang-tidy keys, as clang::tidy::parseConfiguration reads them
  /// (fields the file does not set are std::nullopt / empty).
  clang::tidy::ClangTidyOptions Tidy;
  /// `OffloadArch`: target names (validated against the target table, <wavecommon/targets.h>), in
  /// the order written; std::nullopt when the file does not set it.
  std::optional<std::vector<std::string>> OffloadArch;
  /// 1-based line of each top-level key ("Checks", ...) and of each check
  /// option ("CheckOptions.<name>"), for errors found after parsing.
  llvm::StringMap<unsigned> KeyLines;
};

/// Parses the text of one configuration file. \p Name is only used in
/// messages. Never crashes on any bytes. On failure returns false and sets
/// \p Err to one clang-style message,
/// `<Name>:<line>:<column>: <what is wrong>; expected <what>` (no trailing
/// newline). Rejects: YAML syntax errors, more than one document, a
/// top level that is not a mapping, unknown or unsupported keys, duplicate
/// keys, wrong value types (as clang-tidy's parser does), glob items in
/// `Checks`/`WarningsAsErrors` that match no wavecheck check, invalid
/// regexes, unknown `OffloadArch` targets. Check option names and values are
/// not validated here (that needs the check registry: ConfigResolver).
bool parseConfigFile(llvm::StringRef Text, llvm::StringRef Name, WavecheckConfig &Out,
                     std::string &Err);

/// True when every item of the clang-tidy glob list \p Globs (`-` stripped)
/// matches at least one wavecheck check; else false with the first item that
/// matches none in \p Unmatched (a typo would silently change nothing).
bool globsMatchChecks(llvm::StringRef Globs, std::string &Unmatched);

/// Reads and parses the file at \p Path (messages name it as displayPath
/// shows it). False with \p Err when it cannot be read or is invalid.
bool loadConfigFile(llvm::StringRef Path, WavecheckConfig &Out, std::string &Err);

/// The options one source file is analysed with.
struct FileConfig {
  /// Effective clang-tidy options: Checks (DefaultChecks, then each config
  /// file's, then --checks, comma-joined as clang-tidy merges them; without
  /// a leading "-*"), WarningsAsErrors, HeaderFilterRegex,
  /// ExcludeHeaderFilterRegex and CheckOptions.
  clang::tidy::ClangTidyOptions Tidy;
  /// Offload architectures: --offload-arch when given, else the nearest
  /// config's OffloadArch, else Options::Arches (the default).
  std::vector<std::string> Arches;
  /// Configuration files applied, outermost first (absolute paths).
  std::vector<std::string> Sources;
};

/// Finds and merges the configuration of each file. Parsed files and
/// per-directory results are cached; safe to call from several threads.
class ConfigResolver {
public:
  /// Reads Options::ConfigFile, CliChecks, CliWarningsAsErrors, Arches and
  /// ArchesFromCommandLine.
  explicit ConfigResolver(const Options &Opts);

  /// The configuration for the source file \p AbsFile (or, when it is a
  /// directory, for files in it). nullptr on error: the first invalid
  /// configuration file met, \p Where = "<file>:<line>:<column>" (or the
  /// file alone) and \p What = the message (see parseConfigFile).
  std::shared_ptr<const FileConfig> forFile(llvm::StringRef AbsFile, std::string &Where,
                                            std::string &What);

private:
  struct Loaded {
    std::shared_ptr<const WavecheckConfig> Config;
    std::string Path;
    std::string Where, What; ///< the problem when Config is null
  };
  struct Chain {
    std::vector<Loaded> Files;    ///< outermost first
    std::optional<Loaded> Broken; ///< the invalid file met, if any
  };
  Loaded load(const std::string &Path);
  Chain chainFor(const std::string &Dir);
  std::shared_ptr<const FileConfig> merge(const Chain &C);

  const Options &Opts;
  std::mutex Mutex;
  std::map<std::string, Loaded> Files;  ///< by config file path
  std::map<std::string, Chain> Chains;  ///< by directory
  std::map<std::string, std::shared_ptr<const FileConfig>> Merged; ///< by directory
};

/// Resolves the configuration of every job (Job::Config). Returns false, with
/// one InputError per invalid configuration file in \p Out.Errors and
/// Out.ConfigError set, when a configuration file is invalid: a broken
/// configuration stops the whole run (exit 2), as a typo in a rule switch
/// must not silently change what the gate checks.
bool resolveConfigs(const Options &Opts, std::vector<Job> &Jobs, RunResult &Out);

/// The effective configuration as YAML: clang-tidy's dumpConfiguration format
/// (configurationAsText, with the options of the enabled checks filled in as
/// clang-tidy --dump-config does) plus `OffloadArch`, after comment lines
/// naming the configuration files applied.
std::string dumpConfig(const FileConfig &C);

} // namespace wavecheck

#endif
