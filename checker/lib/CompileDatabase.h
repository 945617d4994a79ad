//===--- CompileDatabase.h - reading compile_commands.json -----------------===//
///
/// \file
/// The compile database of `-p`: the text of a compile_commands.json read
/// into a database whose commands have absolute directories and canonical
/// file names. Split from the file handling of lib/Inputs.cpp so that it can
/// be driven from a buffer (fuzz/CompiledbFuzzer.cpp).
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_COMPILEDATABASE_H
#define WAVECHECK_LIB_COMPILEDATABASE_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>

namespace wavecheck {

/// \p P made absolute (relative to \p Base, itself taken relative to the
/// current directory; to the current directory when Base is empty), with
/// `.` and `..` removed. No symlink is resolved.
std::string absolutePath(llvm::StringRef P, llvm::StringRef Base = "");

/// Reads \p Text, the contents of the compile database \p Path: a JSON array
/// of objects with "directory", "file" and "arguments" or "command". A
/// relative directory is taken relative to the folder of Path. On failure
/// returns null, sets \p Where to Path (or `Path:line:column` when the text
/// is not JSON) and \p Err to the message, which says what was expected.
/// A database cut off before its end is an error, not the entries before
/// the cut.
std::unique_ptr<clang::tooling::CompilationDatabase>
readCompileDatabase(llvm::StringRef Text, llvm::StringRef Path, std::string &Where,
                    std::string &Err);

} // namespace wavecheck

#endif
