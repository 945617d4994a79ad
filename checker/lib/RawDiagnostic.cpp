//===--- RawDiagnostic.cpp - clang-tidy's diagnostics, and back ------------===//
#include "lib/RawDiagnostic.h"

namespace wavecheck {

static RawMessage rawMessage(const clang::tooling::DiagnosticMessage &M) {
  RawMessage Out{M.Message, M.FilePath, M.FileOffset, {}, {}};
  for (const auto &FileRepls : M.Fix)
    for (const clang::tooling::Replacement &R : FileRepls.second)
      Out.Fix.push_back({std::string(R.getFilePath()), R.getOffset(), R.getLength(),
                         std::string(R.getReplacementText())});
  for (const clang::tooling::FileByteRange &R : M.Ranges)
    Out.Ranges.push_back({R.FilePath, R.FileOffset, R.Length});
  return Out;
}

RawDiagnostic rawDiagnostic(const clang::tidy::ClangTidyError &E) {
  RawDiagnostic Out;
  Out.DiagnosticName = E.DiagnosticName;
  Out.Message = rawMessage(E.Message);
  for (const clang::tooling::DiagnosticMessage &N : E.Notes)
    Out.Notes.push_back(rawMessage(N));
  Out.Level = E.IsWarningAsError || E.DiagLevel == clang::tooling::Diagnostic::Error
                  ? RawDiagnostic::Error
              : E.DiagLevel == clang::tooling::Diagnostic::Remark ? RawDiagnostic::Remark
                                                                  : RawDiagnostic::Warning;
  Out.BuildDirectory = E.BuildDirectory;
  return Out;
}

static clang::tooling::DiagnosticMessage tidyMessage(const RawMessage &M) {
  clang::tooling::DiagnosticMessage Out(M.Message);
  Out.FilePath = M.FilePath;
  Out.FileOffset = M.FileOffset;
  for (const Replacement &R : M.Fix)
    llvm::consumeError(
        Out.Fix[R.File].add(clang::tooling::Replacement(R.File, R.Offset, R.Length, R.Text)));
  for (const ByteRange &B : M.Ranges) {
    clang::tooling::FileByteRange R;
    R.FilePath = B.File;
    R.FileOffset = B.Offset;
    R.Length = B.Length;
    Out.Ranges.push_back(R);
  }
  return Out;
}

clang::tidy::ClangTidyError tidyError(const RawDiagnostic &D) {
  using Level = clang::tooling::Diagnostic::Level;
  Level L = D.Level == RawDiagnostic::Error    ? Level::Error
            : D.Level == RawDiagnostic::Remark ? Level::Remark
                                               : Level::Warning;
  clang::tidy::ClangTidyError E(D.DiagnosticName, L, D.BuildDirectory,
                                /*IsWarningAsError=*/false);
  E.Message = tidyMessage(D.Message);
  for (const RawMessage &N : D.Notes)
    E.Notes.push_back(tidyMessage(N));
  return E;
}

} // namespace wavecheck
