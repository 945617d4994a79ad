//===--- options.cpp - WAVESAN_OPTIONS parser, defaults and help=1 ---------===//
///
/// Everything here is generated from flags.inc: the parser dispatches on the
/// flag's name to a parseValue() overload for its type, and help=1 prints
/// typeName(), formatValue() of the default and the description.
///
//===----------------------------------------------------------------------===//
#include "wavesan/options.h"
#include "wavesan/report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

extern "C" __attribute__((weak)) const char *__wavesan_default_options() { return nullptr; }

namespace wavesan {
namespace {

// Value parsers, one per flag type. Each returns false for a bad value;
// `expected` names what it accepts, for the error message.

bool parseValue(std::string_view V, bool &Out) {
  if (V == "1" || V == "true" || V == "yes")
    return Out = true, true;
  if (V == "0" || V == "false" || V == "no")
    return Out = false, true;
  return false;
}
const char *expected(const bool *) { return "a boolean (0, 1, true, false, yes or no)"; }
const char *typeName(const bool *) { return "bool"; }
std::string formatValue(bool V) { return V ? "1" : "0"; }

template <typename T> bool parseInteger(std::string_view V, T &Out) {
  if (!V.empty() && V.front() == '+')
    V.remove_prefix(1);
  T Value{};
  auto [End, Ec] = std::from_chars(V.data(), V.data() + V.size(), Value);
  if (V.empty() || Ec != std::errc() || End != V.data() + V.size())
    return false;
  Out = Value;
  return true;
}
// The only int flag is exitcode: an exit status, 0-255 (a wider value would be
// truncated by the OS: 256 would exit 0 and turn a failed run into a pass).
bool parseValue(std::string_view V, int &Out) {
  int Value = 0;
  if (!parseInteger(V, Value) || Value < 0 || Value > 255)
    return false;
  Out = Value;
  return true;
}
const char *expected(const int *) { return "an exit status from 0 to 255"; }
const char *typeName(const int *) { return "int"; }
std::string formatValue(int V) { return std::to_string(V); }

// The only unsigned flag is workers: bounded, so that a huge count is refused here
// instead of failing (std::system_error) when the threads are started.
bool parseValue(std::string_view V, unsigned &Out) {
  unsigned Value = 0;
  if (V.empty() || V.front() == '-' || !parseInteger(V, Value) || Value > MaxWorkers)
    return false;
  Out = Value;
  return true;
}
const char *expected(const unsigned *) {
  static const std::string Text = fmt::format(
      "a number of worker threads from 0 to {} (0: the hardware concurrency)", MaxWorkers);
  return Text.c_str();
}
const char *typeName(const unsigned *) { return "unsigned"; }
std::string formatValue(unsigned V) { return std::to_string(V); }

// Doubles are durations (the only one is kernel_timeout_s): finite, not negative and
// at most MaxKernelTimeoutSeconds (a longer wait overflows the clock's nanoseconds).
// strtod, not from_chars: g++ 12's libstdc++ has floating-point from_chars, but strtod
// is what every other sanitizer uses and it needs a NUL-terminated copy only.
bool parseValue(std::string_view V, double &Out) {
  std::string S(V);
  char *End = nullptr;
  errno = 0;
  double Value = S.empty() ? -1 : std::strtod(S.c_str(), &End);
  if (S.empty() || errno || End != S.c_str() + S.size() || !std::isfinite(Value) || Value < 0 ||
      Value > MaxKernelTimeoutSeconds)
    return false;
  Out = Value;
  return true;
}
const char *expected(const double *) {
  static const std::string Text =
      fmt::format("a non-negative number of seconds, at most {}", MaxKernelTimeoutSeconds);
  return Text.c_str();
}
const char *typeName(const double *) { return "double"; }
std::string formatValue(double V) { return fmt::format("{}", V); }

bool parseValue(std::string_view V, std::string &Out) { return Out = std::string(V), true; }
const char *expected(const std::string *) { return "a string"; }
const char *typeName(const std::string *) { return "string"; }
std::string formatValue(const std::string &V) { return V.empty() ? "\"\"" : V; }

bool parseValue(std::string_view V, WaveSize &Out) {
  if (V != "32" && V != "64")
    return false;
  Out.Lanes = V == "32" ? 32 : 64;
  return true;
}
const char *expected(const WaveSize *) { return "32 or 64"; }
const char *typeName(const WaveSize *) { return "32 or 64"; }
std::string formatValue(WaveSize V) { return std::to_string(V.Lanes); }

bool parseValue(std::string_view V, ReportFormat &Out) {
  if (V == "text")
    return Out = ReportFormat::Text, true;
  if (V == "json")
    return Out = ReportFormat::Json, true;
  return false;
}
const char *expected(const ReportFormat *) { return "text or json"; }
const char *typeName(const ReportFormat *) { return "text or json"; }
std::string formatValue(ReportFormat V) { return V == ReportFormat::Text ? "text" : "json"; }

// Separators between key=value pairs: compiler-rt's set.
bool isSeparator(char C) {
  return C == ':' || C == ',' || C == ' ' || C == '\t' || C == '\n' || C == '\r';
}

std::string knownOptions() {
  std::string Names;
#define WAVESAN_FLAG(Type, Name, Default, Description) Names += (Names.empty() ? "" : ", ") + std::string(#Name);
#include "wavesan/flags.inc"
#undef WAVESAN_FLAG
  return Names;
}

/// Levenshtein distance between \p A and \p B (insertions, deletions and
/// substitutions cost 1), compared without case. Written here rather than taken from
/// llvm::StringRef::edit_distance because the runtime links only Boost.Context and fmt:
/// every program built with wavesan-cc links it, and LLVM is not among its dependencies.
size_t editDistance(std::string_view A, std::string_view B) {
  auto Lower = [](char C) { return C >= 'A' && C <= 'Z' ? char(C - 'A' + 'a') : C; };
  std::vector<size_t> Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Row[J] = J;
  for (size_t I = 1; I <= A.size(); ++I) {
    size_t Diagonal = Row[0];
    Row[0] = I;
    for (size_t J = 1; J <= B.size(); ++J) {
      const size_t Above = Row[J];
      Row[J] = std::min({Row[J] + 1, Row[J - 1] + 1,
                         Diagonal + (Lower(A[I - 1]) == Lower(B[J - 1]) ? 0 : 1)});
      Diagonal = Above;
    }
  }
  return Row[B.size()];
}

/// The known option nearest to \p Key when it is close enough to be a misspelling (at
/// most one edit in three characters of the longer name, at least one), else "".
/// On a tie the first in flags.inc order.
std::string nearestOption(std::string_view Key) {
  std::string Best;
  size_t BestDistance = 0;
  auto Consider = [&](std::string_view Name) {
    const size_t D = editDistance(Key, Name);
    const size_t Allowed = std::max<size_t>(1, std::max(Key.size(), Name.size()) / 3);
    if (D <= Allowed && (Best.empty() || D < BestDistance))
      Best = std::string(Name), BestDistance = D;
  };
#define WAVESAN_FLAG(Type, Name, Default, Description) Consider(#Name);
#include "wavesan/flags.inc"
#undef WAVESAN_FLAG
  return Best;
}

/// Applies one key=value; "" or an error line.
std::string applyFlag(std::string_view Key, std::string_view Value, std::string_view Source,
                      Options &Opts) {
#define WAVESAN_FLAG(Type, Name, Default, Description)                                        \
  if (Key == #Name) {                                                                          \
    if (parseValue(Value, Opts.Name))                                                          \
      return "";                                                                               \
    return fmt::format("wavesan: bad value '{}' for option '{}' in {}: expected {}\n", Value, \
                       Key, Source, expected(&Opts.Name));                                     \
  }
#include "wavesan/flags.inc"
#undef WAVESAN_FLAG
  if (const std::string Near = nearestOption(Key); !Near.empty())
    return fmt::format("wavesan: unknown option '{}' in {}; did you mean '{}'? (help=1 lists "
                       "all options)\n",
                       Key, Source, Near);
  return fmt::format("wavesan: unknown option '{}' in {}; known options: {}\n", Key, Source,
                     knownOptions());
}

[[noreturn]] void optionsError(const std::string &Errors) {
  std::fputs(Errors.c_str(), stderr);
  std::fflush(nullptr);
  std::_Exit(OptionsErrorExitCode);
}

/// What kind of file \p Mode is, for "is a ..." messages.
const char *fileKind(mode_t Mode) {
  if (S_ISDIR(Mode))
    return "a directory";
  if (S_ISFIFO(Mode))
    return "a FIFO";
  if (S_ISCHR(Mode))
    return "a character device";
  if (S_ISBLK(Mode))
    return "a block device";
  if (S_ISSOCK(Mode))
    return "a socket";
  return "not a regular file";
}

/// Reads the suppressions file \p Path into \p Text: a regular file of at most
/// MaxSuppressionsBytes. Opened without blocking (a FIFO with no writer would hang the
/// program before main) and checked with fstat before anything is read (/dev/zero
/// never ends). \returns "" or the error line.
std::string readSuppressionsFile(const std::string &Path, std::string &Text) {
  const int Fd = ::open(Path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (Fd < 0)
    return fmt::format("wavesan: cannot read suppressions file '{}' (option suppressions): "
                       "expected a readable file of kind:pattern lines\n",
                       Path);
  struct stat St {};
  std::string Error;
  if (::fstat(Fd, &St) != 0 || !S_ISREG(St.st_mode)) {
    Error = fmt::format("wavesan: suppressions file '{}' (option suppressions) is {}; expected "
                        "a regular file of kind:pattern lines\n",
                        Path, fileKind(St.st_mode));
  } else if (static_cast<uint64_t>(St.st_size) > MaxSuppressionsBytes) {
    Error = fmt::format("wavesan: suppressions file '{}' (option suppressions) has {} bytes; "
                        "expected at most {} (1 MiB) of kind:pattern lines\n",
                        Path, St.st_size, MaxSuppressionsBytes);
  } else {
    // The size may change while reading: never read more than the bound.
    char Buf[4096];
    ssize_t N;
    while ((N = ::read(Fd, Buf, sizeof Buf)) > 0 && Text.size() <= MaxSuppressionsBytes)
      Text.append(Buf, static_cast<size_t>(N));
    if (N < 0 || Text.size() > MaxSuppressionsBytes)
      Error = fmt::format("wavesan: cannot read suppressions file '{}' (option suppressions): "
                          "{}; expected a regular file of at most {} bytes\n",
                          Path, N < 0 ? std::strerror(errno) : "it grew while being read",
                          MaxSuppressionsBytes);
  }
  ::close(Fd);
  return Error;
}

Suppressions &suppressionsStorage() {
  static Suppressions S;
  return S;
}

Options &mutableOptions() {
  static Options Opts = [] {
    std::string Errors;
    Options O = loadOptions(__wavesan_default_options(), std::getenv("WAVESAN_OPTIONS"), Errors);
    if (Errors.empty() && !O.suppressions.empty()) {
      std::string Text;
      Errors = readSuppressionsFile(O.suppressions, Text);
      if (Errors.empty())
        Errors = suppressionsStorage().parse(Text, O.suppressions);
    }
    if (!Errors.empty())
      optionsError(Errors);
    if (O.help)
      std::fputs(optionsHelp().c_str(), stderr);
    detail::installFailAtExit(O);
    return O;
  }();
  return Opts;
}

} // namespace

std::string parseOptions(std::string_view Text, std::string_view Source, Options &Opts) {
  std::string Errors;
  size_t I = 0, N = Text.size();
  while (I < N) {
    while (I < N && isSeparator(Text[I]))
      ++I;
    if (I == N)
      break;
    size_t KeyStart = I;
    while (I < N && Text[I] != '=' && !isSeparator(Text[I]))
      ++I;
    std::string_view Key = Text.substr(KeyStart, I - KeyStart);
    if (I == N || Text[I] != '=' || Key.empty()) {
      while (I < N && !isSeparator(Text[I]))
        ++I;
      Errors += fmt::format("wavesan: expected key=value in {}, found '{}'\n", Source,
                            Text.substr(KeyStart, I - KeyStart));
      continue;
    }
    ++I; // '='
    std::string_view Value;
    if (I < N && (Text[I] == '\'' || Text[I] == '"')) {
      char Quote = Text[I++];
      size_t End = Text.find(Quote, I);
      if (End == std::string_view::npos) {
        Errors += fmt::format("wavesan: unterminated quoted value for option '{}' in {}: "
                              "expected a closing {}\n",
                              Key, Source, Quote);
        break;
      }
      Value = Text.substr(I, End - I);
      I = End + 1;
    } else {
      size_t ValueStart = I;
      while (I < N && !isSeparator(Text[I]))
        ++I;
      Value = Text.substr(ValueStart, I - ValueStart);
    }
    Errors += applyFlag(Key, Value, Source, Opts);
  }
  return Errors;
}

Options loadOptions(const char *Hook, const char *Env, std::string &Errors) {
  Options Opts;
  Errors.clear();
  if (Hook)
    Errors += parseOptions(Hook, "__wavesan_default_options()", Opts);
  if (Env)
    Errors += parseOptions(Env, "WAVESAN_OPTIONS", Opts);
  return Opts;
}

std::string optionsHelp() {
  const Options Defaults;
  std::string Text = "Available options for wavesan (WAVESAN_OPTIONS=key=value:key=value; "
                     "precedence: defaults < __wavesan_default_options() < WAVESAN_OPTIONS):\n";
#define WAVESAN_FLAG(Type, Name, Default, Description)                                        \
  Text += fmt::format("\t{} ({}, default: {})\n\t\t- {}\n", #Name, typeName(&Defaults.Name),   \
                      formatValue(Defaults.Name), Description);
#include "wavesan/flags.inc"
#undef WAVESAN_FLAG
  return Text;
}

const Options &options() { return mutableOptions(); }

namespace detail {
bool loadOptionsAtStartup() {
  (void)mutableOptions();
  return true;
}
} // namespace detail

namespace detail {
void checkWorkers(unsigned Workers) {
  if (Workers > MaxWorkers)
    optionsError(fmt::format("wavesan: bad worker count {} passed to setWorkers: expected 0 to "
                             "{} (0: the option workers)\n",
                             Workers, MaxWorkers));
}
void checkKernelTimeout(double Seconds) {
  if (std::isnan(Seconds) || Seconds > MaxKernelTimeoutSeconds)
    optionsError(fmt::format("wavesan: bad kernel timeout {} passed to setKernelTimeout: "
                             "expected at most {} seconds (0 disables the watchdog, a negative "
                             "value goes back to the option)\n",
                             Seconds, MaxKernelTimeoutSeconds));
}
} // namespace detail

void setWaveSize(unsigned Lanes) {
  if (Lanes != 32 && Lanes != 64)
    optionsError(fmt::format("wavesan: bad wave size {} passed to setWaveSize: expected 32 or 64\n",
                             Lanes));
  mutableOptions().wave_size.Lanes = Lanes;
}

const Suppressions &activeSuppressions() {
  (void)mutableOptions();
  return suppressionsStorage();
}

} // namespace wavesan
