//===--- fault.cpp - a lane's SIGSEGV/SIGBUS/SIGFPE/SIGILL as a report -----===//
///
/// \file
/// A kernel that dereferences a null pointer, divides an integer by zero or
/// overflows its fiber stack faults on the worker thread that runs the lane.
/// The handler, installed once before the first worker starts and run on each
/// worker's alternate signal stack (an exhausted fiber stack cannot run it),
/// writes a `kernel-fault` report naming the kernel, block, thread, wave and
/// lane, then passes the signal on: to the handler installed before it (e.g.
/// AddressSanitizer's), else to the default action, so that the process ends
/// with the signal as it would without wavesan. A fault outside a lane (host
/// code, another thread) is passed on unreported.
///
//===----------------------------------------------------------------------===//
#include "engine.h"

#include <fmt/format.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <dlfcn.h>
#include <memory>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

namespace wavesan::emu::detail {

namespace {

constexpr int FaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
constexpr size_t NumFaultSignals = sizeof(FaultSignals) / sizeof(FaultSignals[0]);
/// The dispositions before ours, one per FaultSignals entry.
struct sigaction Previous[NumFaultSignals];

/// The alternate signal stack of each worker: the handler formats the report
/// (fmt, dladdr, the demangler) on it, so it is generous.
constexpr size_t AltStackBytes = 256 * 1024;

/// The thread reporting a fault (0: none). A second thread that faults meanwhile
/// waits for the first to end the process; a fault while reporting passes on.
std::atomic<long> Reporter{0};

size_t indexOf(int Sig) {
  for (size_t I = 0; I < NumFaultSignals; ++I)
    if (FaultSignals[I] == Sig)
      return I;
  return 0;
}

const char *signalName(int Sig) {
  switch (Sig) {
  case SIGSEGV: return "SIGSEGV";
  case SIGBUS: return "SIGBUS";
  case SIGFPE: return "SIGFPE";
  case SIGILL: return "SIGILL";
  }
  return "signal";
}

/// Hands \p Sig to the disposition before ours: its handler is called (and the
/// faulting instruction runs again if it returns); the default action or
/// SIG_IGN is restored and the instruction runs again, now ending the process.
void passOn(int Sig, siginfo_t *Info, void *Ctx) {
  const struct sigaction &P = Previous[indexOf(Sig)];
  if (P.sa_flags & SA_SIGINFO) {
    if (P.sa_sigaction) {
      P.sa_sigaction(Sig, Info, Ctx);
      return;
    }
  } else if (P.sa_handler != SIG_DFL && P.sa_handler != SIG_IGN) {
    P.sa_handler(Sig);
    return;
  }
  // A signal this process cannot ignore: a synchronous fault comes back at once.
  struct sigaction Default {};
  Default.sa_handler = SIG_DFL;
  sigemptyset(&Default.sa_mask);
  sigaction(Sig, &Default, nullptr);
  if (Info->si_code <= 0) // sent by kill() or raise(): nothing runs again, send it anew
    raise(Sig);
}

/// The faulting instruction as "pc 0x... (module+0xoffset)" or "... in name+0x..".
std::string describePc(const void *Pc) {
  std::string S = fmt::format("pc {}", Pc);
  Dl_info Info{};
  if (!Pc || !dladdr(Pc, &Info))
    return S;
  if (Info.dli_sname && Info.dli_saddr) {
    int Status = 0;
    std::unique_ptr<char, void (*)(void *)> Demangled(
        abi::__cxa_demangle(Info.dli_sname, nullptr, nullptr, &Status), std::free);
    S += fmt::format(" in {}+{:#x}", Status == 0 && Demangled ? Demangled.get() : Info.dli_sname,
                     static_cast<const char *>(Pc) - static_cast<const char *>(Info.dli_saddr));
  }
  if (Info.dli_fname && *Info.dli_fname && Info.dli_fbase)
    S += fmt::format(" ({}+{:#x})", Info.dli_fname,
                     static_cast<const char *>(Pc) - static_cast<const char *>(Info.dli_fbase));
  return S;
}

/// What the fault was, from the signal, its code and the context.
std::string describeFault(const Worker &W, int Sig, const siginfo_t *Info, bool Write) {
  const void *Addr = Info->si_addr;
  const std::string Access = fmt::format("a {} of address {}", Write ? "write" : "read", Addr);
  switch (Sig) {
  case SIGSEGV:
    if (W.inStackGuard(Addr))
      return fmt::format("stack overflow: the lane used up its {} KiB fiber stack ({} in the "
                         "guard region below it; a large local array or deep recursion)",
                         StackPool::StackBytes / 1024, Access);
    if (reinterpret_cast<uintptr_t>(Addr) < 4096)
      return "null pointer dereference: " + Access + " (SIGSEGV)";
    return "invalid memory access: " + Access + " (SIGSEGV: unmapped or protected memory)";
  case SIGBUS:
    return "bus error: " + Access + " (SIGBUS: e.g. a mapped file shorter than the access)";
  case SIGFPE:
    if (Info->si_code == FPE_INTDIV || Info->si_code == FPE_INTOVF)
      return "integer division by zero (SIGFPE; INT_MIN / -1 overflows the same way)";
    return fmt::format("arithmetic exception (SIGFPE, si_code {})", Info->si_code);
  case SIGILL:
    return "illegal instruction (SIGILL: __builtin_trap(), or code the compiler replaced with "
           "a trap, such as a dereference it proved null)";
  }
  return signalName(Sig);
}

void onFault(int Sig, siginfo_t *Info, void *Ctx) {
  const int SavedErrno = errno;
  Worker *W = ThisWorker;
  const long Me = syscall(SYS_gettid);
  long None = 0;
  if (!W || !W->current() || !W->L || !Reporter.compare_exchange_strong(None, Me)) {
    if (None != 0 && None != Me)
      for (;;) // another lane is being reported; its thread ends the process
        pause();
    passOn(Sig, Info, Ctx); // host code, or a fault while reporting
    errno = SavedErrno;
    return;
  }
  const void *Pc = nullptr;
  bool Write = false;
#if defined(__x86_64__)
  const auto *U = static_cast<const ucontext_t *>(Ctx);
  Pc = reinterpret_cast<const void *>(U->uc_mcontext.gregs[REG_RIP]);
  Write = (U->uc_mcontext.gregs[REG_ERR] & 2) != 0; // page-fault error code: W/R bit
#endif
  const Lane *Ln = W->current();
  const LaunchRequest &R = W->L->Req;
  const struct sigaction &P = Previous[indexOf(Sig)];
  const bool Chained = (P.sa_flags & SA_SIGINFO) ? P.sa_sigaction != nullptr
                                                 : P.sa_handler != SIG_DFL && P.sa_handler != SIG_IGN;
  std::string Details = describeFault(*W, Sig, Info, Write) + " at " + describePc(Pc);
  Details += fmt::format("\nthe kernel was launched at {}:{} (the emulator does not know the "
                         "faulting source line: addr2line -e <module> <offset> gives it for a "
                         "-g build); {}",
                         R.Loc.file_name(), R.Loc.line(),
                         Chained ? fmt::format("{} goes on to the handler installed before "
                                               "wavesan's", signalName(Sig))
                                 : fmt::format("the process ends with {}", signalName(Sig)));
  // The "at" line is the launch: no Function, so it names the kernel.
  reportFatal(ReportKind::KernelFault,
              W->where(Ln, R.Loc.file_name(), R.Loc.line(), nullptr, ReportScope::Lane), Details);
  passOn(Sig, Info, Ctx);
  errno = SavedErrno;
}

} // namespace

void installFaultHandlers() {
  static const bool Done = [] {
    for (size_t I = 0; I < NumFaultSignals; ++I) {
      struct sigaction A {};
      A.sa_sigaction = onFault;
      A.sa_flags = SA_SIGINFO | SA_ONSTACK;
      sigemptyset(&A.sa_mask);
      sigaction(FaultSignals[I], &A, &Previous[I]);
    }
    return true;
  }();
  (void)Done;
}

void installAltStack() {
  // One guard page below, so that an overflow of the handler itself faults.
  const size_t Page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  void *Map = mmap(nullptr, Page + AltStackBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Map == MAP_FAILED)
    return; // no report for a stack overflow on this worker; the other faults still work
  mprotect(Map, Page, PROT_NONE);
  stack_t S{};
  S.ss_sp = static_cast<char *>(Map) + Page;
  S.ss_size = AltStackBytes;
  if (sigaltstack(&S, nullptr) != 0)
    munmap(Map, Page + AltStackBytes);
}

} // namespace wavesan::emu::detail
