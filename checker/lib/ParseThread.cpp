//===--- ParseThread.cpp - one parse, isolated from the others -------------===//
#include "lib/ParseThread.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/thread.h"
#include <csignal>
#include <cstdlib>
#include <optional>

namespace wavecheck {

namespace {

/// Alternate signal stack of a parse thread, in bytes: 1 MiB. The recovery
/// handler runs clang's crash-recovery cleanups on it before it jumps back, so
/// it gets more than SIGSTKSZ (a few KiB).
constexpr size_t AltStackSize = 1u << 20;

/// Lets the crash handlers installed now (llvm::CrashRecoveryContext's, or
/// LLVM's own) run on the thread's alternate stack. sigaction is process-wide
/// and setting the same flag again is harmless, so every parse does it: the
/// handlers may have been installed after the previous parse.
void handleCrashesOnAltStack() {
  for (int Sig : {SIGSEGV, SIGBUS}) {
    struct sigaction SA;
    if (sigaction(Sig, nullptr, &SA) != 0 || SA.sa_handler == SIG_DFL ||
        SA.sa_handler == SIG_IGN || (SA.sa_flags & SA_ONSTACK))
      continue;
    SA.sa_flags |= SA_ONSTACK;
    sigaction(Sig, &SA, nullptr);
  }
}

/// The calling thread's alternate signal stack while in scope.
class AltStack {
public:
  AltStack() : Memory(std::malloc(AltStackSize)) {
    if (!Memory)
      return;
    stack_t S{};
    S.ss_sp = Memory;
    S.ss_size = AltStackSize;
    Installed = sigaltstack(&S, &Old) == 0;
  }
  ~AltStack() {
    if (Installed)
      sigaltstack(&Old, nullptr);
    std::free(Memory);
  }

private:
  void *Memory;
  stack_t Old{};
  bool Installed = false;
};

} // namespace

bool runParseSafely(llvm::function_ref<void()> Fn) {
  handleCrashesOnAltStack();
  bool Ok = true;
  llvm::thread T(std::optional<unsigned>(ParseStackSize), [&] {
    AltStack Alt; // outlives the recovery context, which jumps back to it
    llvm::CrashRecoveryContext CRC;
    Ok = CRC.RunSafely(Fn);
  });
  T.join();
  return Ok;
}

} // namespace wavecheck
