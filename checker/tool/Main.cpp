//===--- Main.cpp - the wavecheck command-line tool ------------------------===//
///
/// \file
/// wavecheck [options] <file|dir>... [-- <compile args>]
/// wavecheck [options] -p <build-dir> [<file>...]
///
/// Exit codes (DESIGN.md): 0 no finding fails the gate; 1 findings fail the
/// gate; 2 usage or configuration error; 3 some input could not be analysed.
///
//===----------------------------------------------------------------------===//
#include "checks/Targets.h"
#include "lib/Driver.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>

using namespace llvm;

namespace {

enum ExitCode { ExitClean = 0, ExitFindings = 1, ExitUsage = 2, ExitInputError = 3 };

cl::OptionCategory Category("wavecheck options");

cl::list<std::string> Inputs(cl::Positional, cl::desc("<file|dir>..."),
                             cl::cat(Category));
cl::opt<std::string> BuildPath("p", cl::desc("Build directory with compile_commands.json"),
                               cl::value_desc("build-dir"), cl::cat(Category));
cl::list<std::string> Arches("offload-arch",
                             cl::desc("Target to check for (repeatable; default gfx942)"),
                             cl::value_desc("gfxNNN"), cl::CommaSeparated,
                             cl::cat(Category));
cl::opt<std::string> PassesOpt("passes",
                               cl::desc("Passes to run: device, host or host,device"),
                               cl::init("device"), cl::cat(Category));
cl::opt<std::string> ChecksOpt("checks", cl::desc("Check globs, clang-tidy syntax"),
                               cl::init(std::string(wavecheck::DefaultChecks)),
                               cl::cat(Category));
cl::opt<std::string> FormatOpt("format", cl::desc("Output format: text or json"),
                               cl::init("text"), cl::cat(Category));
cl::opt<bool> FixOpt("fix", cl::desc("Apply fix-its to the files (atomically)"),
                     cl::cat(Category));
cl::opt<std::string> ExportFixesOpt(
    "export-fixes", cl::desc("Write fix-its as clang-apply-replacements YAML"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> ListChecks("list-checks", cl::desc("List the checks and exit"),
                         cl::cat(Category));
cl::opt<unsigned> JobsOpt("j", cl::desc("Files analysed in parallel"), cl::init(1),
                          cl::cat(Category));
cl::opt<std::string> HeadersOpt(
    "hip-headers",
    cl::desc("HIP headers: auto (ROCm when reachable, else stand-in), standin, system"),
    cl::init("auto"), cl::cat(Category));

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
      Opts.HaveDashDash = true;
      Opts.ExtraArgs.assign(argv + I + 1, argv + argc);
      Argc = I;
      break;
    }

  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  if (!cl::ParseCommandLineOptions(
          Argc, argv,
          "wavecheck: finds CUDA-isms that break HIP code on wave64 AMD GPUs\n",
          &errs()))
    return ExitUsage;

  if (ListChecks) {
#define WAVECHECK_CHECK(NAME, CLASS, HEADER, SUMMARY)                          \
  outs() << NAME << "\n    " << SUMMARY << "\n";
#include "checks/Checks.def"
    return ExitClean;
  }

  Opts.Inputs = Inputs;
  Opts.BuildPath = BuildPath;
  Opts.Checks = ChecksOpt;
  Opts.Fix = FixOpt;
  Opts.ExportFixes = ExportFixesOpt;
  Opts.Jobs = JobsOpt == 0 ? 1 : JobsOpt;

  for (const std::string &A : Arches) {
    if (!wavecheck::findTarget(A)) {
      std::string Known;
      for (const wavecheck::TargetProfile &P : wavecheck::allTargets())
        Known += (Known.empty() ? "" : ", ") + P.Name.str();
      return usageError("unknown --offload-arch '" + A + "'; expected one of " + Known);
    }
    Opts.Arches.push_back(A);
  }
  if (Opts.Arches.empty())
    Opts.Arches.push_back(std::string(wavecheck::DefaultArch));

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
  else
    return usageError("invalid --format '" + FormatOpt + "'; expected text or json");

  if (HeadersOpt == "auto")
    Opts.Headers = wavecheck::HeaderMode::Auto;
  else if (HeadersOpt == "standin")
    Opts.Headers = wavecheck::HeaderMode::StandIn;
  else if (HeadersOpt == "system")
    Opts.Headers = wavecheck::HeaderMode::System;
  else
    return usageError("invalid --hip-headers '" + HeadersOpt +
                      "'; expected auto, standin or system");

  if (Opts.Inputs.empty() && Opts.BuildPath.empty())
    return usageError("no input: give files or directories, or -p <build-dir>");

  wavecheck::RunResult R = wavecheck::analyse(Opts);
  for (const std::string &N : R.Notes)
    WithColor::note(errs(), "wavecheck") << N << "\n";

  if (!Opts.ExportFixes.empty()) {
    std::string Err;
    if (!wavecheck::exportFixes(R, Opts.ExportFixes, Err))
      return usageError(Err);
  }
  if (Opts.Fix) {
    unsigned N = wavecheck::applyFixes(R);
    WithColor::note(errs(), "wavecheck")
        << "applied fix-its to " << N << (N == 1 ? " file\n" : " files\n");
  }

  if (Opts.Format == wavecheck::OutputFormat::Json)
    wavecheck::printJson(R, outs());
  else
    wavecheck::printText(R, outs(), outs().has_colors());

  for (const wavecheck::InputError &E : R.Errors)
    if (E.Fatal)
      return ExitInputError;
  return R.Findings.empty() ? ExitClean : ExitFindings;
}
