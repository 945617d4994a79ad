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

/// What makes two findings (of different passes, targets or translation
/// units) one finding: the check, the file and offset, and the message with
/// the names of the finding's targets taken out, so that a message naming
/// the target of its pass does not split a finding per target. Two
/// different diagnostics of one check at one place (their texts differ
/// otherwise) stay two findings.
struct FindingIdentity {
  std::string Check;
  std::string File;
  unsigned Offset = 0;
  std::string Message; ///< Finding::Message, each name of Finding::Targets as "<target>"

  static FindingIdentity of(const Finding &F);
  bool operator<(const FindingIdentity &O) const {
    return std::tie(Check, File, Offset, Message) <
           std::tie(O.Check, O.File, O.Offset, O.Message);
  }
};

/// Findings de-duplicated on their FindingIdentity: adding an equal finding
/// only merges its targets and passes into the first one, except that a
/// finding of a pass that parsed replaces one of a pass with compiler errors
/// (Finding::ParseFailed), fix-its and all.
class FindingSet {
public:
  void add(Finding F);
  std::vector<Finding> take() { return std::move(All); }

private:
  std::vector<Finding> All;
  std::map<FindingIdentity, size_t> Index;
};

/// Sorts findings by file, line, column, check, message; errors by file.
void sortResult(RunResult &R);

} // namespace wavecheck

#endif
