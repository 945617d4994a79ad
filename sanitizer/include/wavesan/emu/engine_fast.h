//===--- engine_fast.h - the engine core: every lane transition, once -----===//
///
/// \file
/// The engine state a lane transition touches in the common case, and the
/// transitions themselves (arrive at a wave operation or a barrier, block,
/// wake, start a fresh lane), each written once as an inline function
/// parameterised by the context-switch policy: RawSwitch (the bare switch,
/// nothing else) or the runtime's AsanSwitch (engine.h: the same switch
/// annotated for AddressSanitizer). The kernel's code inlines them with
/// RawSwitch (the inline fast path): the resumed lane continues in its own
/// kernel frame, so no engine frame returns after the switch (the switch leaves
/// its call on the return stack buffer, and such a return mispredicts). The
/// runtime's out-of-line entries (waveOpSlow, syncThreadsSlow: under ASan, with
/// option emu_inline_fast_path=0, at a watchdog stop, outside a kernel) run the
/// same functions with the policy of the process. The cold parts (a wave's
/// resolution, a barrier's completion, a new runner fiber, a stall) are calls
/// into the runtime.
///
/// Only what these inline functions read is here; the rest of the engine (the
/// worker's block, its fibers and stacks, the Boost.Context fiber type, the
/// AddressSanitizer hooks) is the runtime's (sanitizer/src/emu/engine.h). A
/// suspended context is the raw pointer Boost.Context's fcontext switch takes
/// (RawContext); engine.h checks that it and Transfer match Boost's types.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/engine_fast.h"
#endif

#include "wavesan/emu/control.h"
#include "wavesan/emu/coordinates.h"
#include "wavesan/emu/wave_op_call.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <source_location>
#include <xmmintrin.h>

namespace wavesan::emu::detail {

/// A suspended execution context: the stack pointer Boost.Context's fcontext
/// switch saved (its `detail::fcontext_t`, a `void *`).
using RawContext = void *;

/// What a switch returns in the resumed context: the context that switched
/// to it and the data it passed (Boost.Context's `detail::transfer_t`).
struct Transfer {
  RawContext Ctx;
  void *Data;
};

/// Boost.Context's context switch (its `detail::jump_fcontext`, an assembly
/// function of libboost_context that the runtime links), declared by its symbol
/// so that user code includes no Boost header: saves the running context,
/// resumes \p To passing \p Data; returns when this context is resumed.
Transfer switchContext(RawContext To, void *Data) __asm__("jump_fcontext");

extern std::atomic<bool> StopRequested;

enum class LaneState : uint8_t { Fresh, Running, Ready, WaveOp, Barrier, Done };

struct WaveHot;

/// One lane's record, one cache line: the records of a block are contiguous
/// (BlockState::Lanes); a wave operation or barrier touches only this line of
/// the lane's state besides its stack.
struct alignas(64) Lane : LaneCoords {
  LaneState State = LaneState::Fresh;
  RawContext Ctx = nullptr;     ///< the lane's suspended context while it waits (WaveOp, Barrier)
  WaveOpCall *Op = nullptr;     ///< the pending wave operation (state WaveOp)
  std::source_location Site;    ///< the __syncthreads call waited at (state Barrier)
  // State Ready: the lane's context is in WorkerHot::ReadyCtx (Ctx is null); the
  // running lane's state stays Ready after it resumed (Ready and Running are alike).
  WaveHot *WaveRec = nullptr;   ///< its wave's record (the worker's Waves[Wave]), set per launch
};
static_assert(sizeof(Lane) <= 64, "one cache line per lane record");

/// The part of a wave's record (engine.h's Wave derives from it) that a lane's
/// arrival reads and writes.
struct WaveHot {
  unsigned Runnable = 0; ///< lanes Fresh, Running or Ready
  unsigned Pending = 0;  ///< lanes waiting at a wave operation
  /// Whether the Pending lanes all wait at the call site and with the kind,
  /// width and operand of the first of them (kept as they arrive, so that the
  /// common resolution needs no pass over the lanes to find groups).
  bool Uniform = true;
  WaveOpKind Kind = WaveOpKind::SyncWarp;
  int Width = 0, Arg = 0;
  std::source_location Site;
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
  /// Ready lanes: a ring of lane pointers (a lane is in it at most once, so
  /// 1024 = the most threads per block entries suffice), first in, first out.
  static constexpr unsigned RingSize = 1024;
  static_assert((RingSize & (RingSize - 1)) == 0);
  bool hasReady() const { return ReadyHead != ReadyTail; }

