#include "lib/Findings.h"
#include "lib/RawDiagnostic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <tuple>
#include <wavecommon/targets.h>

namespace wavecheck {

const std::vector<unsigned> &LineTable::lineStarts(llvm::StringRef File) {
  auto It = Starts.find(std::string(File));
  if (It != Starts.end())
    return It->second;
  auto Buf = FS->getBufferForFile(File);
  if (!Buf) // No line starts: every offset of a file that cannot be read is {0, 0}.
    return Starts[std::string(File)];
  std::string Text = (*Buf)->getBuffer().str();
  std::vector<unsigned> S{0};
  for (unsigned I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      S.push_back(I + 1);
  Contents[std::string(File)] = std::move(Text);
  return Starts[std::string(File)] = std::move(S);
}

std::pair<unsigned, unsigned> LineTable::lineColumn(llvm::StringRef File,
                                                    unsigned Offset) {
  if (File.empty())
    return {0, 0};
  const std::vector<unsigned> &S = lineStarts(File);
  if (S.empty() || Offset > Contents[std::string(File)].size())
    return {0, 0};
  auto It = std::upper_bound(S.begin(), S.end(), Offset);
  unsigned Line = It - S.begin();
  return {Line, Offset - S[Line - 1] + 1};
}

std::string canonicalPath(llvm::StringRef Path, llvm::StringRef Base) {
  if (Path.empty())
    return {};
  llvm::SmallString<256> Abs(Path);
  if (!Base.empty() && llvm::sys::path::is_relative(Abs)) {
    Abs = Base;
    llvm::sys::path::append(Abs, Path);
  }
  Path = Abs;
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return std::string(Real);
  llvm::SmallString<256> P(Path);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

Finding toFinding(const clang::tidy::ClangTidyError &E, llvm::StringRef Arch,
                  llvm::StringRef Pass, LineTable &Lines) {
  // A warning matching WarningsAsErrors (configuration or
  // --warnings-as-errors) is an error, as clang-tidy reports it.
  Finding F{E.DiagnosticName, E.DiagLevel == clang::tooling::Diagnostic::Error ||
                                      E.IsWarningAsError
                                  ? "error"
                                  : "warning",
            canonicalPath(E.Message.FilePath, E.BuildDirectory), E.Message.FileOffset, 0, 0,
            E.Message.Message,
            {std::string(Arch)}, {std::string(Pass)}, {}, {}, rawDiagnostic(E)};
  std::tie(F.Line, F.Column) = Lines.lineColumn(F.File, F.Offset);
  for (const auto &FileRepls : E.Message.Fix)
    for (const clang::tooling::Replacement &R : FileRepls.second)
      F.Fixes.push_back({canonicalPath(R.getFilePath(), E.BuildDirectory), R.getOffset(),
                         R.getLength(), std::string(R.getReplacementText())});
  for (const clang::tooling::DiagnosticMessage &N : E.Notes) {
    Note Nt{canonicalPath(N.FilePath, E.BuildDirectory), 0, 0, N.Message};
    std::tie(Nt.Line, Nt.Column) = Lines.lineColumn(N.FilePath, N.FileOffset);
    F.Notes.push_back(std::move(Nt));
  }
  return F;
}

FindingIdentity FindingIdentity::of(const Finding &F) {
  FindingIdentity Id{F.Check, F.File, F.Offset, F.Message};
  auto WordChar = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  for (const std::string &Arch : F.Targets) {
    // Messages name a target by its base name: gfx942 of gfx942:xnack+.
    const std::string T(wavecommon::baseArch(Arch));
    if (T.empty())
      continue;
    std::string &M = Id.Message;
    for (size_t At = M.find(T); At != std::string::npos; At = M.find(T, At)) {
      const size_t End = At + T.size();
      if ((At > 0 && WordChar(M[At - 1])) || (End < M.size() && WordChar(M[End]))) {
        At = End; // part of a longer word ("gfx9420")
        continue;
      }
      M.replace(At, T.size(), "<target>");
      At += 8;
    }
  }
  return Id;
}

void FindingSet::add(Finding F) {
  auto [It, New] = Index.try_emplace(FindingIdentity::of(F), All.size());
  if (New) {
    All.push_back(std::move(F));
    return;
  }
  Finding &Old = All[It->second];
  // A finding from a pass that parsed wins over the same finding from one
  // with compiler errors: its fix-its are kept and it is not marked.
  if (Old.ParseFailed != F.ParseFailed) {
    if (Old.ParseFailed) {
      F.Targets.insert(Old.Targets.begin(), Old.Targets.end());
      F.Passes.insert(Old.Passes.begin(), Old.Passes.end());
      Old = std::move(F);
      return;
    }
    Old.Targets.insert(F.Targets.begin(), F.Targets.end());
    Old.Passes.insert(F.Passes.begin(), F.Passes.end());
    return;
  }
  Old.FailedUnits.insert(F.FailedUnits.begin(), F.FailedUnits.end());
  // Two translation units (or passes) can propose different edits for one
  // finding, e.g. a macro used in a constant context only in one of them.
  // Applying either could break the other: keep the finding, drop the edits.
  auto SameFixes = [](const std::vector<Replacement> &A, const std::vector<Replacement> &B) {
    return A.size() == B.size() &&
           std::equal(A.begin(), A.end(), B.begin(), [](const Replacement &X, const Replacement &Y) {
             return X.File == Y.File && X.Offset == Y.Offset && X.Length == Y.Length &&
                    X.Text == Y.Text;
           });
  };
  if (!SameFixes(Old.Fixes, F.Fixes) && !Old.Fixes.empty()) {
    Old.Fixes.clear();
    Old.Raw.Message.Fix.clear();
    Old.Notes.push_back({Old.File, Old.Line, Old.Column,
                         "translation units disagree on the fix-it for this finding; "
                         "none is applied"});
  }
  Old.Targets.insert(F.Targets.begin(), F.Targets.end());
  Old.Passes.insert(F.Passes.begin(), F.Passes.end());
}

void sortResult(RunResult &R) {
  std::sort(R.Findings.begin(), R.Findings.end(),
            [](const Finding &A, const Finding &B) {
              return std::tie(A.File, A.Line, A.Column, A.Check, A.Message) <
                     std::tie(B.File, B.Line, B.Column, B.Check, B.Message);
            });
  std::stable_sort(R.Errors.begin(), R.Errors.end(),
                   [](const InputError &A, const InputError &B) {
                     return A.File < B.File;
                   });
  R.Errors.erase(std::unique(R.Errors.begin(), R.Errors.end(),
                             [](const InputError &A, const InputError &B) {
                               return A.File == B.File && A.Message == B.Message;
                             }),
                 R.Errors.end());
}

} // namespace wavecheck
