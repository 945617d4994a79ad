//===--- engine_fast.h - the wave operation's inline fast path ------------===//
///
/// \file
/// The engine state a wave operation touches in the common case (the lane is
/// not the last of its wave to arrive and another lane of the block is ready),
/// so that this case runs inline in the kernel's code down to Boost.Context's
/// switch. Inline, the resumed lane continues in its own kernel frame: no
/// engine frame returns after the switch, so no return mispredicts (fcontext
/// leaves its call on the return stack buffer). Everything else (the last lane
/// resolving the wave, no ready lane, AddressSanitizer's switch annotations, a
/// watchdog stop) takes the out-of-line path in the runtime (waveops.cpp).
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/engine_fast.h"
#endif

#include "wavesan/emu/control.h"
#include "wavesan/emu/coordinates.h"

#include <boost/context/detail/fcontext.hpp>
#include <boost/context/fiber.hpp>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <source_location>
#include <vector>
#include <xmmintrin.h>

// AddressSanitizer's fiber interface (<sanitizer/common_interface_defs.h>),
// declared weak: the runtime is built without ASan, but the kernels linked
// with it may be (-fsanitize=address). The functions are non-null only then.
// ASan must be told of every stack switch, else an exception unwinding a lane
// stack (a kernel's throw, or the forced unwind of an abandoned block) cannot
// unpoison it: "ASan is ignoring requested __asan_handle_no_return" and stale
// redzones give false reports later.
extern "C" {
void __sanitizer_start_switch_fiber(void **FakeStackSave, const void *Bottom, size_t Size)
    __attribute__((weak));
void __sanitizer_finish_switch_fiber(void *FakeStackSave, const void **BottomOld,
                                     size_t *SizeOld) __attribute__((weak));
void __asan_unpoison_memory_region(void const volatile *Addr, size_t Size) __attribute__((weak));
}

namespace wavesan::emu::detail {

namespace ctx = boost::context;

extern std::atomic<bool> StopRequested;

enum class LaneState : uint8_t { Fresh, Running, Ready, WaveOp, Barrier, Done };

/// One lane's record, one cache line: the records of a block are contiguous
/// (Worker::Lanes); a wave operation or barrier touches only this line of
/// the lane's state besides its stack.
struct alignas(64) Lane : LaneCoords {
  LaneState State = LaneState::Fresh;
  ctx::fiber Fiber;             ///< the lane's suspended context while it is blocked
  WaveOpCall *Op = nullptr;     ///< the pending wave operation (state WaveOp)
  std::source_location Site;    ///< the __syncthreads call waited at (state Barrier)
  struct Wave *WaveRec = nullptr; ///< its wave's record (Worker::Waves[Wave]), set per block
};
static_assert(sizeof(Lane) <= 64, "one cache line per lane record");

/// Whether the program runs under AddressSanitizer (its fiber interface is
/// linked): only then are stack bounds tracked and switches annotated.
inline bool asanFibers() { return __sanitizer_start_switch_fiber != nullptr; }

struct Wave {
  unsigned First = 0, Count = 0;
  unsigned Runnable = 0; ///< lanes Fresh, Running or Ready
  unsigned Pending = 0;  ///< lanes waiting at a wave operation
  unsigned Held = 0;     ///< lanes with a HeldSite set
  /// Whether the Pending lanes all wait at the call site and with the kind,
  /// width and operand of the first of them (kept as they arrive, so that the
  /// common resolution needs no pass over the lanes to find groups).
  bool Uniform = true;
  WaveOpKind Kind = WaveOpKind::SyncWarp;
  int Width = 0, Arg = 0;
  std::source_location Site;
};

/// Keeps every context's MXCSR alike. fcontext saves and restores MXCSR, and a
/// switch between contexts that differ only in sticky exception flags costs
/// ~72 ns instead of ~5 (FACTS.md, "SIMT emulation costs"). The worker threads
/// therefore keep all six flags (bits 0-5) set: float operations can set them
/// but never clear them, so the check is a read and a compare, and MXCSR is
/// written only after a kernel cleared flags itself (feclearexcept).
inline void normaliseMxcsr() {
  const unsigned C = _mm_getcsr();
  if ((C & 0x3Fu) != 0x3Fu) [[unlikely]]
    _mm_setcsr(C | 0x3Fu);
}

/// The part of a worker (engine.h's Worker derives from it) that the inline
/// fast path reads and writes.
struct WorkerHot {
  enum class Save : uint8_t { ToLane, ToIdle, ToMain };
  /// Ready lanes: a ring of lane pointers (a lane is in it at most once, so
  /// 1024 = the most threads per block entries suffice), first in, first out.
  static constexpr unsigned RingSize = 1024;
  static_assert((RingSize & (RingSize - 1)) == 0);
  bool hasReady() const { return ReadyHead != ReadyTail; }
  Lane *popReady() { return Ready[ReadyHead++ & (RingSize - 1)]; }
  /// Each lane made ready is switched to once: the switch is counted here.
  inline void pushReady(Lane *Ln);

