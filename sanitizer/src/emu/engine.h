//===--- engine.h - the SIMT engine's internals (not installed) ------------===//
///
/// \file
/// Worker threads run blocks; a block's lanes run on fibers of that worker.
/// Lanes run one after another on the same fiber while they never block; a
/// lane that blocks (wave operation or barrier) keeps its fiber and the next
/// runnable lane continues on a ready lane's fiber or a fresh one from the
/// worker's pool. docs/wavesan-emulator.md describes the model.
///
//===----------------------------------------------------------------------===//
#pragma once

#define WAVESAN_EMU_INSIDE_HIP_RUNTIME 1
#include "wavesan/emu/coordinates.h"
#include "wavesan/emu/lane_mask.h"
#include "wavesan/emu/wave_ops.h"
#include "wavesan/emu/sync.h"
#include "wavesan/emu/atomics.h"
#include "wavesan/emu/host_api.h"
#include "wavesan/emu/device_query.h"
#include "wavesan/emu/memory_extra.h"
#include "wavesan/emu/launch.h"
#include "wavesan/emu/grid_sync.h"
#include "wavesan/emu/control.h"
#undef WAVESAN_EMU_INSIDE_HIP_RUNTIME

#include "wavesan/report.h"

#include <boost/context/fiber.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>
#include <xmmintrin.h>

namespace wavesan::emu::detail {

/// gfx942 (AMD Instinct MI300X) limits used by the launch checks and the
/// device profile: CDNA3 ISA guide / MI300X data sheet.
constexpr unsigned Gfx942ComputeUnits = 304;
constexpr unsigned Gfx942LdsBytesPerBlock = 64 * 1024;
constexpr unsigned MaxThreadsPerBlock = 1024;
/// hipDeviceProp_t::maxGridSize of each dimension, as ROCm reports it (INT32_MAX).
constexpr unsigned Gfx942MaxGridSize = 2147483647;
static_assert(WorkerHot::RingSize >= MaxThreadsPerBlock);

/// Whether \p K is one of the four shuffles (their enumerators come first).
inline bool isShuffle(WaveOpKind K) { return K <= WaveOpKind::ShflXor; }

/// Thrown into a lane by stopLane() when the watchdog stops a launch.
struct StopLaneException {};

/// The memory of one stack (lowest address, bytes): what AddressSanitizer's
/// fiber-switch annotations need for the context being switched to.
struct StackBounds {
  const void *Lo = nullptr;
  size_t Size = 0;
};

/// Set for a lane when another group of its wave resolved a wave operation
/// while this lane waited at its own (a possible divergence). Cold: kept
/// apart from Lane, indexed by the lane's linear id.
struct HeldSite {
  const char *File = nullptr;
  unsigned Line = 0;
};

/// The state of one launch, shared by its workers.
struct LaunchState {
  LaunchRequest Req;
  unsigned WaveSize = 64;
  unsigned BlockThreads = 0;
  uint64_t NumBlocks = 0;
  std::atomic<uint64_t> NextBlock{0};
  std::atomic<bool> Failed{false};
  /// setBlockObserver's hook, copied at launch (null: none): runBlock calls it
  /// once per completed block.
  BlockObserver Observer = nullptr;
  void *ObserverUser = nullptr;
};

/// Fiber stacks of one worker: mmap'd with a guard region below each, kept for
/// reuse, each top shifted by a multiple of 1088 bytes so that the hot frames of
/// neighbouring lanes do not alias in the L1 cache (~25 %).
class StackPool {
public:
  /// Bytes per lane stack (virtual; untouched pages cost nothing). Large enough
  /// for kernels with local arrays and for AddressSanitizer's larger frames.
  static constexpr size_t StackBytes = 256 * 1024;
  /// PROT_NONE bytes below each stack (virtual too). As large as the stack: a frame
  /// of up to the whole stack that overflows it lands in the guard even in code
  /// compiled without -fstack-clash-protection; with it (wavesan-cc and the
  /// wavesan-emu target add it) every page of a larger frame is probed top down,
  /// so the first probe past the stack faults here, never in another lane's stack.
  static constexpr size_t GuardBytes = 256 * 1024;
  ctx::stack_context allocate();
  void deallocate(ctx::stack_context &S) noexcept;
  /// Whether \p Addr lies in the guard region of one of this pool's stacks
  /// (read by the fault handler on this worker's thread).
  bool inGuard(const void *Addr) const;
  ~StackPool();
  /// The stack handed out by the last allocate().
  StackBounds Last;

private:
  std::vector<void *> Free;    ///< stacks for reuse (their lowest usable byte)
  std::vector<void *> Mapped;  ///< every mapping made (guard first), in use or free
  unsigned Counter = 0;
};

class Worker : public WorkerHot {
public:
  /// Constructed on the worker thread (reads that thread's stack bounds).
  explicit Worker(unsigned Index);
  void runBlocks(LaunchState &L);

