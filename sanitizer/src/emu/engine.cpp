//===--- engine.cpp - worker threads, fibers, blocks, barriers -------------===//
///
/// \file
/// The execution engine: a pool of worker threads takes blocks of a launch
/// from an atomic counter; each worker runs one block at a time, its lanes as
/// fibers (Boost.Context) that switch lane to lane. See engine.h.
///
//===----------------------------------------------------------------------===//
#include "engine.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <new>
#include <pthread.h>
#include <sys/mman.h>
#include <xmmintrin.h>

namespace wavesan::emu::detail {

constinit thread_local WorkerState Current __attribute__((tls_model("initial-exec"))){};
constinit thread_local Worker *ThisWorker __attribute__((tls_model("initial-exec"))) = nullptr;
std::atomic<bool> StopRequested{false};

namespace {

/// Per-lane stack top shift step and the number of distinct shifts. Stacks are
/// separate mmap regions, so their tops share all low address bits; shifting
/// them by multiples of 1088 bytes (1 KiB + one 64-byte line) over 61 steps
/// spreads the hot frames of 256 lanes over ~64 KiB of L2 set index bits and
/// over every L1 set (offset stack tops; measured: see docs/wavesan-emulator.md).
constexpr size_t StackShiftStep = 1088;
constexpr unsigned StackShifts = 61;

} // namespace

ctx::stack_context StackPool::allocate() {
  void *Base;
  if (!Free.empty()) {
    Base = Free.back();
    Free.pop_back();
    // Redzones of frames that never returned (an abandoned lane) stay poisoned.
    if (__asan_unpoison_memory_region)
      __asan_unpoison_memory_region(Base, StackBytes);
  } else {
    void *Map = mmap(nullptr, GuardBytes + StackBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (Map == MAP_FAILED)
      throw std::bad_alloc();
    if (mprotect(Map, GuardBytes, PROT_NONE) != 0) { // the guard: an overflow faults
      munmap(Map, GuardBytes + StackBytes);
      throw std::bad_alloc();
    }
    Mapped.push_back(Map);
    Base = static_cast<char *>(Map) + GuardBytes;
  }
  size_t Shift = (Counter++ % StackShifts) * StackShiftStep;
  ctx::stack_context S;
  S.size = StackBytes - Shift;
  S.sp = static_cast<char *>(Base) + S.size;
  Last = {Base, S.size};
  return S;
}

void StackPool::deallocate(ctx::stack_context &S) noexcept {
  Free.push_back(static_cast<char *>(S.sp) - S.size);
}

bool StackPool::inGuard(const void *Addr) const {
  const auto A = reinterpret_cast<uintptr_t>(Addr);
  for (void *M : Mapped)
    if (A - reinterpret_cast<uintptr_t>(M) < GuardBytes)
      return true;
  return false;
}

StackPool::~StackPool() {
  for (void *B : Free)
    munmap(static_cast<char *>(B) - GuardBytes, GuardBytes + StackBytes);
}

namespace {
struct PooledStackAllocator {
  StackPool *Pool;
  ctx::stack_context allocate() { return Pool->allocate(); }
  void deallocate(ctx::stack_context &S) noexcept { Pool->deallocate(S); }
};
} // namespace

std::string formatLaneSet(const std::vector<unsigned> &Ids) {
  std::string Out;
  for (size_t I = 0; I < Ids.size();) {
    size_t J = I;
    while (J + 1 < Ids.size() && Ids[J + 1] == Ids[J] + 1)
      ++J;
    if (!Out.empty())
      Out += ", ";
    Out += std::to_string(Ids[I]);
    if (J > I)
      Out += "-" + std::to_string(Ids[J]);
    I = J + 1;
  }
  return Out;
}

ReportLocation Worker::where(const Lane *Ln, const char *File, unsigned Line,
                             const char *Function, ReportScope Scope) const {
  ReportLocation W;
  W.File = File;
  W.Line = Line;
  W.Function = Function;
  W.Kernel = L ? L->Req.KernelName : nullptr;
  W.Scope = Scope;
  W.Block = {Current.BlockIdx.x, Current.BlockIdx.y, Current.BlockIdx.z};
  if (Ln) {
    W.Thread = {Ln->ThreadIdx.x, Ln->ThreadIdx.y, Ln->ThreadIdx.z};
    W.Wave = static_cast<int>(Ln->Wave);
    if (Scope == ReportScope::Lane)
      W.Lane = static_cast<int>(Ln->LaneInWave);
  }
  return W;
}

Worker::Worker(unsigned Index) : Index(Index) {
  pthread_attr_t A;
  if (pthread_getattr_np(pthread_self(), &A) == 0) {
    void *Lo = nullptr;
    size_t Size = 0;
    if (pthread_attr_getstack(&A, &Lo, &Size) == 0)
      MainStack = {Lo, Size};
    pthread_attr_destroy(&A);
  }
  Running = MainStack;
  normaliseMxcsr(); // the flags every context of this worker keeps (engine.h)
}

// absorb() for the contexts that are not a blocked lane.
void Worker::absorbOther(ctx::fiber &&From) {
  switch (SaveKind) {
  case Save::ToLane:
    SaveLane->Fiber = std::move(From);
    if (asanFibers())
      LaneStacks[SaveLane->Linear] = Leaving;
    break;
  case Save::ToIdle:
    IdleStacks[IdleCount] = Leaving;
    IdleCtx[IdleCount++] = takeContext(From);
    --InUse;
    break;
  case Save::ToMain:
    Main = std::move(From);
    break;
  }
}

// A runner fiber: runs fresh lanes one after another until it is parked.
ctx::fiber runnerEntry(ctx::fiber &&From) {
  if (__sanitizer_finish_switch_fiber) // the first switch to this fiber (switchTo began it)
    __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);
  Worker &W = *ThisWorker;
  W.absorbOther(std::move(From)); // a fresh fiber's first switch carries no tag
  for (;;) {
    Lane *Ln = &W.Lanes[W.NextFresh++];
    W.runLane(Ln);
    W.afterExit();
  }
}

ctx::fiber Worker::takeRunner(StackBounds &Stack) {
  ++InUse;
  Stats.PeakFibersPerWorker = std::max(Stats.PeakFibersPerWorker, InUse);
  if (IdleCount != 0) {
    ctx::fiber F;
    putContext(F, IdleCtx[--IdleCount]);
    Stack = IdleStacks[IdleCount];
    return F;
  }
  ++Stats.FibersCreated;
  normaliseMxcsr();
  ctx::fiber F(std::allocator_arg, PooledStackAllocator{&Stacks}, runnerEntry);
  Stack = Stacks.Last;
  return F;
}

inline void Worker::runLane(Lane *Ln) {
  Ln->State = LaneState::Running;
  setCurrent(Ln);
  try {
    L->Req.Invoke(L->Req.Closure);
  } catch (const ctx::detail::forced_unwind &) {
    // The block is abandoned: runBlock destroys this fiber, which unwinds it to here, and
    // Boost.Context switches back to runBlock when the unwinding ends. Under ASan, say so:
    // arrived on this stack (runBlock began the switch), leaving it for good for the
    // worker's own stack. Without the pair, ASan took the last lane's stack for the
    // thread's after the unwinding, and LeakSanitizer, scanning that instead of the
    // worker's stack, reported every buffer of the Worker on it as leaked (exit 1).
    if (__sanitizer_finish_switch_fiber) {
      __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);
      __sanitizer_start_switch_fiber(nullptr, MainStack.Lo, MainStack.Size);
    }
    throw; // let Boost.Context unwind this fiber
  } catch (const StopLaneException &) {
    Abandon = true;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "wavesan: kernel '%s' threw an exception: %s; its block is abandoned\n",
                 L->Req.KernelName, E.what());
    Abandon = true;
    L->Failed = true;
  } catch (...) {
    std::fprintf(stderr, "wavesan: kernel '%s' threw an exception; its block is abandoned\n",
                 L->Req.KernelName);
    Abandon = true;
    L->Failed = true;
  }
  laneExited(Ln);
}

