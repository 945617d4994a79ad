//===--- Output.cpp - text and JSON reports --------------------------------===//
#include "lib/Output.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include <algorithm>
#include <map>
#include <set>

namespace wavecheck {

std::string displayPath(llvm::StringRef AbsPath) {
  llvm::SmallString<256> Cwd;
  if (llvm::sys::fs::current_path(Cwd) || !llvm::sys::path::is_absolute(AbsPath))
    return AbsPath.str();
  llvm::StringRef Rel = AbsPath;
  if (Rel.consume_front(Cwd) && Rel.consume_front("/"))
    return Rel.str();
  return AbsPath.str();
}

/// Where a byte offset of a file is: 1-based line and column, and the
/// line's text (without its line end).
struct Place {
  unsigned Line = 0, Column = 0;
  std::string Text;
};

static Place placeOf(llvm::StringRef Buffer, unsigned Offset) {
  Place P;
  if (Offset > Buffer.size())
    return P;
  size_t Start = Buffer.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  Start = (Start == llvm::StringRef::npos || Offset == 0) ? 0 : Start + 1;
  P.Line = 1 + Buffer.take_front(Start).count('\n');
  P.Column = Offset - Start + 1;
  P.Text = Buffer.substr(Start).split('\n').first.rtrim("\r").str();
  return P;
}

static std::string sourceLine(llvm::StringRef File, unsigned Line) {
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf || Line == 0)
    return {};
  llvm::StringRef Text = (*Buf)->getBuffer();
  for (unsigned L = 1; L < Line && !Text.empty(); ++L)
    Text = Text.split('\n').second;
  return Text.split('\n').first.rtrim("\r").str();
}

namespace {

/// clang's own rendering of a compiler error's excerpt: the source line with
/// its number, the caret and the highlighted ranges, as clang prints them
/// under an error (TextDiagnostic, whose snippet is protected).
class CompilerExcerpt : public clang::TextDiagnostic {
public:
  using clang::TextDiagnostic::TextDiagnostic;
  void emit(clang::FullSourceLoc Loc, llvm::SmallVectorImpl<clang::CharSourceRange> &Ranges) {
    emitCodeContext(Loc, clang::DiagnosticsEngine::Error, Ranges, {});
  }
};

/// Files read for the excerpts of one report, in one SourceManager.
class ExcerptPrinter {
public:
  ExcerptPrinter(llvm::raw_ostream &OS, bool Color) : OS(OS) {
    DiagOpts.ShowColors = Color;
  }
  /// Prints clang's excerpt of \p E's compiler error; nothing when it has no
  /// location or the file cannot be read.
  void print(const InputError &E) {
    if (E.CompilerFile.empty())
      return;
    llvm::Expected<clang::FileEntryRef> File = FM.getFileRef(E.CompilerFile);
    if (!File) {
      llvm::consumeError(File.takeError());
      return;
    }
    auto [It, New] = Files.try_emplace(E.CompilerFile);
    if (New)
      It->second = SM.createFileID(*File, clang::SourceLocation(), clang::SrcMgr::C_User);
    clang::FileID FID = It->second;
    std::optional<llvm::MemoryBufferRef> Buf = SM.getBufferOrNone(FID);
    if (!Buf || E.CompilerOffset > Buf->getBufferSize())
      return;
    llvm::SmallVector<clang::CharSourceRange, 2> Ranges;
    for (const auto &[Offset, Length] : E.CompilerRanges)
      if (Offset + Length <= Buf->getBufferSize())
        Ranges.push_back(clang::CharSourceRange::getCharRange(
            SM.getComposedLoc(FID, Offset), SM.getComposedLoc(FID, Offset + Length)));
    CompilerExcerpt TD(OS, LangOpts, DiagOpts);
    TD.emit(clang::FullSourceLoc(SM.getComposedLoc(FID, E.CompilerOffset), SM), Ranges);
  }

private:
  llvm::raw_ostream &OS;
  clang::DiagnosticOptions DiagOpts;
  clang::LangOptions LangOpts;
  clang::FileSystemOptions FSOpts;
  clang::FileManager FM{FSOpts};
  clang::IgnoringDiagConsumer Ignore;
  clang::DiagnosticsEngine Diags{clang::DiagnosticIDs::create(), DiagOpts, &Ignore,
                                 /*ShouldOwnClient=*/false};
  clang::SourceManager SM{Diags, FM};
  std::map<std::string, clang::FileID> Files;
};

} // namespace

