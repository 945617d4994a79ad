//===--- report.h - wavesan findings: kinds, locations, report() ----------===//
///
/// \file
/// The runtime's report module, in the manner of the LLVM sanitizers: one block
/// per finding naming what happened, where (file:line, kernel, block, thread,
/// wave, lane), the rule it maps to and a one-line hint, ended by one
/// `SUMMARY: wavesan: <kind> <file>:<line> in <kernel>` line. Kinds are declared
/// once in report_kinds.inc. docs/wavesan-options.md shows the text and JSON
/// formats.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/options.h"

#include <string>
#include <string_view>
#include <vector>

namespace wavesan {

/// Every finding the runtime reports (report_kinds.inc).
enum class ReportKind {
#define WAVESAN_REPORT_KIND(Enum, Name, Doc, RuleId, Level, Hint) Enum,
#include "wavesan/report_kinds.inc"
#undef WAVESAN_REPORT_KIND
};

/// Error: a bug; counts for halt_on_error, fail_at_exit and reportCount(). Note:
/// advice (e.g. launch-underfilled-grid); never halts, never fails the process, no
/// SUMMARY line.
enum class Severity { Error, Note };

/// Where a rule's doc lives: rules/<id>.md (a static check's rule) or
/// rules/runtime/<id>.md (a rule only the runtime checks).
enum class RuleDoc { Static, Runtime };

/// The absolute path of rules/runtime/<RuleId>.md that a report's "rule:" line names:
/// in the source tree the runtime was built from, else under the install prefix it
/// was configured with (<prefix>/share/wavesan/rules/runtime/), the first that is
/// readable; "" when neither is (the report then says `wavesan explain <RuleId>`,
/// which prints the doc from the CLI's own copy).
std::string runtimeRuleDocPath(std::string_view RuleId);

/// The kind's name as in reports and suppressions, e.g. "lane-mask-truncated".
const char *kindName(ReportKind Kind);
/// The rule id it maps to, e.g. "wave64-lane-mask-width".
const char *ruleId(ReportKind Kind);
RuleDoc ruleDoc(ReportKind Kind);
Severity severity(ReportKind Kind);
/// The one-line hint printed after "hint: ".
const char *hint(ReportKind Kind);
/// Every kind, in report_kinds.inc order.
const std::vector<ReportKind> &allReportKinds();

/// A block, thread or grid coordinate (x, y, z).
struct Dim3 {
  unsigned x = 0, y = 0, z = 0;
};

/// How much of a location is known, which decides what the "at" line prints:
/// Lane - block, thread, wave and lane; Wave - block and wave (a finding about
/// a wavefront, e.g. a partial wave operation); Block - the block (e.g. a
/// barrier deadlock, whose details list the threads); Launch - none of them (a
/// launch configuration: lds-over-limit, block-too-large,
/// launch-underfilled-grid).
enum class ReportScope { Lane, Wave, Block, Launch };

/// Where a finding happened. File and Line come from the user's source
/// (std::source_location of the wave operation or launch); null strings print
/// as "<unknown>". Function, when known, is printed in place of Kernel on the
/// "at" line and is matched by suppressions; report() prints and matches
/// plainFunctionName(Function) and plainKernelName(Kernel).
struct ReportLocation {
  const char *File = nullptr;
  unsigned Line = 0;
  const char *Kernel = nullptr;
  Dim3 Block, Thread;
  int Wave = -1, Lane = -1;
  const char *Function = nullptr;
  ReportScope Scope = ReportScope::Lane;
};

/// Reports at most this many findings per (kind, file, line, kernel), like
/// UBSan's once per source location: the same faulty operation reached by the
/// other lanes and blocks of a launch adds nothing but noise; how often it was
/// reached again is one line after the launch (detail::reportRepeats).
/// resetReports() starts the count again.
constexpr unsigned ReportsPerSite = 1;

/// Thread-safe. Unless a suppression matches or the site was reported
/// ReportsPerSite times already: formats one report block (text or JSON per
/// options().report_format), writes it to stderr or log_path.<pid>, counts it
/// and, for an error with halt_on_error=1, exits with options().exitcode. An error
/// also makes a later status-0 exit of the process exit with exitcode
/// (fail_at_exit, detail::installFailAtExit).
/// \p Details is the "what" line(s), e.g. "ballot result with lanes 32-63 set
/// converted to 32-bit 'unsigned int' (mask 0xffff0000ffffffff)".
void report(ReportKind Kind, const ReportLocation &Where, const std::string &Details);

/// report() for a finding the process does not survive (a kernel fault): the same
/// suppressions, de-duplication, counting and output, but never the halt_on_error exit:
/// the caller ends the process itself (with the fault's signal).
void reportFatal(ReportKind Kind, const ReportLocation &Where, const std::string &Details);

/// Error reports written so far (not notes, not suppressed, not de-duplicated).
unsigned reportCount();
/// Reports of \p Kind written so far (notes included for note kinds).
unsigned reportCount(ReportKind Kind);
/// Forgets counts and the de-duplication table, so that a test can run the same
/// kernel again (e.g. at the other wave size) and see its reports again. It does not
/// forget, for fail_at_exit, that an error report was printed.
void resetReports();

namespace detail {
/// While muted, report() and reportFatal() print and count nothing (the reference
/// run of compare_wave_sizes at the other wave size). Process-wide.
void setReportsMuted(bool Muted);

/// For each site reached again since its report (ReportsPerSite), one line
/// `==<pid>==wavesan: <kind> at <file:line> in <kernel>: N more times at this site
/// (reported once)` (text format only; JSON keeps one object per report). The
/// emulator calls it when a launch ends, so one root cause reached by many waves
/// or blocks is one report and one count.
void reportRepeats();

/// Installs the fail_at_exit exit handler, once, when options() is first loaded (so
/// that it runs late in exit(), after the destructors of the static objects made after
/// it), unless fail_at_exit=0 or exitcode=0. The handler: if exit() was given status 0
/// (main returned 0) and this process printed at least one error report (notes do not
/// count; neither does resetReports() undo one), it flushes the C++ standard streams
/// and stdio, prints one `==<pid>==wavesan: N error reports printed: exit status
/// <exitcode> instead of 0 ...` line to stderr (not when JSON reports go to stderr),
/// runs LeakSanitizer's leak check when the program has it, and ends the process with
/// _Exit(exitcode). A non-zero status is kept. With glibc the handler is an on_exit
/// handler, which is given the status; elsewhere an atexit handler, which is not, and a
/// non-zero status is replaced too. _Exit, abort(), a signal or quick_exit() end the
/// process without it. The exit handlers installed before it (the destructors of static
/// objects made earlier, other libraries' handlers) do not run when it fails the
/// process.
void installFailAtExit(const Options &O);
} // namespace detail

/// One report as written: the text block (lines ending in '\n', the last one
/// the SUMMARY line for an error) or one JSON line. \p Pid is printed in the
/// `==<pid>==` prefix and the JSON "pid" field. Pure; report() uses it.
std::string formatReport(ReportKind Kind, const ReportLocation &Where,
                         const std::string &Details, ReportFormat Format, long Pid);

/// The SUMMARY line of a report, without newline:
/// "SUMMARY: wavesan: <kind> <file>:<line> in <kernel>".
std::string summaryLine(ReportKind Kind, const ReportLocation &Where);

/// The plain name of a function from its signature as
/// std::source_location::function_name() / __PRETTY_FUNCTION__ give it: the
/// return type, the parameter list, trailing qualifiers and g++'s
/// " [with ...]" are removed ("void ns::red(int*) [with int N = 24]" ->
/// "ns::red", "int main()" -> "main"), and so is an anonymous namespace
/// ("{anonymous}::k", "(anonymous namespace)::k" -> "k"). A name without a
/// parameter list (a kernel name, "<unknown>") is otherwise returned unchanged.
/// Reports print and suppressions match this name.
std::string plainFunctionName(std::string_view Signature);

/// A kernel name from hipLaunchKernelGGL's first argument as written: spaces
/// at the ends, outer parentheses, HIP_KERNEL_NAME(...) and a leading '&'
/// removed ("(ns::red<24>)" -> "ns::red<24>").
std::string plainKernelName(std::string_view Expression);

/// A suppressions file (option `suppressions`), as for the LLVM sanitizers:
/// one `kind:pattern` per line, blank lines and `#` comments ignored. `kind` is
/// a kind name, a rule id or `*`. The pattern matches the kernel name, the
/// function name or the file path: `*` matches any run of characters, and it
/// matches anywhere in the name unless anchored with a leading `^` or a
/// trailing `$` (compiler-rt's TemplateMatch).
class Suppressions {
public:
  /// Parses \p Text; \p Source names it in errors ("<file>:<line>: ...").
  /// \returns "" or one "wavesan: ..." line per bad line (unknown kind, missing
  ///          ':' or empty pattern).
  std::string parse(std::string_view Text, std::string_view Source);
  bool matches(ReportKind Kind, const ReportLocation &Where) const;
  bool empty() const { return Entries.empty(); }

private:
  struct Entry {
    std::string Kind, Pattern;
  };
  std::vector<Entry> Entries;
};

/// Matches \p Name against a suppression \p Pattern (rules above).
bool suppressionPatternMatches(std::string_view Pattern, std::string_view Name);

/// The suppressions loaded by options() from the `suppressions` file.
const Suppressions &activeSuppressions();

} // namespace wavesan