inline void Worker::laneExited(Lane *Ln) {
  Ln->State = LaneState::Done;
  ++DoneCount;
  Wave &Wv = *Ln->WaveRec;
  if (--Wv.Runnable == 0 && !Abandon)
    resolveWave(Wv, Ln);
}

// The current fiber is free (its lane exited): continue with a fresh lane on it
// (returns), or hand over to a ready lane / the worker's main context (parks).
void Worker::afterExitSlow() {
  if (Abandon) {
    switchTo(std::move(Main), MainStack, Save::ToIdle, nullptr);
    return;
  }
  if (hasReady()) {
    Lane *R = popReady();
    switchTo(std::move(R->Fiber), stackOf(R), Save::ToIdle, nullptr, /*Pop=*/true);
    return;
  }
  if (NextFresh < Lanes.size())
    return;
  if (DoneCount != Lanes.size()) {
    reportStall();
    Abandon = true;
  }
  switchTo(std::move(Main), MainStack, Save::ToIdle, nullptr);
}

// blockCurrent() without a ready lane: a fresh lane on a runner fiber, or a
// stall (every live lane waits at a barrier).
void Worker::blockElsewhere(Lane *Ln) {
  if (NextFresh < Lanes.size()) {
    StackBounds S;
    ctx::fiber F = takeRunner(S);
    switchTo(std::move(F), S, Save::ToLane, Ln);
  } else {
    reportStall();
    Abandon = true;
    switchTo(std::move(Main), MainStack, Save::ToLane, Ln); // never resumed: unwound by runBlock
  }
}

