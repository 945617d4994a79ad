//===--- engine.h - the SIMT engine's internals (not installed) ------------===//
///
/// \file
/// Worker threads run blocks; a block's lanes run on fibers of that worker.
/// Lanes run one after another on the same fiber while they never block; a
/// lane that blocks (wave operation or barrier) keeps its fiber and the next
/// runnable lane continues on a ready lane's fiber or a fresh one from the
/// worker's pool. A Worker is its hot state (WorkerHot, engine_fast.h, with
/// the transitions), its block (BlockState), its fibers (FiberPool, fibers.h)
/// and the stall report (stall.cpp). docs/wavesan-emulator.md describes the model.
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
#include "fibers.h"

#include <boost/context/detail/fcontext.hpp>
#include <boost/context/fiber.hpp>

#include <atomic>
#include <cstddef>
#include <cstring>
#include <functional>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
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

// engine_fast.h declares Boost.Context's switch by its symbol with its own
// types (user code includes no Boost header): they must be Boost's.
static_assert(std::is_same_v<RawContext, RawContext>);
static_assert(sizeof(Transfer) == sizeof(ctx::detail::transfer_t) &&
              offsetof(Transfer, Ctx) == offsetof(ctx::detail::transfer_t, fctx) &&
              offsetof(Transfer, Data) == offsetof(ctx::detail::transfer_t, data));
static_assert(std::is_same_v<decltype(&ctx::detail::jump_fcontext),
                             ctx::detail::transfer_t (*)(RawContext, void *)>);

/// A suspended fiber's raw fcontext (Boost 1.74's `fiber` holds exactly one
/// `detail::fcontext_t`). Lanes, the ready ring and parked runners keep raw
/// contexts, and the inline path switches with Boost's own `jump_fcontext` on
/// them: a `fiber` object used in the kernel's translation unit would
/// instantiate Boost's forced-unwind code there, whose layout depends on NDEBUG
/// (BOOST_ASSERT), and the kernel and the runtime are built with different
/// NDEBUG settings (an ODR clash: Boost's "Assertion `caught' failed" when a
/// deadlocked block is unwound). The runtime turns a raw context back into a
/// `fiber` where it needs one (to unwind an abandoned lane).
static_assert(sizeof(ctx::fiber) == sizeof(RawContext));
/// Takes the context out of \p F, leaving it empty (as `fiber::resume` does).
inline RawContext takeContext(ctx::fiber &F) {
  RawContext C;
  std::memcpy(&C, static_cast<void *>(&F), sizeof C);
  std::memset(static_cast<void *>(&F), 0, sizeof C);
  return C;
}
/// A fiber holding \p C (which it then owns: destroying it unwinds the context).
inline ctx::fiber fiberOf(RawContext C) {
  ctx::fiber F;
  std::memcpy(static_cast<void *>(&F), &C, sizeof C);
  return F;
}

/// Whether the program runs under AddressSanitizer (its fiber interface is
/// linked): only then are stack bounds tracked and switches annotated.
inline bool asanFibers() { return __sanitizer_start_switch_fiber != nullptr; }

/// A wave's record: its lanes and step besides the hot part (engine_fast.h).
struct Wave : WaveHot {
  unsigned First = 0, Count = 0;
  unsigned Held = 0; ///< lanes with a HeldSite set
  /// The wave's current step, renewed at each synchronisation of the wave (a
  /// resolved wave operation, a completed barrier, the block's start): the
  /// wave-lds-race check (lockstep.cpp) compares lanes' accesses within one.
  uint32_t Step = 0;
};

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
  /// Per worker (index): 1 + the id of the block it runs, 0 when none; and the
  /// blocks finished. Read by the watchdog's kernel-timeout report.
  std::unique_ptr<std::atomic<uint64_t>[]> RunningBlock;
  uint64_t Serial = 0; ///< the launch's number in the process (from 1)
  std::atomic<uint64_t> BlocksDone{0};
};

class Worker;

/// The same __syncthreads call: the same source_location object (one per call
/// site), else the same file, line and column.
inline bool sameBarrier(const std::source_location &A, const std::source_location &B) {
  if (std::memcmp(&A, &B, sizeof A) == 0)
    return true;
  return A.line() == B.line() && A.column() == B.column() &&
         (A.file_name() == B.file_name() || std::strcmp(A.file_name(), B.file_name()) == 0);
}

