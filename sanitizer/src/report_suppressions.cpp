//===--- report_suppressions.cpp - the suppressions file --------------------===//
///
/// `kind:pattern` lines, matched as compiler-rt's sanitizer suppressions are
/// (TemplateMatch in sanitizer_common.cpp): `*` is a wildcard, a pattern
/// matches anywhere in the name unless anchored by `^` (start) or `$` (end).
///
//===----------------------------------------------------------------------===//
#include "wavesan/report.h"

#include <fmt/format.h>

namespace wavesan {
namespace {

std::string_view trim(std::string_view S) {
  while (!S.empty() && (S.front() == ' ' || S.front() == '\t' || S.front() == '\r'))
    S.remove_prefix(1);
  while (!S.empty() && (S.back() == ' ' || S.back() == '\t' || S.back() == '\r'))
    S.remove_suffix(1);
  return S;
}

/// Glob match of the whole of \p Name against \p P, where '*' matches any run
/// of characters. Iterative with one backtrack point: linear in practice.
bool globMatch(std::string_view P, std::string_view Name) {
  size_t PI = 0, NI = 0, StarP = std::string_view::npos, StarN = 0;
  while (NI < Name.size()) {
    if (PI < P.size() && P[PI] == '*') {
      StarP = PI++;
      StarN = NI;
    } else if (PI < P.size() && P[PI] == Name[NI]) {
      ++PI;
      ++NI;
    } else if (StarP != std::string_view::npos) {
      PI = StarP + 1;
      NI = ++StarN;
    } else {
      return false;
    }
  }
  while (PI < P.size() && P[PI] == '*')
    ++PI;
  return PI == P.size();
}

bool kindMatches(std::string_view Entry, ReportKind Kind) {
  return Entry == "*" || Entry == kindName(Kind) || Entry == ruleId(Kind);
}

bool isKnownKind(std::string_view Entry) {
  if (Entry == "*")
    return true;
  for (ReportKind K : allReportKinds())
    if (Entry == kindName(K) || Entry == ruleId(K))
      return true;
  return false;
}

} // namespace

bool suppressionPatternMatches(std::string_view Pattern, std::string_view Name) {
  if (Name.empty() || Pattern.empty())
    return false;
  std::string Glob;
  if (Pattern.front() == '^')
    Pattern.remove_prefix(1);
  else
    Glob += '*';
  bool AnchoredEnd = !Pattern.empty() && Pattern.back() == '$';
  if (AnchoredEnd)
    Pattern.remove_suffix(1);
  Glob += Pattern;
  if (!AnchoredEnd)
    Glob += '*';
  return globMatch(Glob, Name);
}

std::string Suppressions::parse(std::string_view Text, std::string_view Source) {
  std::string Errors;
  unsigned LineNo = 0;
  while (!Text.empty()) {
    size_t End = Text.find('\n');
    std::string_view Line = trim(Text.substr(0, End));
    Text = End == std::string_view::npos ? std::string_view() : Text.substr(End + 1);
    ++LineNo;
    if (Line.empty() || Line.front() == '#')
      continue;
    size_t Colon = Line.find(':');
    if (Colon == std::string_view::npos) {
      Errors += fmt::format("wavesan: {}:{}: expected kind:pattern, found '{}'\n", Source, LineNo,
                            Line);
      continue;
    }
    std::string_view Kind = trim(Line.substr(0, Colon)), Pattern = trim(Line.substr(Colon + 1));
    if (!isKnownKind(Kind)) {
      std::string Known;
      for (ReportKind K : allReportKinds())
        Known += fmt::format("{}{}", Known.empty() ? "" : ", ", kindName(K));
      Errors += fmt::format("wavesan: {}:{}: unknown kind '{}': expected '*', a rule id or one "
                            "of {}\n",
                            Source, LineNo, Kind, Known);
      continue;
    }
    if (Pattern.empty()) {
      Errors += fmt::format("wavesan: {}:{}: empty pattern after '{}:': expected a kernel, "
                            "function or file name pattern\n",
                            Source, LineNo, Kind);
      continue;
    }
    Entries.push_back({std::string(Kind), std::string(Pattern)});
  }
  return Errors;
}

bool Suppressions::matches(ReportKind Kind, const ReportLocation &Where) const {
  for (const Entry &E : Entries) {
    if (!kindMatches(E.Kind, Kind))
      continue;
    for (const char *Name : {Where.Kernel, Where.Function, Where.File})
      if (Name && suppressionPatternMatches(E.Pattern, Name))
        return true;
  }
  return false;
}

} // namespace wavesan
