#include "lib/StandIn.h"
#include "lib/Embedded.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include <cstring>

namespace wavecheck {

namespace {
const EmbeddedFile Headers[] = {
#include "StandInHeaders.inc"
    {nullptr, nullptr}};
} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> makeStandInFileSystem() {
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const EmbeddedFile *H = Headers; H->Path; ++H) {
    llvm::SmallString<128> P(StandInRoot);
    llvm::sys::path::append(P, H->Path);
    FS->addFile(P, /*ModificationTime=*/0,
                llvm::MemoryBuffer::getMemBuffer(H->Text, P, false));
  }
  return FS;
}

std::vector<std::string> standInArgs() {
  return {"-nogpuinc", "-isystem", std::string(StandInRoot), "-include",
          "hip/hip_runtime.h"};
}

/// \p IncludeDir made absolute against \p Directory.
static llvm::SmallString<256> absoluteDir(llvm::StringRef IncludeDir, llvm::StringRef Directory) {
  llvm::SmallString<256> P(IncludeDir);
  if (!llvm::sys::path::is_absolute(P)) {
    llvm::SmallString<256> D(Directory);
    llvm::sys::path::append(D, P);
    P = D;
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return P;
}

static bool hasHipRuntime(llvm::StringRef IncludeDir, llvm::StringRef Directory) {
  llvm::SmallString<256> P = absoluteDir(IncludeDir, Directory);
  llvm::sys::path::append(P, "hip", "hip_runtime.h");
  return llvm::sys::fs::exists(P);
}

/// True when IncludeDir/hip/hip_version.h defines HIP_VERSION_MAJOR below 6.
/// A tree without hip_version.h, or one it cannot read, is not called old.
static bool isOldHip(llvm::StringRef IncludeDir, llvm::StringRef Directory) {
  llvm::SmallString<256> P = absoluteDir(IncludeDir, Directory);
  llvm::sys::path::append(P, "hip", "hip_version.h");
  auto Buf = llvm::MemoryBuffer::getFile(P, /*IsText=*/true);
  if (!Buf)
    return false;
  llvm::StringRef Text = (*Buf)->getBuffer();
  size_t At = Text.find("#define HIP_VERSION_MAJOR");
  if (At == llvm::StringRef::npos)
    return false;
  llvm::StringRef Rest = Text.drop_front(At + strlen("#define HIP_VERSION_MAJOR")).ltrim(" \t");
  unsigned Major = 0;
  if (Rest.consumeInteger(10, Major))
    return false;
  return Major < 6;
}

/// A directory holding usable HIP headers; an old HIP is recorded in OldHip.
static bool usableHip(llvm::StringRef IncludeDir, llvm::StringRef Directory,
                      std::string *OldHip) {
  if (!hasHipRuntime(IncludeDir, Directory))
    return false;
  if (!isOldHip(IncludeDir, Directory))
    return true;
  if (OldHip && OldHip->empty())
    *OldHip = std::string(absoluteDir(IncludeDir, Directory));
  return false;
}

bool rocmHeadersReachable(const std::vector<std::string> &Args,
                          llvm::StringRef Directory, std::string *OldHip) {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A.starts_with("--rocm-path") || A.starts_with("--hip-path"))
      return true;
    for (llvm::StringRef Flag : {"-I", "-isystem", "-idirafter"}) {
      if (A == Flag && I + 1 < Args.size() && usableHip(Args[I + 1], Directory, OldHip))
        return true;
      if (A.size() > Flag.size() && A.starts_with(Flag) &&
          usableHip(A.drop_front(Flag.size()), Directory, OldHip))
        return true;
    }
  }
  if (std::optional<std::string> Env = llvm::sys::Process::GetEnv("ROCM_PATH")) {
    llvm::SmallString<256> P(*Env);
    llvm::sys::path::append(P, "include");
    if (usableHip(P, Directory, OldHip))
      return true;
  }
  return usableHip("/opt/rocm/include", Directory, OldHip);
}

std::string oldSystemHip(const std::vector<std::string> &Args, llvm::StringRef Directory) {
  std::string OldHip;
  if (rocmHeadersReachable(Args, Directory, &OldHip))
    return {};
  if (OldHip.empty())
    usableHip("/usr/include", Directory, &OldHip);
  return OldHip;
}

std::string oldSystemHipNote(llvm::StringRef OldHip) {
  return "HIP headers in " + OldHip.str() +
         " are older than HIP 6 (hip/hip_version.h): clang 22 parses them only with "
         "-D__AMDGCN_WAVEFRONT_SIZE=64 (it no longer defines it), and they lack HIP 6's "
         "*_sync warp functions; --hip-headers=system uses them as asked, "
         "--hip-headers=auto would analyse with wavecheck's stand-in HIP headers";
}

std::string oldHipNote(llvm::StringRef OldHip) {
  return "HIP headers in " + OldHip.str() +
         " are older than HIP 6 (hip/hip_version.h) and do not parse with clang 22 "
         "(they need __AMDGCN_WAVEFRONT_SIZE, which clang no longer defines): analysed "
         "with wavecheck's stand-in HIP headers instead";
}

} // namespace wavecheck