  LaunchStats Stats;
  std::vector<Wave> Waves;
  std::unique_ptr<Lane *[]> Ready{new Lane *[RingSize]};
  /// The suspended context of each lane in Ready (same index), copied when the
  /// lane is made ready: the inline switch and its prefetch of the next lane's
  /// context read it here, not through the lane records (no dependent loads).
  std::unique_ptr<ctx::detail::fcontext_t[]> ReadyCtx{new ctx::detail::fcontext_t[RingSize]()};
  unsigned ReadyHead = 0, ReadyTail = 0;
  Lane *Cur = nullptr;
  /// Per lane of the block (linear id): the pending wave operation's operand
  /// bits, copied from WaveOpCall::Value; once the operation resolved, the
  /// lane's result. Contiguous, so that a wave's resolution moves values as
  /// blocks instead of visiting each lane record.
  std::unique_ptr<uint64_t[]> Vals{new uint64_t[RingSize]()};
  unsigned NumLanes = 0;     ///< threads per block of the running launch
  unsigned NextFresh = 0;    ///< the next lane (linear id) of the block to start
  unsigned BarrierCount = 0; ///< lanes waiting at a barrier
  /// Where a switch's sender is to be stored when the switch carries no tag
  /// (the out-of-line senders; see switchData()).
  Save SaveKind = Save::ToMain;
  Lane *SaveLane = nullptr;
  /// Parked runner fibers (raw contexts, a stack: the most recently parked,
  /// cache-warm one is reused first), each waiting to start a fresh lane. A
  /// block has at most one runner per lane, so RingSize + 1 entries suffice.
  /// Runners live as long as their worker (worker threads never end).
  std::unique_ptr<ctx::detail::fcontext_t[]> IdleCtx{new ctx::detail::fcontext_t[RingSize + 1]};
  unsigned IdleCount = 0;
  unsigned InUse = 0; ///< runner fibers holding a lane (running or blocked)
};

/// A suspended fiber's raw fcontext (Boost 1.74's `fiber` holds exactly one
/// `detail::fcontext_t`). The inline path switches with Boost's own
/// `detail::jump_fcontext` on it: a `fiber` object used in the kernel's
/// translation unit would instantiate Boost's forced-unwind code there, whose
/// layout depends on NDEBUG (BOOST_ASSERT), and the kernel and the runtime
/// are built with different NDEBUG settings (an ODR clash: Boost's
/// "Assertion `caught' failed" when a deadlocked block is unwound).
static_assert(sizeof(ctx::fiber) == sizeof(ctx::detail::fcontext_t));
/// Takes the context out of \p F, leaving it empty (as `fiber::resume` does).
inline ctx::detail::fcontext_t takeContext(ctx::fiber &F) {
  ctx::detail::fcontext_t C;
  std::memcpy(&C, static_cast<void *>(&F), sizeof C);
  std::memset(static_cast<void *>(&F), 0, sizeof C);
  return C;
}
/// Stores \p C into the empty fiber \p F.
inline void putContext(ctx::fiber &F, ctx::detail::fcontext_t C) {
  std::memcpy(static_cast<void *>(&F), &C, sizeof C);
}
/// The context \p F holds, left in it.
inline ctx::detail::fcontext_t peekContext(const ctx::fiber &F) {
  ctx::detail::fcontext_t C;
  std::memcpy(&C, static_cast<const void *>(&F), sizeof C);
  return C;
}

inline void WorkerHot::pushReady(Lane *Ln) {
  const unsigned I = ReadyTail++ & (RingSize - 1);
  Ready[I] = Ln;
  ReadyCtx[I] = peekContext(Ln->Fiber);
  ++Stats.Switches;
}

/// The out-of-line path: every case (checks the caller runs in a kernel).
uint64_t waveOpSlow(WaveOpCall &Call);
/// The rest of a wave operation after the lane's arrival was recorded (the
/// last lane resolves; no ready lane: a fresh lane or a stall).
uint64_t waveOpFinish(WorkerHot *W, Lane *Ln);
/// Stores the context that switched to this one when it is not a lane's.
void absorbOtherHot(WorkerHot *W, ctx::detail::fcontext_t From);

/// The rest of a barrier arrival after it was recorded (the last lane
/// completes the barrier; no ready lane: a fresh lane or a stall).
void syncThreadsFinish(WorkerHot *W, Lane *Ln, const std::source_location &Loc);
/// The out-of-line barrier (checks the caller runs in a kernel).
void syncThreadsSlow(const std::source_location &Loc);

/// The data a switch passes to the context it resumes (jump_fcontext's
/// second argument) says where the sender's context goes: a blocked lane's
/// record (Lane *, 64-byte aligned), IdleTag for a runner that parks, or null:
/// then WorkerHot::SaveKind / SaveLane say it (the out-of-line senders). The
/// inline senders pass it in a register instead of storing it.
inline void *const IdleTag = reinterpret_cast<void *>(uintptr_t{1});

/// Stores the context that switched to this one (\p T.fctx) where \p T.data
/// says (see IdleTag).
__attribute__((always_inline)) inline void absorbHot(WorkerHot *W, ctx::detail::transfer_t T) {
  // No ASan bookkeeping: under ASan every switch takes the out-of-line path.
  if (reinterpret_cast<uintptr_t>(T.data) > 1) [[likely]] {
    putContext(static_cast<Lane *>(T.data)->Fiber, T.fctx);
  } else if (T.data) {
    W->IdleCtx[W->IdleCount++] = T.fctx;
    --W->InUse;
  } else {
    absorbOtherHot(W, T.fctx);
  }
}

/// The current lane \p Ln blocked, no lane is ready, a lane of the block has
/// not started and a parked runner exists: switch to that runner, which starts
/// the fresh lane; returns when \p Ln is resumed.
__attribute__((always_inline)) inline void switchToFresh(WorkerHot *W, Lane *Ln) {
  const ctx::detail::fcontext_t To = W->IdleCtx[--W->IdleCount];
  if (++W->InUse > W->Stats.PeakFibersPerWorker)
    W->Stats.PeakFibersPerWorker = W->InUse;
  ++W->Stats.Switches;
  normaliseMxcsr();
  absorbHot(W, ctx::detail::jump_fcontext(To, Ln));
  W->Cur = Ln; // its state is Ready (set by whoever made it so): the same as Running
  Current.Lane = Ln;
}

/// The current lane \p Ln blocked and another lane is ready: switch to it
/// (the ready ring's first); returns when \p Ln is resumed.
__attribute__((always_inline)) inline void switchToReady(WorkerHot *W, Lane *Ln) {
  const unsigned H = W->ReadyHead++ & (WorkerHot::RingSize - 1);
  Lane *R = W->Ready[H];
  const ctx::detail::fcontext_t To = W->ReadyCtx[H];
  if (W->ReadyTail - W->ReadyHead >= 1) {
    // The lane after R: its saved registers and the frame above them (FACTS.md:
    // prefetching the next lane's context; one lane ahead and two lines
    // measured best here, bench/README.md "emulator").
    const char *Next =
        static_cast<const char *>(W->ReadyCtx[W->ReadyHead & (WorkerHot::RingSize - 1)]);
    __builtin_prefetch(Next);
    __builtin_prefetch(Next + 64);
  }
  std::memset(static_cast<void *>(&R->Fiber), 0, sizeof R->Fiber); // R runs: no suspended context
  normaliseMxcsr(); // the switch was counted when R became ready
  absorbHot(W, ctx::detail::jump_fcontext(To, Ln));
  W->Cur = Ln; // its state is Ready (set by whoever made it so): the same as Running
  Current.Lane = Ln;
}

/// Whether the inline paths may run: in a kernel, no stop requested, no ASan.
__attribute__((always_inline)) inline bool fastPathOk(WorkerHot *W) {
  return !StopRequested.load(std::memory_order_relaxed) && W && W->Cur && !asanFibers();
}

/// __syncthreads: the lane waits until every thread of the block waits at the
/// same call (engine.cpp, Worker::barrier, is the same logic out of line).
__attribute__((always_inline)) inline void syncThreads(const std::source_location &Loc) {
  WorkerHot *W = Current.Hot;
  if (!fastPathOk(W)) [[unlikely]]
    return syncThreadsSlow(Loc);
  Lane *Ln = W->Cur;
  Ln->State = LaneState::Barrier;
  Ln->Site = Loc;
  Wave &Wv = *Ln->WaveRec;
  --Wv.Runnable;
  if (++W->BarrierCount == W->NumLanes || (Wv.Runnable == 0 && Wv.Pending != 0)) [[unlikely]]
    return syncThreadsFinish(W, Ln, Loc);
  if (W->hasReady()) [[likely]]
    switchToReady(W, Ln);
  else if (W->IdleCount != 0 && W->NextFresh < W->NumLanes)
    switchToFresh(W, Ln);
  else
    syncThreadsFinish(W, Ln, Loc);
}

/// Counts a lane's arrival at \p Call in its wave and keeps Wave::Uniform
/// (the fast path and waveops.cpp's out-of-line one both use it).
__attribute__((always_inline)) inline void recordArrival(Wave &Wv, const WaveOpCall &Call) {
  if (Wv.Pending++ == 0) {
    Wv.Uniform = true;
    Wv.Kind = Call.Kind;
    Wv.Width = Call.Width;
    Wv.Arg = Call.Arg;
    Wv.Site = Call.Loc;
  } else if (Wv.Kind != Call.Kind || Wv.Width != Call.Width || Wv.Arg != Call.Arg ||
             std::memcmp(&Wv.Site, &Call.Loc, sizeof Call.Loc) != 0) {
    Wv.Uniform = false;
  }
}

/// Blocks the calling lane until the operation resolves; returns its result
/// bits (shuffled value, vote mask or 0/1).
__attribute__((always_inline)) inline uint64_t waveOp(WaveOpCall &Call) {
  WorkerHot *W = Current.Hot;
  if (!fastPathOk(W)) [[unlikely]]
    return waveOpSlow(Call);
  Lane *Ln = W->Cur;
  Ln->Op = &Call;
  W->Vals[Ln->Linear] = Call.Value;
  Ln->State = LaneState::WaveOp;
  Wave &Wv = *Ln->WaveRec;
  recordArrival(Wv, Call);
  if (--Wv.Runnable == 0) [[unlikely]]
    return waveOpFinish(W, Ln);
  if (W->hasReady()) [[likely]]
    switchToReady(W, Ln);
  else if (W->IdleCount != 0 && W->NextFresh < W->NumLanes)
    switchToFresh(W, Ln);
  else
    return waveOpFinish(W, Ln);
  return W->Vals[Ln->Linear];
}

} // namespace wavesan::emu::detail
