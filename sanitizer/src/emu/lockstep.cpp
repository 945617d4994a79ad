//===--- lockstep.cpp - lanes of one wave that share LDS between wave syncs ==//
///
/// \file
/// On a GPU a wavefront executes each instruction for all its lanes at once;
/// the emulator runs a wave's lanes one after another between the wave's
/// synchronisation points (a resolved wave operation, a completed
/// __syncthreads, the block's start). Code that exchanges values between lanes
/// of one wave through shared memory (LDS) without such a point in between
/// (implicit warp-synchronous code: a scan or reduction in __shared__ memory
/// with no barrier inside the wave) gets another answer here than on the GPU.
///
/// The check: in a kernel compiled with SanitizerCoverage's load and store
/// callbacks (clang `-fsanitize-coverage=func,trace-loads,trace-stores`;
/// wavesan-cc adds them for `-fwavesan-lockstep`), every load and store of a
/// lane into the block's LDS (static `__shared__` variables: the program's
/// static thread-local block; dynamic shared memory) is recorded per 4-byte
/// granule with the lane and the wave's current step. Two lanes of one wave
/// touching one granule in one step, one of them storing, is reported as
/// `wave-lds-race` at the second access (its source line from the program's
/// debug information through addr2line, when present). Stores by several lanes
/// to one granule in one step are reported the same way (their order on
/// hardware is not the emulator's). Programs built without the callbacks pay
/// nothing: the callbacks are never called.
///
//===----------------------------------------------------------------------===//
#include "engine.h"

#include <fmt/format.h>

#include <atomic>
#include <bit>
#include <cinttypes>
#include <memory>
#include <cstdio>
#include <dlfcn.h>
#include <link.h>
#include <mutex>

