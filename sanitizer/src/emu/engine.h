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
#include "wavesan/emu/launch.h"
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

// AddressSanitizer's fiber interface (<sanitizer/common_interface_defs.h>),
// declared weak: this library is built without ASan, but the kernels linked
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

/// gfx942 (AMD Instinct MI300X) limits used by the launch checks and the
/// device profile: CDNA3 ISA guide / MI300X data sheet.
constexpr unsigned Gfx942ComputeUnits = 304;
constexpr unsigned Gfx942LdsBytesPerBlock = 64 * 1024;
constexpr unsigned MaxThreadsPerBlock = 1024;

/// Thrown into a lane by stopLane() when the watchdog stops a launch.
struct StopLaneException {};

enum class LaneState : uint8_t { Fresh, Running, Ready, WaveOp, Barrier, Done };

/// The memory of one stack (lowest address, bytes): what AddressSanitizer's
/// fiber-switch annotations need for the context being switched to.
struct StackBounds {
  const void *Lo = nullptr;
  size_t Size = 0;
};

/// One lane's record, one cache line: the records of a block are contiguous
/// (Worker::Lanes); a wave operation or barrier touches only this line of
/// the lane's state besides its stack.
struct alignas(64) Lane : LaneCoords {
  LaneState State = LaneState::Fresh;
  /// The pending wave operation's operand bits, copied from Op->Value so that
  /// the common resolution reads the contiguous lane records, not one line of
  /// each lane stack (the wave's Uniform fields stand for the other operands);
  /// once the operation resolved, this lane's result.
  uint64_t Value = 0;
  ctx::fiber Fiber;             ///< the lane's suspended context while it is blocked
  WaveOpCall *Op = nullptr;     ///< the pending wave operation (state WaveOp)
  std::source_location Site;    ///< the __syncthreads call waited at (state Barrier)
};
static_assert(sizeof(Lane) <= 64, "one cache line per lane record");

/// Whether the program runs under AddressSanitizer (its fiber interface is
/// linked): only then are stack bounds tracked and switches annotated.
inline bool asanFibers() { return __sanitizer_start_switch_fiber != nullptr; }

/// Set for a lane when another group of its wave resolved a wave operation
/// while this lane waited at its own (a possible divergence). Cold: kept
/// apart from Lane, indexed by the lane's linear id.
struct HeldSite {
  const char *File = nullptr;
  unsigned Line = 0;
};

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

/// The state of one launch, shared by its workers.
struct LaunchState {
  LaunchRequest Req;
  unsigned WaveSize = 64;
  unsigned BlockThreads = 0;
  uint64_t NumBlocks = 0;
  std::atomic<uint64_t> NextBlock{0};
  std::atomic<bool> Failed{false};
};

/// Fiber stacks of one worker: mmap'd with a guard page, kept for reuse, each
/// top shifted by a multiple of 1088 bytes so that the hot frames of
/// neighbouring lanes do not alias in the L1 cache (FACTS.md, ~25 %).
class StackPool {
public:
  /// Bytes per lane stack (virtual; untouched pages cost nothing). Large enough
  /// for kernels with local arrays and for AddressSanitizer's larger frames.
  static constexpr size_t StackBytes = 256 * 1024;
  ctx::stack_context allocate();
  void deallocate(ctx::stack_context &S) noexcept;
  ~StackPool();
  /// The stack handed out by the last allocate().
  StackBounds Last;

private:
  std::vector<void *> Free;
  unsigned Counter = 0;
};

class Worker {
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

  unsigned Index;
  LaunchState *L = nullptr;
  LaunchStats Stats;
  unsigned InUse = 0;

private:
  enum class Save : uint8_t { ToLane, ToIdle, ToMain };
  friend ctx::fiber runnerEntry(ctx::fiber &&From);

