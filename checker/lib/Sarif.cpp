//===--- Sarif.cpp - SARIF 2.1.0 report for GitHub code scanning -----------===//
///
/// \file
/// `--format=sarif`: one SARIF 2.1.0 log with one run, built with clang's
/// SARIF writer (clang/Basic/Sarif.h) and completed on its JSON object.
///
/// The writer makes the skeleton: `$schema`, `version`, the run with
/// `tool.driver` (name, version), `columnKind: unicodeCodePoints`, the rules
/// (id, name, fullDescription, defaultConfiguration) and the results (ruleId,
/// ruleIndex, level, message, partialFingerprints). What GitHub code scanning
/// needs beyond that is added to the writer's object here, because the writer
/// cannot express it:
/// - locations: the writer takes only CharSourceRanges of a SourceManager
///   holding the files and writes absolute `file://` URIs of their real paths,
///   which code scanning cannot map onto the repository; merged findings
///   (after all passes) carry file, line and column, not source locations.
///   Here locations are URIs relative to the source root with
///   `uriBaseId: "%SRCROOT%"` (the root in `originalUriBaseIds`).
/// - relatedLocations with a message (the writer's have none) for the notes;
/// - rules' `shortDescription` and `help` (text + markdown), no setter
///   (their `name` and `helpUri` use the writer's setters, lib/SarifRules.h);
/// - `automationDetails.id`, `invocations` (executionSuccessful and the input
///   errors as toolExecutionNotifications), result `fixes`, no setter;
/// - `driver.informationUri`: the writer points it at clang's manual, so it
///   is removed (wavecheck has no public home page to point at).
///
/// Rules: every rule of the catalogue, in catalogue order (findings of other
/// checks, none today, get a rule appended): id = the check name, name = the
/// check name in PascalCase (ruleName: `Wave64HardcodedWarpSize`), helpUri =
/// `rules/<check>.md`, a relative reference to the rule's doc in the wavecheck
/// source tree (ruleHelpUri); shortDescription = the summary;
/// fullDescription = the "What it finds" section of rules/<check>.md, cut
/// between blocks to code scanning's 1000 characters (lib/SarifRules.cpp);
/// help = the whole doc (text and markdown); default level "warning". A
/// result's level is "error" when the finding is an error
/// (warnings-as-errors), "note" when it came only from parses with compiler
/// errors (properties.parseFailed true; it does not fail the gate), else
/// "warning". Results keep the order of RunResult::Findings.
///
/// Invocation: executionSuccessful is false when some input could not be
/// analysed (exit code 3), true otherwise (findings do not make a run fail).
/// Every input error is a toolExecutionNotification naming the file (level
/// "error" for an input not analysed, "warning" for a missing header, "note"
/// for a scanned header that no source includes and that does not parse); the
/// driver's notes (dropped nvcc flags) are toolConfigurationNotifications.
///
/// Source root (%SRCROOT%): the top level of the Git work tree enclosing the
/// working directory (the nearest ancestor holding `.git`, a directory or the
/// file of a worktree/submodule), else the working directory itself; one root
/// per run, since SARIF resolves every `%SRCROOT%` URI against one base. CI
/// runs wavecheck in the checkout, so URIs are relative to the repository
/// root, as code scanning expects. A file outside the root gets an absolute
/// `file://` URI without uriBaseId (code scanning then shows no file for it).
///
/// Regions: startLine/startColumn from the finding; columns counted in
/// Unicode code points (the run's columnKind) from clang's byte columns.
/// endLine is startLine; endColumn is one past the last character of the
/// token that starts at the finding (lexed with clang's raw lexer on that
/// line), or equal to startColumn when no token starts there or the file
/// cannot be read. Notes (relatedLocations) get their regions the same way.
///
/// Fingerprint (`partialFingerprints.primaryLocationLineHash`), in GitHub's
/// "<hex>:<n>" shape: <hex> = the first 16 hex digits of
/// SHA-1(check + '\0' + repo-relative path + '\0' + the finding's source line
/// without leading and trailing white space), <n> = 1 + the number of earlier
/// results (in output order, sorted by file, line, column) with the same
/// <hex>. It does not use the line number, so it survives edits elsewhere in
/// the file, and it is the same on every machine (relative path).
///
//===----------------------------------------------------------------------===//
#include "lib/Catalogue.h"
#include "lib/Output.h"
#include "lib/SarifRules.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/Sarif.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include <algorithm>
#include <map>

