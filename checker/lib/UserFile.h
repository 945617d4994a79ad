//===--- UserFile.h - reading a file the user names, within bounds ---------===//
///
/// \file
/// Every file wavecheck reads as data (the configuration, the baseline, an
/// exclude file, the compile database) goes through readUserFile: a regular
/// file only (a FIFO would block the open until a writer comes, /dev/zero
/// would be read until memory runs out), at most a stated size, and, for the
/// formats the LLVM parsers read recursively (JSON, YAML), at most a stated
/// nesting depth. Each refusal names the file and says what was expected.
///
/// Sources and headers are guarded the same way inside the analysis
/// (makeRegularFileGuard): a FIFO or device reached by an `#include` is not
/// opened.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_USERFILE_H
#define WAVECHECK_LIB_USERFILE_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <string>

namespace wavecheck {

/// What a file is for, in the words of its error messages.
struct UserFileKind {
  llvm::StringRef What;     ///< "baseline file", "compile database"
  llvm::StringRef Expected; ///< "a baseline that --write-baseline wrote"
  uint64_t MaxBytes;        ///< largest size read
};

/// The bounds of each kind. Sizes are a hundred times and more what real
/// projects hold (a compile database of a 30 000-file project is about
/// 60 MB; a baseline entry is about 200 bytes), small enough that reading
/// the file cannot exhaust memory.
inline constexpr UserFileKind BaselineFile{
    "baseline file", "a JSON baseline that --write-baseline wrote", 256u << 20};
inline constexpr UserFileKind ExcludeFile{
    "exclude file", "a .gitignore-format file", 16u << 20};
inline constexpr UserFileKind CompileDatabaseFile{
    "compile database", "a compile_commands.json file", 1u << 30};

/// Deepest bracket nesting accepted in a baseline. llvm::json::parse
/// recurses once per level; a baseline nests three levels, so 64 rejects
/// only what no tool writes.
inline constexpr unsigned MaxJsonNesting = 64;

/// Reads \p Path whole, as \p Kind. Errors (each naming \p Path): no such
/// file; not a regular file (with what it is: a FIFO, a character device, a
/// directory, a socket); larger than Kind.MaxBytes; unreadable.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> readUserFile(llvm::StringRef Path,
                                                                 const UserFileKind &Kind);

/// The 1-based line and column of the first `[` or `{` of the JSON text
/// \p Text nested deeper than \p Max levels, outside strings (a backslash
/// escapes the next character in a string), or nullopt. One linear pass, no
/// recursion: it runs before llvm::json::parse, which recurses per level.
std::optional<std::pair<size_t, size_t>> jsonTooDeep(llvm::StringRef Text, unsigned Max);

/// "a FIFO", "a character device", ... for a file that is not regular;
/// "a file" when its type is unknown.
std::string describeFileType(llvm::sys::fs::file_type T);

/// \p FS, except that a path whose status is not a regular file (a FIFO, a
/// device, a socket) is not opened: opening it fails with
/// std::errc::invalid_argument, so clang treats the `#include` as not found
/// instead of blocking in open() or reading /dev/zero forever. Each refused
/// path is added to \p Refused (the caller's; it outlives the returned
/// file system's use).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeRegularFileGuard(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                     std::vector<std::string> &Refused);

} // namespace wavecheck

#endif