  void runBlock(uint64_t Id);
  /// Switches to \p Target; returns when this context is resumed. Inline: the
  /// fewer frames return after a switch, the fewer returns mispredict
  /// (fcontext leaves its call's entry on the return stack buffer).
  __attribute__((always_inline)) void switchTo(ctx::fiber &&Target, StackBounds TargetStack,
                                               Save Kind, Lane *ToLane) {
    SaveKind = Kind;
    SaveLane = ToLane;
    ++Stats.Switches;
    normaliseMxcsr();
    if (!asanFibers()) [[likely]] {
      ctx::fiber From = std::move(Target).resume();
      absorb(std::move(From));
      return;
    }
    const StackBounds Mine = Running;
    Leaving = Mine;
    Running = TargetStack;
    void *Fake = nullptr;
    __sanitizer_start_switch_fiber(&Fake, TargetStack.Lo, TargetStack.Size);
    ctx::fiber From = std::move(Target).resume();
    if (__sanitizer_finish_switch_fiber)
      __sanitizer_finish_switch_fiber(Fake, nullptr, nullptr);
    Running = Mine;
    absorb(std::move(From));
  }
  /// Stores the context that just switched to us where it asked to be stored.
  __attribute__((always_inline)) void absorb(ctx::fiber &&From) {
    if (SaveKind == Save::ToLane) [[likely]] {
      SaveLane->Fiber = std::move(From);
      if (asanFibers()) [[unlikely]]
        LaneStacks[SaveLane->Linear] = Leaving;
    } else {
      absorbOther(std::move(From));
    }
  }
  void absorbOther(ctx::fiber &&From);
  ctx::fiber takeRunner(StackBounds &Stack);
  void runLane(Lane *Ln);
  void laneExited(Lane *Ln);
  void afterExit();
  /// The current lane blocked on the current fiber: continue with the next
  /// ready lane (the fast path, inline) or elsewhere; returns when the lane is
  /// resumed.
  __attribute__((always_inline)) void blockCurrent(Lane *Ln) {
    if (hasReady()) [[likely]] {
      Lane *R = popReady();
      if (!asanFibers()) [[likely]] {
        SaveKind = Save::ToLane;
        SaveLane = Ln;
        ++Stats.Switches;
        normaliseMxcsr();
        ctx::fiber From = std::move(R->Fiber).resume();
        absorb(std::move(From));
      } else {
        switchTo(std::move(R->Fiber), stackOf(R), Save::ToLane, Ln);
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
  static bool shuffleFast(const Lane *Base, unsigned N, unsigned WS, uint64_t Active,
                          uint64_t *Results);
  static bool shuffleUniform(const Lane *Base, unsigned WS, WaveOpKind K, int W, int A,
                             uint64_t Active, uint64_t *Results);
  bool completeBarrier(Lane *Ln, const std::source_location &Loc);
  void reportStall();
  void setCurrent(Lane *Ln) {
    Cur = Ln;
    Current.Lane = Ln;
  }
  /// Ready lanes: a ring of lane pointers (a lane is in it at most once, so
  /// MaxThreadsPerBlock entries suffice), first in, first out.
  static constexpr unsigned RingSize = 1024;
  static_assert(RingSize >= MaxThreadsPerBlock && (RingSize & (RingSize - 1)) == 0);
  bool hasReady() const { return ReadyHead != ReadyTail; }
  Lane *popReady() { return Ready[ReadyHead++ & (RingSize - 1)]; }
  void pushReady(Lane *Ln) { Ready[ReadyTail++ & (RingSize - 1)] = Ln; }

  // The block being run.
  std::vector<Lane> Lanes;
  std::vector<HeldSite> Held; ///< per lane (linear id), see HeldSite
  std::vector<StackBounds> LaneStacks; ///< per lane (linear id): its fiber's stack (ASan only)
  std::vector<Wave> Waves;
  std::unique_ptr<Lane *[]> Ready{new Lane *[RingSize]};
  unsigned ReadyHead = 0, ReadyTail = 0;
  unsigned NextFresh = 0, DoneCount = 0, BarrierCount = 0;
  bool Abandon = false;
  Lane *Cur = nullptr;

  ctx::fiber Main;
  std::vector<ctx::fiber> Idle;
  std::vector<StackBounds> IdleStacks; ///< the stack of each Idle fiber
  StackBounds MainStack;  ///< the worker thread's own stack (Main runs on it)
  StackBounds Running;    ///< the stack of the context running now
  StackBounds Leaving;    ///< the stack of the context that switched last
  Save SaveKind = Save::ToMain;
  Lane *SaveLane = nullptr;
  StackPool Stacks;
  std::unique_ptr<std::byte[]> Dynamic;
  size_t DynamicBytes = 0;
};

/// The worker running on this thread (null on other threads).
extern constinit thread_local Worker *ThisWorker __attribute__((tls_model("initial-exec")));

/// The running worker; outside a kernel launch: a message naming \p What, abort.
Worker &workerOrDie(const char *What);

/// Lanes as "0-31, 40, 42-47" (linear ids).
std::string formatLaneSet(const std::vector<unsigned> &Ids);

} // namespace wavesan::emu::detail