namespace wavecheck {

namespace {

/// The SARIF base id of the source root, as GitHub's documentation spells it.
constexpr llvm::StringRef SrcRoot = "%SRCROOT%";

/// Hex digits of the SHA-1 kept in a fingerprint: 64 bits, the width of the
/// hash in GitHub's own primaryLocationLineHash values.
constexpr size_t FingerprintHexDigits = 16;

/// The source root (see the file comment), absolute and without symlinks.
std::string sourceRoot() {
  llvm::SmallString<256> Cwd, Real;
  if (llvm::sys::fs::current_path(Cwd))
    return "";
  if (!llvm::sys::fs::real_path(Cwd, Real))
    Cwd = Real;
  for (llvm::StringRef Dir = Cwd; !Dir.empty(); Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Git(Dir);
    llvm::sys::path::append(Git, ".git");
    if (llvm::sys::fs::exists(Git))
      return Dir.str();
  }
  return std::string(Cwd);
}

/// RFC 3986 encoding of one character of a relative URI's path, as clang's
/// writer does for absolute URIs, except that ':' is encoded too (a relative
/// reference whose first segment has a ':' would read as a scheme).
void appendUriChar(std::string &Out, char C) {
  if (llvm::isAlnum(C) || llvm::StringRef("-._~@!$&'()*+,;=").contains(C))
    Out += C;
  else
    Out += "%" + llvm::toHex(llvm::StringRef(&C, 1));
}

/// Where a file is, for a SARIF artifactLocation and for fingerprints.
struct FileLocation {
  std::string Uri;     ///< percent-encoded; relative to the root when Relative
  std::string RelPath; ///< path relative to the root, or the absolute path
  bool Relative = false;
};

/// Source lines of the files reported, each file read once.
class SourceLines {
public:
  /// Line \p Line (1-based) without its line terminator; empty when missing.
  llvm::StringRef line(const std::string &File, unsigned Line) {
    auto [It, New] = Files.try_emplace(File);
    Entry &E = It->second;
    if (New) {
      if (auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                                 /*RequiresNullTerminator=*/false)) {
        E.Text = (*Buf)->getBuffer().str();
        E.Starts.push_back(0);
        for (size_t I = 0; I < E.Text.size(); ++I)
          if (E.Text[I] == '\n')
            E.Starts.push_back(I + 1);
      }
    }
    if (Line == 0 || Line > E.Starts.size())
      return {};
    size_t Begin = E.Starts[Line - 1];
    size_t End = Line < E.Starts.size() ? E.Starts[Line] - 1 : E.Text.size();
    return llvm::StringRef(E.Text).slice(Begin, End).rtrim("\r");
  }

private:
  struct Entry {
    std::string Text;
    std::vector<size_t> Starts;
  };
  std::map<std::string, Entry> Files;
};

/// Number of Unicode code points in \p Bytes (UTF-8; a byte that is not a
/// continuation byte counts as one, so invalid UTF-8 still advances).
unsigned codePoints(llvm::StringRef Bytes) {
  unsigned N = 0;
  for (char C : Bytes)
    N += (static_cast<unsigned char>(C) & 0xC0) != 0x80;
  return N;
}

/// Byte length of the token starting at byte \p Offset of \p Line, or 0 when
/// only white space or a comment starts there.
unsigned tokenLength(llvm::StringRef Line, size_t Offset) {
  if (Offset >= Line.size())
    return 0;
  // The raw lexer needs a NUL after the buffer.
  std::string Buf = Line.str();
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  LO.HIP = true;
  clang::Lexer L(clang::SourceLocation(), LO, Buf.data(), Buf.data() + Offset,
                 Buf.data() + Buf.size());
  clang::Token Tok;
  L.LexFromRawLexer(Tok);
  if (Tok.is(clang::tok::eof))
    return 0;
  const char *End = L.getBufferLocation();
  if (End - Tok.getLength() != Buf.data() + Offset)
    return 0;
  return Tok.getLength();
}

class SarifBuilder {
public:
  SarifBuilder(const RunResult &R, const Options &Opts)
      : R(R), Opts(Opts), Root(sourceRoot()) {}

