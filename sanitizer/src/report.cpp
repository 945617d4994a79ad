//===--- report.cpp - wavesan report blocks, text and JSON -----------------===//
///
/// Formatting (pure: formatReport, summaryLine), then report(): suppressions,
/// per-site de-duplication, counting, output to stderr or log_path.<pid>, and
/// halt_on_error, all under one mutex.
///
//===----------------------------------------------------------------------===//
#include "wavesan/report.h"

#include <fmt/format.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
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
  return fmt::format("{} (see rules/runtime/{}.md)", K.RuleId, K.RuleId);
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
  std::string T = fmt::format("=={}=={}: wavesan: {} in kernel {}\n", Pid,
                              K.Level == Severity::Error ? "ERROR" : "NOTE", K.Name,
                              orUnknown(W.Kernel));
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

/// The process-wide report state; every member is guarded by Mutex.
struct ReportState {
  std::mutex Mutex;
  std::map<std::tuple<unsigned, std::string, unsigned, std::string>, unsigned> Sites;
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

} // namespace

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
                     orUnknown(Where.Kernel));
}

std::string formatReport(ReportKind Kind, const ReportLocation &Where, const std::string &Details,
                         ReportFormat Format, long Pid) {
  return Format == ReportFormat::Json ? formatJson(Kind, Where, Details, Pid)
                                      : formatText(Kind, Where, Details, Pid);
}

void report(ReportKind Kind, const ReportLocation &Where, const std::string &Details) {
  const Options &Opts = options();
  if (activeSuppressions().matches(Kind, Where))
    return;
  ReportState &S = state();
  std::lock_guard<std::mutex> Lock(S.Mutex);
  unsigned &Seen = S.Sites[{static_cast<unsigned>(Kind), Where.File ? Where.File : "", Where.Line,
                            Where.Kernel ? Where.Kernel : ""}];
  if (Seen >= ReportsPerSite)
    return;
  ++Seen;
  ++S.PerKind[static_cast<size_t>(Kind)];
  bool IsError = severity(Kind) == Severity::Error;
  if (IsError)
    ++S.Errors;
  long Pid = static_cast<long>(getpid());
  std::string Block = formatReport(Kind, Where, Details, Opts.report_format, Pid);
  FILE *Out = sink(S, Pid);
  std::fwrite(Block.data(), 1, Block.size(), Out);
  std::fflush(Out);
  if (IsError && Opts.halt_on_error) {
    std::fflush(nullptr);
    std::_Exit(Opts.exitcode);
  }
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

} // namespace wavesan
