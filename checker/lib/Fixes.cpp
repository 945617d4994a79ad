//===--- Fixes.cpp - applying and exporting fix-its ------------------------===//
///
/// \file
/// `--fix` edits a file only while it holds the content that was analysed,
/// never a read-only one, always atomically, and undoes an edit after which a
/// file no longer parses (docs/fix.md).
///
//===----------------------------------------------------------------------===//
#include "lib/Fixes.h"
#include "lib/Output.h"
#include "lib/Findings.h"
#include "lib/RawDiagnostic.h"
#include "lib/SafeWrite.h"

#include "clang-tidy/ClangTidy.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

namespace wavecheck {

namespace fs = llvm::sys::fs;

uint64_t contentHash(llvm::StringRef Text) { return llvm::xxh3_64bits(Text); }

void recordContent(ContentLog &Log, const std::string &File, std::optional<uint64_t> Hash) {
  auto [It, New] = Log.try_emplace(File, Hash);
  if (!New && It->second != Hash)
    It->second = std::nullopt;
}

namespace {

/// A file whose buffer is hashed into the log when it is read.
class RecordingFile : public llvm::vfs::File {
public:
  RecordingFile(std::unique_ptr<llvm::vfs::File> Inner, std::string Path, ContentLog &Log)
      : Inner(std::move(Inner)), Path(std::move(Path)), Log(Log) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return Inner->status(); }
  llvm::ErrorOr<std::string> getName() override { return Inner->getName(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize, bool RequiresNullTerminator,
            bool IsVolatile) override {
    auto Buf = Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (Buf)
      recordContent(Log, Path, contentHash((*Buf)->getBuffer()));
    return Buf;
  }
  std::error_code close() override { return Inner->close(); }

private:
  std::unique_ptr<llvm::vfs::File> Inner;
  std::string Path;
  ContentLog &Log;
};

class RecordingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  RecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS, ContentLog &Log)
      : ProxyFileSystem(std::move(FS)), Log(Log) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F)
      return F;
    llvm::ErrorOr<std::string> Cwd = getCurrentWorkingDirectory();
    std::string Key = canonicalPath(Path.str(), Cwd ? *Cwd : std::string());
    return std::unique_ptr<llvm::vfs::File>(
        std::make_unique<RecordingFile>(std::move(*F), std::move(Key), Log));
  }

private:
  ContentLog &Log;
};

/// True when \p File may not be edited: no write permission bit at all (a
/// file marked read-only, which root could still replace), or not writable by
/// this user.
bool isReadOnly(llvm::StringRef File, std::string &Why) {
  llvm::ErrorOr<fs::perms> Perms = fs::getPermissions(File);
  if (Perms && !(*Perms & (fs::owner_write | fs::group_write | fs::others_write))) {
    llvm::raw_string_ostream(Why) << "the file is read-only (mode "
                                  << llvm::format("%04o", unsigned(*Perms)) << ")";
    return true;
  }
  if (std::error_code EC = fs::access(File, fs::AccessMode::Write)) {
    Why = "the file is not writable: " + EC.message();
    return true;
  }
  return false;
}

/// Writes \p Text to \p File through a temporary file beside it and a rename,
/// keeping \p File's permissions.
llvm::Error writeAtomically(llvm::StringRef File, llvm::StringRef Text) {
  // A temporary file beside File, renamed over it once every byte is written
  // (a full disk leaves File as it was). File is already the symlink's
  // target (canonicalPath).
  removeStaleTemporaries(File);
  return writeFileSafely(File, [&](llvm::raw_ostream &OS) { OS << Text; });
}

std::unique_ptr<llvm::MemoryBuffer> readWhole(llvm::StringRef File, std::string &Err) {
  // Not memory-mapped: the file is replaced while the buffer is in use.
  auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false,
                                         /*IsVolatile=*/true);
  if (!Buf) {
    Err = Buf.getError().message();
    return nullptr;
  }
  return std::move(*Buf);
}

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeContentRecorder(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS, ContentLog &Log) {
  return llvm::makeIntrusiveRefCnt<RecordingFileSystem>(std::move(FS), Log);
}