namespace wavesan::emu::detail {

namespace {

/// The static thread-local block of the program (its PT_TLS segment), where
/// `__shared__` (thread_local) variables live: size and alignment.
struct TlsSegment {
  size_t MemSize = 0, Align = 1;
};

TlsSegment programTls() {
  static const TlsSegment S = [] {
    TlsSegment T;
    dl_iterate_phdr(
        [](dl_phdr_info *Info, size_t, void *Out) {
          if (Info->dlpi_tls_modid != 1) // the program's own module comes first
            return 0;
          for (int I = 0; I < Info->dlpi_phnum; ++I)
            if (Info->dlpi_phdr[I].p_type == PT_TLS) {
              auto *T = static_cast<TlsSegment *>(Out);
              T->MemSize = Info->dlpi_phdr[I].p_memsz;
              T->Align = Info->dlpi_phdr[I].p_align ? Info->dlpi_phdr[I].p_align : 1;
            }
          return 1;
        },
        &T);
    return T;
  }();
  return S;
}

/// Source file, line and function of code address \p Pc: addr2line on the
/// module's debug information (empty fields when it has none or addr2line is
/// missing).
struct SourcePlace {
  std::string File, Function;
  unsigned Line = 0;
};

SourcePlace symbolize(const void *Pc) {
  SourcePlace P;
  Dl_info Info{};
  if (!dladdr(Pc, &Info) || !Info.dli_fname || !*Info.dli_fname)
    return P;
  if (Info.dli_sname)
    P.Function = Info.dli_sname;
  // The call's return address: the instruction before it is the access.
  const uintptr_t Off = reinterpret_cast<uintptr_t>(Pc) - 1 -
                        reinterpret_cast<uintptr_t>(Info.dli_fbase);
  std::string Module = Info.dli_fname;
  if (Module.find('\'') != std::string::npos)
    return P;
  const std::string Cmd = fmt::format("addr2line -f -C -e '{}' {:#x} 2>/dev/null", Module, Off);
  FILE *F = popen(Cmd.c_str(), "r");
  if (!F)
    return P;
  char Fn[1024] = {}, Loc[4096] = {};
  if (std::fgets(Fn, sizeof Fn, F) && std::fgets(Loc, sizeof Loc, F)) {
    std::string L = Loc;
    while (!L.empty() && (L.back() == '\n' || L.back() == '\r'))
      L.pop_back();
    if (size_t D = L.find(" (discriminator"); D != std::string::npos)
      L.resize(D);
    const size_t Colon = L.rfind(':');
    if (Colon != std::string::npos && L.compare(0, 2, "??") != 0) {
      P.File = L.substr(0, Colon);
      P.Line = static_cast<unsigned>(std::strtoul(L.c_str() + Colon + 1, nullptr, 10));
      std::string Name = Fn;
      while (!Name.empty() && Name.back() == '\n')
        Name.pop_back();
      if (!Name.empty() && Name != "??")
        P.Function = Name;
    }
  }
  pclose(F);
  return P;
}

/// Strings of reports kept for the process (ReportLocation holds char pointers).
const char *keep(std::string S) {
  static std::mutex M;
  static std::vector<std::unique_ptr<std::string>> Kept;
  std::lock_guard<std::mutex> G(M);
  Kept.push_back(std::make_unique<std::string>(std::move(S)));
  return Kept.back()->c_str();
}

} // namespace

namespace {

/// The running lane's worker when it is a lane of a kernel, else null.
Worker *laneWorker() {
  Worker *W = ThisWorker;
  return W && W->current() && W->L ? W : nullptr;
}

LdsShadow &shadowOf(Worker &W) {
  if (!W.Block.Shadow)
    W.Block.Shadow = std::make_unique<LdsShadow>();
  LdsShadow &S = *W.Block.Shadow;
  if (S.For != W.L->Serial) {
    S.For = W.L->Serial;
    S.ReportedPcs.clear();
    const TlsSegment T = programTls();
    const uintptr_t Tp = reinterpret_cast<uintptr_t>(__builtin_thread_pointer());
    const size_t Block = (T.MemSize + T.Align - 1) / T.Align * T.Align;
    S.TlsLo = Tp - Block;
    S.TlsHi = Tp;
    S.Tls.assign(Block / 4 + 1, Cell{});
    S.DynLo = reinterpret_cast<uintptr_t>(Current.DynamicShared);
    S.DynHi = S.DynLo + (S.DynLo ? W.L->Req.SharedBytes : 0);
    S.Dyn.assign((S.DynHi - S.DynLo) / 4 + 1, Cell{});
    S.Static.clear();
  }
  return S;
}

/// Whether [A, A + N) overlaps the object at \p O of \p Size bytes.
bool overlaps(uintptr_t A, size_t N, const void *O, size_t Size) {
  const uintptr_t B = reinterpret_cast<uintptr_t>(O);
  return A < B + Size && B < A + N;
}

void reportRace(Worker &W, const Lane &Me, unsigned Other, bool MeWrites, bool OtherWrote,
                uintptr_t Addr, bool Dynamic, uintptr_t RegionLo, const void *Pc) {
  LdsShadow &S = *W.Block.Shadow;
  for (const void *P : S.ReportedPcs)
    if (P == Pc)
      return;
  S.ReportedPcs.push_back(Pc);
  const SourcePlace Place = symbolize(Pc);
  const std::string Where =
      Dynamic ? fmt::format("dynamic shared memory + {}", Addr - RegionLo)
              : fmt::format("a __shared__ variable (address {:#x})", Addr);
  const unsigned Lane = Me.LaneInWave;
  std::string What;
  if (MeWrites && OtherWrote)
    What = fmt::format("lanes {} and {} of wave {} both store to {} in one step", Other, Lane,
                       Me.Wave, Where);
  else if (MeWrites)
    What = fmt::format("lane {} of wave {} stores to {}, which lane {} of the wave loaded in "
                       "the same step",
                       Lane, Me.Wave, Where, Other);
  else
    What = fmt::format("lane {} of wave {} loads {}, which lane {} of the wave stored to in "
                       "the same step",
                       Lane, Me.Wave, Where, Other);
  What += " (a step: from one synchronisation of the wave, a wave operation or "
          "__syncthreads, to the next); a GPU runs each instruction for all lanes of the "
          "wave at once, the emulator runs them one after another, so the values seen here "
          "are not the GPU's";
  if (Place.File.empty())
    What += fmt::format(" (access at {}; build with -g for its source line)", Pc);
  report(ReportKind::WaveLdsRace,
         W.where(&Me, Place.File.empty() ? nullptr : keep(Place.File), Place.Line,
                 Place.Function.empty() ? nullptr : keep(Place.Function), ReportScope::Wave),
         What);
}

/// setLockstepLds's override: -1 (the option), 0 or 1.
std::atomic<int> LockstepOverride{-1};

/// Option lockstep_lds, or its override.
bool lockstepLds() {
  const int O = LockstepOverride.load(std::memory_order_relaxed);
  return O < 0 ? options().lockstep_lds : O != 0;
}

/// Records an access of \p N bytes at \p P by the running lane; with lockstep_lds
/// first waits for the wave's other lanes (one step per access). Stepped, a load of
/// a word another lane stored in the same step cannot be one instruction's (each
/// lane makes one access per step): only stores by several lanes to one word are
/// reported.
__attribute__((noinline)) void access(const void *P, size_t N, bool Store, const void *Pc) {
  Worker *W = laneWorker();
  if (!W)
    return;
  const uintptr_t A = reinterpret_cast<uintptr_t>(P);
  LdsShadow &S = shadowOf(*W);
  std::vector<Cell> *Cells;
  uintptr_t Lo;
  if (A >= S.TlsLo && A < S.TlsHi) {
    // The engine's own thread-locals are not LDS.
    if (overlaps(A, N, &Current, sizeof Current) || overlaps(A, N, &ThisWorker, sizeof ThisWorker) ||
        overlaps(A, N, &VoteAccumulator, sizeof VoteAccumulator))
      return;
    Cells = &S.Tls;
    Lo = S.TlsLo;
  } else if (A >= S.DynLo && A < S.DynHi) {
    Cells = &S.Dyn;
    Lo = S.DynLo;
  } else if (size_t Index, Bytes; staticSharedArrayAt(A, Index, Lo, Bytes)) {
    // A function-scope __shared__ array that wavesan-cc gave checked bounds.
    if (S.Static.size() <= Index)
      S.Static.resize(Index + 1);
    if (S.Static[Index].empty())
      S.Static[Index].assign(Bytes / 4 + 1, Cell{});
    Cells = &S.Static[Index];
  } else {
    return;
  }
  const bool Stepped = lockstepLds();
  if (Stepped) {
    // One access per lane per step: wait until every other running lane of the wave
    // reaches its next LDS access (or a barrier, a wave operation, its end), then
    // access in lane order. The wave's step is renewed when it resolves.
    WaveOpCall Step{WaveOpKind::SyncWarp, false, 0, 0, 0, 0, "a shared-memory access",
                    std::source_location::current(), true, true};
    waveOpSlow(Step);
    W = laneWorker();
    if (!W)
      return;
  }
  const Lane &Me = *W->current();
  const uint32_t Step = W->Waves[Me.Wave].Step;
  const uint64_t Bit = uint64_t{1} << Me.LaneInWave;
  const uintptr_t First = (A - Lo) / 4, Last = (A + (N ? N : 1) - 1 - Lo) / 4;
  for (uintptr_t G = First; G <= Last && G < Cells->size(); ++G) {
    Cell &C = (*Cells)[G];
    if (C.Step != Step) {
      C.Step = Step;
      C.Writer = -1;
      C.Readers = 0;
    }
    if (Store) {
      if (C.Writer >= 0 && C.Writer != Me.LaneInWave)
        reportRace(*W, Me, static_cast<unsigned>(C.Writer), true, true, A, Cells == &S.Dyn, Lo, Pc);
      else if (!Stepped && C.Readers & ~Bit)
        reportRace(*W, Me, static_cast<unsigned>(std::countr_zero(C.Readers & ~Bit)), true,
                   false, A, Cells == &S.Dyn, Lo, Pc);
      C.Writer = static_cast<int16_t>(Me.LaneInWave);
    } else {
      if (!Stepped && C.Writer >= 0 && C.Writer != Me.LaneInWave)
        reportRace(*W, Me, static_cast<unsigned>(C.Writer), false, true, A, Cells == &S.Dyn, Lo,
                   Pc);
      C.Readers |= Bit;
    }
  }
}

} // namespace

} // namespace wavesan::emu::detail

void wavesan::setLockstepLds(int On) {
  ::wavesan::emu::detail::LockstepOverride.store(On < 0 ? -1 : On != 0,
                                                   std::memory_order_relaxed);
}

// SanitizerCoverage's load/store callbacks (clang -fsanitize-coverage=trace-loads,
// trace-stores): called before each load or store of instrumented code with its address.
#define WAVESAN_COV(Size, Type)                                                              \
  extern "C" void __sanitizer_cov_load##Size(Type *P) {                                     \
    ::wavesan::emu::detail::access(P, Size, false, __builtin_return_address(0));           \
  }                                                                                          \
  extern "C" void __sanitizer_cov_store##Size(Type *P) {                                    \
    ::wavesan::emu::detail::access(P, Size, true, __builtin_return_address(0));            \
  }
WAVESAN_COV(1, uint8_t)
WAVESAN_COV(2, uint16_t)
WAVESAN_COV(4, uint32_t)
WAVESAN_COV(8, uint64_t)
WAVESAN_COV(16, __int128)
#undef WAVESAN_COV
