//===- wavesan-cc-driver.h - the steps of wavesan-cc's main -----*- C++ -*-===//
///
/// \file
/// Internal to wavesan-cc (nothing outside sanitizer/tools/ includes it): what the steps
/// of the compiler wrapper hand to each other. main (wavesan-cc.cpp, which documents the
/// wrapper) runs them in order, each returning the exit status to stop with, or 0:
///
/// 1. parseArguments (wavesan-cc-args.cpp): the command line into an Invocation, the
///    host compiler's arguments with each source marked, the target and the flags;
/// 2. rewriteSources (wavesan-cc-rewrite.cpp): the sources, and the user headers they
///    include, that need a rewrite for a host compiler (`<<<...>>>` launches, `__shared__`
///    arrays), rewritten in memory;
/// 3. writeTemporaryCopies and compileAndLink (wavesan-cc-compile.cpp): the rewritten
///    files written to a temporary mirror of their paths, the host compiler's command
///    built against the emulator's headers and runtime, and run.
///
//===----------------------------------------------------------------------===//
#ifndef WAVESAN_TOOLS_WAVESAN_CC_DRIVER_H
#define WAVESAN_TOOLS_WAVESAN_CC_DRIVER_H

#include <cstddef>
#include <string>
#include <vector>

namespace wavesan_cc {

/// `wavesan-cc --help`, and the tail of the "no input files" error.
extern const char *const Usage;

/// The GPU targets the emulator runs, with what clang-22 predefines for each in a HIP
/// device pass (`clang-22 -x hip --cuda-device-only --offload-arch=<t> -dM -E`; checked by
/// CcTest.TargetMacrosMatchClang), plus __HIP_PLATFORM_AMD__ (ROCm's hipcc and headers)
/// and __AMDGCN_WAVEFRONT_SIZE(__) (ROCm 6's clang; clang 22 dropped them).
struct EmulatedTarget {
  const char *Name;   ///< gfx942
  const char *Family; ///< __GFX9__
  bool NoImageSupport;
};

/// The -D flags of the target's predefined macros (wave size 64: every emulated
/// target is a wave64 gfx9 part).
std::vector<std::string> targetMacros(const EmulatedTarget &T);

/// Prints `wavesan-cc: error: <Message>` and returns 1.
int fail(const std::string &Message);

/// The command line, classified by parseArguments.
struct Invocation {
  std::vector<std::string> Sources; ///< the source inputs, as given
  std::vector<std::string> Out;     ///< the host compiler's arguments, in order
  std::vector<size_t> SourceSlots;  ///< index in Out of each source's path
  bool Link = true;                 ///< no -c, -S, -E, ...: the runtime is linked
  const EmulatedTarget *Target = nullptr;
  /// -fwavesan-lockstep: 1; -fno-wavesan-lockstep: 0; neither: -1.
  int LockstepFlag = -1;
};

/// Classifies \p Args (argv without argv[0]) into \p Inv. Returns 0, or the exit status
/// after an error was printed.
int parseArguments(const std::vector<std::string> &Args, Invocation &Inv);

/// A rewritten file: the source it belongs to (index in Invocation::Sources), its
/// absolute path and its text with its #line.
struct Rewrite {
  size_t SrcIndex;
  std::string Path, Text; // Path: absolute; Text: with its #line
};

/// What rewriteSources produced.
struct Rewrites {
  std::vector<Rewrite> Rewritten;       // sources
  std::vector<Rewrite> MirroredHeaders; // user headers, when one holds a launch or __shared__
  /// Compile with -fwavesan-lockstep: asked for, or warp-synchronous code was found.
  bool Lockstep = false;
};

/// Reads and rewrites the sources of \p Inv and the user headers they reach into \p R.
/// Returns 0, or 1 after the errors were printed (nothing is then compiled).
int rewriteSources(const Invocation &Inv, Rewrites &R);

/// The temporary directory of the rewritten copies and every path made under it (removed
/// in reverse order after compiling).
struct TempFiles {
  std::string TempDir;
  std::vector<std::string> TempPaths;
};

/// Writes the files of \p R under a new temporary directory and points \p Inv's arguments
/// at them. Returns 0, or 1 after an error was printed.
int writeTemporaryCopies(Invocation &Inv, const Rewrites &R, TempFiles &Temp);

/// Runs the host compiler on \p Inv against the emulator's headers (and runtime, when
/// linking); \p Argv0 tells `wavesan-clang` from `wavesan-cc`. Returns the exit status.
int compileAndLink(Invocation &Inv, bool Lockstep, const std::string &Argv0,
                   const TempFiles &Temp);

/// Where the emulator's headers, runtime and HIP root are: the build tree when this
/// binary runs from the build's bin/, else the installed tree relative to the binary.
struct Layout {
  std::string IncludeDir, Library, HipRoot;
};
Layout layout();

/// File-system helpers: the directory part of \p Path ("." for none); the canonical
/// absolute path (\p Path itself when it does not resolve); whether \p Path exists.
std::string dirName(const std::string &Path);
std::string realPath(const std::string &Path);
bool exists(const std::string &Path);

} // namespace wavesan_cc

#endif
