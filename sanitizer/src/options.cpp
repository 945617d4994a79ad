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

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>

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

bool parseValue(std::string_view V, unsigned &Out) {
  return (V.empty() || V.front() != '-') && parseInteger(V, Out);
}
const char *expected(const unsigned *) { return "a non-negative integer"; }
const char *typeName(const unsigned *) { return "unsigned"; }
std::string formatValue(unsigned V) { return std::to_string(V); }

// Doubles are durations: finite and not negative. strtod, not from_chars:
// g++ 12's libstdc++ has floating-point from_chars, but strtod is what every
// other sanitizer uses and it needs a NUL-terminated copy only.
bool parseValue(std::string_view V, double &Out) {
  std::string S(V);
  char *End = nullptr;
  errno = 0;
  double Value = S.empty() ? -1 : std::strtod(S.c_str(), &End);
  if (S.empty() || errno || End != S.c_str() + S.size() || !std::isfinite(Value) || Value < 0)
    return false;
  Out = Value;
  return true;
}
const char *expected(const double *) { return "a non-negative number"; }
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
  return fmt::format("wavesan: unknown option '{}' in {}; known options: {}\n", Key, Source,
                     knownOptions());
}

[[noreturn]] void optionsError(const std::string &Errors) {
  std::fputs(Errors.c_str(), stderr);
  std::fflush(nullptr);
  std::_Exit(OptionsErrorExitCode);
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
      std::ifstream In(O.suppressions);
      if (!In) {
        Errors = fmt::format("wavesan: cannot read suppressions file '{}' (option suppressions): "
                             "expected a readable file of kind:pattern lines\n",
                             O.suppressions);
      } else {
        std::stringstream Text;
        Text << In.rdbuf();
        Errors = suppressionsStorage().parse(Text.str(), O.suppressions);
      }
    }
    if (!Errors.empty())
      optionsError(Errors);
    if (O.help)
      std::fputs(optionsHelp().c_str(), stderr);
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
