//===- wavesan-cc.cpp - compiler wrapper for wavesan's CPU emulator -------===//
///
/// \file
/// `wavesan-cc`, a compiler wrapper in the manner of hipcc: it compiles HIP sources
/// (.hip, .cu, .cpp, ...) as C++20 with the host C++ compiler against wavesan's emulator
/// headers (<hip/hip_runtime.h> resolves to the emulator) and links the emulator runtime
/// (libwavesan-emu.a, Boost.Context, fmt, pthread). Usage:
///
///     wavesan-cc [compiler flags] <input>... [-o <output>]
///
/// - Inputs ending in .hip, .cu, .cpp, .cc, .cxx, .c++, .C, .hpp are compiled with
///   `-x c++`; .o, .a, .so (and .so.N) inputs are passed to the linker. Any other input is
///   an error naming the input and the accepted extensions.
/// - All other arguments pass through to the host compiler, in order. `-c`, `-S`, `-E`,
///   `-M`, `-MM` and `-fsyntax-only` mean "do not link": the runtime is not added.
/// - The host compiler is `c++`, or the whitespace-separated command in $WAVESAN_CXX.
///   WAVESAN_CC_VERBOSE=1 prints the command to stderr before running it.
/// - `-fwavesan-lockstep` (wavesan-cc's own flag) instruments loads and stores for the
///   emulator's `wave-lds-race` check (lanes of one wave sharing LDS between two wave
///   synchronisations, docs/wavesan-emulator.md): Clang's
///   `-fsanitize-coverage=func,trace-loads,trace-stores`; the host compiler is then Clang
///   unless $WAVESAN_CXX names one.
/// - Before compiling, every source input, and every user header it reaches through
///   `#include` (found in the including file's directory and the -iquote and -I
///   directories), is split into tokens by Clang's lexer. `callee<<<...>>>(args)` kernel
///   launches, which a host compiler cannot parse, are rewritten into calls of the
///   emulator's launch function, and `extern __shared__` arrays in function bodies into
///   HIP_DYNAMIC_SHARED, on temporary copies that keep every line number and, through
///   `#line`, the file's name (wavesan-cc-launch.h, wavesan-cc-scan.h). A launch that
///   cannot be rewritten gives `file:line:col: error: ...` with the line and a caret, and
///   the wrapper exits 1 without compiling.
///
/// Exit status: the host compiler's; 1 for a usage error or a launch that cannot be
/// rewritten; 127 when the host compiler cannot be run.
///
/// Paths: when this binary runs from the build tree (its directory is the build's bin/),
/// the headers come from the source tree's sanitizer/include and the runtime from the
/// build's lib/; otherwise from the installed layout relative to the binary
/// (WAVESAN_CC_REL_INCLUDE_DIR, WAVESAN_CC_REL_LIBRARY, set by sanitizer/CMakeLists.txt).
///
/// This file holds main; the steps it runs are declared in wavesan-cc-driver.h and
/// implemented in wavesan-cc-args.cpp, wavesan-cc-rewrite.cpp and wavesan-cc-compile.cpp.
///
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

// The steps below: parseArguments, rewriteSources, writeTemporaryCopies, compileAndLink.
#include "wavesan-cc-driver.h"

int main(int Argc, char **Argv) {
  using namespace wavesan_cc;
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  for (const std::string &A : Args)
    if (A == "--help" || A == "-help") {
      std::cout << Usage;
      return 0;
    }

  // CMake's HIP language asks a Clang-based HIP compiler for its ROCm installation
  // (`-v -print-targets`, "Found HIP installation: <root>, version ..."), and loads
  // <root>/lib/cmake/hip-lang/hip-lang-config.cmake: wavesan's root holds one that
  // adds nothing (wavesan-cc links the emulator itself).
  if (std::find(Args.begin(), Args.end(), "-print-targets") != Args.end()) {
    std::cerr << "Found HIP installation: " << layout().HipRoot
              << ", version 6.0.0 (wavesan's CPU emulator)\n";
    std::cout << "  Registered Targets:\n    amdgcn - AMD GCN GPUs (emulated on the CPU)\n";
    return 0;
  }

  Invocation Inv;
  if (int Status = parseArguments(Args, Inv))
    return Status;
  Rewrites R;
  if (int Status = rewriteSources(Inv, R))
    return Status;
  TempFiles Temp;
  if (int Status = writeTemporaryCopies(Inv, R, Temp))
    return Status;
  return compileAndLink(Inv, R.Lockstep, Argv[0], Temp);
}
