//===--- ParseThread.h - one parse, isolated from the others ---------------===//
///
/// \file
/// Runs a parse on its own thread with a large stack, so that deep but legal
/// nesting parses, and under llvm::CrashRecoveryContext with crash handlers
/// that run on an alternate signal stack, so that a parse that overflows even
/// that stack (or crashes otherwise) fails alone: the other files are still
/// analysed. llvm::CrashRecoveryContext::RunSafelyOnThread does the first but
/// not the second: LLVM installs its recovery handler without SA_ONSTACK, and
/// a handler cannot run on the stack that overflowed, so the process dies.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_PARSETHREAD_H
#define WAVECHECK_LIB_PARSETHREAD_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace wavecheck {

/// Stack of a parse thread, in bytes: 64 MiB. clang 22 stops nesting at
/// -fbracket-depth (default 2048); 2040 nested parentheses need between 14
/// and 16 MiB of stack (measured with `ulimit -s` and clang++-22
/// -fsyntax-only, docs/hostile-inputs.md), so 64 MiB leaves a 4x margin for
/// the checks and Sema. The memory is reserved, and used only as deep as the
/// parse goes.
inline constexpr unsigned ParseStackSize = 64u << 20;

/// Runs \p Fn on a thread with a ParseStackSize stack and waits for it.
/// Returns false when \p Fn crashed (signal or stack overflow) and crash
/// recovery is enabled (llvm::CrashRecoveryContext::Enable); the state \p Fn
/// was building is then abandoned (leaked, never freed twice).
bool runParseSafely(llvm::function_ref<void()> Fn);

} // namespace wavecheck

#endif
