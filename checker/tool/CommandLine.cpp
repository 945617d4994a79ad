//===--- CommandLine.cpp - wavecheck's command line -----------------------===//
#include "tool/CommandLine.h"

#include "checks/Targets.h"
#include "lib/Catalogue.h"
#include "lib/Config.h"
#include "lib/Exclude.h"
#include "lib/Progress.h"

#include "clang-tidy/GlobList.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace llvm;

namespace wavecheck {

int usageError(const Twine &Msg) {
  WithColor::error(errs(), "wavecheck") << Msg << "\n";
  return ExitUsage;
}

bool Invocation::reportColor() const {
  return Color == ColorMode::Always ||
         (Color == ColorMode::Auto && !NoColorEnv && outs().has_colors());
}

namespace {

/// "a, b or c" from the names \p P accepts, in their order.
std::string acceptedValues(const cl::generic_parser_base &P) {
  std::string S;
  for (unsigned I = 0, N = P.getNumOptions(); I != N; ++I)
    S += (I == 0 ? "" : I + 1 == N ? " or " : ", ") + P.getOption(I).str();
  return S;
}

/// cl::parser for a flag with a fixed set of values (cl::values) whose
/// invalid value is a usage error in wavecheck's words, "invalid --format
/// 'xml'; expected text, json or sarif", instead of LLVM's "Cannot find
/// option named 'xml'!", which does not say what is accepted.
template <class T> class ChoiceParser : public cl::parser<T> {
public:
  using cl::parser<T>::parser;

  bool parse(cl::Option &O, StringRef, StringRef Arg, T &V) {
    for (const auto &Choice : this->Values)
      if (Choice.Name == Arg) {
        V = Choice.V.getValue();
        return false;
      }
    usageError("invalid --" + O.ArgStr + " '" + Arg + "'; expected " + acceptedValues(*this));
    return true;
  }
};

/// `--passes`: the values are listed for --help; the parse takes a comma
/// list of `device` and `host` in either order.
enum class PassSelection { Device, Host, HostAndDevice };

class PassesParser : public cl::parser<PassSelection> {
public:
  using cl::parser<PassSelection>::parser;

