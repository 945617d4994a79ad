//===--- engine_fast.h - the engine core: every lane transition, once -----===//
///
/// \file
/// The engine state a lane transition touches in the common case, and the
/// transitions themselves (arrive at a wave operation or a barrier, block,
/// wake, start a fresh lane), each written once as an inline function
/// parameterised by the context-switch policy: RawSwitch (Boost.Context's
/// switch, nothing else) or the runtime's AsanSwitch (engine.h: the same
/// switch annotated for AddressSanitizer). The kernel's code inlines them with
/// RawSwitch (the inline fast path): the resumed lane continues in its own
/// kernel frame, so no engine frame returns after the switch (fcontext leaves
/// its call on the return stack buffer, and such a return mispredicts). The
/// runtime's out-of-line entries (waveOpSlow, syncThreadsSlow: under ASan, with
/// option emu_inline_fast_path=0, at a watchdog stop, outside a kernel) run the
/// same functions with the policy of the process. The cold parts (a wave's
/// resolution, a barrier's completion, a new runner fiber, a stall) are calls
/// into the runtime.
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
  ctx::fiber Fiber;             ///< the lane's suspended context while it waits (WaveOp, Barrier)
  WaveOpCall *Op = nullptr;     ///< the pending wave operation (state WaveOp)
  std::source_location Site;    ///< the __syncthreads call waited at (state Barrier)
  // State Ready: the lane's context is in WorkerHot::ReadyCtx (Fiber is empty); the
  // running lane's state stays Ready after it resumed (Ready and Running are alike).
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
  /// The wave's current step, renewed at each synchronisation of the wave (a
  /// resolved wave operation, a completed barrier, the block's start): the
  /// wave-lds-race check (lockstep.cpp) compares lanes' accesses within one.
  uint32_t Step = 0;
};

/// Keeps every context's MXCSR alike. fcontext saves and restores MXCSR, and a
/// switch between contexts that differ only in sticky exception flags is about
/// an order of magnitude slower than one between equal MXCSRs. The worker threads
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
  /// The suspended context of each lane in Ready (same index), moved out of the
  /// lane's record when the lane is made ready (the only copy while it is ready):
  /// the inline switch and its prefetch of the next lane's context read it here,
  /// not through the lane records (no dependent loads).
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
  /// (see IdleTag).
  Save SaveKind = Save::ToMain;
  Lane *SaveLane = nullptr;
  /// Parked runner fibers (raw contexts, a stack: the most recently parked,
  /// cache-warm one is reused first), each waiting to start a fresh lane. A
  /// block has at most one runner per lane, so RingSize + 1 entries suffice.
  /// Runners live as long as their worker (worker threads never end).
  std::unique_ptr<ctx::detail::fcontext_t[]> IdleCtx{new ctx::detail::fcontext_t[RingSize + 1]};
  unsigned IdleCount = 0;
  unsigned InUse = 0; ///< runner fibers holding a lane (running or blocked)
  /// Whether kernels take the inline fast path: option emu_inline_fast_path and
  /// no AddressSanitizer (set per launch by the worker).
  bool InlineFastPath = false;
};

/// The memory of one stack (lowest address, bytes): what AddressSanitizer's
/// fiber-switch annotations need for the context being switched to.
struct StackBounds {
  const void *Lo = nullptr;
  size_t Size = 0;
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
  ReadyCtx[I] = takeContext(Ln->Fiber);
  ++Stats.Switches;
}

/// The data a switch passes to the context it resumes (jump_fcontext's
/// second argument) says where the sender's context goes: a blocked lane's
/// record (Lane *, 64-byte aligned), IdleTag for a runner that parks, or null:
/// then WorkerHot::SaveKind / SaveLane say it (runBlock's switch to its first
/// runner, and the first switch to a new fiber, whose entry gets no data).
inline void *const IdleTag = reinterpret_cast<void *>(uintptr_t{1});

