//===--- static_shared.cpp - function-scope __shared__ arrays, bounds checked ===//
///
/// \file
/// WAVESAN_STATIC_SHARED (qualifiers.h): each worker thread keeps one heap
/// block per declaration it has run, reused by every block the worker runs, as
/// LDS is reused. Under AddressSanitizer the block has exactly the variable's
/// size (posix_memalign, which ASan serves), so ASan reports an access past it
/// at the faulting line. Without it, RedzoneBytes on each side hold a pattern
/// that checkStaticShared, called when a block ends, compares: a changed byte
/// is an `lds-out-of-bounds` report naming the variable, its declaration, the
/// kernel and the block, and the pattern is restored. The arrays live apart
/// from the worker thread's thread-local data, so an overflow never corrupts
/// the worker.
///
//===----------------------------------------------------------------------===//
#include "engine.h"

#define WAVESAN_EMU_INSIDE_HIP_RUNTIME 1
#include "wavesan/emu/qualifiers.h" // StaticSharedSite
#undef WAVESAN_EMU_INSIDE_HIP_RUNTIME

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace wavesan::emu::detail {

namespace {

/// Bytes of pattern on each side of an array (without ASan): an index up to 256
/// bytes past either end is seen.
constexpr size_t RedzoneBytes = 256;
constexpr unsigned char Pattern = 0xa5;

struct Slot {
  const StaticSharedSite *Site = nullptr;
  unsigned char *Mem = nullptr; ///< what posix_memalign returned
  unsigned char *Var = nullptr; ///< the variable (Mem + RedzoneBytes without ASan)
  bool Redzones = false;
};

struct Slots {
  std::vector<Slot> List;
  ~Slots() {
    for (Slot &S : List)
      std::free(S.Mem);
  }
};

thread_local Slots WorkerSlots;

/// The first byte of [P, P + N) that is not Pattern, or N.
size_t firstChanged(const unsigned char *P, size_t N) {
  for (size_t I = 0; I < N; ++I)
    if (P[I] != Pattern)
      return I;
  return N;
}

} // namespace

void *staticShared(const StaticSharedSite &Site) {
  Worker *W = ThisWorker;
  if (!W || !W->current()) {
    std::fprintf(stderr,
                 "wavesan: __shared__ variable '%s' (%s:%u) used outside a kernel launched "
                 "with hipLaunchKernelGGL\n",
                 Site.Name, Site.File, Site.Line);
    std::abort();
  }
  for (const Slot &S : WorkerSlots.List) // a handful of declarations per program
    if (S.Site == &Site)
      return S.Var;
  Slot S;
  S.Site = &Site;
  S.Redzones = !asanFibers();
  const size_t Align = std::max<size_t>(Site.Align, 64);
  const size_t Pad = S.Redzones ? (RedzoneBytes + Align - 1) / Align * Align : 0;
  void *P = nullptr;
  if (posix_memalign(&P, Align, Site.Bytes + 2 * Pad) != 0) {
    std::fprintf(stderr, "wavesan: cannot allocate %zu bytes for __shared__ variable '%s'\n",
                 Site.Bytes, Site.Name);
    std::abort();
  }
  S.Mem = static_cast<unsigned char *>(P);
  S.Var = S.Mem + Pad;
  if (S.Redzones) {
    std::memset(S.Mem, Pattern, Pad);
    std::memset(S.Var + Site.Bytes, Pattern, Pad);
  }
  WorkerSlots.List.push_back(S);
  return S.Var;
}

bool staticSharedArrayAt(uintptr_t A, size_t &Index, uintptr_t &Lo, size_t &Bytes) {
  const std::vector<Slot> &L = WorkerSlots.List;
  for (size_t I = 0; I < L.size(); ++I) {
    const uintptr_t V = reinterpret_cast<uintptr_t>(L[I].Var);
    if (A >= V && A < V + L[I].Site->Bytes) {
      Index = I;
      Lo = V;
      Bytes = L[I].Site->Bytes;
      return true;
    }
  }
  return false;
}

void checkStaticShared(const Worker &W) {
  for (Slot &S : WorkerSlots.List) {
    if (!S.Redzones)
      continue;
    const StaticSharedSite &Site = *S.Site;
    const size_t Pad = static_cast<size_t>(S.Var - S.Mem);
    unsigned char *After = S.Var + Site.Bytes;
    const size_t Past = firstChanged(After, Pad);
    size_t Before = Pad;
    for (size_t I = Pad; I-- > 0;) // the changed byte nearest the start
      if (S.Mem[I] != Pattern) {
        Before = I;
        break;
      }
    if (Past == Pad && Before == Pad)
      continue;
    std::string What;
    if (Past < Pad)
      What = fmt::format("a write at byte offset {} (the array ends at {})", Site.Bytes + Past,
                         Site.Bytes);
    if (Before < Pad)
      What += fmt::format("{}a write at byte offset -{} (before its start)",
                          What.empty() ? "" : " and ", Pad - Before);
    report(ReportKind::LdsOutOfBounds,
           W.where(nullptr, Site.File, Site.Line, nullptr, ReportScope::Block),
           fmt::format("__shared__ array '{}' ({} bytes) was written out of bounds by a lane "
                       "of this block: {}; on the GPU the store lands in another LDS "
                       "variable or faults (seen when the block ended; build with "
                       "-fsanitize=address for the faulting line and for reads)",
                       Site.Name, Site.Bytes, What));
    std::memset(S.Mem, Pattern, Pad);
    std::memset(After, Pattern, Pad);
  }
}

} // namespace wavesan::emu::detail