unsigned applyFixes(RunResult &R, FixSession *S) {
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
                              false, "fix-conflict"});
      }
    }
  if (S)
    S->LastRound.clear();
  unsigned Changed = 0;
  // A file --fix refuses or fails on is reported once and left alone in the
  // later rounds: re-analysing it must not fix it behind the report's back.
  auto Refuse = [&](const std::string &File, std::string Message, const char *Kind) {
    R.Errors.push_back({File, std::move(Message), true, Kind});
    if (S)
      S->Frozen.insert(File);
  };
  for (auto &[File, Set] : PerFile) {
    if (S && S->Frozen.count(File))
      continue;
    std::string Err;
    std::unique_ptr<llvm::MemoryBuffer> Buf = readWhole(File, Err);
    if (!Buf) {
      Refuse(File, "cannot read file to fix: " + Err, "fix-failed");
      continue;
    }
    llvm::StringRef Old = Buf->getBuffer();
    // The fix-its' offsets are valid for the content that was parsed only.
    auto Parsed = R.ParsedContent.find(File);
    if (Parsed == R.ParsedContent.end() || Parsed->second != contentHash(Old)) {
      Refuse(File, "changed since it was analysed; not fixed", "fix-refused");
      continue;
    }
    llvm::Expected<std::string> New = clang::tooling::applyAllReplacements(Old, Set);
    if (!New) {
      Refuse(File, "cannot apply fix-its: " + llvm::toString(New.takeError()), "fix-failed");
      continue;
    }
    if (*New == Old)
      continue;
    std::string Why;
    if (isReadOnly(File, Why)) {
      Refuse(File, Why + "; not fixed", "fix-refused");
      continue;
    }
    if (fs::file_status St; !fs::status(File, St))
      if (std::optional<std::string> Hard = whyNotReplaceable(St)) {
        Refuse(File, *Hard + "; not fixed", "fix-refused");
        continue;
      }
    if (llvm::Error Err = writeAtomically(File, *New)) {
      Refuse(File, "cannot write fixed file: " + llvm::toString(std::move(Err)), "fix-failed");
      continue;
    }
    if (S) {
      S->Original.try_emplace(File, Old.str());
      S->Written[File] = contentHash(*New);
      S->LastRound.insert(File);
    }
    ++Changed;
  }
  return Changed;
}

unsigned revertBreakingFixes(const RunResult &Before, const RunResult &After,
                             FixSession &S, std::vector<InputError> &Problems) {
  // Pass by pass: a source that already failed for one target or in the
  // host pass must still parse in the passes that parsed before.
  std::map<std::string, std::string> Cause; // source -> its first new failure
  for (const auto &[Source, Failures] : After.ParseFailures) {
    auto Old = Before.ParseFailures.find(Source);
    for (const auto &[Pass, Message] : Failures)
      if (Old == Before.ParseFailures.end() || !Old->second.count(Pass)) {
        Cause.try_emplace(Source, "in the " + Pass + " (" + Message + ")");
        break;
      }
  }
  // Files to restore -> the source that no longer parses.
  std::map<std::string, std::string> Restore;
  for (const auto &[Source, Message] : Cause) {
    auto Read = After.FilesRead.find(Source);
    if (Read == After.FilesRead.end())
      continue;
    for (const std::string &F : Read->second)
      if (S.LastRound.count(F))
        Restore.try_emplace(F, Source);
  }
  unsigned Restored = 0;
  for (const auto &[File, Source] : Restore) {
    S.Frozen.insert(File);
    std::string Err;
    std::unique_ptr<llvm::MemoryBuffer> Buf = readWhole(File, Err);
    std::string Why = "fix-its made " + displayPath(Source) + " fail to parse " +
                      Cause[Source];
    if (!Buf || contentHash(Buf->getBuffer()) != S.Written[File]) {
      Problems.push_back({File, Why + "; the file changed since it was fixed, so its "
                                      "original content was not restored",
                          true, "fix-failed"});
      continue;
    }
    if (llvm::Error E = writeAtomically(File, S.Original[File])) {
      Problems.push_back({File, Why + "; cannot restore the original content: " +
                                    llvm::toString(std::move(E)),
                          true, "fix-failed"});
      continue;
    }
    Problems.push_back({File, Why + "; original content restored, not fixed", true,
                        "fix-failed"});
    ++Restored;
  }
  return Restored;
}

bool exportFixes(const RunResult &R, llvm::StringRef Path, std::string &Err) {
  std::vector<clang::tidy::ClangTidyError> Errors;
  for (const Finding &F : R.Findings)
    if (!F.Fixes.empty())
      Errors.push_back(tidyError(F.Raw));
  if (llvm::Error E = writeFileSafely(Path, [&](llvm::raw_ostream &OS) {
        clang::tidy::exportReplacements(R.Findings.empty() ? "" : R.Findings.front().File,
                                        Errors, OS);
      })) {
    Err = llvm::toString(std::move(E));
    return false;
  }
  return true;
}

} // namespace wavecheck