  // Called from lanes (the API functions).
  Lane *current() const { return Cur; }
  uint64_t waveOp(Lane *Ln, WaveOpCall &Call);
  inline void barrier(Lane *Ln, const std::source_location &Loc);
  ReportLocation where(const Lane *Ln, const char *File, unsigned Line, const char *Function,
                       ReportScope Scope) const;

  /// Whether \p Addr is in the guard region below one of this worker's lane stacks.
  bool inStackGuard(const void *Addr) const { return Stacks.inGuard(Addr); }

  unsigned Index;
  LaunchState *L = nullptr;

private:
  friend ctx::fiber runnerEntry(ctx::fiber &&From);
  friend uint64_t waveOpFinish(WorkerHot *W, Lane *Ln);
  friend void syncThreadsFinish(WorkerHot *W, Lane *Ln, const std::source_location &Loc);
  friend void absorbOtherHot(WorkerHot *W, ctx::detail::fcontext_t From);

  void runBlock(uint64_t Id);
  /// Switches to \p Target; returns when this context is resumed. Inline: the
  /// fewer frames return after a switch, the fewer returns mispredict
  /// (fcontext leaves its call's entry on the return stack buffer).
  /// \p Pop: \p Target is a ready lane just popped (its switch was counted
  /// when it became ready).
  __attribute__((always_inline)) void switchTo(ctx::fiber &&Target, StackBounds TargetStack,
                                               Save Kind, Lane *ToLane, bool Pop = false) {
    SaveKind = Kind;
    SaveLane = ToLane;
    if (!Pop)
      ++Stats.Switches;
    normaliseMxcsr();
    if (!asanFibers()) [[likely]] {
      absorb(ctx::detail::jump_fcontext(takeContext(Target), nullptr));
      return;
    }
    const StackBounds Mine = Running;
    Leaving = Mine;
    Running = TargetStack;
    void *Fake = nullptr;
    __sanitizer_start_switch_fiber(&Fake, TargetStack.Lo, TargetStack.Size);
    const ctx::detail::transfer_t T = ctx::detail::jump_fcontext(takeContext(Target), nullptr);
    if (__sanitizer_finish_switch_fiber)
      __sanitizer_finish_switch_fiber(Fake, nullptr, nullptr);
    Running = Mine;
    absorb(T);
  }
  /// Stores the context that just switched to us where the switch says
  /// (IdleTag, engine_fast.h).
  __attribute__((always_inline)) void absorb(ctx::detail::transfer_t T) {
    if (T.data) [[likely]] {
      absorbHot(this, T);
      return;
    }
    ctx::fiber F;
    putContext(F, T.fctx);
    absorbOther(std::move(F));
  }
  void absorbOther(ctx::fiber &&From);
  ctx::fiber takeRunner(StackBounds &Stack);
  inline void runLane(Lane *Ln);
  inline void laneExited(Lane *Ln);
  /// The current runner's lane exited: when another lane is ready, park this
  /// runner and switch to that lane (inline: the common case), else
  /// afterExitSlow(). Returns when the runner is to start a fresh lane.
  __attribute__((always_inline)) void afterExit() {
    if (!Abandon && hasReady() && !asanFibers()) [[likely]] {
      Lane *R = popReady();
      normaliseMxcsr(); // the switch was counted when R became ready
      absorbHot(this, ctx::detail::jump_fcontext(takeContext(R->Fiber), IdleTag));
      return;
    }
    afterExitSlow();
  }
  void afterExitSlow();
  /// The current lane blocked on the current fiber: continue with the next
  /// ready lane (the fast path, inline) or elsewhere; returns when the lane is
  /// resumed.
  __attribute__((always_inline)) void blockCurrent(Lane *Ln) {
    if (hasReady()) [[likely]] {
      Lane *R = popReady();
      if (!asanFibers()) [[likely]] {
        normaliseMxcsr(); // the switch was counted when R became ready
        absorbHot(this, ctx::detail::jump_fcontext(takeContext(R->Fiber), Ln));
      } else {
        switchTo(std::move(R->Fiber), stackOf(R), Save::ToLane, Ln, /*Pop=*/true);
      }
    } else {
      blockElsewhere(Ln);
    }
    setCurrent(Ln);
    Ln->State = LaneState::Running;
  }
  void blockElsewhere(Lane *Ln);
  /// The stack \p Ln's fiber runs on (tracked only under ASan).
  StackBounds stackOf(const Lane *Ln) const {
    return asanFibers() ? LaneStacks[Ln->Linear] : StackBounds{};
  }
  void resolveWave(Wave &Wv, Lane *Arriving);
  bool resolveFullShuffle(Wave &Wv, Lane *Arriving);
  static bool shuffleFast(const Lane *Base, const uint64_t *V, unsigned N, unsigned WS,
                          uint64_t Active, uint64_t *Results);
  static bool shuffleUniform(const uint64_t *V, unsigned WS, WaveOpKind K, int W, int A,
                             uint64_t Active, uint64_t *Results);
  bool completeBarrier(Lane *Ln, const std::source_location &Loc);
  void reportStall();
  void setCurrent(Lane *Ln) {
    Cur = Ln;
    Current.Lane = Ln;
  }
  // The block being run.
  std::vector<Lane> Lanes;
  std::vector<HeldSite> Held; ///< per lane (linear id), see HeldSite
  std::vector<StackBounds> LaneStacks; ///< per lane (linear id): its fiber's stack (ASan only)
  unsigned DoneCount = 0;
  bool Abandon = false;