  llvm::json::Object build();

private:
  FileLocation locate(llvm::StringRef File);
  llvm::json::Object artifactLocation(llvm::StringRef File);
  llvm::json::Object region(const std::string &File, unsigned Line, unsigned Column);
  llvm::json::Object physicalLocation(const std::string &File, unsigned Line,
                                      unsigned Column);
  std::string fingerprint(const Finding &F);
  llvm::json::Array fixes(const Finding &F);
  llvm::json::Array invocations();

  const RunResult &R;
  const Options &Opts;
  std::string Root;
  SourceLines Lines;
  std::map<std::string, unsigned> FingerprintCounts;
};

FileLocation SarifBuilder::locate(llvm::StringRef File) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  FileLocation L;
  llvm::StringRef Rel = Abs;
  if (!Root.empty() && Rel.consume_front(Root) &&
      (Rel.consume_front("/") || llvm::StringRef(Root).ends_with("/")) && !Rel.empty()) {
    L.Relative = true;
    L.RelPath = Rel.str();
    for (auto It = llvm::sys::path::begin(Rel), E = llvm::sys::path::end(Rel); It != E;
         ++It) {
      if (!L.Uri.empty())
        L.Uri += "/";
      for (char C : *It)
        appendUriChar(L.Uri, C);
    }
    return L;
  }
  L.RelPath = std::string(Abs);
  L.Uri = clang::SarifDocumentWriter::fileNameToURI(Abs);
  return L;
}

llvm::json::Object SarifBuilder::artifactLocation(llvm::StringRef File) {
  FileLocation L = locate(File);
  llvm::json::Object A{{"uri", L.Uri}};
  if (L.Relative)
    A["uriBaseId"] = SrcRoot;
  return A;
}

llvm::json::Object SarifBuilder::region(const std::string &File, unsigned Line,
                                        unsigned Column) {
  llvm::StringRef Text = Lines.line(File, Line);
  size_t ByteOffset = Column > 0 ? Column - 1 : 0;
  unsigned Start = Column, End = Column;
  if (!Text.empty() && ByteOffset <= Text.size()) {
    Start = codePoints(Text.take_front(ByteOffset)) + 1;
    unsigned Len = tokenLength(Text, ByteOffset);
    End = Start + codePoints(Text.substr(ByteOffset, Len));
  }
  llvm::json::Object Reg{{"startLine", Line}, {"endLine", Line}};
  if (Column > 0) {
    Reg["startColumn"] = Start;
    Reg["endColumn"] = End;
  }
  return Reg;
}

llvm::json::Object SarifBuilder::physicalLocation(const std::string &File, unsigned Line,
                                                  unsigned Column) {
  llvm::json::Object P{{"artifactLocation", artifactLocation(File)}};
  if (Line > 0)
    P["region"] = region(File, Line, Column);
  return P;
}

std::string SarifBuilder::fingerprint(const Finding &F) {
  llvm::SHA1 Hash;
  Hash.update(F.Check);
  Hash.update(llvm::StringRef("\0", 1));
  Hash.update(locate(F.File).RelPath);
  Hash.update(llvm::StringRef("\0", 1));
  Hash.update(Lines.line(F.File, F.Line).trim());
  std::array<uint8_t, 20> Digest = Hash.final();
  std::string Hex = llvm::toHex(llvm::ArrayRef<uint8_t>(Digest), /*LowerCase=*/true)
                        .substr(0, FingerprintHexDigits);
  return Hex + ":" + std::to_string(++FingerprintCounts[Hex]);
}

llvm::json::Array SarifBuilder::fixes(const Finding &F) {
  // One fix (a clang-tidy fix-it is applied whole), one artifactChange per
  // file, replacements in byte offsets as clang-apply-replacements has them.
  std::map<std::string, std::vector<const Replacement *>> PerFile;
  for (const Replacement &Rp : F.Fixes)
    PerFile[Rp.File].push_back(&Rp);
  llvm::json::Array Changes;
  for (const auto &[File, Rps] : PerFile) {
    llvm::json::Array Replacements;
    for (const Replacement *Rp : Rps)
      Replacements.push_back(llvm::json::Object{
          {"deletedRegion",
           llvm::json::Object{{"byteOffset", Rp->Offset}, {"byteLength", Rp->Length}}},
          {"insertedContent", llvm::json::Object{{"text", Rp->Text}}}});
    Changes.push_back(llvm::json::Object{{"artifactLocation", artifactLocation(File)},
                                         {"replacements", std::move(Replacements)}});
  }
  llvm::json::Array Out;
  if (!Changes.empty())
    Out.push_back(llvm::json::Object{
        {"description", llvm::json::Object{{"text", "apply the fix-it of " + F.Check}}},
        {"artifactChanges", std::move(Changes)}});
  return Out;
}

