//===--- ReportOptionsTest.cpp - WAVESAN_OPTIONS: parser, precedence, help -===//
///
/// Every flag parsed, every bad value and unknown key named (exact messages,
/// written out by hand), precedence defaults < hook < WAVESAN_OPTIONS, help=1,
/// setWaveSize, and docs/wavesan-options.md's table against the help text.
///
//===----------------------------------------------------------------------===//
#include "ReportChild.h"

#include "wavesan/options.h"
#include "wavesan/report.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <sstream>

// This test binary's compiled-in options, overriding wavesan's weak default:
// taken from an environment variable so that a child process can set them.
extern "C" const char *__wavesan_default_options() {
  return std::getenv("WAVESAN_TEST_DEFAULT_OPTIONS");
}

using namespace wavesan;
using namespace wavesan::test;

namespace {

/// The values of the options Defaults and ParsesEveryFlag check, as a test writes them.
struct ExpectedOptions {
  unsigned WaveSize;
  bool HaltOnError;
  int ExitCode;
  bool FailAtExit, ReportUnderfilledGrid;
  std::string LogPath;
  ReportFormat Format;
  std::string Suppressions;
  double KernelTimeoutS;
  unsigned Workers;
  bool Help;
};

/// Each option of \p O that ExpectedOptions names has its value in \p E.
void expectOptions(const Options &O, const ExpectedOptions &E) {
  EXPECT_EQ(unsigned(O.wave_size), E.WaveSize);
  EXPECT_EQ(O.halt_on_error, E.HaltOnError);
  EXPECT_EQ(O.exitcode, E.ExitCode);
  EXPECT_EQ(O.fail_at_exit, E.FailAtExit);
  EXPECT_EQ(O.report_underfilled_grid, E.ReportUnderfilledGrid);
  EXPECT_EQ(O.log_path, E.LogPath);
  EXPECT_EQ(O.report_format, E.Format);
  EXPECT_EQ(O.suppressions, E.Suppressions);
  EXPECT_EQ(O.kernel_timeout_s, E.KernelTimeoutS);
  EXPECT_EQ(O.workers, E.Workers);
  EXPECT_EQ(O.help, E.Help);
}

TEST(Options, Defaults) {
  expectOptions(Options(), {.WaveSize = 64, .HaltOnError = false, .ExitCode = 1,
                            .FailAtExit = true, .ReportUnderfilledGrid = false,
                            .LogPath = "stderr", .Format = ReportFormat::Text,
                            .Suppressions = "", .KernelTimeoutS = 60.0, .Workers = 0,
                            .Help = false});
}

TEST(Options, ParsesEveryFlag) {
  Options O;
  EXPECT_EQ(parseOptions("wave_size=32:halt_on_error=1:exitcode=7:fail_at_exit=0:"
                         "log_path=/tmp/w:report_format=json:suppressions=supp.txt:"
                         "report_underfilled_grid=yes:kernel_timeout_s=2.5:workers=3:help=true",
                         "WAVESAN_OPTIONS", O),
            "");
  expectOptions(O, {.WaveSize = 32, .HaltOnError = true, .ExitCode = 7, .FailAtExit = false,
                    .ReportUnderfilledGrid = true, .LogPath = "/tmp/w",
                    .Format = ReportFormat::Json, .Suppressions = "supp.txt",
                    .KernelTimeoutS = 2.5, .Workers = 3, .Help = true});
}

TEST(Options, SeparatorsQuotesAndLaterWins) {
  Options O;
  EXPECT_EQ(parseOptions(" wave_size=32, exitcode=3\n\tlog_path='/a b:c' "
                         "suppressions=\"x y\":wave_size=64",
                         "WAVESAN_OPTIONS", O),
            "");
  EXPECT_EQ(unsigned(O.wave_size), 64u);
  EXPECT_EQ(O.exitcode, 3);
  EXPECT_EQ(O.log_path, "/a b:c");
  EXPECT_EQ(O.suppressions, "x y");
  Options Empty;
  EXPECT_EQ(parseOptions("", "WAVESAN_OPTIONS", Empty), "");
  EXPECT_EQ(parseOptions(":::", "WAVESAN_OPTIONS", Empty), "");
}

TEST(Options, BooleanSpellings) {
  for (const char *True : {"1", "true", "yes"}) {
    Options O;
    EXPECT_EQ(parseOptions(std::string("halt_on_error=") + True, "X", O), "");
    EXPECT_TRUE(O.halt_on_error) << True;
  }
  for (const char *False : {"0", "false", "no"}) {
    Options O;
    O.halt_on_error = true;
    EXPECT_EQ(parseOptions(std::string("halt_on_error=") + False, "X", O), "");
    EXPECT_FALSE(O.halt_on_error) << False;
  }
}

TEST(Options, BadValuesAreNamedWithTheExpectedType) {
  const std::pair<const char *, const char *> Cases[] = {
      {"wave_size=48",
       "wavesan: bad value '48' for option 'wave_size' in WAVESAN_OPTIONS: expected 32 or 64\n"},
      {"wave_size=", "wavesan: bad value '' for option 'wave_size' in WAVESAN_OPTIONS: "
                     "expected 32 or 64\n"},
      {"halt_on_error=maybe", "wavesan: bad value 'maybe' for option 'halt_on_error' in "
                              "WAVESAN_OPTIONS: expected a boolean (0, 1, true, false, yes or "
                              "no)\n"},
      {"exitcode=1x", "wavesan: bad value '1x' for option 'exitcode' in WAVESAN_OPTIONS: "
                      "expected an exit status from 0 to 255\n"},
      {"exitcode=99999999999", "wavesan: bad value '99999999999' for option 'exitcode' in "
                               "WAVESAN_OPTIONS: expected an exit status from 0 to 255\n"},
      // 256 would exit 0 (the OS keeps 8 bits): a failed run would pass.
      {"exitcode=256", "wavesan: bad value '256' for option 'exitcode' in WAVESAN_OPTIONS: "
                       "expected an exit status from 0 to 255\n"},
      {"exitcode=-1", "wavesan: bad value '-1' for option 'exitcode' in WAVESAN_OPTIONS: "
                      "expected an exit status from 0 to 255\n"},
      {"report_format=xml", "wavesan: bad value 'xml' for option 'report_format' in "
                            "WAVESAN_OPTIONS: expected text or json\n"},
      {"kernel_timeout_s=-1", "wavesan: bad value '-1' for option 'kernel_timeout_s' in "
                              "WAVESAN_OPTIONS: expected a non-negative number of seconds, at "
                              "most 1000000\n"},
      {"kernel_timeout_s=inf", "wavesan: bad value 'inf' for option 'kernel_timeout_s' in "
                               "WAVESAN_OPTIONS: expected a non-negative number of seconds, at "
                               "most 1000000\n"},
      {"kernel_timeout_s=1s", "wavesan: bad value '1s' for option 'kernel_timeout_s' in "
                              "WAVESAN_OPTIONS: expected a non-negative number of seconds, at "
                              "most 1000000\n"},
      // 1e10 s is 1e19 ns: more than the clock's int64 nanoseconds (every launch timed out).
      {"kernel_timeout_s=1e10", "wavesan: bad value '1e10' for option 'kernel_timeout_s' in "
                                "WAVESAN_OPTIONS: expected a non-negative number of seconds, "
                                "at most 1000000\n"},
      {"kernel_timeout_s=1000000.5", "wavesan: bad value '1000000.5' for option "
                                     "'kernel_timeout_s' in WAVESAN_OPTIONS: expected a "
                                     "non-negative number of seconds, at most 1000000\n"},
      {"workers=-2", "wavesan: bad value '-2' for option 'workers' in WAVESAN_OPTIONS: "
                     "expected a number of worker threads from 0 to 1024 (0: the hardware "
                     "concurrency)\n"},
      {"workers=four", "wavesan: bad value 'four' for option 'workers' in WAVESAN_OPTIONS: "
                       "expected a number of worker threads from 0 to 1024 (0: the hardware "
                       "concurrency)\n"},
      // Starting 100000 threads threw std::system_error out of the launch (abort).
      {"workers=100000", "wavesan: bad value '100000' for option 'workers' in "
                         "WAVESAN_OPTIONS: expected a number of worker threads from 0 to 1024 "
                         "(0: the hardware concurrency)\n"},
      {"workers=1025", "wavesan: bad value '1025' for option 'workers' in WAVESAN_OPTIONS: "
                       "expected a number of worker threads from 0 to 1024 (0: the hardware "
                       "concurrency)\n"},
      {"help=2", "wavesan: bad value '2' for option 'help' in WAVESAN_OPTIONS: expected a "
                 "boolean (0, 1, true, false, yes or no)\n"},
  };
  for (auto [Text, Error] : Cases) {
    Options O;
    EXPECT_EQ(parseOptions(Text, "WAVESAN_OPTIONS", O), Error);
  }
}

TEST(Options, BoundsThemselvesAreAccepted) {
  Options O;
  EXPECT_EQ(parseOptions("kernel_timeout_s=1000000:workers=1024", "WAVESAN_OPTIONS", O), "");
  EXPECT_EQ(O.kernel_timeout_s, 1e6);
  EXPECT_EQ(O.workers, 1024u);
}

TEST(Options, UnknownKeysAndMalformedPairsAreNamed) {
  Options O;
  EXPECT_EQ(parseOptions("wave_sise=32", "WAVESAN_OPTIONS", O),
            "wavesan: unknown option 'wave_sise' in WAVESAN_OPTIONS; did you mean 'wave_size'? "
            "(help=1 lists all options)\n");
  EXPECT_EQ(parseOptions("halt_on_error", "WAVESAN_OPTIONS", O),
            "wavesan: expected key=value in WAVESAN_OPTIONS, found 'halt_on_error'\n");
  EXPECT_EQ(parseOptions("=1", "WAVESAN_OPTIONS", O),
            "wavesan: expected key=value in WAVESAN_OPTIONS, found '=1'\n");
  EXPECT_EQ(parseOptions("log_path='/tmp/x", "WAVESAN_OPTIONS", O),
            "wavesan: unterminated quoted value for option 'log_path' in WAVESAN_OPTIONS: "
            "expected a closing '\n");
}

// A key one or two edits from a known option names it; one far from all of them lists
// them all. Distances worked by hand: halt_on_eror -> halt_on_error 1 (an inserted r),
// HALT_ON_ERROR -> 0 (case is ignored), lockstep_ld -> lockstep_lds 1, kernel_timeout ->
// kernel_timeout_s 2 (of 16 characters, 5 allowed), wokers -> workers 1; 'x' is 4 edits
// from help, the shortest name, and 'verbosity' 9 from anything (3 allowed).
TEST(Options, MisspelledKeysGetTheNearestOption) {
  Options O;
  EXPECT_EQ(parseOptions("halt_on_eror=1", "WAVESAN_OPTIONS", O),
            "wavesan: unknown option 'halt_on_eror' in WAVESAN_OPTIONS; did you mean "
            "'halt_on_error'? (help=1 lists all options)\n");
  EXPECT_FALSE(O.halt_on_error) << "a misspelt key is not applied";
  const std::pair<const char *, const char *> Cases[] = {
      {"HALT_ON_ERROR", "halt_on_error"}, {"lockstep_ld", "lockstep_lds"},
      {"kernel_timeout", "kernel_timeout_s"}, {"wokers", "workers"}};
  for (const auto &[Key, Near] : Cases)
    EXPECT_EQ(parseOptions(std::string(Key) + "=1", "__wavesan_default_options()", O),
              std::string("wavesan: unknown option '") + Key +
                  "' in __wavesan_default_options(); did you mean '" + Near +
                  "'? (help=1 lists all options)\n");
  for (const char *Far : {"x", "verbosity"})
    EXPECT_EQ(parseOptions(std::string(Far) + "=1", "WAVESAN_OPTIONS", O),
              std::string("wavesan: unknown option '") + Far +
                  "' in WAVESAN_OPTIONS; known options: wave_size, halt_on_error, exitcode, "
                  "fail_at_exit, log_path, report_format, suppressions, "
                  "report_underfilled_grid, kernel_timeout_s, workers, emu_inline_fast_path, "
                  "compare_wave_sizes, lockstep_lds, help\n");
}

TEST(Options, EveryErrorIsReportedNotJustTheFirst) {
  Options O;
  std::string Errors = parseOptions("a=1:wave_size=16:workers=2", "WAVESAN_OPTIONS", O);
  EXPECT_EQ(Errors,
            "wavesan: unknown option 'a' in WAVESAN_OPTIONS; known options: wave_size, "
            "halt_on_error, exitcode, fail_at_exit, log_path, report_format, suppressions, "
            "report_underfilled_grid, kernel_timeout_s, workers, emu_inline_fast_path, compare_wave_sizes, lockstep_lds, help\n"
            "wavesan: bad value '16' for option 'wave_size' in WAVESAN_OPTIONS: expected 32 or 64\n");
  EXPECT_EQ(O.workers, 2u) << "good pairs still apply";
}

TEST(Options, PrecedenceDefaultsThenHookThenEnvironment) {
  std::string Errors;
  Options O = loadOptions("wave_size=32:halt_on_error=1:exitcode=9", "exitcode=5:workers=2",
                          Errors);
  EXPECT_EQ(Errors, "");
  EXPECT_EQ(unsigned(O.wave_size), 32u); // hook
  EXPECT_TRUE(O.halt_on_error);          // hook
  EXPECT_EQ(O.exitcode, 5);              // environment over hook
  EXPECT_EQ(O.workers, 2u);              // environment
  EXPECT_EQ(O.kernel_timeout_s, 60.0);   // default
  O = loadOptions(nullptr, nullptr, Errors);
  EXPECT_EQ(Errors, "");
  EXPECT_EQ(unsigned(O.wave_size), 64u);
  loadOptions("wave_size=1", "bogus=1", Errors);
  EXPECT_EQ(Errors, "wavesan: bad value '1' for option 'wave_size' in "
                    "__wavesan_default_options(): expected 32 or 64\n"
                    "wavesan: unknown option 'bogus' in WAVESAN_OPTIONS; known options: "
                    "wave_size, halt_on_error, exitcode, fail_at_exit, log_path, report_format, "
                    "suppressions, report_underfilled_grid, kernel_timeout_s, workers, emu_inline_fast_path, compare_wave_sizes, lockstep_lds, help\n");
}

// The real hook and environment, through options(), in child processes.
TEST(Options, HookAndEnvironmentReachOptions) {
  setenv("WAVESAN_TEST_DEFAULT_OPTIONS", "exitcode=9:halt_on_error=1:wave_size=32", 1);
  auto Body = [] {
    if (unsigned(options().wave_size) != 32)
      _exit(10);
    ReportLocation W;
    W.Kernel = "k";
    report(ReportKind::KernelTimeout, W, "timeout");
  };
  EXPECT_EQ(runInChild(nullptr, Body).ExitCode, 9);
  EXPECT_EQ(runInChild("exitcode=5", Body).ExitCode, 5);
  unsetenv("WAVESAN_TEST_DEFAULT_OPTIONS");
}

TEST(Options, BadEnvironmentExitsWithTwoAndNamesTheError) {
  ChildResult R = runInChild("wave_size=48:colour=1", [] {
    (void)options();
    std::fputs("not reached\n", stderr);
  });
  EXPECT_EQ(R.ExitCode, OptionsErrorExitCode);
  EXPECT_EQ(OptionsErrorExitCode, 2);
  EXPECT_EQ(R.Err, "wavesan: bad value '48' for option 'wave_size' in WAVESAN_OPTIONS: "
                   "expected 32 or 64\n"
                   "wavesan: unknown option 'colour' in WAVESAN_OPTIONS; known options: "
                   "wave_size, halt_on_error, exitcode, fail_at_exit, log_path, report_format, "
                   "suppressions, report_underfilled_grid, kernel_timeout_s, workers, emu_inline_fast_path, compare_wave_sizes, lockstep_lds, help\n");
}

TEST(Options, SetWaveSize) {
  ChildResult R = runInChild("wave_size=64", [] {
    setWaveSize(32);
    if (unsigned(options().wave_size) != 32)
      _exit(10);
    setWaveSize(64);
    if (unsigned(options().wave_size) != 64)
      _exit(11);
    setWaveSize(48);
    _exit(12);
  });
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Err, "wavesan: bad wave size 48 passed to setWaveSize: expected 32 or 64\n");
}