namespace {
/// The same __syncthreads call: the same source_location object (one per call
/// site), else the same file, line and column.
inline bool sameBarrier(const std::source_location &A, const std::source_location &B) {
  if (std::memcmp(&A, &B, sizeof A) == 0)
    return true;
  return A.line() == B.line() && A.column() == B.column() &&
         (A.file_name() == B.file_name() || std::strcmp(A.file_name(), B.file_name()) == 0);
}
} // namespace

void Worker::reportStall() {
  // Every live lane waits at a barrier (wave operations always resolve).
  L->Failed = true;
  std::vector<const Lane *> Sites;
  for (const Lane &Ln : Lanes)
    if (Ln.State == LaneState::Barrier &&
        std::none_of(Sites.begin(), Sites.end(), [&](const Lane *S) {
          return sameBarrier(S->Site, Ln.Site);
        }))
      Sites.push_back(&Ln);
  if (Sites.empty())
    return;
  std::string Details = "__syncthreads can never complete: of " + std::to_string(Lanes.size()) +
                        " threads,";
  bool FirstPart = true;
  for (const Lane *S : Sites) {
    std::vector<unsigned> Ids;
    for (const Lane &Ln : Lanes)
      if (Ln.State == LaneState::Barrier && sameBarrier(Ln.Site, S->Site))
        Ids.push_back(Ln.Linear);
    Details += std::string(FirstPart ? "" : ";") + " " + std::to_string(Ids.size()) +
               " wait at " + S->Site.file_name() + ":" +
               std::to_string(S->Site.line()) + " (threads " + formatLaneSet(Ids) + ")";
    FirstPart = false;
  }
  std::vector<unsigned> Exited;
  for (const Lane &Ln : Lanes)
    if (Ln.State == LaneState::Done)
      Exited.push_back(Ln.Linear);
  if (!Exited.empty())
    Details += "; " + std::to_string(Exited.size()) + " exited (threads " +
               formatLaneSet(Exited) + ")";
  Details += "; the block is abandoned";
  const Lane *S = Sites.front();
  report(ReportKind::BarrierDeadlock,
         where(S, S->Site.file_name(), S->Site.line(),
               S->Site.function_name(), ReportScope::Block),
         Details);
}