  LaunchStats Stats;
  std::unique_ptr<Lane *[]> Ready{new Lane *[RingSize]};
  /// The suspended context of each lane in Ready (same index), moved out of the
  /// lane's record when the lane is made ready (the only copy while it is ready):
  /// the inline switch and its prefetch of the next lane's context read it here,
  /// not through the lane records (no dependent loads).
  std::unique_ptr<RawContext[]> ReadyCtx{new RawContext[RingSize]()};
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
  /// Parked runner fibers (raw contexts, a stack: the most recently parked,
  /// cache-warm one is reused first), each waiting to start a fresh lane. A
  /// block has at most one runner per lane, so RingSize + 1 entries suffice.
  /// Runners live as long as their worker (worker threads never end).
  std::unique_ptr<RawContext[]> IdleCtx{new RawContext[RingSize + 1]};
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

/// The data a switch passes to the context it resumes (switchContext's
/// second argument) says where the sender's context goes: a blocked lane's
/// record (Lane *, 64-byte aligned), IdleTag for a runner that parks, or null:
/// then the worker's SaveKind / SaveLane say it (runBlock's switch to its first
/// runner, and the first switch to a new fiber, whose entry gets no data).
inline void *const IdleTag = reinterpret_cast<void *>(uintptr_t{1});

/// The context-switch policy of the inline fast path: the switch and nothing
/// else. A policy gives the stack of each kind of target (for the ASan
/// annotations), hooks for the stack of the context that switched here, and
/// the switch itself (engine.h's AsanSwitch is the other policy).
struct RawSwitch {
  static StackBounds laneStack(WorkerHot *, const Lane *) { return {}; }
  static StackBounds idleStack(WorkerHot *, unsigned) { return {}; }
  static void savedLane(WorkerHot *, const Lane *) {}
  static void savedIdle(WorkerHot *, unsigned) {}
  __attribute__((always_inline)) static Transfer jump(WorkerHot *, RawContext To, StackBounds,
                                                      void *Data) {
    return switchContext(To, Data);
  }
};

// Cold parts of the transitions, in the runtime (engine.cpp, waveops.cpp).
/// Stores a context that switched here with null data (see IdleTag).
void absorbOtherHot(WorkerHot *W, RawContext From);
/// Resolves \p Wv's pending wave operations; \p Arriving is the running lane.
void resolveWaveHot(WorkerHot *W, WaveHot &Wv, Lane *Arriving);
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

/// Stores the context that switched to this one (\p T.Ctx) where \p T.Data
/// says (see IdleTag).
template <class P>
__attribute__((always_inline)) inline void absorb(WorkerHot *W, Transfer T) {
  if (reinterpret_cast<uintptr_t>(T.Data) > 1) [[likely]] {
    Lane *From = static_cast<Lane *>(T.Data);
    From->Ctx = T.Ctx;
    P::savedLane(W, From);
  } else if (T.Data) {
    P::savedIdle(W, W->IdleCount);
    W->IdleCtx[W->IdleCount++] = T.Ctx;
    --W->InUse;
  } else {
    absorbOtherHot(W, T.Ctx);
  }
}

/// Switches to \p To (on stack \p S) passing \p Data; returns when this
/// context is resumed, after storing the context that resumed it.
template <class P>
__attribute__((always_inline)) inline void jumpTo(WorkerHot *W, RawContext To,
                                                  StackBounds S, void *Data) {
  normaliseMxcsr();
  absorb<P>(W, P::jump(W, To, S, Data));
}

/// Takes the first ready lane out of the ring: \returns its context, \p R the
/// lane. Prefetches the context of the lane after it (one lane ahead and two
/// lines measured best, bench/README.md "emulator").
__attribute__((always_inline)) inline RawContext popReadyCtx(WorkerHot *W,
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
    const RawContext To = popReadyCtx(W, R);
    jumpTo<P>(W, To, P::laneStack(W, R), Ln); // the switch was counted when R became ready
  } else if (W->NextFresh < W->NumLanes) [[likely]] {
    startRunner<P>(W, Ln);
  } else {
    stallBlock<P>(W, Ln);
  }
  W->Cur = Ln;
  Current.Lane = Ln;
}

/// Counts a lane's arrival at \p Call in its wave and keeps WaveHot::Uniform.
__attribute__((always_inline)) inline void recordArrival(WaveHot &Wv, const WaveOpCall &Call) {
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
  WaveHot &Wv = *Ln->WaveRec;
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
  WaveHot &Wv = *Ln->WaveRec;
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
