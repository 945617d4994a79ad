//===--- Main.cpp - the wavecheck command-line tool ------------------------===//
///
/// \file
/// wavecheck [options] <file|dir>... [-- <compile args>]
/// wavecheck [options] -p <build-dir> [<file>...]
///
/// Exit codes (README, "Exit codes"): 0 no finding fails the gate; 1 findings fail the
/// gate; 2 usage or configuration error; 3 some input could not be analysed.
///
//===----------------------------------------------------------------------===//
#include "checks/Targets.h"
#include "lib/Baseline.h"
#include "lib/Catalogue.h"
#include "lib/Config.h"
#include "lib/Driver.h"
#include "lib/Exclude.h"
#include "lib/Progress.h"

#include "clang-tidy/GlobList.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <cstring>
#include <set>

using namespace llvm;

namespace {

using wavecheck::ExitClean;
using wavecheck::ExitFindings;
using wavecheck::ExitInputError;
using wavecheck::ExitUsage;

/// Rounds of analyse-and-fix `--fix` runs at most: a fix-it of one check can
/// expose a finding of another (two rounds in practice); more means a loop.
constexpr unsigned MaxFixRounds = 4;

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
cl::opt<std::string> PassesOpt("passes",
                               cl::desc("Passes to run: device, host or host,device"),
                               cl::init("device"), cl::cat(Category));
cl::opt<std::string> ChecksOpt(
    "checks", cl::desc("Check globs added to the default set, clang-tidy syntax"),
    cl::cat(Category));
cl::opt<std::string> FormatOpt("format", cl::desc("Output format: text, json or sarif"),
                               cl::init("text"), cl::cat(Category));
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
cl::opt<std::string> HeadersOpt(
    "hip-headers",
    cl::desc("HIP headers: auto (ROCm when reachable, else stand-in), standin, system"),
    cl::init("auto"), cl::cat(Category));
// Scans (docs/scans.md): excludes, progress, clang-tidy's extra-arg flags.
cl::list<std::string> ExcludeOpt(
    "exclude", cl::desc("gitignore-style pattern of paths a directory scan skips (repeatable)"),
    cl::value_desc("pattern"), cl::cat(Category));
cl::list<std::string> ExcludeFromOpt(
    "exclude-from", cl::desc("Read exclude patterns from a .gitignore-format file"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> ProgressOpt(
    "progress", cl::desc("Progress line on stderr: auto (when a terminal), always, never"),
    cl::init("auto"), cl::cat(Category));
cl::list<std::string> ExtraArgOpt(
    "extra-arg", cl::desc("Argument appended to the compile command (as clang-tidy)"),
    cl::cat(Category));
cl::list<std::string> ExtraArgBeforeOpt(
    "extra-arg-before", cl::desc("Argument prepended to the compile command (as clang-tidy)"),
    cl::cat(Category));
cl::opt<std::string> FailOnOpt(
    "fail-on", cl::desc("Lowest finding severity that fails the gate: note, warning, error"),
    cl::init("warning"), cl::cat(Category));
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

// Parsed by hand in main() (LLVM has a `--color` option of its own); listed
// in --help here.
cl::extrahelp ColorHelp(
    "\n  --color=<auto|always|never>       - Colours in the text report and the messages on "
    "stderr, as clang's: auto (default) when the output is a terminal and NO_COLOR is "
    "not set\n");

void printVersion(raw_ostream &OS) { OS << "wavecheck " WAVECHECK_VERSION "\n"; }

int usageError(const Twine &Msg) {
  WithColor::error(errs(), "wavecheck") << Msg << "\n";
  return ExitUsage;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  CrashRecoveryContext::Enable();

  // Everything after `--` is compile arguments, as for clang-tidy.
  wavecheck::Options Opts;
  int Argc = argc;
  for (int I = 1; I < argc; ++I)
    if (std::strcmp(argv[I], "--") == 0) {
      Opts.ExtraArgs.assign(argv + I + 1, argv + argc);
      Argc = I;
      break;
    }

  // --color=auto|always|never is taken out before the command line is
  // parsed: LLVM registers its own `--color` (true/false, for WithColor's
  // messages on stderr), which is set from ours instead.
  std::vector<const char *> Args{argv[0]};
  std::string ColorMode = "auto";
  for (int I = 1; I < Argc; ++I) {
    StringRef A = argv[I];
    if (A == "--color" || A == "-color") {
      ColorMode = "always";
      continue;
    }
    if (A.consume_front("--color=") || A.consume_front("-color=")) {
      ColorMode = A.str();
      continue;
    }
    Args.push_back(argv[I]);
  }
  if (ColorMode != "auto" && ColorMode != "always" && ColorMode != "never")
    return usageError("invalid --color '" + ColorMode + "'; expected auto, always or never");
  // auto: colours when the stream is a terminal, unless NO_COLOR is set to
  // something (https://no-color.org).
  const char *NoColor = std::getenv("NO_COLOR");
  bool AutoOff = ColorMode == "auto" && NoColor && *NoColor;
  if (ColorMode == "always")
    Args.push_back("--color=true");
  else if (ColorMode == "never" || AutoOff)
    Args.push_back("--color=false");

  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  if (!cl::ParseCommandLineOptions(
          static_cast<int>(Args.size()), Args.data(),
          "wavecheck: finds CUDA-isms that break HIP code on wave64 AMD GPUs\n",
          &errs()))
    return ExitUsage;

  if (ListChecks) {
    // What the module registers, described by the catalogue.
    for (const std::string &Name : wavecheck::registeredChecks()) {
      const wavecheck::RuleInfo *R = wavecheck::findRule(Name);
      outs() << Name << "\n    " << (R ? R->Summary : "(no catalogue entry)") << "\n";
      if (R)
        outs() << "    found by: "
               << (R->Tiers == "ast,model" ? "the AST tier and the wave model" : "the AST tier")
               << "\n";
    }
    return ExitClean;
  }
  if (!ExplainOpt.empty()) {
    const wavecheck::RuleInfo *R = wavecheck::findRule(ExplainOpt);
    if (!R) {
      std::string Known;
      for (const wavecheck::RuleInfo &Rule : wavecheck::catalogue())
        Known += (Known.empty() ? "" : ", ") + Rule.Name.str();
      return usageError("unknown check '" + ExplainOpt + "' for --explain; expected one of " +
                        Known);
    }
    StringRef Text = R->Doc.empty() ? R->Summary : R->Doc;
    outs() << Text << (Text.ends_with("\n") ? "" : "\n");
    return ExitClean;
  }

  Opts.Inputs = Inputs;
  Opts.BuildPath = BuildPath;
  // As with clang-tidy, --checks adds to the default set: `-wave64-foo`
  // removes one check, `-*,wave64-foo` selects one.
  Opts.Checks = std::string(wavecheck::DefaultChecks);
  if (ChecksOpt.getNumOccurrences())
    Opts.Checks += "," + ChecksOpt;
  // Configuration (lib/Config.h): --checks and --warnings-as-errors apply
  // after each file's .wavecheck.yaml, as clang-tidy's command line does.
  if (ChecksOpt.getNumOccurrences()) {
    // As in .wavecheck.yaml: a glob that matches no check is a typo that
    // would silently change nothing.
    std::string Bad;
    if (!wavecheck::globsMatchChecks(ChecksOpt, Bad))
      return usageError("--checks: '" + Bad +
                        "' matches no wavecheck check; see --list-checks for the names");
    Opts.CliChecks = ChecksOpt;
  }
  if (WarningsAsErrorsOpt.getNumOccurrences()) {
    std::string Bad;
    if (!wavecheck::globsMatchChecks(WarningsAsErrorsOpt, Bad))
      return usageError("--warnings-as-errors: '" + Bad +
                        "' matches no check; see --list-checks for the names");
    Opts.CliWarningsAsErrors = WarningsAsErrorsOpt;
  }
  if (ConfigFileOpt.getNumOccurrences()) {
    wavecheck::WavecheckConfig C;
    std::string Err;
    if (ConfigFileOpt.empty())
      return usageError("--config-file needs a file name");
    if (!wavecheck::loadConfigFile(ConfigFileOpt, C, Err))
      return usageError(Err);
    Opts.ConfigFile = ConfigFileOpt;
  }
  Opts.Fix = FixOpt;
  Opts.ExportFixes = ExportFixesOpt;
  Opts.Jobs = JobsOpt == 0 ? 1 : JobsOpt;
  Opts.ExtraArgsBefore = ExtraArgBeforeOpt;
  Opts.ExtraArgs.insert(Opts.ExtraArgs.end(), ExtraArgOpt.begin(), ExtraArgOpt.end());
  {
    // Files first, then --exclude: a command-line pattern can override a file's.
    std::vector<std::string> Patterns;
    for (const std::string &F : ExcludeFromOpt)
      if (Error E = wavecheck::ExcludeMatcher::readFile(F, Patterns))
        return usageError("--exclude-from: " + toString(std::move(E)));
    Patterns.insert(Patterns.end(), ExcludeOpt.begin(), ExcludeOpt.end());
    if (Expected<wavecheck::ExcludeMatcher> M = wavecheck::ExcludeMatcher::create(Patterns); !M)
      return usageError("--exclude: " + toString(M.takeError()));
    Opts.Excludes = std::move(Patterns);
    wavecheck::ProgressMode Mode;
    if (!wavecheck::parseProgressMode(ProgressOpt, Mode))
      return usageError("invalid --progress '" + ProgressOpt + "'; expected auto, always or never");
    Opts.Progress = wavecheck::makeProgressLine(Mode, errs());
  }

  for (const std::string &A : Arches) {
    if (!wavecheck::findTarget(A)) {
      std::string Known;
      for (const wavecheck::TargetProfile &P : wavecheck::allTargets())
        Known += (Known.empty() ? "" : ", ") + P.Name.str();
      return usageError("unknown --offload-arch '" + A + "'; expected one of " + Known);
    }
    Opts.Arches.push_back(A);
  }
  Opts.ArchesFromCommandLine = !Opts.Arches.empty();
  if (Opts.Arches.empty())
    Opts.Arches.push_back(std::string(wavecheck::DefaultArch));

  Opts.WaveModel = WaveModelOpt;
  Opts.DevicePass = Opts.HostPass = false;
  for (StringRef P : split(StringRef(PassesOpt), ',')) {
    if (P.trim() == "device")
      Opts.DevicePass = true;
    else if (P.trim() == "host")
      Opts.HostPass = true;
    else
      return usageError("invalid --passes value '" + PassesOpt +
                        "'; expected device, host or host,device");
  }

  if (FormatOpt == "text")
    Opts.Format = wavecheck::OutputFormat::Text;
  else if (FormatOpt == "json")
    Opts.Format = wavecheck::OutputFormat::Json;
  else if (FormatOpt == "sarif")
    Opts.Format = wavecheck::OutputFormat::Sarif;
  else
    return usageError("invalid --format '" + FormatOpt + "'; expected text, json or sarif");

  if (HeadersOpt == "auto")
    Opts.Headers = wavecheck::HeaderMode::Auto;
  else if (HeadersOpt == "standin")
    Opts.Headers = wavecheck::HeaderMode::StandIn;
  else if (HeadersOpt == "system")
    Opts.Headers = wavecheck::HeaderMode::System;
  else
    return usageError("invalid --hip-headers '" + HeadersOpt +
                      "'; expected auto, standin or system");

  {
    clang::tidy::GlobList Globs("-*," + Opts.Checks);
    bool Any = false;
    for (const wavecheck::RuleInfo &R : wavecheck::catalogue())
      Any |= Globs.contains(R.Name);
    if (!Any)
      return usageError("--checks='" + Opts.Checks +
                        "' enables no check; see --list-checks for the names");
  }
  // The gate (lib/Baseline.h): checked before the analysis like the others.
  wavecheck::FailOn FailOn;
  if (!wavecheck::parseFailOn(FailOnOpt, FailOn))
    return usageError("invalid --fail-on '" + FailOnOpt + "'; expected note, warning or error");
  wavecheck::Baseline Baseline;
  if (BaselineOpt.getNumOccurrences()) {
    std::string Err;
    if (BaselineOpt.empty())
      return usageError("--baseline needs a file name");
    if (!wavecheck::loadBaseline(BaselineOpt, Baseline, Err))
      return usageError(Err);
  }
  if (WriteBaselineOpt.getNumOccurrences()) {
    StringRef Dir = sys::path::parent_path(WriteBaselineOpt);
    if (WriteBaselineOpt.empty() || sys::fs::is_directory(WriteBaselineOpt))
      return usageError("--write-baseline needs a file name");
    if (sys::fs::access(Dir.empty() ? "." : Dir, sys::fs::AccessMode::Write))
      return usageError("cannot write --write-baseline file '" + WriteBaselineOpt +
                        "': its directory does not exist or is not writable");
  }
  auto ApplyBaseline = [&](wavecheck::RunResult &Round) {
    return BaselineOpt.empty() ? 0 : wavecheck::applyBaseline(Round, Baseline, BaselineOpt);
  };
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

  if (DumpConfigOpt) {
    // As clang-tidy --dump-config: the options the first input would be
    // analysed with (the current directory's when there is none).
    SmallString<256> Where(Opts.Inputs.empty() ? "." : Opts.Inputs.front());
    sys::fs::make_absolute(Where);
    sys::path::remove_dots(Where, /*remove_dot_dot=*/true);
    wavecheck::ConfigResolver Resolver(Opts);
    std::string At, What;
    std::shared_ptr<const wavecheck::FileConfig> C = Resolver.forFile(Where, At, What);
    if (!C) {
      WithColor::error(errs(), "wavecheck") << At << ": " << What << "\n";
      return ExitUsage;
    }
    outs() << wavecheck::dumpConfig(*C);
    return ExitClean;
  }

  if (Opts.Inputs.empty() && Opts.BuildPath.empty())
    return usageError("no input: give files or directories, or -p <build-dir>");

  wavecheck::RunResult R = wavecheck::analyse(Opts);
  for (const std::string &N : R.Notes)
    WithColor::note(errs(), "wavecheck") << N << "\n";
  if (R.ConfigError) {
    for (const wavecheck::InputError &E : R.Errors)
      WithColor::error(errs(), "wavecheck") << E.File << ": " << E.Message << "\n";
    return ExitUsage;
  }
  // A baseline or fix-it file that cannot be written (a full disk) fails the
  // run with exit 3 after the report is printed: the analysis itself is not
  // lost, and the file is left as it was.
  std::string WriteError;
  if (!WriteBaselineOpt.empty()) {
    std::string Err;
    if (!wavecheck::writeBaseline(R, WriteBaselineOpt, Err))
      WriteError = Err;
    else
      WithColor::note(errs(), "wavecheck")
        << "recorded " << R.Findings.size() << (R.Findings.size() == 1 ? " finding" : " findings")
        << " in the baseline " << WriteBaselineOpt << "\n";
  }
  // Baselined findings leave the report, the gate and the fix-its.
  if (size_t Known = ApplyBaseline(R))
    WithColor::note(errs(), "wavecheck")
        << Known << (Known == 1 ? " finding" : " findings") << " suppressed by the baseline "
        << BaselineOpt << "\n";

  if (!Opts.ExportFixes.empty()) {
    std::string Err;
    if (!wavecheck::exportFixes(R, Opts.ExportFixes, Err) && WriteError.empty())
      WriteError = Err;
  }

  // The report shows the code as it was analysed, so it is printed first.
  if (Opts.Format == wavecheck::OutputFormat::Json)
    wavecheck::printJson(R, outs());
  else if (Opts.Format == wavecheck::OutputFormat::Sarif)
    wavecheck::printSarif(R, Opts, outs());
  else
    wavecheck::printText(R, outs(),
                         ColorMode == "always" || (!AutoOff && ColorMode == "auto" &&
                                                   outs().has_colors()));
  outs().flush();
  if (outs().has_error()) {
    // Checked here, not a fatal error at exit: a truncated report fails.
    std::error_code EC = outs().error();
    outs().clear_error();
    WithColor::error(errs(), "wavecheck")
        << "cannot write the report to standard output: " << EC.message() << "\n";
    return ExitInputError;
  }
  if (!WriteError.empty()) {
    WithColor::error(errs(), "wavecheck") << WriteError << "\n";
    return ExitInputError;
  }

  // A file --fix refused, could not write or had to restore: exit code 3
  // (README, "--fix"); the other files are still fixed.
  bool FixFailed = false;
  if (Opts.Fix) {
    // A fix can expose the next finding (`tid & 31` widened to a 64-lane id
    // makes `1u << lane` wrong): analyse again until nothing is left to fix.
    wavecheck::FixSession Session;
    std::vector<wavecheck::InputError> FixProblems;
    std::set<std::pair<std::string, std::string>> Seen; // each problem once
    auto Apply = [&](wavecheck::RunResult &Round) {
      size_t Before = Round.Errors.size();
      unsigned N = wavecheck::applyFixes(Round, &Session);
      for (auto E = Round.Errors.begin() + Before; E != Round.Errors.end(); ++E)
        if (Seen.insert({E->File, E->Message}).second)
          FixProblems.push_back(*E);
      return N;
    };
    // The progress line belongs to the analysis the report shows.
    Opts.Progress = nullptr;
    unsigned Files = Apply(R), Rounds = 1, Restored = 0;
    // Each round's edits are checked by the next analysis: a source that
    // gained a compiler error gets the files it read back as they were.
    for (unsigned Changed = Files; Changed; ++Rounds) {
      wavecheck::RunResult Next = wavecheck::analyse(Opts);
      Restored += wavecheck::revertBreakingFixes(R, Next, Session, FixProblems);
      if (Rounds == MaxFixRounds)
        break;
      ApplyBaseline(Next);
      Changed = Apply(Next);
      Files += Changed;
    }
    for (const wavecheck::InputError &E : FixProblems) {
      (E.Fatal ? WithColor::error(errs(), "wavecheck") : WithColor::warning(errs(), "wavecheck"))
          << E.File << ": " << E.Message << "\n";
      FixFailed |= E.Fatal;
    }
    WithColor::note(errs(), "wavecheck")
        << "applied fix-its: " << Files << (Files == 1 ? " file write" : " file writes")
        << " in " << Rounds << (Rounds == 1 ? " round" : " rounds")
        << (Restored ? ", " + std::to_string(Restored) +
                           (Restored == 1 ? " file restored" : " files restored")
                     : std::string())
        << "\n";
  }
  if (FixFailed)
    return ExitInputError;

  // Exit 3 wins over 1; with --write-baseline every finding is recorded, so
  // none fails the gate.
  if (!WriteBaselineOpt.empty())
    R.Findings.clear();
  return wavecheck::gateExitCode(R, FailOn);
}