llvm::json::Array SarifBuilder::invocations() {
  bool Successful = true;
  llvm::json::Array Notifications;
  for (const InputError &E : R.Errors) {
    Successful &= !E.Fatal;
    std::string Name = E.File.empty() ? std::string("wavecheck") : locate(E.File).RelPath;
    bool HeaderNote = E.Kind == "header-not-parsed";
    llvm::json::Object N{
        {"level", E.Fatal ? "error" : HeaderNote ? "note" : "warning"},
        {"message", llvm::json::Object{{"text", Name + ": " + E.Message}}},
        {"descriptor", llvm::json::Object{{"id", E.Fatal      ? "input-not-analysed"
                                                 : HeaderNote ? "header-not-parsed"
                                                              : "input-problem"}}}};
    if (!E.File.empty())
      N["locations"] = llvm::json::Array{llvm::json::Object{
          {"physicalLocation",
           llvm::json::Object{{"artifactLocation", artifactLocation(E.File)}}}}};
    Notifications.push_back(std::move(N));
  }
  llvm::json::Array ConfigNotes;
  for (const std::string &Note : R.Notes)
    ConfigNotes.push_back(llvm::json::Object{
        {"level", "note"}, {"message", llvm::json::Object{{"text", Note}}}});
  llvm::json::Object Inv{{"executionSuccessful", Successful},
                         {"toolExecutionNotifications", std::move(Notifications)}};
  if (!ConfigNotes.empty())
    Inv["toolConfigurationNotifications"] = std::move(ConfigNotes);
  return llvm::json::Array{std::move(Inv)};
}

