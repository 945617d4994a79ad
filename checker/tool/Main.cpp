//===--- Main.cpp - the wavecheck command-line tool ------------------------===//
///
/// \file
/// wavecheck [options] <file|dir>... [-- <compile args>]
/// wavecheck [options] -p <build-dir> [<file>...]
///
/// Exit codes (README, "Exit codes"): 0 no finding fails the gate; 1 findings fail the
/// gate; 2 usage or configuration error; 3 some input could not be analysed.
///
/// The run: the command line (tool/CommandLine.h), the analysis (analyse),
/// the baselines (lib/BaselineFlags.h), the fix-it export, the report, the
/// rounds of `--fix` (lib/FixRounds.h) and the gate (lib/Baseline.h).
///
//===----------------------------------------------------------------------===//
#include "lib/Config.h"
#include "lib/Driver.h"
#include "lib/FixRounds.h"
#include "tool/CommandLine.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace wavecheck;

namespace {

/// `--dump-config`, as clang-tidy's: the options the first input would be
/// analysed with (the current directory's when there is none).
int dumpConfig(const Options &Opts) {
  SmallString<256> Where(Opts.Inputs.empty() ? "." : Opts.Inputs.front());
  sys::fs::make_absolute(Where);
  sys::path::remove_dots(Where, /*remove_dot_dot=*/true);
  ConfigResolver Resolver(Opts);
  std::string At, What;
  std::shared_ptr<const FileConfig> C = Resolver.forFile(Where, At, What);
  if (!C) {
    WithColor::error(errs(), "wavecheck") << At << ": " << What << "\n";
    return ExitUsage;
  }
  outs() << wavecheck::dumpConfig(*C);
  return ExitClean;
}

/// Prints the report of \p R on stdout. False (with an error on stderr) when
/// stdout cannot be written: a truncated report fails the run.
bool printReport(const RunResult &R, const Invocation &Inv) {
  if (Inv.Opts.Format == OutputFormat::Json)
    printJson(R, outs());
  else if (Inv.Opts.Format == OutputFormat::Sarif)
    printSarif(R, Inv.Opts, outs());
  else
    printText(R, outs(), Inv.reportColor());
  outs().flush();
  if (!outs().has_error())
    return true;
  // Checked here, not a fatal error at exit.
  std::error_code EC = outs().error();
  outs().clear_error();
  WithColor::error(errs(), "wavecheck")
      << "cannot write the report to standard output: " << EC.message() << "\n";
  return false;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  CrashRecoveryContext::Enable();

  Invocation Inv;
  if (std::optional<int> Exit = parseCommandLine(argc, argv, Inv))
    return *Exit;
  if (Inv.DumpConfig)
    return dumpConfig(Inv.Opts);

  RunResult R = analyse(Inv.Opts);
  for (const std::string &N : R.Notes)
    WithColor::note(errs(), "wavecheck") << N << "\n";
  if (R.ConfigError) {
    for (const InputError &E : R.Errors)
      WithColor::error(errs(), "wavecheck") << E.File << ": " << E.Message << "\n";
    return ExitUsage;
  }
  // A baseline or fix-it file that cannot be written (a full disk) fails the
  // run with exit 3 after the report is printed: the analysis itself is not
  // lost, and the file is left as it was. Baselined findings leave the
  // report, the gate and the fix-its.
  std::string WriteError = Inv.Baselines.record(R, errs());
  if (!Inv.Opts.ExportFixes.empty()) {
    std::string Err;
    if (!exportFixes(R, Inv.Opts.ExportFixes, Err) && WriteError.empty())
      WriteError = Err;
  }

  // The report shows the code as it was analysed, so it is printed first.
  if (!printReport(R, Inv))
    return ExitInputError;
  if (!WriteError.empty()) {
    WithColor::error(errs(), "wavecheck") << WriteError << "\n";
    return ExitInputError;
  }

  // A file --fix refused, could not write or had to restore: exit code 3
  // (README, "--fix"); the other files are still fixed.
  if (Inv.Opts.Fix) {
    FixRoundsResult F = runFixRounds(R, Inv.Opts, [&](RunResult &Next) {
      Inv.Baselines.apply(Next);
    });
    if (printFixRounds(F, errs()))
      return ExitInputError;
  }

  // Exit 3 wins over 1; with --write-baseline every finding is recorded, so
  // none fails the gate.
  if (Inv.Baselines.writes())
    R.Findings.clear();
  return gateExitCode(R, Inv.Gate);
}