/// Every live lane of \p W's block waits and none can run: reports
/// barrier-deadlock naming the barriers waited at and the lanes that exited
/// (stall.cpp). Fails the launch.
void reportStall(Worker &W);

/// lockstep.cpp's record of a worker's LDS accesses (the wave-lds-race check).
/// One 4-byte granule of LDS: the step of its wave in which it was last
/// touched, the lane that stored to it in that step (-1: none) and the lanes
/// that loaded it in that step.
struct Cell {
  uint32_t Step = 0;
  int16_t Writer = -1;
  uint64_t Readers = 0;
};

/// The LDS shadow of one worker (lockstep.cpp): built at the first recorded
/// access of a launch.
struct LdsShadow {
  uintptr_t TlsLo = 0, TlsHi = 0; ///< the worker's static TLS block
  uintptr_t DynLo = 0, DynHi = 0; ///< the launch's dynamic shared memory
  std::vector<Cell> Tls, Dyn;
  /// Function-scope `__shared__` arrays that wavesan-cc moved to bounds-checked
  /// blocks (static_shared.cpp): one shadow per array, by the array's index.
  std::vector<std::vector<Cell>> Static;
  uint64_t For = 0; ///< the launch (LaunchState::Serial) the shadow was set up for
  std::vector<const void *> ReportedPcs;
};

/// The block a worker runs (cold part; WorkerHot holds the hot counters).
struct BlockState {
  std::vector<Lane> Lanes;
  std::vector<HeldSite> Held; ///< per lane (linear id), see HeldSite
  unsigned DoneCount = 0;     ///< lanes that exited
  bool Abandon = false;       ///< a stall, a watchdog stop or an exception ends the block
  std::unique_ptr<std::byte[]> Dynamic; ///< dynamic shared memory (the largest asked for)
  size_t DynamicBytes = 0;
  /// The last step given to a wave (Wave::Step): renewed at each synchronisation.
  uint32_t NextStep = 0;
  std::unique_ptr<LdsShadow> Shadow; ///< set up by the first recorded LDS access
};

class Worker : public WorkerHot {
public:
  enum class Save : uint8_t { ToLane, ToIdle, ToMain };
  /// Constructed on the worker thread (reads that thread's stack bounds).
  explicit Worker(unsigned Index);
  void runBlocks(LaunchState &L);

  Lane *current() const { return Cur; }
  ReportLocation where(const Lane *Ln, const char *File, unsigned Line, const char *Function,
                       ReportScope Scope) const;

  /// Whether \p Addr is in the guard region below one of this worker's lane stacks.
  bool inStackGuard(const void *Addr) const { return Fibers.Stacks.inGuard(Addr); }

  unsigned Index;
  LaunchState *L = nullptr;
  std::vector<Wave> Waves;
  /// Where a switch's sender is to be stored when the switch carries no tag
  /// (see IdleTag).
  Save SaveKind = Save::ToMain;
  Lane *SaveLane = nullptr;
  BlockState Block;
  FiberPool Fibers;

  // Engine internals (engine.cpp, waveops.cpp, shuffle.cpp, stall.cpp).
  void runBlock(uint64_t Id);
  void runLane(Lane *Ln);
  /// A lane exited: the exit transition (exitLane) with the process's policy.
  void afterLane(Lane *Ln);
  /// Stores a context that switched here with null data where SaveKind says.
  void absorbOther(ctx::fiber &&From);
  /// Switches to the worker's own context (runBlock) passing \p Data.
  template <class P> void switchToMain(void *Data);
  void resolveWave(Wave &Wv, Lane *Arriving);
  bool resolveFullShuffle(Wave &Wv, Lane *Arriving);
  static bool shuffleFast(const Lane *Base, const uint64_t *V, unsigned N, unsigned WS,
                          uint64_t Active, uint64_t *Results);
  static bool shuffleUniform(const uint64_t *V, unsigned WS, WaveOpKind K, int W, int A,
                             uint64_t Active, uint64_t *Results);
  bool completeBarrier(Lane *Ln, const std::source_location &Loc);
  /// Makes \p Ln ready; each lane made ready is switched to once: the switch is
  /// counted here.
  void pushReady(Lane *Ln) {
    const unsigned I = ReadyTail++ & (RingSize - 1);
    Ready[I] = Ln;
    ReadyCtx[I] = Ln->Ctx;
    Ln->Ctx = nullptr;
    ++Stats.Switches;
  }
  void setCurrent(Lane *Ln) {
    Cur = Ln;
    Current.Lane = Ln;
  }
};