/// The context-switch policy of the inline fast path: Boost.Context's switch
/// and nothing else. A policy gives the stack of each kind of target (for the
/// ASan annotations), hooks for the stack of the context that switched here,
/// and the switch itself (engine.h's AsanSwitch is the other policy).
struct RawSwitch {
  static StackBounds laneStack(WorkerHot *, const Lane *) { return {}; }
  static StackBounds idleStack(WorkerHot *, unsigned) { return {}; }
  static void savedLane(WorkerHot *, const Lane *) {}
  static void savedIdle(WorkerHot *, unsigned) {}
  __attribute__((always_inline)) static ctx::detail::transfer_t
  jump(WorkerHot *, ctx::detail::fcontext_t To, StackBounds, void *Data) {
    return ctx::detail::jump_fcontext(To, Data);
  }
};

// Cold parts of the transitions, in the runtime (engine.cpp, waveops.cpp).
/// Stores a context that switched here with null data (see IdleTag).
void absorbOtherHot(WorkerHot *W, ctx::detail::fcontext_t From);
/// Resolves \p Wv's pending wave operations; \p Arriving is the running lane.
void resolveWaveHot(WorkerHot *W, Wave &Wv, Lane *Arriving);
/// The last lane of the block arrived at a barrier: if every lane waits at
/// the same call, makes them ready (but \p Ln, which runs on) and \returns true.
bool completeBarrierHot(WorkerHot *W, Lane *Ln, const std::source_location &Loc);
/// startRunner() without a parked runner: creates one and switches to it.
template <class P> void startNewRunner(WorkerHot *W, Lane *Ln);
/// The current lane \p Ln blocked and no other lane can run: reports the
/// stall, abandons the block and switches to the worker (never returns).
template <class P> void stallBlock(WorkerHot *W, Lane *Ln);
/// The out-of-line entries (every case; they check the caller runs in a kernel).
uint64_t waveOpSlow(WaveOpCall &Call);
void syncThreadsSlow(const std::source_location &Loc);

/// Stores the context that switched to this one (\p T.fctx) where \p T.data
/// says (see IdleTag).
template <class P>
__attribute__((always_inline)) inline void absorb(WorkerHot *W, ctx::detail::transfer_t T) {
  if (reinterpret_cast<uintptr_t>(T.data) > 1) [[likely]] {
    Lane *From = static_cast<Lane *>(T.data);
    putContext(From->Fiber, T.fctx);
    P::savedLane(W, From);
  } else if (T.data) {
    P::savedIdle(W, W->IdleCount);
    W->IdleCtx[W->IdleCount++] = T.fctx;
    --W->InUse;
  } else {
    absorbOtherHot(W, T.fctx);
  }
}

/// Switches to \p To (on stack \p S) passing \p Data; returns when this
/// context is resumed, after storing the context that resumed it.
template <class P>
__attribute__((always_inline)) inline void jumpTo(WorkerHot *W, ctx::detail::fcontext_t To,
                                                  StackBounds S, void *Data) {
  normaliseMxcsr();
  absorb<P>(W, P::jump(W, To, S, Data));
}

/// Takes the first ready lane out of the ring: \returns its context, \p R the
/// lane. Prefetches the context of the lane after it (one lane ahead and two
/// lines measured best, bench/README.md "emulator").
__attribute__((always_inline)) inline ctx::detail::fcontext_t popReadyCtx(WorkerHot *W,
                                                                          Lane *&R) {
  const unsigned H = W->ReadyHead++ & (WorkerHot::RingSize - 1);
  R = W->Ready[H];
  if (W->ReadyTail != W->ReadyHead) {
    const char *Next =
        static_cast<const char *>(W->ReadyCtx[W->ReadyHead & (WorkerHot::RingSize - 1)]);
    __builtin_prefetch(Next);
    __builtin_prefetch(Next + 64);
  }
  return W->ReadyCtx[H];
}

/// Switches to a runner fiber that starts the block's next lane: the most
/// recently parked one, else a new one. \p Ln: the lane that blocked (null:
/// the worker's own context starts the block; Save::ToMain is set).
template <class P> __attribute__((always_inline)) inline void startRunner(WorkerHot *W, Lane *Ln) {
  if (W->IdleCount == 0) [[unlikely]]
    return startNewRunner<P>(W, Ln);
  if (++W->InUse > W->Stats.PeakFibersPerWorker)
    W->Stats.PeakFibersPerWorker = W->InUse;
  ++W->Stats.Switches;
  const unsigned I = --W->IdleCount;
  jumpTo<P>(W, W->IdleCtx[I], P::idleStack(W, I), Ln);
}

