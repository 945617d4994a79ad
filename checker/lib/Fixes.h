//===--- Fixes.h - what --fix needs to know about a parse ------------------===//
///
/// \file
/// A file system wrapper that records a content hash of every file a parse
/// reads, so that `--fix` can refuse to edit a file that changed since it was
/// analysed (RunResult::ParsedContent).
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_FIXES_H
#define WAVECHECK_LIB_FIXES_H

#include "llvm/Support/VirtualFileSystem.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>

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

} // namespace wavecheck

#endif