llvm::json::Object SarifBuilder::build() {
  // The writer never touches its SourceManager unless given source ranges,
  // which it is not (see the file comment); it still needs one to exist.
  clang::FileSystemOptions FSOpts;
  clang::FileManager FM(FSOpts);
  clang::DiagnosticOptions DiagOpts;
  clang::IgnoringDiagConsumer Ignore;
  clang::DiagnosticsEngine Diags(llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(),
                                 DiagOpts, &Ignore, /*ShouldOwnClient=*/false);
  clang::SourceManager SM(Diags, FM);

  clang::SarifDocumentWriter Writer(SM);
  Writer.createRun("wavecheck", "wavecheck", WAVECHECK_VERSION);

  std::map<std::string, size_t> RuleIndex;
  for (const RuleInfo &Rule : catalogue()) {
    std::string Full = whatItFinds(Rule.Doc);
    RuleIndex[Rule.Name.str()] = Writer.createRule(
        clang::SarifRule::create()
            .setRuleId(Rule.Name)
            .setName(ruleName(Rule.Name))
            .setHelpURI(ruleHelpUri(Rule.Name))
            .setDescription(Full.empty() ? Rule.Summary.str() : Full)
            .setDefaultConfiguration(clang::SarifReportingConfiguration::create().setLevel(
                clang::SarifResultLevel::Warning)));
  }
  // A finding of a check outside the catalogue (none today) still gets a rule,
  // so every result's ruleIndex is valid.
  std::vector<std::string> Extra;
  for (const Finding &F : R.Findings)
    if (!RuleIndex.count(F.Check)) {
      RuleIndex[F.Check] = Writer.createRule(
          clang::SarifRule::create().setRuleId(F.Check).setName(ruleName(F.Check)).setDescription(
              F.Check));
      Extra.push_back(F.Check);
    }

  for (const Finding &F : R.Findings)
    Writer.appendResult(
        clang::SarifResult::create(RuleIndex[F.Check])
            .setRuleId(F.Check)
            .setDiagnosticMessage(F.Message)
            // A finding of a parse with compiler errors does not fail the
            // gate; code scanning shows it as a note.
            .setDiagnosticLevel(F.ParseFailed            ? clang::SarifResultLevel::Note
                                : F.Severity == "error" ? clang::SarifResultLevel::Error
                                                        : clang::SarifResultLevel::Warning)
            .addPartialFingerprint("primaryLocationLineHash", fingerprint(F)));

  llvm::json::Object Doc = Writer.createDocument();
  llvm::json::Object &Run = *(*Doc.getArray("runs"))[0].getAsObject();
  llvm::json::Object &Driver = *Run.getObject("tool")->getObject("driver");
  Driver.erase("informationUri");

  // Rules: the summary and the whole doc, which the writer has no field for.
  llvm::json::Array &Rules = *Driver.getArray("rules");
  llvm::ArrayRef<RuleInfo> Catalogue = catalogue();
  for (size_t I = 0; I < Rules.size(); ++I) {
    llvm::json::Object &Rule = *Rules[I].getAsObject();
    llvm::StringRef Summary = I < Catalogue.size() ? Catalogue[I].Summary : "";
    llvm::StringRef Help = I < Catalogue.size() ? Catalogue[I].Doc : "";
    if (Summary.empty())
      Summary = Extra[I - Catalogue.size()];
    if (Help.empty())
      Help = Summary;
    Rule["shortDescription"] = llvm::json::Object{{"text", Summary}};
    Rule["help"] = llvm::json::Object{{"text", Help}, {"markdown", Help}};
  }

  // Results: locations, notes, targets/passes and fix-its, in the order the
  // writer appended them (that of R.Findings).
  llvm::json::Array &Results = *Run.getArray("results");
  for (size_t I = 0; I < Results.size(); ++I) {
    const Finding &F = R.Findings[I];
    llvm::json::Object &Res = *Results[I].getAsObject();
    Res["locations"] = llvm::json::Array{llvm::json::Object{
        {"physicalLocation", physicalLocation(F.File, F.Line, F.Column)}}};
    if (!F.Notes.empty()) {
      llvm::json::Array Related;
      for (size_t N = 0; N < F.Notes.size(); ++N) {
        const Note &Nt = F.Notes[N];
        Related.push_back(llvm::json::Object{
            {"id", static_cast<int64_t>(N)},
            {"message", llvm::json::Object{{"text", Nt.Message}}},
            {"physicalLocation", physicalLocation(Nt.File, Nt.Line, Nt.Column)}});
      }
      Res["relatedLocations"] = std::move(Related);
    }
    llvm::json::Array Fixes = fixes(F);
    if (!Fixes.empty())
      Res["fixes"] = std::move(Fixes);
    Res["properties"] = llvm::json::Object{
        {"targets", llvm::json::Array(std::vector<std::string>(F.Targets.begin(),
                                                               F.Targets.end()))},
        {"passes", llvm::json::Array(std::vector<std::string>(F.Passes.begin(),
                                                              F.Passes.end()))},
        {"parseFailed", F.ParseFailed}};
  }

  // One automation id per target set, so code scanning keeps the runs for
  // different targets apart: "wavecheck/gfx942+gfx950/".
  std::vector<std::string> Arches = R.Arches.empty() ? Opts.Arches : R.Arches;
  std::sort(Arches.begin(), Arches.end());
  Arches.erase(std::unique(Arches.begin(), Arches.end()), Arches.end());
  Run["automationDetails"] =
      llvm::json::Object{{"id", "wavecheck/" + llvm::join(Arches, "+") + "/"}};

  std::string RootUri = clang::SarifDocumentWriter::fileNameToURI(Root);
  if (!llvm::StringRef(RootUri).ends_with("/"))
    RootUri += "/";
  Run["originalUriBaseIds"] =
      llvm::json::Object{{SrcRoot, llvm::json::Object{{"uri", RootUri}}}};
  Run["invocations"] = invocations();
  // The writer lists no artifacts (it saw no source ranges); an empty list
  // says nothing.
  if (const llvm::json::Array *A = Run.getArray("artifacts"); A && A->empty())
    Run.erase("artifacts");
  return Doc;
}

} // namespace

void printSarif(const RunResult &R, const Options &Opts, llvm::raw_ostream &OS) {
  llvm::json::Value Doc = SarifBuilder(R, Opts).build();
  OS << llvm::formatv("{0:2}", Doc) << "\n";
}

} // namespace wavecheck