/// The context-switch policy under AddressSanitizer: the switch is announced
/// (__sanitizer_start_switch_fiber with the target's stack) and finished
/// after it, and each suspended context's stack is tracked (FiberPool).
struct AsanSwitch {
  static Worker &w(WorkerHot *W) { return *static_cast<Worker *>(W); }
  static StackBounds laneStack(WorkerHot *W, const Lane *Ln) {
    return w(W).Fibers.LaneStacks[Ln->Linear];
  }
  static StackBounds idleStack(WorkerHot *W, unsigned I) { return w(W).Fibers.IdleStacks[I]; }
  static void savedLane(WorkerHot *W, const Lane *Ln) {
    w(W).Fibers.LaneStacks[Ln->Linear] = w(W).Fibers.Leaving;
  }
  static void savedIdle(WorkerHot *W, unsigned I) {
    w(W).Fibers.IdleStacks[I] = w(W).Fibers.Leaving;
  }
  static Transfer jump(WorkerHot *W, RawContext To, StackBounds S, void *Data) {
    FiberPool &F = w(W).Fibers;
    const StackBounds Mine = F.Running;
    F.Leaving = Mine;
    F.Running = S;
    void *Fake = nullptr;
    __sanitizer_start_switch_fiber(&Fake, S.Lo, S.Size);
    const Transfer T = switchContext(To, Data);
    if (__sanitizer_finish_switch_fiber)
      __sanitizer_finish_switch_fiber(Fake, nullptr, nullptr);
    F.Running = Mine;
    return T;
  }
};

template <class P> void Worker::switchToMain(void *Data) {
  ++Stats.Switches;
  jumpTo<P>(this, takeContext(Fibers.Main), Fibers.MainStack, Data);
}

/// Exit: the running lane \p Ln returned from the kernel (or was abandoned).
/// Its wave resolves when it was the last runnable lane; then the runner
/// fiber parks and the worker continues with the first ready lane, or the
/// runner starts the block's next lane (returns), or the block is over (or
/// stalled: reported) and the worker's own context resumes.
template <class P> __attribute__((always_inline)) inline void exitLane(Worker &W, Lane *Ln) {
  Ln->State = LaneState::Done;
  ++W.Block.DoneCount;
  Wave &Wv = static_cast<Wave &>(*Ln->WaveRec);
  if (--Wv.Runnable == 0 && !W.Block.Abandon)
    W.resolveWave(Wv, Ln);
  if (!W.Block.Abandon && W.hasReady()) [[likely]] {
    Lane *R;
    const RawContext To = popReadyCtx(&W, R);
    jumpTo<P>(&W, To, P::laneStack(&W, R), IdleTag); // counted when R became ready
    return;
  }
  if (!W.Block.Abandon && W.NextFresh < W.NumLanes)
    return;
  if (!W.Block.Abandon && W.Block.DoneCount != W.NumLanes) {
    reportStall(W);
    W.Block.Abandon = true;
  }
  W.switchToMain<P>(IdleTag);
}

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

/// Checks the redzones of the WAVESAN_STATIC_SHARED arrays of worker \p W's
/// thread after a block (static_shared.cpp): a changed byte is an
/// `lds-out-of-bounds` report for the block \p W ran last.
void checkStaticShared(const Worker &W);
/// The running worker's function-scope `__shared__` array holding address \p A
/// (static_shared.cpp): its index among the worker's arrays, first byte and size
/// in bytes; false when \p A is in none.
bool staticSharedArrayAt(uintptr_t A, size_t &Index, uintptr_t &Lo, size_t &Bytes);

/// Whether \p R is to run at both wave sizes (compare_wave_sizes=1, not inside
/// wavesan::compareWaveSizes, a pointer argument into a hipMalloc'd buffer).
bool wantsWaveSizeComparison(const LaunchRequest &R);
/// Runs \p R at the other wave size (Run(other, true)), then at \p WaveSize
/// (Run(WaveSize, false)) from the same buffer contents, and reports the
/// differences (launch_compare.cpp). \returns the second run's result.
hipError_t launchComparingWaveSizes(const LaunchRequest &R, unsigned WaveSize,
                                    const std::function<hipError_t(unsigned, bool)> &Run);

/// Lanes as "0-31, 40, 42-47" (linear ids).
std::string formatLaneSet(const std::vector<unsigned> &Ids);

} // namespace wavesan::emu::detail
