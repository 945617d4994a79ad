//===--- TestdataFiles.h - enumerating testdata/checks and its RUN-ARGS ----===//
///
/// \file
/// What the integration tests (export-fixes, plugin parity) read from
/// testdata/checks/, the same way CheckTestdataTest.cpp does: the source files
/// (`.hip`, `.cu`, `.cuh`, `.h`), their `// RUN-ARGS:` lines and their
/// `<file>.fixed` goldens.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_TESTS_TESTDATAFILES_H
#define WAVECHECK_TESTS_TESTDATAFILES_H

#include "Harness.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace wavecheck::test {

/// Paths of the sources under testdata/checks/, relative to it
/// ("<rule>/<name>.hip"), sorted.
inline std::vector<std::string> checkTestdataFiles() {
  std::vector<std::string> Files;
  std::error_code EC;
  std::string Root = testdataDir() + "/checks";
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Ext = llvm::sys::path::extension(It->path());
    if (Ext == ".hip" || Ext == ".cu" || Ext == ".cuh" || Ext == ".h")
      Files.push_back(It->path().substr(Root.size() + 1));
  }
  std::sort(Files.begin(), Files.end());
  return Files;
}

/// The wavecheck arguments of every `// RUN-ARGS:` line of \p Text, split on
/// spaces (no quoting), in order.
inline std::vector<std::string> runArgsOf(const std::string &Text) {
  std::vector<std::string> Args;
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    size_t P = L.find("// RUN-ARGS:");
    if (P == llvm::StringRef::npos)
      continue;
    llvm::SmallVector<llvm::StringRef> Words;
    L.drop_front(P + 12).split(Words, ' ', -1, false);
    for (llvm::StringRef W : Words)
      if (!W.trim().empty())
        Args.push_back(W.trim().str());
  }
  return Args;
}

/// A gtest parameter name for a testdata path: every non-alphanumeric byte
/// becomes '_'.
inline std::string paramName(std::string N) {
  for (char &C : N)
    if (!std::isalnum(static_cast<unsigned char>(C)))
      C = '_';
  return N;
}

} // namespace wavecheck::test

#endif
