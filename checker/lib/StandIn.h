//===--- StandIn.h - bundled stand-in HIP/CUDA headers ---------------------===//
///
/// \file
/// wavecheck's own declarations of the HIP and CUDA device API
/// (checker/standin/), embedded in the binary and served from an in-memory
/// file system, so that sources parse on machines without ROCm (pre-commit on
/// a laptop, CI lint jobs).
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_STANDIN_H
#define WAVECHECK_LIB_STANDIN_H

#include "llvm/Support/VirtualFileSystem.h"
#include <string>
#include <vector>

namespace wavecheck {

/// Virtual directory the stand-in headers live under.
inline constexpr llvm::StringRef StandInRoot = "/__wavecheck__/standin";

/// An in-memory file system holding every stand-in header under StandInRoot.
llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> makeStandInFileSystem();

/// Compile arguments that make a parse use the stand-in headers.
std::vector<std::string> standInArgs();

/// True when real HIP headers are reachable for a compile with \p Args run
/// in \p Directory: `--rocm-path`, an include directory holding
/// hip/hip_runtime.h, $ROCM_PATH or /opt/rocm. A HIP older than 6 (its
/// hip/hip_version.h says so; Debian's libamdhip64-dev installs HIP 5.2 in
/// /usr/include) does not count: its device headers read
/// __AMDGCN_WAVEFRONT_SIZE, which clang 22 no longer defines, so no file
/// parses against them. Such a directory is stored in \p OldHip (when given),
/// for the note that says the stand-ins were used instead.
bool rocmHeadersReachable(const std::vector<std::string> &Args,
                          llvm::StringRef Directory, std::string *OldHip = nullptr);

/// The note of a run that used the stand-in headers because \p OldHip holds
/// HIP headers clang 22 cannot parse.
std::string oldHipNote(llvm::StringRef OldHip);

/// For --hip-headers=system: the directory of the HIP headers older than 6
/// that the compile of \p Args in \p Directory would use (as
/// rocmHeadersReachable finds them, else clang's default /usr/include), or ""
/// when usable HIP headers are reachable or none are old.
std::string oldSystemHip(const std::vector<std::string> &Args, llvm::StringRef Directory);

/// The note of a --hip-headers=system run whose HIP headers in \p OldHip are
/// older than HIP 6.
std::string oldSystemHipNote(llvm::StringRef OldHip);

} // namespace wavecheck

#endif
