//===--- SafeWrite.h - writing a file without ever truncating it -----------===//
///
/// \file
/// Every file wavecheck writes (a fixed source, a baseline, exported fix-its)
/// goes through writeFileSafely: the bytes go to a temporary file beside the
/// target, every write, the flush and the close are checked, and only then is
/// the temporary renamed over the target. A full disk leaves the target as it
/// was and no temporary behind.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_SAFEWRITE_H
#define WAVECHECK_LIB_SAFEWRITE_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>

namespace wavecheck {

/// The suffix of wavecheck's temporary files: `<target><suffix><8 random
/// characters>`, beside the target.
inline constexpr llvm::StringLiteral TempSuffix = ".wavecheck-tmp-";

/// Writes \p Path with what \p Write prints, through a temporary file beside
/// it and a rename. An existing \p Path that is not a regular file (a device
/// such as /dev/full, a FIFO) is written in place; its write errors are
/// checked the same way. A replaced file keeps its mode, and its owner and
/// group where the process may set them (as root). A hard-linked file is
/// refused (whyNotReplaceable). The error names \p Path.
llvm::Error writeFileSafely(llvm::StringRef Path,
                            llvm::function_ref<void(llvm::raw_ostream &)> Write);

/// Why an existing file with status \p St must not be replaced by a rename,
/// or nullopt: a regular file with more than one hard link (a rename would
/// give this name new content and leave the other names with the old).
std::optional<std::string> whyNotReplaceable(const llvm::sys::fs::file_status &St);

/// Removes the temporaries an interrupted earlier run left beside \p Path:
/// regular files named `<Path>` + TempSuffix + 8 characters from the set
/// writeFileSafely uses, last modified before this process started.
/// Returns how many were removed.
unsigned removeStaleTemporaries(llvm::StringRef Path);

} // namespace wavecheck

#endif
