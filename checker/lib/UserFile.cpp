//===--- UserFile.cpp - reading a file the user names, within bounds -------===//
#include "lib/UserFile.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include <algorithm>
#include <system_error>

namespace wavecheck {

namespace fs = llvm::sys::fs;

std::string describeFileType(fs::file_type T) {
  switch (T) {
  case fs::file_type::directory_file:
    return "a directory";
  case fs::file_type::fifo_file:
    return "a FIFO";
  case fs::file_type::character_file:
    return "a character device";
  case fs::file_type::block_file:
    return "a block device";
  case fs::file_type::socket_file:
    return "a socket";
  case fs::file_type::regular_file:
    return "a regular file";
  default:
    return "a file of unknown type";
  }
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> readUserFile(llvm::StringRef Path,
                                                                 const UserFileKind &Kind) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(std::make_error_code(std::errc::invalid_argument),
                                   "cannot read " + Kind.What + " '" + Path + "': " + Why +
                                       "; expected " + Kind.Expected);
  };
  fs::file_status St;
  // status() follows symlinks: a link to a regular file is that file.
  if (std::error_code EC = fs::status(Path, St))
    return Fail(EC.message());
  if (St.type() != fs::file_type::regular_file)
    return Fail("it is " + describeFileType(St.type()) + ", not a regular file");
  if (St.getSize() > Kind.MaxBytes)
    return Fail("it has " + llvm::Twine(St.getSize()) + " bytes, more than the " +
                llvm::Twine(Kind.MaxBytes) + " bytes read");
  // Not memory-mapped: the file may be replaced (--write-baseline over
  // --baseline) while the buffer is in use.
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false,
                                         /*IsVolatile=*/true);
  if (!Buf)
    return Fail(Buf.getError().message());
  // The file grew between the stat and the read.
  if ((*Buf)->getBufferSize() > Kind.MaxBytes)
    return Fail("it has more than the " + llvm::Twine(Kind.MaxBytes) + " bytes read");
  return std::move(*Buf);
}

std::optional<std::pair<size_t, size_t>> jsonTooDeep(llvm::StringRef Text, unsigned Max) {
  unsigned Depth = 0;
  size_t Line = 1, LineStart = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\n') {
      ++Line;
      LineStart = I + 1;
    }
    if (InString) {
      if (C == '\\')
        ++I; // the escaped character cannot end the string
      else if (C == '"')
        InString = false;
    } else if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > Max)
        return std::make_pair(Line, I - LineStart + 1);
    } else if ((C == ']' || C == '}') && Depth) {
      --Depth;
    }
  }
  return std::nullopt;
}

namespace {

class RegularFileGuard : public llvm::vfs::ProxyFileSystem {
public:
  RegularFileGuard(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                   std::vector<std::string> &Refused)
      : ProxyFileSystem(std::move(FS)), Refused(Refused) {}

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::ErrorOr<llvm::vfs::Status> St = status(Path);
    if (St && St->getType() != fs::file_type::regular_file &&
        St->getType() != fs::file_type::directory_file) {
      Refused.push_back(Path.str() + " (" + describeFileType(St->getType()) + ")");
      return std::make_error_code(std::errc::invalid_argument);
    }
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  std::vector<std::string> &Refused;
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeRegularFileGuard(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                     std::vector<std::string> &Refused) {
  return llvm::makeIntrusiveRefCnt<RegularFileGuard>(std::move(FS), Refused);
}

} // namespace wavecheck
