//===--- Fixes.h - applying and exporting fix-its --------------------------===//
///
/// \file
/// `--fix` and `--export-fixes` (docs/fix.md): applying a run's fix-its to the
/// files, undoing the edits after which a file no longer parses, writing them
/// as clang-apply-replacements YAML; and the file system wrapper that records
/// a content hash of every file a parse reads, so that `--fix` can refuse to
/// edit a file that changed since it was analysed (RunResult::ParsedContent).
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_FIXES_H
#define WAVECHECK_LIB_FIXES_H

#include "lib/RunResult.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace wavecheck {

/// The files one job's parses read: canonical absolute path -> xxh3_64bits of
/// the bytes read, std::nullopt when two reads saw different bytes.
using ContentLog = std::map<std::string, std::optional<uint64_t>>;

/// The content hash --fix compares: llvm::xxh3_64bits of \p Text.
uint64_t contentHash(llvm::StringRef Text);

/// Wraps \p FS so that every file read through it (File::getBuffer) is
/// hashed into \p Log. \p Log must outlive the file system; it is written
/// without a lock, so one log serves the parses of one thread.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeContentRecorder(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS, ContentLog &Log);

/// Adds \p Hash for \p File to \p Log; a different earlier hash makes it
/// std::nullopt.
void recordContent(ContentLog &Log, const std::string &File, std::optional<uint64_t> Hash);

/// What one `--fix` run has changed, kept across its rounds of
/// analyse-and-fix (docs/fix.md).
struct FixSession {
  /// File -> its content before this run's first edit of it.
  std::map<std::string, std::string> Original;
  /// File -> xxh3_64bits of the content this run last wrote to it.
  std::map<std::string, uint64_t> Written;
  /// Files this run no longer edits: a fix of theirs was refused or undone.
  std::set<std::string> Frozen;
  /// Files changed by the latest applyFixes call.
  std::set<std::string> LastRound;
};

/// Applies every fix of \p R to the files, each written atomically (temporary
/// file beside it, then rename; permissions kept). A file is left alone, with
/// an InputError naming it (Fatal, so exit code 3), when its content is not
/// the content R's parses read (R.ParsedContent: "changed since it was
/// analysed; not fixed", Kind "fix-refused"), when it is read-only (no write
/// permission bit, or not writable by this user; "fix-refused"), or when it
/// cannot be read or written ("fix-failed"). Overlapping fix-its are skipped
/// with a non-fatal "fix-conflict". Files in S->Frozen are skipped silently.
/// Returns the number of files changed; problems are appended to R.Errors.
unsigned applyFixes(RunResult &R, FixSession *S = nullptr);

/// Checks the edits of the latest applyFixes round: \p After is the analysis
/// of the fixed files, \p Before the analysis of the files before any edit.
/// For every source with a pass (a target, host or device) that fails in
/// \p After but did not in \p Before (RunResult::ParseFailures), every file
/// it read that S.LastRound changed gets its original content back
/// (atomically, and only while it still holds what --fix wrote) and is
/// frozen. Returns the number of files restored; problems and a note per
/// restored file are appended to \p Problems (Kind "fix-failed", Fatal).
unsigned revertBreakingFixes(const RunResult &Before, const RunResult &After,
                             FixSession &S, std::vector<InputError> &Problems);

/// Writes the fixes as the YAML clang-apply-replacements reads.
bool exportFixes(const RunResult &R, llvm::StringRef Path, std::string &Err);

} // namespace wavecheck

#endif
