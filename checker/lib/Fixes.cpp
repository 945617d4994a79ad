//===--- Fixes.cpp - applying and exporting fix-its ------------------------===//
#include "lib/Driver.h"

#include "clang-tidy/ClangTidy.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/ADT/STLExtras.h"
#include <map>

namespace wavecheck {

unsigned applyFixes(RunResult &R) {
  std::map<std::string, clang::tooling::Replacements> PerFile;
  for (const Finding &F : R.Findings)
    for (const Replacement &Rp : F.Fixes) {
      clang::tooling::Replacement Repl(Rp.File, Rp.Offset, Rp.Length, Rp.Text);
      clang::tooling::Replacements &Set = PerFile[Rp.File];
      // The same edit from two findings is applied once (Replacements would
      // concatenate two equal insertions at one offset).
      if (llvm::is_contained(Set, Repl))
        continue;
      if (llvm::Error Err = Set.add(Repl)) {
        // The same edit from two passes or two findings is not a conflict.
        llvm::consumeError(std::move(Err));
        bool Same = false;
        for (const clang::tooling::Replacement &Old : Set)
          Same |= Old == Repl;
        if (!Same)
          R.Errors.push_back({Rp.File,
                              "fix-it of " + F.Check + " at offset " +
                                  std::to_string(Rp.Offset) +
                                  " overlaps another fix-it; not applied",
                              false});
      }
    }
  unsigned Changed = 0;
  for (auto &[File, Set] : PerFile) {
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (!Buf) {
      R.Errors.push_back({File, "cannot read file to fix: " + Buf.getError().message()});
      continue;
    }
    llvm::Expected<std::string> New =
        clang::tooling::applyAllReplacements((*Buf)->getBuffer(), Set);
    if (!New) {
      R.Errors.push_back({File, "cannot apply fix-its: " + llvm::toString(New.takeError())});
      continue;
    }
    if (*New == (*Buf)->getBuffer())
      continue;
    // writeToOutput writes a temporary file beside File and renames it over
    // File, so a failure never leaves a half-written source. File is already
    // the symlink's target (canonicalPath); its permissions are kept.
    llvm::ErrorOr<llvm::sys::fs::perms> Perms = llvm::sys::fs::getPermissions(File);
    if (llvm::Error Err = llvm::writeToOutput(File, [&](llvm::raw_ostream &OS) {
          OS << *New;
          return llvm::Error::success();
        })) {
      R.Errors.push_back({File, "cannot write fixed file: " + llvm::toString(std::move(Err))});
      continue;
    }
    if (Perms)
      llvm::sys::fs::setPermissions(File, *Perms);
    ++Changed;
  }
  return Changed;
}

bool exportFixes(const RunResult &R, llvm::StringRef Path, std::string &Err) {
  std::vector<clang::tidy::ClangTidyError> Errors;
  for (const Finding &F : R.Findings)
    if (!F.Fixes.empty())
      Errors.push_back(F.Raw);
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_None);
  if (EC) {
    Err = "cannot write '" + Path.str() + "': " + EC.message();
    return false;
  }
  clang::tidy::exportReplacements(R.Findings.empty() ? "" : R.Findings.front().File,
                                  Errors, OS);
  return true;
}

} // namespace wavecheck