/// The head of a clang-style diagnostic line, `<where>: <level>: <message>`,
/// with clang's colours (clang's TextDiagnostic): the location bold, the
/// level bold in its colour (warning magenta, error red, note black), the
/// message of a warning or error bold, a note's plain.
static void printDiagnosticHead(llvm::raw_ostream &OS, bool Color, llvm::StringRef Where,
                                llvm::StringRef Level, const llvm::Twine &Message) {
  if (Color)
    OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
  OS << Where << ": ";
  if (Color)
    OS.resetColor().changeColor(Level == "error"     ? llvm::raw_ostream::RED
                                : Level == "warning" ? llvm::raw_ostream::MAGENTA
                                                     : llvm::raw_ostream::BLACK,
                                true);
  OS << Level << ": ";
  if (Color) {
    OS.resetColor();
    if (Level != "note")
      OS.changeColor(llvm::raw_ostream::SAVEDCOLOR, true);
  }
  OS << Message;
  if (Color && Level != "note")
    OS.resetColor();
  OS << "\n";
}

static std::string where(const std::string &Path, unsigned Line, unsigned Column) {
  return Path + ":" + std::to_string(Line) + ":" + std::to_string(Column);
}

/// The fix-it of \p F under the source lines it edits, as clang shows a
/// fix-it hint: the new text from the column of the text it replaces, in
/// green with colours. Each part of a fix-it with several (`>> 5` -> `/
/// warpSize`) on its own line, so parts never run together; the parts on
/// the finding's line come under its caret line, those on another line
/// under that line, shown with its number.
static void printFixIts(const Finding &F, const std::string &Src, llvm::raw_ostream &OS,
                        bool Color) {
  if (F.Fixes.empty())
    return;
  auto Buf = llvm::MemoryBuffer::getFile(F.File);
  if (!Buf)
    return;
  // Line -> (column, text) of the parts in this file, in order.
  std::map<unsigned, std::vector<std::pair<unsigned, std::string>>> Parts;
  std::map<unsigned, std::string> LineText;
  for (const Replacement &Rp : F.Fixes) {
    if (Rp.File != F.File)
      continue;
    Place P = placeOf((*Buf)->getBuffer(), Rp.Offset);
    if (P.Line == 0)
      continue;
    Parts[P.Line].push_back({P.Column, Rp.Text});
    LineText[P.Line] = P.Text;
  }
  for (auto &[Line, Ps] : Parts)
    std::sort(Ps.begin(), Ps.end());
  auto PrintPart = [&](unsigned Column, const std::string &Text) {
    OS << "      | " << std::string(Column > 0 ? Column - 1 : 0, ' ');
    if (Color)
      OS.changeColor(llvm::raw_ostream::GREEN, false);
    OS << Text;
    if (Color)
      OS.resetColor();
    OS << "\n";
  };
  // The finding's line first (its source and caret are printed already).
  auto Own = Parts.find(F.Line);
  if (Own != Parts.end() && !Src.empty())
    for (const auto &[Column, Text] : Own->second)
      PrintPart(Column, Text);
  for (const auto &[Line, Ps] : Parts) {
    if (Line == F.Line && !Src.empty())
      continue;
    std::string LineNo = std::to_string(Line);
    OS << llvm::format("%5s | ", LineNo.c_str()) << LineText[Line] << "\n";
    for (const auto &[Column, Text] : Ps)
      PrintPart(Column, Text);
  }
}