  bool parse(cl::Option &, StringRef, StringRef Arg, PassSelection &V) {
    bool Device = false, Host = false;
    for (StringRef P : split(Arg, ',')) {
      if (P.trim() == "device")
        Device = true;
      else if (P.trim() == "host")
        Host = true;
      else {
        usageError("invalid --passes value '" + Arg + "'; expected " + acceptedValues(*this));
        return true;
      }
    }
    V = Device && Host ? PassSelection::HostAndDevice
        : Host         ? PassSelection::Host
                       : PassSelection::Device;
    return false;
  }
};

cl::OptionCategory Category("wavecheck options");

cl::list<std::string> Inputs(cl::Positional, cl::desc("<file|dir>..."),
                             cl::cat(Category));
cl::opt<std::string> BuildPath("p", cl::desc("Build directory with compile_commands.json"),
                               cl::value_desc("build-dir"), cl::cat(Category));
cl::list<std::string> Arches("offload-arch",
                             cl::desc("Target to check for (repeatable; default gfx942)"),
                             cl::value_desc("gfxNNN"), cl::CommaSeparated,
                             cl::cat(Category));
cl::opt<bool> WaveModelOpt(
    "wave-model",
    cl::desc("Also run the wave model on the device pass of 64-lane targets: the kernels' "
             "IR run at wave 32 and wave 64 and compared (default on; "
             "--wave-model=false for a faster pre-commit run)"),
    cl::init(true), cl::cat(Category));
cl::opt<PassSelection, false, PassesParser> PassesOpt(
    "passes", cl::desc("Passes to run"),
    cl::values(clEnumValN(PassSelection::Device, "device", "the device pass of each target"),
               clEnumValN(PassSelection::Host, "host", "the host pass"),
               clEnumValN(PassSelection::HostAndDevice, "host,device", "both")),
    cl::init(PassSelection::Device), cl::cat(Category));
cl::opt<std::string> ChecksOpt(
    "checks", cl::desc("Check globs added to the default set, clang-tidy syntax"),
    cl::cat(Category));
cl::opt<OutputFormat, false, ChoiceParser<OutputFormat>> FormatOpt(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(OutputFormat::Text, "text", "clang-style text"),
               clEnumValN(OutputFormat::Json, "json", "JSON (README, \"JSON\")"),
               clEnumValN(OutputFormat::Sarif, "sarif", "SARIF 2.1.0")),
    cl::init(OutputFormat::Text), cl::cat(Category));
cl::opt<bool> FixOpt("fix", cl::desc("Apply fix-its to the files (atomically)"),
                     cl::cat(Category));
cl::opt<std::string> ExportFixesOpt(
    "export-fixes", cl::desc("Write fix-its as clang-apply-replacements YAML"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> ListChecks("list-checks", cl::desc("List the checks and exit"),
                         cl::cat(Category));
cl::opt<std::string> ExplainOpt("explain",
                               cl::desc("Print the documentation of a check and exit"),
                               cl::value_desc("check"), cl::cat(Category));
cl::opt<unsigned> JobsOpt("j", cl::desc("Files analysed in parallel (-j N or -jN)"),
                          cl::init(1), cl::Prefix, cl::cat(Category));
cl::opt<HeaderMode, false, ChoiceParser<HeaderMode>> HeadersOpt(
    "hip-headers", cl::desc("HIP headers"),
    cl::values(clEnumValN(HeaderMode::Auto, "auto", "ROCm when reachable, else stand-in"),
               clEnumValN(HeaderMode::StandIn, "standin", "wavecheck's stand-in headers"),
               clEnumValN(HeaderMode::System, "system",
                          "what the compile command and clang find")),
    cl::init(HeaderMode::Auto), cl::cat(Category));
// Scans (docs/scans.md): excludes, progress, clang-tidy's extra-arg flags.
cl::list<std::string> ExcludeOpt(
    "exclude", cl::desc("gitignore-style pattern of paths a directory scan skips (repeatable)"),
    cl::value_desc("pattern"), cl::cat(Category));
cl::list<std::string> ExcludeFromOpt(
    "exclude-from", cl::desc("Read exclude patterns from a .gitignore-format file"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<ProgressMode, false, ChoiceParser<ProgressMode>> ProgressOpt(
    "progress", cl::desc("Progress line on stderr"),
    cl::values(clEnumValN(ProgressMode::Auto, "auto", "when stderr is a terminal"),
               clEnumValN(ProgressMode::Always, "always", "always"),
               clEnumValN(ProgressMode::Never, "never", "never")),
    cl::init(ProgressMode::Auto), cl::cat(Category));
cl::list<std::string> ExtraArgOpt(
    "extra-arg", cl::desc("Argument appended to the compile command (as clang-tidy)"),
    cl::cat(Category));
cl::list<std::string> ExtraArgBeforeOpt(
    "extra-arg-before", cl::desc("Argument prepended to the compile command (as clang-tidy)"),
    cl::cat(Category));
cl::opt<FailOn, false, ChoiceParser<FailOn>> FailOnOpt(
    "fail-on", cl::desc("Lowest finding severity that fails the gate"),
    cl::values(clEnumValN(FailOn::Note, "note", "every finding"),
               clEnumValN(FailOn::Warning, "warning", "warnings and errors"),
               clEnumValN(FailOn::Error, "error", "errors (warnings-as-errors)")),
    cl::init(FailOn::Warning), cl::cat(Category));
cl::opt<std::string> BaselineOpt(
    "baseline", cl::desc("Report and gate only on findings not recorded in this file"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> WriteBaselineOpt(
    "write-baseline", cl::desc("Record today's findings in this file (the gate passes)"),
    cl::value_desc("file"), cl::cat(Category));
// Configuration (docs/config.md): .wavecheck.yaml, found upward from each file.
cl::opt<std::string> ConfigFileOpt(
    "config-file",
    cl::desc("Use this configuration file instead of looking up .wavecheck.yaml"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> WarningsAsErrorsOpt(
    "warnings-as-errors",
    cl::desc("Check globs whose findings are errors, added to the configuration's"),
    cl::value_desc("globs"), cl::cat(Category));
cl::opt<bool> DumpConfigOpt(
    "dump-config",
    cl::desc("Print the effective configuration for the first input (or the current "
             "directory) and exit"),
    cl::cat(Category));

// Parsed by hand in parseCommandLine (LLVM has a `--color` option of its
// own); listed in --help here.
cl::extrahelp ColorHelp(
    "\n  --color=<auto|always|never>       - Colours in the text report and the messages on "
    "stderr, as clang's: auto (default) when the output is a terminal and NO_COLOR is "
    "not set\n");

void printVersion(raw_ostream &OS) { OS << "wavecheck " WAVECHECK_VERSION "\n"; }

/// `--list-checks`: what the module registers, described by the catalogue.
void listChecks() {
  for (const std::string &Name : registeredChecks()) {
    const RuleInfo *R = findRule(Name);
    outs() << Name << "\n    " << (R ? R->Summary : "(no catalogue entry)") << "\n";
    if (R)
      outs() << "    found by: "
             << (R->Tiers == "ast,model" ? "the AST tier and the wave model" : "the AST tier")
             << "\n";
  }
}

/// `--explain <check>`.
int explain(StringRef Check) {
  const RuleInfo *R = findRule(Check);
  if (!R) {
    std::string Known;
    for (const RuleInfo &Rule : catalogue())
      Known += (Known.empty() ? "" : ", ") + Rule.Name.str();
    return usageError("unknown check '" + Check + "' for --explain; expected one of " + Known);
  }
  StringRef Text = R->Doc.empty() ? R->Summary : R->Doc;
  outs() << Text << (Text.ends_with("\n") ? "" : "\n");
  return ExitClean;
}

/// Takes `--color[=auto|always|never]` out of \p Args before LLVM parses
/// them: LLVM registers its own `--color` (true/false, for WithColor's
/// messages on stderr), which is set from ours instead, first, so that the
/// usage errors of the other flags are coloured as asked.
std::optional<int> takeColor(std::vector<const char *> &Args, Invocation &Inv) {
  std::string Mode = "auto";
  std::vector<const char *> Rest{Args.front()};
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "--color" || A == "-color")
      Mode = "always";
    else if (A.consume_front("--color=") || A.consume_front("-color="))
      Mode = A.str();
    else
      Rest.push_back(Args[I]);
  }
  if (Mode == "auto")
    Inv.Color = ColorMode::Auto;
  else if (Mode == "always")
    Inv.Color = ColorMode::Always;
  else if (Mode == "never")
    Inv.Color = ColorMode::Never;
  else
    return usageError("invalid --color '" + Mode + "'; expected auto, always or never");
  const char *NoColor = std::getenv("NO_COLOR");
  Inv.NoColorEnv = NoColor && *NoColor;
  if (Inv.Color == ColorMode::Always)
    Rest.insert(Rest.begin() + 1, "--color=true");
  else if (Inv.Color == ColorMode::Never || Inv.NoColorEnv)
    Rest.insert(Rest.begin() + 1, "--color=false");
  Args = std::move(Rest);
  return std::nullopt;
}

/// The checks' flags and configuration file: --checks, --warnings-as-errors
/// (applied after each file's .wavecheck.yaml, as clang-tidy's command line
/// is), --config-file.
std::optional<int> setChecks(Options &Opts) {
  // As with clang-tidy, --checks adds to the default set: `-wave64-foo`
  // removes one check, `-*,wave64-foo` selects one.
  Opts.Checks = std::string(DefaultChecks);
  if (ChecksOpt.getNumOccurrences()) {
    Opts.Checks += "," + ChecksOpt;
    // As in .wavecheck.yaml: a glob that matches no check is a typo that
    // would silently change nothing.
    std::string Bad;
    if (!globsMatchChecks(ChecksOpt, Bad))
      return usageError("--checks: '" + Bad +
                        "' matches no wavecheck check; see --list-checks for the names");
    Opts.CliChecks = ChecksOpt;
  }
  if (WarningsAsErrorsOpt.getNumOccurrences()) {
    std::string Bad;
    if (!globsMatchChecks(WarningsAsErrorsOpt, Bad))
      return usageError("--warnings-as-errors: '" + Bad +
                        "' matches no check; see --list-checks for the names");
    Opts.CliWarningsAsErrors = WarningsAsErrorsOpt;
  }
  if (ConfigFileOpt.getNumOccurrences()) {
    WavecheckConfig C;
    std::string Err;
    if (ConfigFileOpt.empty())
      return usageError("--config-file needs a file name");
    if (!loadConfigFile(ConfigFileOpt, C, Err))
      return usageError(Err);
    Opts.ConfigFile = ConfigFileOpt;
  }
  return std::nullopt;
}

/// Inputs, compile arguments, excludes, progress and targets.
std::optional<int> setInputs(Options &Opts) {
  Opts.Inputs = Inputs;
  Opts.BuildPath = BuildPath;
  Opts.Fix = FixOpt;
  Opts.ExportFixes = ExportFixesOpt;
  Opts.Jobs = JobsOpt == 0 ? 1 : JobsOpt;
  Opts.ExtraArgsBefore = ExtraArgBeforeOpt;
  Opts.ExtraArgs.insert(Opts.ExtraArgs.end(), ExtraArgOpt.begin(), ExtraArgOpt.end());
  // Files first, then --exclude: a command-line pattern can override a file's.
  std::vector<std::string> Patterns;
  for (const std::string &F : ExcludeFromOpt)
    if (Error E = ExcludeMatcher::readFile(F, Patterns))
      return usageError("--exclude-from: " + toString(std::move(E)));
  Patterns.insert(Patterns.end(), ExcludeOpt.begin(), ExcludeOpt.end());
  if (Expected<ExcludeMatcher> M = ExcludeMatcher::create(Patterns); !M)
    return usageError("--exclude: " + toString(M.takeError()));
  Opts.Excludes = std::move(Patterns);
  Opts.Progress = makeProgressLine(ProgressOpt, errs());

  for (const std::string &A : Arches) {
    if (!findTarget(A)) {
      std::string Known;
      for (const TargetProfile &P : allTargets())
        Known += (Known.empty() ? "" : ", ") + P.Name.str();
      return usageError("unknown --offload-arch '" + A + "'; expected one of " + Known);
    }
    Opts.Arches.push_back(A);
  }
  Opts.ArchesFromCommandLine = !Opts.Arches.empty();
  if (Opts.Arches.empty())
    Opts.Arches.push_back(std::string(DefaultArch));

  Opts.WaveModel = WaveModelOpt;
  Opts.DevicePass = PassesOpt != PassSelection::Host;
  Opts.HostPass = PassesOpt != PassSelection::Device;
  Opts.Format = FormatOpt;
  Opts.Headers = HeadersOpt;
  return std::nullopt;
}

} // namespace

std::optional<int> parseCommandLine(int argc, char **argv, Invocation &Inv) {
  Options &Opts = Inv.Opts;
  // Everything after `--` is compile arguments, as for clang-tidy.
  std::vector<const char *> Args{argv[0]};
  for (int I = 1; I < argc; ++I) {
    if (std::strcmp(argv[I], "--") == 0) {
      Opts.ExtraArgs.assign(argv + I + 1, argv + argc);
      break;
    }
    Args.push_back(argv[I]);
  }
  if (std::optional<int> Exit = takeColor(Args, Inv))
    return Exit;

  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  if (!cl::ParseCommandLineOptions(
          static_cast<int>(Args.size()), Args.data(),
          "wavecheck: finds CUDA-isms that break HIP code on wave64 AMD GPUs\n", &errs()))
    return ExitUsage;

  if (ListChecks) {
    listChecks();
    return ExitClean;
  }
  if (!ExplainOpt.empty())
    return explain(ExplainOpt);

  if (std::optional<int> Exit = setChecks(Opts))
    return Exit;
  if (std::optional<int> Exit = setInputs(Opts))
    return Exit;
  {
    clang::tidy::GlobList Globs("-*," + Opts.Checks);
    bool Any = false;
    for (const RuleInfo &R : catalogue())
      Any |= Globs.contains(R.Name);
    if (!Any)
      return usageError("--checks='" + Opts.Checks +
                        "' enables no check; see --list-checks for the names");
  }
  // The gate (lib/Baseline.h): checked before the analysis like the others.
  Inv.Gate = FailOnOpt;
  std::string Err;
  if (!Inv.Baselines.set(BaselineOpt.getNumOccurrences()
                             ? std::optional<std::string>(BaselineOpt)
                             : std::nullopt,
                         WriteBaselineOpt.getNumOccurrences()
                             ? std::optional<std::string>(WriteBaselineOpt)
                             : std::nullopt,
                         Err))
    return usageError(Err);
  if (ExportFixesOpt.getNumOccurrences() && Opts.ExportFixes.empty())
    return usageError("--export-fixes needs a file name");
  if (!Opts.ExportFixes.empty()) {
    // Checked before the analysis, so a typo does not cost a whole run (and
    // without creating the file: the run may still stop on a usage error).
    StringRef Dir = sys::path::parent_path(Opts.ExportFixes);
    if (sys::fs::is_directory(Opts.ExportFixes) ||
        sys::fs::access(Dir.empty() ? "." : Dir, sys::fs::AccessMode::Write))
      return usageError("cannot write --export-fixes file '" + Opts.ExportFixes +
                        "': its directory does not exist or is not writable");
  }
  Inv.DumpConfig = DumpConfigOpt;
  if (!Inv.DumpConfig && Opts.Inputs.empty() && Opts.BuildPath.empty())
    return usageError("no input: give files or directories, or -p <build-dir>");
  return std::nullopt;
}

} // namespace wavecheck
