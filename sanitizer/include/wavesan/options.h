//===--- options.h - WAVESAN_OPTIONS, parsed once ---------------------------===//
///
/// \file
/// wavesan's run-time options, in the manner of compiler-rt's sanitizer flags.
/// Every flag is declared once in flags.inc (type, name, default, description);
/// that list generates the `Options` struct below, the parser and the `help=1`
/// text. Precedence: defaults < `__wavesan_default_options()` (a weak hook the
/// program may define, like `__asan_default_options`) < the `WAVESAN_OPTIONS`
/// environment variable. docs/wavesan-options.md documents every flag.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

/// Options compiled into the program, applied before WAVESAN_OPTIONS. wavesan
/// declares it weak; define it (with C linkage) to return e.g. "halt_on_error=1".
extern "C" const char *__wavesan_default_options();

namespace wavesan {

/// A wavefront width in lanes: 32 or 64 (gfx942, the default, runs 64).
/// Converts to `unsigned`, so `options().wave_size == 64` reads naturally.
struct WaveSize {
  unsigned Lanes = 64;
  constexpr operator unsigned() const { return Lanes; }
};

/// `report_format`: sanitizer-style text blocks or one JSON object per line.
enum class ReportFormat { Text, Json };

/// All options, one member per line of flags.inc, initialised to its default.
struct Options {
#define WAVESAN_FLAG(Type, Name, Default, Description) Type Name = Default;
#include "wavesan/flags.inc"
#undef WAVESAN_FLAG
};

/// The most worker threads `workers` (and setWorkers) accept.
constexpr unsigned MaxWorkers = 1024;
/// The longest `kernel_timeout_s` (and setKernelTimeout) accepted: about 11.6 days. A
/// wait much longer (1e10 s) overflows the clock's 64-bit nanoseconds and fails at once.
constexpr double MaxKernelTimeoutSeconds = 1e6;
/// The largest suppressions file read (a larger one, or one that is not a regular
/// file, is an options error).
constexpr uint64_t MaxSuppressionsBytes = 1 << 20;

/// Exit status of a process whose options (WAVESAN_OPTIONS, the default-options
/// hook, the suppressions file, setWaveSize) are invalid. 2, as for a usage or
/// configuration error of wavecheck, so that CI can tell a broken
/// configuration from a finding (`exitcode`, default 1).
constexpr int OptionsErrorExitCode = 2;

/// The process's options: defaults, then `__wavesan_default_options()`, then
/// WAVESAN_OPTIONS, parsed on the first call (thread-safe) and loaded with the
/// suppressions file. Programs that include <hip/hip_runtime.h> make that
/// first call at startup (detail::loadOptionsAtStartup). On an unknown key or a bad value, prints one
/// `wavesan: ...` line per error naming the key, the value and what was
/// expected, and exits with OptionsErrorExitCode. With `help=1`, prints
/// optionsHelp() to stderr and continues.
const Options &options();

namespace detail {
/// Calls options() and returns true. <hip/hip_runtime.h> (host_api.h) calls it
/// from the initializer of an inline variable, so every program that includes
/// it parses WAVESAN_OPTIONS at startup, before main: help=1 is printed and a
/// bad option exits with OptionsErrorExitCode even if no kernel is launched.
bool loadOptionsAtStartup();
/// setWorkers' and setKernelTimeout's checks: a value over MaxWorkers, or over
/// MaxKernelTimeoutSeconds (or NaN), prints one `wavesan: ...` line naming it and the
/// bound and exits with OptionsErrorExitCode.
void checkWorkers(unsigned Workers);
void checkKernelTimeout(double Seconds);
} // namespace detail

/// Overrides `wave_size` for the launches that follow (call it from the host
/// thread, between launches). \p Lanes must be 32 or 64; any other value is an
/// error that exits with OptionsErrorExitCode.
void setWaveSize(unsigned Lanes);

/// Applies \p Text (`key=value` pairs separated by ':', ',', spaces, tabs or
/// newlines; a value may be quoted with ' or ") to \p Opts, on top of what it
/// holds. \p Source names the text in errors ("WAVESAN_OPTIONS").
/// \returns "" on success, else one line per error, each starting with
///          "wavesan: " and naming the key, the value and the expected type.
std::string parseOptions(std::string_view Text, std::string_view Source, Options &Opts);

/// The options of a process whose hook returns \p Hook and whose environment
/// holds \p Env (either may be null), in precedence order; errors as for
/// parseOptions. options() is this function applied to the real hook and
/// environment; tests call it directly.
Options loadOptions(const char *Hook, const char *Env, std::string &Errors);

/// The `help=1` text: a heading line, then per flag a line
/// "\t<name> (<type>, default: <default>)" and a line "\t\t- <description>".
std::string optionsHelp();

} // namespace wavesan
