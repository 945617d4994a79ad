//===--- CompiledbFuzzer.cpp - libFuzzer target: readCompileDatabase -------===//
///
/// Any bytes as the compile_commands.json of `-p`. Beyond "no crash, no
/// leak, no hang": a failure names the database first (`<path>` or
/// `<path>:<line>:<column>`) and says what was expected; a database that
/// reads answers for each of its files with that file's commands, each with
/// an absolute directory.
///
/// llvm::json and clang's JSONCompilationDatabase are Debian's uninstrumented
/// libraries: libFuzzer's coverage is that of lib/CompileDatabase.cpp, and
/// ASan sees the memory accesses there only. The target mainly looks for
/// crashes (a stack overflow on deep nesting is one) and slow inputs.
///
//===----------------------------------------------------------------------===//
#include "lib/CompileDatabase.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  const char *Path = "/nonexistent/fuzz-build/compile_commands.json";
  std::string Where, Err;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      wavecheck::readCompileDatabase(Text, Path, Where, Err);
  if (!DB) {
    if (!llvm::StringRef(Where).starts_with(Path) ||
        !llvm::StringRef(Err).starts_with("not a valid compile database: ") ||
        !llvm::StringRef(Err).contains("; expected a JSON array")) {
      std::fprintf(stderr, "bad error shape: '%s' '%s'\n", Where.c_str(), Err.c_str());
      std::abort();
    }
    return 0;
  }
  if (!Where.empty() || !Err.empty()) {
    std::fprintf(stderr, "success with an error message: '%s' '%s'\n", Where.c_str(),
                 Err.c_str());
    std::abort();
  }
  for (const std::string &F : DB->getAllFiles()) {
    std::vector<clang::tooling::CompileCommand> Cs = DB->getCompileCommands(F);
    if (Cs.empty()) {
      std::fprintf(stderr, "listed file without a command: '%s'\n", F.c_str());
      std::abort();
    }
    for (const clang::tooling::CompileCommand &C : Cs)
      if (!llvm::sys::path::is_absolute(C.Directory)) {
        std::fprintf(stderr, "relative directory '%s'\n", C.Directory.c_str());
        std::abort();
      }
  }
  return 0;
}