void printText(const RunResult &R, llvm::raw_ostream &OS, bool Color) {
  // raw_ostream writes colour codes only when enabled (whether or not the
  // stream is a terminal: --color=always into a pipe).
  bool WasEnabled = OS.colors_enabled();
  OS.enable_colors(Color);
  auto Restore = llvm::make_scope_exit([&] { OS.enable_colors(WasEnabled); });
  std::map<std::string, std::map<std::string, unsigned>> PerFile;
  for (const Finding &F : R.Findings) {
    std::string Path = displayPath(F.File);
    ++PerFile[Path][F.Check];
    printDiagnosticHead(OS, Color, where(Path, F.Line, F.Column), F.Severity,
                        F.Message + " [" + F.Check + "]");
    std::string Src = sourceLine(F.File, F.Line);
    if (!Src.empty()) {
      std::string LineNo = std::to_string(F.Line);
      OS << llvm::format("%5s | ", LineNo.c_str()) << Src << "\n";
      OS << "      | " << std::string(F.Column > 0 ? F.Column - 1 : 0, ' ');
      if (Color)
        OS.changeColor(llvm::raw_ostream::GREEN, true);
      OS << "^";
      if (Color)
        OS.resetColor();
      OS << "\n";
    }
    printFixIts(F, Src, OS, Color);
    for (const Note &N : F.Notes)
      printDiagnosticHead(OS, Color, where(displayPath(N.File), N.Line, N.Column), "note",
                          N.Message);
    if (F.ParseFailed) {
      std::string Units;
      for (const std::string &U : F.FailedUnits)
        Units += (Units.empty() ? "" : ", ") + displayPath(U);
      printDiagnosticHead(OS, Color, where(Path, F.Line, F.Column), "note",
                          "found only where " + Units +
                              (F.FailedUnits.size() == 1 ? " does" : " do") +
                              " not parse (compiler errors): the finding may be wrong; it "
                              "has no fix-it and does not fail the gate");
    }
    if (R.PassesPerFile > 1) {
      std::string Targets, Passes;
      for (const std::string &T : F.Targets)
        Targets += (Targets.empty() ? "" : ", ") + T;
      for (const std::string &P : F.Passes)
        Passes += (Passes.empty() ? "" : " and ") + P;
      printDiagnosticHead(OS, Color, where(Path, F.Line, F.Column), "note",
                          "found for " + Targets + " in the " + Passes +
                              (F.Passes.size() == 1 ? " pass" : " passes"));
    }
  }
  // Fatal errors: "not analysed"; a scanned header that no source includes
  // and that does not parse on its own: a note (docs/scans.md).
  std::set<std::string> NotAnalysed, NotParsed;
  ExcerptPrinter Excerpts(OS, Color);
  unsigned Fatal = 0, Missing = 0;
  for (const InputError &E : R.Errors) {
    bool HeaderNote = E.Kind == "header-not-parsed";
    printDiagnosticHead(OS, Color, displayPath(E.File),
                        E.Fatal ? "error" : HeaderNote ? "note" : "warning", E.Message);
    Excerpts.print(E);
    if (E.Fatal) {
      ++Fatal;
      NotAnalysed.insert(displayPath(E.File));
    } else if (HeaderNote) {
      NotParsed.insert(displayPath(E.File));
    } else {
      ++Missing;
    }
  }
  // One summary line per file analysed (a header through the sources that
  // include it too) or holding a finding, then the total.
  for (const std::string &F : R.Files)
    PerFile.try_emplace(displayPath(F));
  std::map<std::string, size_t> Baselined;
  for (const auto &[F, N] : R.Baselined)
    Baselined[displayPath(F)] += N, PerFile.try_emplace(displayPath(F));
  std::map<std::string, size_t> Through;
  for (const auto &[Header, Sources] : R.IncludedHeaders) {
    PerFile.try_emplace(displayPath(Header));
    Through[displayPath(Header)] = Sources.size();
  }
  unsigned WithFindings = 0;
  for (const auto &[File, Counts] : PerFile) {
    unsigned N = 0;
    std::string Detail;
    for (const auto &[Check, C] : Counts) {
      N += C;
      Detail += (Detail.empty() ? "" : ", ") + Check + ": " + std::to_string(C);
    }
    WithFindings += N > 0;
    OS << "summary: " << File << ": ";
    if (NotAnalysed.count(File))
      OS << "not analysed (see the error above)" << (N ? ", " : "\n");
    if (N == 0 && NotAnalysed.count(File))
      continue;
    if (NotParsed.count(File))
      OS << "does not parse on its own (see the note above), ";
    size_t Known = Baselined.count(File) ? Baselined[File] : 0;
    if (N == 0 && Known)
      OS << "no new findings, " << Known << " baselined";
    else if (N == 0)
      OS << "no findings";
    else
      OS << N << (N == 1 ? " finding (" : " findings (") << Detail << ")"
         << (Known ? ", " + std::to_string(Known) + " baselined" : std::string());
    if (auto It = Through.find(File); It != Through.end())
      OS << ", analysed through " << It->second << (It->second == 1 ? " source" : " sources");
    OS << "\n";
  }
  OS << "wavecheck: ";
  if (R.Findings.empty())
    OS << "no findings in " << R.Files.size()
       << (R.Files.size() == 1 ? " source" : " sources");
  else
    OS << R.Findings.size() << (R.Findings.size() == 1 ? " finding" : " findings") << " in "
       << WithFindings << (WithFindings == 1 ? " file" : " files") << " ("
       << R.Files.size() << (R.Files.size() == 1 ? " source" : " sources") << ")";
  // What --fix leaves to do by hand.
  size_t NoFix = llvm::count_if(R.Findings, [](const Finding &F) { return F.Fixes.empty(); });
  if (!R.Findings.empty())
    OS << ", " << (NoFix ? std::to_string(NoFix) + " without a fix-it" : "all with a fix-it");
  size_t Unparsed = llvm::count_if(R.Findings, [](const Finding &F) { return F.ParseFailed; });
  if (Unparsed)
    OS << ", " << Unparsed << " found only in parses with compiler errors (not gated)";
  if (Fatal)
    OS << ", " << Fatal << (Fatal == 1 ? " input not analysed" : " inputs not analysed");
  if (!NotParsed.empty())
    OS << ", " << NotParsed.size()
       << (NotParsed.size() == 1
               ? " header that no source includes does not parse on its own"
               : " headers that no source includes do not parse on their own");
  if (Missing)
    OS << ", " << Missing << (Missing == 1 ? " input problem" : " input problems")
       << " (missing headers: findings may be incomplete)";
  OS << "\n";
}

