//===--- args.h - option tables and parsing for the wavesan CLI ------------===//
///
/// \file
/// Each subcommand declares its options once, in a table of OptionSpec (name,
/// value name, group, help); the table drives both the parser and `--help`, in
/// the format of LLVM tools (`OVERVIEW:`, `USAGE:`, `OPTIONS:` with one
/// `  --name=<value>  - help` line per option, grouped). Values are given as
/// `--name value` or `--name=value`. Errors (unknown option, missing value, an
/// option given twice) throw UsageError with a message naming the option; the
/// caller prints it and exits with status 2.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace wavesan::cli {

/// A command-line mistake (exit status 2); what() is the whole message.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One option: `--Name` (a flag when ValueName is empty, else `--Name=<ValueName>`).
struct OptionSpec {
  const char *Name;
  const char *ValueName; ///< "" for a flag
  const char *Group;     ///< heading in --help ("Reduction options", ...)
  const char *Help;
};

/// Parsed options: values by name; flags map to "".
class ParsedArgs {
public:
  bool has(const std::string &Name) const { return Values.count(Name) != 0; }
  /// The value of \p Name, or std::nullopt when not given.
  std::optional<std::string> get(const std::string &Name) const;
  /// The value of a required option; throws UsageError naming it when missing.
  std::string required(const std::string &Name, const std::string &Context) const;
  /// A double (std::from_chars, whole value); throws UsageError on a bad number.
  double number(const std::string &Name, double Default) const;
  /// As number(), but inf and nan (which std::from_chars accepts) are a
  /// UsageError too: "--<Name>='inf': expected a finite number".
  double finiteNumber(const std::string &Name, double Default) const;
  /// An unsigned integer; throws UsageError on a bad or negative number.
  unsigned long long count(const std::string &Name, unsigned long long Default) const;
  std::map<std::string, std::string> Values;
};

/// Parses \p Args (after the subcommand) against \p Table. `--help` and `-h` are
/// recorded as "help". Positional arguments are errors: \p Command names the
/// subcommand in messages ("wavesan diff").
ParsedArgs parseArgs(std::span<const char *const> Args, std::span<const OptionSpec> Table,
                     const std::string &Command);

/// Writes LLVM-style help: OVERVIEW, USAGE lines, then the table's options by group.
std::string formatHelp(const std::string &Overview, const std::vector<std::string> &Usage,
                       std::span<const OptionSpec> Table);

} // namespace wavesan::cli