// The last lane of the block arrived at a barrier: if all wait at the same
// call, wake them (in lane order) and \returns true.
bool Worker::completeBarrier(Lane *Ln, const std::source_location &Loc) {
  for (const Lane &O : Lanes)
    if (!sameBarrier(O.Site, Loc))
      return false;
  ++Stats.Barriers;
  BarrierCount = 0;
  for (Wave &W : Waves)
    W.Runnable = W.Count;
  // Every lane but the last to arrive becomes ready, in lane order (locals: no
  // reloads of the ring through the lane stores).
  Lane **const Ring = Ready.get();
  unsigned Tail = ReadyTail;
  for (Lane &O : Lanes) {
    O.State = LaneState::Ready;
    Ring[Tail & (RingSize - 1)] = &O;
    ReadyCtx[Tail & (RingSize - 1)] = peekContext(O.Fiber);
    Tail += &O != Ln;
  }
  Stats.Switches += Tail - ReadyTail; // one switch to each (WorkerHot::pushReady)
  ReadyTail = Tail;
  Ln->State = LaneState::Running;
  return true;
}

// The out-of-line barrier (syncThreadsSlow: under ASan, a watchdog stop); the
// common case runs inline in the kernel (engine_fast.h, syncThreads).
__attribute__((always_inline)) inline void Worker::barrier(Lane *Ln,
                                                          const std::source_location &Loc) {
  Ln->State = LaneState::Barrier;
  Ln->Site = Loc;
  Wave &Wv = *Ln->WaveRec;
  --Wv.Runnable;
  if (++BarrierCount == Lanes.size()) [[unlikely]]
    if (completeBarrier(Ln, Loc))
      return;
  if (Wv.Runnable == 0 && Wv.Pending != 0) [[unlikely]]
    resolveWave(Wv, Ln);
  blockCurrent(Ln);
}

void Worker::runBlock(uint64_t Id) {
  const LaunchRequest &R = L->Req;
  Current.BlockIdx = dim3(static_cast<uint32_t>(Id % R.Grid.x),
                          static_cast<uint32_t>((Id / R.Grid.x) % R.Grid.y),
                          static_cast<uint32_t>(Id / (uint64_t(R.Grid.x) * R.Grid.y)));
  const unsigned N = L->BlockThreads, WS = L->WaveSize;
  // Coordinates, wave records and their lane pointers: set once per launch
  // (runBlocks). Op is read only in state WaveOp.
  for (Lane &Ln : Lanes)
    Ln.State = LaneState::Fresh;
  if (asanFibers())
    LaneStacks.assign(N, StackBounds{});
  for (unsigned W = 0; W < Waves.size(); ++W) {
    Wave &Wv = Waves[W];
    if (Wv.Held) // held sites of the last block's lanes (none in the common case)
      std::fill_n(&Held[Wv.First], Wv.Count, HeldSite{});
    Wv = Wave{};
    Wv.First = W * WS;
    Wv.Count = std::min(WS, N - W * WS);
    Wv.Runnable = Wv.Count;
  }
  ReadyHead = ReadyTail = 0;
  NextFresh = DoneCount = BarrierCount = 0;
  Abandon = false;

  StackBounds S;
  ctx::fiber F = takeRunner(S);
  switchTo(std::move(F), S, Save::ToMain, nullptr);

  if (Abandon) {
    for (Lane &Ln : Lanes)
      if (Ln.Fiber) {
        // Destroying the fiber switches to it, unwinds its stack (forced_unwind)
        // and comes back: tell ASan about both switches.
        void *Fake = nullptr;
        if (__sanitizer_start_switch_fiber)
          __sanitizer_start_switch_fiber(&Fake, LaneStacks[Ln.Linear].Lo, LaneStacks[Ln.Linear].Size);
        Ln.Fiber = ctx::fiber();
        if (__sanitizer_finish_switch_fiber)
          __sanitizer_finish_switch_fiber(Fake, nullptr, nullptr);
        --InUse;
      }
  }
  setCurrent(nullptr);
  checkStaticShared(*this); // writes past a __shared__ array of this block
  ++Stats.Blocks;
  Stats.Lanes += NextFresh;
  // Block-completion hook (setBlockObserver, control.h): once per block, only when set.
  if (L->Observer && !Abandon) [[unlikely]]
    L->Observer(L->ObserverUser, Id);
}

