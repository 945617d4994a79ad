//===--- Findings.h - from clang-tidy errors to merged findings ------------===//
#ifndef WAVECHECK_LIB_FINDINGS_H
#define WAVECHECK_LIB_FINDINGS_H

#include "lib/Driver.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <map>
#include <tuple>

namespace wavecheck {

/// Line and column (1-based, column in bytes like clang) of byte offsets in
/// files read through a file system, each file read once.
class LineTable {
public:
  explicit LineTable(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : FS(std::move(FS)) {}
  /// {0, 0} when the file cannot be read or the offset is past its end.
  std::pair<unsigned, unsigned> lineColumn(llvm::StringRef File, unsigned Offset);

private:
  const std::vector<unsigned> &lineStarts(llvm::StringRef File);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS;
  std::map<std::string, std::string> Contents;
  std::map<std::string, std::vector<unsigned>> Starts;
};

/// \p Path made absolute against \p Base (the compile command's directory)
/// when relative, with symlinks, `.` and `..` resolved when the file exists (so
/// a header reached by two spellings is one file), else with dots removed.
std::string canonicalPath(llvm::StringRef Path, llvm::StringRef Base = "");

/// Converts one clang-tidy check finding, tagging it with its target/pass.
Finding toFinding(const clang::tidy::ClangTidyError &E, llvm::StringRef Arch,
                  llvm::StringRef Pass, LineTable &Lines);

/// Findings de-duplicated on (check, file, offset, message): adding an equal
/// finding only merges its targets and passes into the first one, except
/// that a finding of a pass that parsed replaces one of a pass with compiler
/// errors (Finding::ParseFailed), fix-its and all.
class FindingSet {
public:
  void add(Finding F);
  std::vector<Finding> take() { return std::move(All); }

private:
  std::vector<Finding> All;
  std::map<std::tuple<std::string, std::string, unsigned, std::string>, size_t> Index;
};

/// Sorts findings by file, line, column, check, message; errors by file.
void sortResult(RunResult &R);

} // namespace wavecheck

#endif