// log_path's file on a full disk: <prefix>.<pid> is a symlink to /dev/full, where every
// write fails with ENOSPC. The report was lost and the run exited 0; now stderr has the
// reason and the report.
TEST(Options, LogPathOnAFullDiskFallsBackToStderr) {
  const auto Dir = std::filesystem::temp_directory_path() /
                   ("wavesan-full-log-" + std::to_string(getpid()));
  std::filesystem::remove_all(Dir);
  std::filesystem::create_directories(Dir);
  const std::string Prefix = (Dir / "log").string();
  const std::string Opts = "log_path=" + Prefix;
  ChildResult R = runInChild(Opts.c_str(), [&] {
    const std::string Name = Prefix + "." + std::to_string(getpid());
    if (symlink("/dev/full", Name.c_str()) != 0)
      _exit(10);
    ReportLocation W;
    W.File = "scan.hip";
    W.Line = 42;
    W.Kernel = "block_scan";
    W.Scope = ReportScope::Launch;
    report(ReportKind::KernelTimeout, W, "first");
    report(ReportKind::BarrierDeadlock, W, "second");
  });
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_TRUE(std::regex_search(
      R.Err, std::regex("^wavesan: cannot write to log file '" + Prefix +
                        "\\.[0-9]+' \\(option log_path=" + Prefix +
                        "\\): No space left on device; writing reports to stderr\n==[0-9]+=="
                        "ERROR: wavesan: kernel-timeout in kernel block_scan\n  first\n")))
      << R.Err;
  EXPECT_NE(R.Err.find("SUMMARY: wavesan: kernel-timeout scan.hip:42 in block_scan\n"),
            std::string::npos)
      << R.Err;
  // The later report goes to stderr too, without a second message.
  EXPECT_NE(R.Err.find("SUMMARY: wavesan: barrier-deadlock scan.hip:42 in block_scan\n"),
            std::string::npos)
      << R.Err;
  EXPECT_EQ(R.Err.find("cannot write", 10), std::string::npos) << R.Err;
  std::filesystem::remove_all(Dir);
}