  ctx::fiber Main;
  /// The stack of each parked runner (WorkerHot::IdleCtx; tracked only under ASan).
  std::vector<StackBounds> IdleStacks = std::vector<StackBounds>(RingSize + 1);
  StackBounds MainStack;  ///< the worker thread's own stack (Main runs on it)
  StackBounds Running;    ///< the stack of the context running now
  StackBounds Leaving;    ///< the stack of the context that switched last
  StackPool Stacks;
  std::unique_ptr<std::byte[]> Dynamic;
  size_t DynamicBytes = 0;
};

/// The worker running on this thread (null on other threads).
extern constinit thread_local Worker *ThisWorker __attribute__((tls_model("initial-exec")));

/// The running worker; outside a kernel launch: a message naming \p What, abort.
Worker &workerOrDie(const char *What);

/// Installs the handler that turns a lane's SIGSEGV, SIGBUS, SIGFPE or SIGILL into
/// a kernel-fault report (fault.cpp). Once per process, before the first worker
/// starts; later calls do nothing.
void installFaultHandlers();
/// Gives the calling (worker) thread an alternate signal stack, so that the fault
/// handler runs even when a lane exhausted its fiber stack.
void installAltStack();

/// Lanes as "0-31, 40, 42-47" (linear ids).
std::string formatLaneSet(const std::vector<unsigned> &Ids);

} // namespace wavesan::emu::detail