void Worker::runBlocks(LaunchState &Launch) {
  L = &Launch;
  Stats = LaunchStats{};
  Current.BlockDim = Launch.Req.Block;
  Current.GridDim = Launch.Req.Grid;
  Current.WaveSize = static_cast<int>(Launch.WaveSize);
  // Under AddressSanitizer the buffer has exactly the launch's size, so that one byte
  // past it is a heap-buffer-overflow; otherwise the largest so far is kept.
  if (Launch.Req.SharedBytes > DynamicBytes ||
      (asanFibers() && Launch.Req.SharedBytes != DynamicBytes)) {
    Dynamic.reset(new (std::align_val_t(64)) std::byte[Launch.Req.SharedBytes]);
    DynamicBytes = Launch.Req.SharedBytes;
  }
  Current.DynamicShared = Launch.Req.SharedBytes ? Dynamic.get() : nullptr;
  const LaunchRequest &R = Launch.Req;
  const unsigned N = Launch.BlockThreads, WS = Launch.WaveSize;
  Lanes.resize(N);
  NumLanes = N;
  Held.assign(N, HeldSite{});
  Waves.assign((N + WS - 1) / WS, Wave{});
  for (unsigned I = 0; I < N; ++I) {
    Lane &Ln = Lanes[I];
    Ln.ThreadIdx = dim3(I % R.Block.x, (I / R.Block.x) % R.Block.y, I / (R.Block.x * R.Block.y));
    Ln.Linear = I;
    Ln.LaneInWave = static_cast<uint16_t>(I % WS);
    Ln.Wave = static_cast<uint16_t>(I / WS);
    Ln.WaveRec = &Waves[Ln.Wave];
  }
  for (;;) {
    if (StopRequested.load(std::memory_order_relaxed))
      break;
    uint64_t Id = Launch.NextBlock.fetch_add(1, std::memory_order_relaxed);
    if (Id >= Launch.NumBlocks)
      break;
    runBlock(Id);
  }
  L = nullptr;
}

//===-- Lane-side entry points ---------------------------------------------===//

Worker &workerOrDie(const char *What) {
  if (!ThisWorker || !ThisWorker->current()) {
    std::fprintf(stderr, "wavesan: %s called outside a kernel launched with hipLaunchKernelGGL\n",
                 What);
    std::abort();
  }
  return *ThisWorker;
}

void syncThreadsFinish(WorkerHot *H, Lane *Ln, const std::source_location &Loc) {
  Worker *W = static_cast<Worker *>(H);
  Wave &Wv = *Ln->WaveRec;
  if (W->BarrierCount == W->NumLanes && W->completeBarrier(Ln, Loc))
    return;
  if (Wv.Runnable == 0 && Wv.Pending != 0)
    W->resolveWave(Wv, Ln);
  W->blockCurrent(Ln);
}

void syncThreadsSlow(const std::source_location &Loc) {
  pollStop();
  Worker *W = ThisWorker;
  if (!W || !W->current()) [[unlikely]]
    workerOrDie("__syncthreads");
  W->barrier(W->current(), Loc);
}

void stopLane() { throw StopLaneException{}; }

void *dynamicShared() noexcept { return Current.DynamicShared; }

} // namespace wavesan::emu::detail