const char *const AllFlags[] = {"wave_size",        "halt_on_error",           "exitcode",
                                "fail_at_exit",     "log_path",                "report_format",
                                "suppressions",     "report_underfilled_grid", "kernel_timeout_s",
                                "workers",          "emu_inline_fast_path",
                                "compare_wave_sizes",      "lockstep_lds", "help"};

TEST(Options, HelpListsEveryFlag) {
  std::string Help = optionsHelp();
  EXPECT_EQ(Help.rfind("Available options for wavesan (WAVESAN_OPTIONS=key=value:key=value; "
                       "precedence: defaults < __wavesan_default_options() < "
                       "WAVESAN_OPTIONS):\n",
                       0),
            0u)
      << Help;
  for (const char *Flag : AllFlags)
    EXPECT_NE(Help.find(std::string("\n\t") + Flag + " ("), std::string::npos) << Flag;
  EXPECT_NE(Help.find("\n\twave_size (32 or 64, default: 64)\n\t\t- Wavefront width in lanes: "
                      "64 as on gfx942 (MI300X), 32 to compare a kernel with its behaviour on "
                      "32-lane warps\n"),
            std::string::npos)
      << Help;
  EXPECT_NE(Help.find("\n\tkernel_timeout_s (double, default: 60)\n"), std::string::npos);
  EXPECT_NE(Help.find("\n\tsuppressions (string, default: \"\")\n"), std::string::npos);
  // A status-0 exit after an error report fails by default; the note is off by default.
  EXPECT_NE(Help.find("\n\tfail_at_exit (bool, default: 1)\n"), std::string::npos) << Help;
  EXPECT_NE(Help.find("\n\treport_underfilled_grid (bool, default: 0)\n"), std::string::npos)
      << Help;
}