/// Block: the current lane \p Ln waits (its state says at what); the worker
/// continues with the first ready lane, else a parked or new runner fiber
/// that starts the block's next lane, else the block stalled. Returns when
/// \p Ln is made ready and resumed (its state is then Ready: the same as
/// Running).
template <class P> __attribute__((always_inline)) inline void blockLane(WorkerHot *W, Lane *Ln) {
  if (W->hasReady()) [[likely]] {
    Lane *R;
    const ctx::detail::fcontext_t To = popReadyCtx(W, R);
    jumpTo<P>(W, To, P::laneStack(W, R), Ln); // the switch was counted when R became ready
  } else if (W->NextFresh < W->NumLanes) [[likely]] {
    startRunner<P>(W, Ln);
  } else {
    stallBlock<P>(W, Ln);
  }
  W->Cur = Ln;
  Current.Lane = Ln;
}

/// Counts a lane's arrival at \p Call in its wave and keeps Wave::Uniform.
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

/// Arrive at a wave operation: the running lane \p Ln records \p Call; the
/// last lane of its wave to arrive resolves the wave (and runs on when its own
/// group resolved), the others block. \returns the lane's result bits
/// (shuffled value, vote mask or 0/1).
template <class P>
__attribute__((always_inline)) inline uint64_t waveOpArrive(WorkerHot *W, Lane *Ln,
                                                            WaveOpCall &Call) {
  Ln->Op = &Call;
  W->Vals[Ln->Linear] = Call.Value;
  Ln->State = LaneState::WaveOp;
  Wave &Wv = *Ln->WaveRec;
  recordArrival(Wv, Call);
  if (--Wv.Runnable == 0) [[unlikely]] {
    resolveWaveHot(W, Wv, Ln);
    if (Ln->State != LaneState::WaveOp)
      return W->Vals[Ln->Linear];
  }
  blockLane<P>(W, Ln);
  return W->Vals[Ln->Linear];
}

/// Arrive at a barrier (__syncthreads at \p Loc): the last lane of the block
/// completes it and runs on; the others block. A wave whose other lanes all
/// wait at a wave operation resolves it first.
template <class P>
__attribute__((always_inline)) inline void barrierArrive(WorkerHot *W, Lane *Ln,
                                                         const std::source_location &Loc) {
  Ln->State = LaneState::Barrier;
  Ln->Site = Loc;
  Wave &Wv = *Ln->WaveRec;
  --Wv.Runnable;
  if (++W->BarrierCount == W->NumLanes) [[unlikely]]
    if (completeBarrierHot(W, Ln, Loc))
      return;
  if (Wv.Runnable == 0 && Wv.Pending != 0) [[unlikely]]
    resolveWaveHot(W, Wv, Ln);
  blockLane<P>(W, Ln);
}

/// Whether the inline fast path may run: in a kernel, no stop requested, the
/// path enabled (no ASan, option emu_inline_fast_path).
__attribute__((always_inline)) inline bool fastPathOk(WorkerHot *W) {
  return !StopRequested.load(std::memory_order_relaxed) && W && W->Cur && W->InlineFastPath;
}

/// __syncthreads: the lane waits until every thread of the block waits at the
/// same call.
__attribute__((always_inline)) inline void syncThreads(const std::source_location &Loc) {
  WorkerHot *W = Current.Hot;
  if (!fastPathOk(W)) [[unlikely]]
    return syncThreadsSlow(Loc);
  barrierArrive<RawSwitch>(W, W->Cur, Loc);
}

/// A wave operation: blocks the calling lane until the operation resolves;
/// returns its result bits.
__attribute__((always_inline)) inline uint64_t waveOp(WaveOpCall &Call) {
  WorkerHot *W = Current.Hot;
  if (!fastPathOk(W)) [[unlikely]]
    return waveOpSlow(Call);
  return waveOpArrive<RawSwitch>(W, W->Cur, Call);
}

} // namespace wavesan::emu::detail
