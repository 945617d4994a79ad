//===--- explain_command.cpp - `wavesan explain` ----------------------------===//
#include "explain_command.h"

#include "wavesan/report.h"

#include <string>
#include <string_view>
#include <vector>

namespace wavesan::cli {
namespace {

struct EmbeddedDoc {
  const char *Path; ///< relative to rules/: "runtime/barrier-deadlock.md", "wave64-....md"
  const char *Text;
};

/// rules/**/*.md, generated at build time (sanitizer/package/CMakeLists.txt).
const EmbeddedDoc Docs[] = {
#include "WavesanRuleDocs.inc"
    {nullptr, nullptr}};

const char *findDoc(const std::string &Path) {
  for (const EmbeddedDoc *D = Docs; D->Path; ++D)
    if (Path == D->Path)
      return D->Text;
  return nullptr;
}

constexpr const char *Help =
    "OVERVIEW: print the rule doc of a wavesan report kind: what it finds, why it is wrong\n"
    "  on MI300X, bad and good code, the fix, options and limitations\n\n"
    "USAGE: wavesan explain <kind>\n\n"
    "  <kind> is the name after \"wavesan:\" in a report (barrier-deadlock) or the rule id\n"
    "  after \"rule:\" (wave64-hardcoded-warp-size). Exit status: 0, or 2 for a missing or\n"
    "  unknown kind.\n";

/// Every report kind, in report_kinds.inc order, comma-separated.
std::string knownKinds() {
  std::string Names;
  for (ReportKind K : allReportKinds())
    Names += (Names.empty() ? "" : ", ") + std::string(kindName(K));
  return Names;
}

} // namespace

int runExplain(std::span<const char *const> Args, std::ostream &Out, std::ostream &Err) {
  std::vector<std::string> Names;
  for (const char *A : Args) {
    const std::string S = A;
    if (S == "--help" || S == "-h" || S == "-help") {
      Out << Help;
      return 0;
    }
    if (S.rfind("-", 0) == 0) {
      Err << "wavesan explain: error: unknown option '" << S << "'; see 'wavesan explain --help'\n";
      return 2;
    }
    Names.push_back(S);
  }
  if (Names.size() != 1) {
    Err << "wavesan explain: error: " << (Names.empty() ? "missing kind" : "expected one kind")
        << "; expected one of " << knownKinds() << "\n";
    return 2;
  }
  const std::string &Name = Names.front();
  for (ReportKind K : allReportKinds()) {
    if (Name != kindName(K) && Name != ruleId(K))
      continue;
    const std::string Path =
        (ruleDoc(K) == RuleDoc::Runtime ? "runtime/" : "") + std::string(ruleId(K)) + ".md";
    const char *Text = findDoc(Path);
    if (!Text) { // report_kinds.inc names a doc that rules/ lacks: a build error, not the user's
      Err << "wavesan explain: error: the doc of '" << Name << "' (rules/" << Path
          << ") is not in this build\n";
      return 2;
    }
    const std::string_view T = Text;
    Out << T << (T.ends_with('\n') ? "" : "\n");
    return 0;
  }
  Err << "wavesan explain: error: unknown kind '" << Name << "'; expected one of "
      << knownKinds() << " (or the rule id a report's rule: line names)\n";
  return 2;
}

} // namespace wavesan::cli
