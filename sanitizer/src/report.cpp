//===--- report.cpp - wavesan report blocks, text and JSON -----------------===//
///
/// Formatting (pure: formatReport, summaryLine), then report(): suppressions,
/// per-site de-duplication, counting, output to stderr or log_path.<pid>, and
/// halt_on_error, all under one mutex. Last, fail_at_exit: the exit handler that
/// turns a status-0 exit of a process that printed an error report into exitcode.
///
//===----------------------------------------------------------------------===//
#include "wavesan/report.h"

#include <fmt/format.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <unistd.h>

namespace wavesan {
namespace {

struct KindInfo {
  const char *Name;
  RuleDoc Doc;
  const char *RuleId;
  Severity Level;
  const char *Hint;
};

constexpr KindInfo Kinds[] = {
#define WAVESAN_REPORT_KIND(Enum, Name, Doc, RuleId, Level, Hint)                             \
  {Name, RuleDoc::Doc, RuleId, Severity::Level, Hint},
#include "wavesan/report_kinds.inc"
#undef WAVESAN_REPORT_KIND
};
constexpr size_t NumKinds = sizeof(Kinds) / sizeof(Kinds[0]);

const KindInfo &info(ReportKind K) { return Kinds[static_cast<size_t>(K)]; }

const char *orUnknown(const char *S) { return S && *S ? S : "<unknown>"; }

std::string fileLine(const ReportLocation &W) {
  if (!W.File || !*W.File)
    return "<unknown>";
  return W.Line ? fmt::format("{}:{}", W.File, W.Line) : std::string(W.File);
}

std::string dim(const Dim3 &D) { return fmt::format("({},{},{})", D.x, D.y, D.z); }

/// The ", block (..), thread (..), wave N, lane N" part of the "at" line.
std::string coordinates(const ReportLocation &W) {
  switch (W.Scope) {
  case ReportScope::Launch:
    return "";
  case ReportScope::Block:
    return ", block " + dim(W.Block);
  case ReportScope::Wave:
    return fmt::format(", block {}, wave {}", dim(W.Block), W.Wave);
  case ReportScope::Lane:
    return fmt::format(", block {}, thread {}, wave {}, lane {}", dim(W.Block), dim(W.Thread),
                       W.Wave, W.Lane);
  }
  return "";
}

std::string ruleReference(const KindInfo &K) {
  if (K.Doc == RuleDoc::Static)
    return fmt::format("{} (run `wavecheck --explain={}`)", K.RuleId, K.RuleId);
  const std::string Path = runtimeRuleDocPath(K.RuleId);
  if (!Path.empty())
    return fmt::format("{} (see {})", K.RuleId, Path);
  return fmt::format("{} (run `wavesan explain {}`)", K.RuleId, K.RuleId);
}

/// A JSON string literal (RFC 8259: quote, backslash and control characters
/// escaped; other bytes, UTF-8 included, copied).
std::string jsonString(std::string_view S) {
  std::string Out = "\"";
  for (char C : S) {
    switch (C) {
    case '"': Out += "\\\""; break;
    case '\\': Out += "\\\\"; break;
    case '\n': Out += "\\n"; break;
    case '\r': Out += "\\r"; break;
    case '\t': Out += "\\t"; break;
    default:
      if (static_cast<unsigned char>(C) < 0x20)
        Out += fmt::format("\\u{:04x}", static_cast<unsigned char>(C));
      else
        Out += C;
    }
  }
  return Out + "\"";
}

std::string jsonStringOrNull(const char *S) { return S && *S ? jsonString(S) : "null"; }

std::string jsonDim(const Dim3 &D) { return fmt::format("[{},{},{}]", D.x, D.y, D.z); }

std::string formatJson(ReportKind Kind, const ReportLocation &W, const std::string &Details,
                       long Pid) {
  const KindInfo &K = info(Kind);
  static const char *const ScopeNames[] = {"lane", "wave", "block", "launch"};
  std::string J = fmt::format(
      "{{\"tool\":\"wavesan\",\"pid\":{},\"level\":\"{}\",\"kind\":{},\"rule\":{},"
      "\"rule_doc\":{},\"kernel\":{},\"file\":{},\"line\":{},\"function\":{},\"scope\":\"{}\"",
      Pid, K.Level == Severity::Error ? "error" : "note", jsonString(K.Name),
      jsonString(K.RuleId),
      jsonString(K.Doc == RuleDoc::Static ? fmt::format("rules/{}.md", K.RuleId)
                                          : fmt::format("rules/runtime/{}.md", K.RuleId)),
      jsonStringOrNull(W.Kernel), jsonStringOrNull(W.File), W.Line, jsonStringOrNull(W.Function),
      ScopeNames[static_cast<int>(W.Scope)]);
  if (W.Scope != ReportScope::Launch)
    J += ",\"block\":" + jsonDim(W.Block);
  if (W.Scope == ReportScope::Lane)
    J += ",\"thread\":" + jsonDim(W.Thread);
  if (W.Scope == ReportScope::Lane || W.Scope == ReportScope::Wave)
    J += fmt::format(",\"wave\":{}", W.Wave);
  if (W.Scope == ReportScope::Lane)
    J += fmt::format(",\"lane\":{}", W.Lane);
  J += ",\"message\":" + jsonString(Details) + ",\"hint\":" + jsonString(K.Hint);
  if (K.Level == Severity::Error)
    J += ",\"summary\":" + jsonString(summaryLine(Kind, W));
  return J + "}\n";
}

std::string formatText(ReportKind Kind, const ReportLocation &W, const std::string &Details,
                       long Pid) {
  const KindInfo &K = info(Kind);
  // A finding in host code (an invalid hipFree) names no kernel, only the calling function.
  const bool Host = (!W.Kernel || !*W.Kernel) && W.Function && *W.Function &&
                    W.Scope == ReportScope::Launch;
  std::string T = fmt::format("=={}=={}: wavesan: {} in {}{}\n", Pid,
                              K.Level == Severity::Error ? "ERROR" : "NOTE", K.Name,
                              Host ? "host code" : "kernel ", Host ? "" : orUnknown(W.Kernel));
  std::string_view D = Details;
  while (!D.empty()) {
    size_t End = D.find('\n');
    T += fmt::format("  {}\n", D.substr(0, End));
    D = End == std::string_view::npos ? std::string_view() : D.substr(End + 1);
  }
  T += fmt::format("  at {} in {}{}\n", fileLine(W),
                   orUnknown(W.Function && *W.Function ? W.Function : W.Kernel), coordinates(W));
  T += fmt::format("  rule: {}\n", ruleReference(K));
  T += fmt::format("  hint: {}\n", K.Hint);
  if (K.Level == Severity::Error)
    T += summaryLine(Kind, W) + "\n";
  return T;
}

/// Everything that a process is about to lose when it ends with _Exit: the C++
/// standard streams (their own buffers, after sync_with_stdio(false)) and every
/// stdio stream (stdout to a pipe or file is fully buffered).
void flushAll() {
  std::cout.flush();
  std::clog.flush();
  std::wcout.flush();
  std::wclog.flush();
  std::fflush(nullptr);
}

// --- fail_at_exit state ---
// Read by the exit handler, which runs during exit() after the destructors of the
// static objects made after it was installed (ReportState, and options()'s own Options
// object, among them): so plain, constant-initialised, never-destroyed variables.
/// Error reports printed by process ExitErrorsPid (a forked child that prints none
/// has not printed its parent's).
std::atomic<unsigned> ExitErrors{0};
std::atomic<long> ExitErrorsPid{0};
/// options().exitcode, and whether to say why the status changed, as installed.
int ExitStatusOnError = 1;
bool AnnounceExitStatus = true;

/// Counts one printed error report of process \p Pid (called under ReportState::Mutex).
void countErrorForExit(long Pid) {
  if (ExitErrorsPid.load(std::memory_order_relaxed) != Pid) {
    ExitErrors.store(0, std::memory_order_relaxed);
    ExitErrorsPid.store(Pid, std::memory_order_relaxed);
  }
  ExitErrors.fetch_add(1, std::memory_order_release);
}

/// The process-wide report state; every member is guarded by Mutex.
/// One reported site: how often it was reached, and how many of those the
/// output accounts for (printed, or announced by reportRepeats()).
struct SiteCount {
  unsigned Seen = 0;
  unsigned Told = 0;
};

struct ReportState {
  std::mutex Mutex;
  std::map<std::tuple<unsigned, std::string, unsigned, std::string>, SiteCount> Sites;
  std::array<unsigned, NumKinds> PerKind{};
  unsigned Errors = 0;
  FILE *Log = nullptr; // null: not opened yet
  long LogPid = 0;     // the pid Log was opened for (a forked child opens its own)
};

ReportState &state() {
  static ReportState S;
  return S;
}

/// The stream for reports: stderr, stdout or <log_path>.<pid>, opened on first
/// use. If the file cannot be opened, says so once and falls back to stderr, so
/// that no report is lost.
FILE *sink(ReportState &S, long Pid) {
  if (S.Log && S.LogPid == Pid)
    return S.Log;
  const std::string &Path = options().log_path;
  if (Path.empty() || Path == "stderr") {
    S.Log = stderr;
  } else if (Path == "stdout") {
    S.Log = stdout;
  } else {
    std::string Name = fmt::format("{}.{}", Path, Pid);
    S.Log = std::fopen(Name.c_str(), "w");
    if (!S.Log) {
      std::fprintf(stderr,
                   "wavesan: cannot open log file '%s' (option log_path=%s): %s; "
                   "writing reports to stderr\n",
                   Name.c_str(), Path.c_str(), std::strerror(errno));
      S.Log = stderr;
    }
  }
  S.LogPid = Pid;
  return S.Log;
}

/// A copy of W whose Function and Kernel are plain names (Storage holds them).
ReportLocation plainNames(const ReportLocation &W, std::string (&Storage)[2]) {
  ReportLocation P = W;
  if (W.Function && *W.Function) {
    Storage[0] = plainFunctionName(W.Function);
    P.Function = Storage[0].c_str();
  }
  if (W.Kernel && *W.Kernel) {
    Storage[1] = plainKernelName(W.Kernel);
    P.Kernel = Storage[1].c_str();
  }
  return P;
}

} // namespace

std::string runtimeRuleDocPath(std::string_view RuleId) {
  // Where the docs are, baked in by sanitizer/CMakeLists.txt: the source tree's rules/
  // (a build-tree runtime) and the configured install prefix's share/wavesan/rules.
  static constexpr const char *Dirs[] = {
#ifdef WAVESAN_RULES_SOURCE_DIR
      WAVESAN_RULES_SOURCE_DIR,
#endif
#ifdef WAVESAN_RULES_INSTALL_DIR
      WAVESAN_RULES_INSTALL_DIR,
#endif
  };
  for (const char *Dir : Dirs) {
    std::string Path = fmt::format("{}/runtime/{}.md", Dir, RuleId);
    if (::access(Path.c_str(), R_OK) == 0)
      return Path;
  }
  return "";
}

const char *kindName(ReportKind Kind) { return info(Kind).Name; }
const char *ruleId(ReportKind Kind) { return info(Kind).RuleId; }
RuleDoc ruleDoc(ReportKind Kind) { return info(Kind).Doc; }
Severity severity(ReportKind Kind) { return info(Kind).Level; }
const char *hint(ReportKind Kind) { return info(Kind).Hint; }

const std::vector<ReportKind> &allReportKinds() {
  static const std::vector<ReportKind> All = {
#define WAVESAN_REPORT_KIND(Enum, Name, Doc, RuleId, Level, Hint) ReportKind::Enum,
#include "wavesan/report_kinds.inc"
#undef WAVESAN_REPORT_KIND
  };
  return All;
}

std::string summaryLine(ReportKind Kind, const ReportLocation &Where) {
  return fmt::format("SUMMARY: wavesan: {} {} in {}", info(Kind).Name, fileLine(Where),
                     Where.Kernel && *Where.Kernel ? plainKernelName(Where.Kernel)
                     : Where.Function && *Where.Function ? plainFunctionName(Where.Function)
                                                         : std::string("<unknown>"));
}

std::string formatReport(ReportKind Kind, const ReportLocation &Location,
                         const std::string &Details, ReportFormat Format, long Pid) {
  std::string Names[2];
  const ReportLocation Where = plainNames(Location, Names);
  return Format == ReportFormat::Json ? formatJson(Kind, Where, Details, Pid)
                                      : formatText(Kind, Where, Details, Pid);
}

namespace {
std::atomic<bool> Muted{false};

void write(ReportKind Kind, const ReportLocation &Location, const std::string &Details,
           bool MayHalt) {
  if (MayHalt && Muted.load(std::memory_order_relaxed)) // a kernel-fault still prints
    return;
  const Options &Opts = options();
  std::string Names[2];
  const ReportLocation Where = plainNames(Location, Names);
  if (activeSuppressions().matches(Kind, Where))
    return;
  ReportState &S = state();
  std::lock_guard<std::mutex> Lock(S.Mutex);
  SiteCount &Site = S.Sites[{static_cast<unsigned>(Kind), Where.File ? Where.File : "",
                             Where.Line, Where.Kernel ? Where.Kernel : ""}];
  if (Site.Seen++ >= ReportsPerSite)
    return; // counted: reportRepeats() says how often
  Site.Told = Site.Seen;
  ++S.PerKind[static_cast<size_t>(Kind)];
  bool IsError = severity(Kind) == Severity::Error;
  long Pid = static_cast<long>(getpid());
  if (IsError) {
    ++S.Errors;
    countErrorForExit(Pid);
  }
  std::string Block = formatReport(Kind, Where, Details, Opts.report_format, Pid);
  FILE *Out = sink(S, Pid);
  if ((std::fwrite(Block.data(), 1, Block.size(), Out) != Block.size() ||
       std::fflush(Out) != 0) &&
      Out != stderr) {
    // A full disk (ENOSPC) or a closed stdout: say so once, and this report and the
    // later ones go to stderr, so that none is lost.
    const int Err = errno;
    const std::string &Path = Opts.log_path;
    const std::string Name = Out == stdout ? std::string("stdout") : fmt::format("{}.{}", Path, Pid);
    std::fprintf(stderr,
                 "wavesan: cannot write to log file '%s' (option log_path=%s): %s; writing "
                 "reports to stderr\n",
                 Name.c_str(), Path.c_str(), std::strerror(Err));
    if (Out != stdout)
      std::fclose(Out);
    else
      std::clearerr(stdout);
    S.Log = stderr;
    std::fwrite(Block.data(), 1, Block.size(), stderr);
    std::fflush(stderr);
  }
  if (IsError && MayHalt && Opts.halt_on_error) {
    flushAll();
    std::_Exit(Opts.exitcode);
  }
}
} // namespace

void detail::setReportsMuted(bool M) { Muted.store(M, std::memory_order_relaxed); }

void detail::reportRepeats() {
  ReportState &S = state();
  std::lock_guard<std::mutex> Lock(S.Mutex);
  if (options().report_format != ReportFormat::Text)
    return;
  const long Pid = static_cast<long>(getpid());
  FILE *Out = nullptr;
  for (auto &[Key, Site] : S.Sites) {
    if (Site.Seen <= Site.Told)
      continue;
    const auto &[Kind, File, Line, Kernel] = Key;
    ReportLocation W;
    W.File = File.c_str();
    W.Line = Line;
    const std::string Text =
        fmt::format("=={}==wavesan: {} at {}{}: {} more {} at this site (reported once)\n", Pid,
                    info(static_cast<ReportKind>(Kind)).Name, fileLine(W),
                    Kernel.empty() ? std::string() : " in " + Kernel, Site.Seen - Site.Told,
                    Site.Seen - Site.Told == 1 ? "time" : "times");
    Site.Told = Site.Seen;
    if (!Out)
      Out = sink(S, Pid);
    std::fwrite(Text.data(), 1, Text.size(), Out);
  }
  if (Out)
    std::fflush(Out);
}

void report(ReportKind Kind, const ReportLocation &Location, const std::string &Details) {
  write(Kind, Location, Details, /*MayHalt=*/true);
}

void reportFatal(ReportKind Kind, const ReportLocation &Location, const std::string &Details) {
  write(Kind, Location, Details, /*MayHalt=*/false);
}

unsigned reportCount() {
  ReportState &S = state();
  std::lock_guard<std::mutex> Lock(S.Mutex);
  return S.Errors;
}

unsigned reportCount(ReportKind Kind) {
  ReportState &S = state();
  std::lock_guard<std::mutex> Lock(S.Mutex);
  return S.PerKind[static_cast<size_t>(Kind)];
}

void resetReports() {
  ReportState &S = state();
  std::lock_guard<std::mutex> Lock(S.Mutex);
  S.Sites.clear();
  S.PerKind.fill(0);
  S.Errors = 0;
}

// LeakSanitizer's "check for leaks now" (sanitizer/lsan_interface.h), defined when the
// program is built with -fsanitize=address or =leak. Its own end-of-process check runs
// from an exit handler installed before ours, which the _Exit below skips.
extern "C" __attribute__((weak)) void __lsan_do_leak_check();

namespace {

/// The fail_at_exit handler: \p Status is the status given to exit() (or returned by
/// main). A program that fails already keeps its own status; a status-0 exit of a
/// process that printed an error report becomes exitcode.
void failAtExit(int Status, void *) {
  if ((Status & 0xff) != 0) // what the parent sees: exit(256) is a status-0 exit
    return;
  if (ExitErrorsPid.load(std::memory_order_relaxed) != static_cast<long>(getpid()))
    return;
  const unsigned Errors = ExitErrors.load(std::memory_order_acquire);
  if (Errors == 0)
    return;
  flushAll();
  if (AnnounceExitStatus) {
    std::fprintf(stderr,
                 "==%ld==wavesan: %u error report%s printed: exit status %d instead of 0 "
                 "(fail_at_exit=0 keeps the program's exit status)\n",
                 static_cast<long>(getpid()), Errors, Errors == 1 ? "" : "s",
                 ExitStatusOnError);
    std::fflush(stderr);
  }
  if (__lsan_do_leak_check)
    __lsan_do_leak_check(); // may end the process itself, with LSan's exitcode
  std::_Exit(ExitStatusOnError);
}

#if !defined(__GLIBC__)
void failAtExitWithoutStatus() { failAtExit(0, nullptr); }
#endif

} // namespace

namespace detail {
void installFailAtExit(const Options &O) {
  if (!O.fail_at_exit || O.exitcode == 0)
    return;
  ExitStatusOnError = O.exitcode;
  // The line would break a JSON Lines stream on stderr; with log_path elsewhere, stderr
  // is where a CI log shows why the status changed.
  AnnounceExitStatus = O.report_format == ReportFormat::Text ||
                       !(O.log_path.empty() || O.log_path == "stderr");
#if defined(__GLIBC__)
  // on_exit, not atexit: its handler is given the exit status.
  on_exit(failAtExit, nullptr);
#else
  // No on_exit: the handler cannot see the status, and a program that exits non-zero
  // after an error report exits with exitcode too.
  std::atexit(failAtExitWithoutStatus);
#endif
}
} // namespace detail

} // namespace wavesan