TEST(Options, HelpOnePrintsTheHelpAndContinues) {
  ChildResult R = runInChild("help=1", [] {
    (void)options();
    std::fputs("continued\n", stderr);
  });
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_EQ(R.Err, optionsHelp() + "continued\n");
}

// docs/wavesan-options.md's table, row by row, against the help text: the doc
// is written by hand, so a flag added, renamed or re-described in flags.inc
// without the doc (or the reverse) fails here.
TEST(Options, DocTableMatchesHelp) {
  std::string Doc = readWholeFile(std::string(WAVESAN_SOURCE_DIR) + "/docs/wavesan-options.md");
  ASSERT_FALSE(Doc.empty()) << "docs/wavesan-options.md is missing";
  // Doc rows: | `name` | type | default | description |
  std::map<std::string, std::string> FromDoc;
  std::regex Row(R"(^\| `([a-z_]+)` \| ([^|]+?) \| `?([^|`]*?)`? \| ([^|]+?) \|$)");
  std::istringstream In(Doc);
  for (std::string L; std::getline(In, L);) {
    std::smatch M;
    if (std::regex_match(L, M, Row))
      FromDoc[M[1]] = M[2].str() + " | " + M[3].str() + " | " + M[4].str();
  }
  // Help entries: \t<name> (<type>, default: <default>)\n\t\t- <description>
  std::map<std::string, std::string> FromHelp;
  std::regex Entry("\t([a-z_]+) \\((.+), default: (.*)\\)\n\t\t- (.*)");
  std::string Help = optionsHelp();
  for (std::sregex_iterator It(Help.begin(), Help.end(), Entry), End; It != End; ++It)
    FromHelp[(*It)[1]] = (*It)[2].str() + " | " + (*It)[3].str() + " | " + (*It)[4].str();
  EXPECT_EQ(FromHelp.size(), std::size(AllFlags));
  EXPECT_EQ(FromDoc, FromHelp);
}

} // namespace