void printJson(const RunResult &R, llvm::raw_ostream &OS) {
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("version", 1);
    J.attributeObject("tool", [&] {
      J.attribute("name", "wavecheck");
      J.attribute("version", WAVECHECK_VERSION);
    });
    J.attributeArray("findings", [&] {
      for (const Finding &F : R.Findings)
        J.object([&] {
          J.attribute("check", F.Check);
          J.attribute("severity", F.Severity);
          J.attribute("file", displayPath(F.File));
          J.attribute("line", F.Line);
          J.attribute("column", F.Column);
          J.attribute("message", F.Message);
          J.attributeArray("targets", [&] {
            for (const std::string &T : F.Targets)
              J.value(T);
          });
          J.attributeArray("passes", [&] {
            for (const std::string &P : F.Passes)
              J.value(P);
          });
          J.attribute("parse_failed", F.ParseFailed);
          J.attribute("tier", F.Tier);
          J.attributeArray("fixes", [&] {
            for (const Replacement &Rp : F.Fixes)
              J.object([&] {
                J.attribute("file", displayPath(Rp.File));
                J.attribute("offset", Rp.Offset);
                J.attribute("length", Rp.Length);
                J.attribute("replacement", Rp.Text);
              });
          });
          J.attributeArray("notes", [&] {
            for (const Note &N : F.Notes)
              J.object([&] {
                J.attribute("file", displayPath(N.File));
                J.attribute("line", N.Line);
                J.attribute("column", N.Column);
                J.attribute("message", N.Message);
              });
          });
        });
    });
    J.attributeArray("errors", [&] {
      for (const InputError &E : R.Errors)
        J.object([&] {
          J.attribute("file", displayPath(E.File));
          J.attribute("message", E.Message);
          J.attribute("kind", !E.Kind.empty() ? E.Kind
                              : E.Fatal       ? std::string("not-analysed")
                                              : std::string("incomplete"));
        });
    });
  });
  OS << "\n";
}

} // namespace wavecheck
