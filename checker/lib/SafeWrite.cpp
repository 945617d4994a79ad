//===--- SafeWrite.cpp - writing a file without ever truncating it ---------===//
#include "lib/SafeWrite.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include <chrono>
#include <unistd.h>

namespace wavecheck {

namespace fs = llvm::sys::fs;

namespace {

/// When this process started (static initialisation): a temporary older
/// than this belongs to an earlier run.
const std::chrono::system_clock::time_point RunStart = std::chrono::system_clock::now();

constexpr unsigned RandomChars = 8;

llvm::Error writeError(llvm::StringRef Path, std::error_code EC, llvm::StringRef Left) {
  return llvm::createStringError(EC, "cannot write '%s': %s; %s", Path.str().c_str(),
                                 EC.message().c_str(), Left.str().c_str());
}

/// Closes \p OS and returns its first write, flush or close error.
std::error_code closeChecked(llvm::raw_fd_ostream &OS) {
  OS.close();
  std::error_code EC = OS.error();
  OS.clear_error(); // checked here: not a fatal error in the destructor
  return EC;
}

} // namespace

llvm::Error writeFileSafely(llvm::StringRef Given,
                            llvm::function_ref<void(llvm::raw_ostream &)> Write) {
  // A symlink is written through (its target replaced, not the link); a
  // dangling one is an error, as opening it for writing would be.
  llvm::SmallString<256> Real(Given);
  if (fs::is_symlink_file(Given))
    if (std::error_code EC = fs::real_path(Given, Real))
      return writeError(Given, EC, "nothing was written");
  llvm::StringRef Path = Real;
  fs::file_status St;
  if (!fs::status(Path, St) && fs::exists(St) && !fs::is_regular_file(St)) {
    // A device or a FIFO cannot be replaced by a rename (and /dev must not
    // get a temporary file): write it in place.
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC, fs::OF_None);
    if (EC)
      return writeError(Path, EC, "nothing was written");
    Write(OS);
    if (std::error_code WEC = closeChecked(OS))
      return writeError(Path, WEC, "the output is incomplete");
    return llvm::Error::success();
  }
  bool Exists = fs::exists(St) && fs::is_regular_file(St);
  if (Exists)
    if (std::optional<std::string> Why = whyNotReplaceable(St))
      return llvm::createStringError(std::make_error_code(std::errc::operation_not_permitted),
                                     "cannot write '%s': %s; it was not changed",
                                     Path.str().c_str(), Why->c_str());
  llvm::SmallString<256> Model(Path);
  Model += TempSuffix;
  Model.append(RandomChars, '%');
  int FD;
  llvm::SmallString<256> Temp;
  if (std::error_code EC = fs::createUniqueFile(Model, FD, Temp, fs::OF_None,
                                                fs::all_read | fs::all_write))
    return writeError(Path, EC, "cannot create a temporary file beside it; it was not changed");
  llvm::sys::RemoveFileOnSignal(Temp);
  std::error_code EC;
  if (Exists) {
    // The replacement keeps the file's mode, owner and group. Changing the
    // owner needs root (or the same owner): a user who may replace a file
    // owned by another in a shared directory gets it as their own, as with
    // `sed -i`.
    // The owner first: chown clears the set-user-ID and set-group-ID bits.
    if (St.getUser() != ::geteuid() || St.getGroup() != ::getegid())
      (void)::fchown(FD, St.getUser(), St.getGroup());
    EC = fs::setPermissions(FD, St.permissions());
  }
  if (EC) {
    ::close(FD);
  } else {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    Write(OS);
    EC = closeChecked(OS);
  }
  // Every byte is on the disk (written, flushed, closed) before the rename.
  if (!EC)
    EC = fs::rename(Temp, Path);
  if (EC)
    fs::remove(Temp);
  llvm::sys::DontRemoveFileOnSignal(Temp);
  if (EC)
    return writeError(Path, EC, "it was not changed");
  return llvm::Error::success();
}

std::optional<std::string> whyNotReplaceable(const fs::file_status &St) {
  if (fs::is_regular_file(St) && St.getLinkCount() > 1)
    return "it has " + std::to_string(St.getLinkCount()) +
           " hard links, and replacing it would leave the other names with the old "
           "content (copy the file to break the link, then run again)";
  return std::nullopt;
}

unsigned removeStaleTemporaries(llvm::StringRef Path) {
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Path));
  if (Dir.empty())
    Dir = ".";
  std::string Prefix = (llvm::sys::path::filename(Path) + TempSuffix).str();
  unsigned Removed = 0;
  std::error_code EC;
  for (fs::directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(I->path());
    if (!Name.starts_with(Prefix) || Name.size() != Prefix.size() + RandomChars)
      continue;
    // createUniqueFile replaces each '%' with a lower-case hex digit.
    if (!llvm::all_of(Name.substr(Prefix.size()),
                      [](char C) { return llvm::isDigit(C) || (C >= 'a' && C <= 'f'); }))
      continue;
    fs::file_status St;
    if (fs::status(I->path(), St, /*follow=*/false) || !fs::is_regular_file(St))
      continue;
    if (St.getLastModificationTime() >= RunStart)
      continue;
    if (!fs::remove(I->path()))
      ++Removed;
  }
  return Removed;
}

} // namespace wavecheck
