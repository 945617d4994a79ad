#include "lib/StandIn.h"
#include "lib/Embedded.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

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

static bool hasHipRuntime(llvm::StringRef IncludeDir, llvm::StringRef Directory) {
  llvm::SmallString<256> P(IncludeDir);
  if (!llvm::sys::path::is_absolute(P)) {
    llvm::SmallString<256> D(Directory);
    llvm::sys::path::append(D, P);
    P = D;
  }
  llvm::sys::path::append(P, "hip", "hip_runtime.h");
  return llvm::sys::fs::exists(P);
}

bool rocmHeadersReachable(const std::vector<std::string> &Args,
                          llvm::StringRef Directory) {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A.starts_with("--rocm-path") || A.starts_with("--hip-path"))
      return true;
    for (llvm::StringRef Flag : {"-I", "-isystem", "-idirafter"}) {
      if (A == Flag && I + 1 < Args.size() && hasHipRuntime(Args[I + 1], Directory))
        return true;
      if (A.size() > Flag.size() && A.starts_with(Flag) &&
          hasHipRuntime(A.drop_front(Flag.size()), Directory))
        return true;
    }
  }
  if (std::optional<std::string> Env = llvm::sys::Process::GetEnv("ROCM_PATH")) {
    llvm::SmallString<256> P(*Env);
    llvm::sys::path::append(P, "include");
    if (hasHipRuntime(P, Directory))
      return true;
  }
  return hasHipRuntime("/opt/rocm/include", Directory);
}

} // namespace wavecheck
