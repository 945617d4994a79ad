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
#include <string_view>
#include <sys/mman.h>
#include <xmmintrin.h>

namespace wavesan::emu::detail {

constinit thread_local WorkerState Current __attribute__((tls_model("initial-exec"))){};
constinit thread_local Worker *ThisWorker __attribute__((tls_model("initial-exec"))) = nullptr;
std::atomic<bool> StopRequested{false};
constinit thread_local BarrierVote VoteAccumulator __attribute__((tls_model("initial-exec"))){};

namespace {

/// The function a lambda is defined in, from the lambda's name as the compilers and
/// addr2line spell it: g++'s source_location "F()::<lambda(int*)>", addr2line -C's
/// "F()::{lambda(int*)#1}::operator()(int*) const", clang's "F()::(lambda at a.cpp:3:5)"
/// or "F()::(anonymous class)::operator()". "" when \p Name is not a lambda's.
std::string_view lambdaOwner(std::string_view Name) {
  size_t At = std::string_view::npos;
  for (std::string_view Mark : {"::<lambda", "::{lambda", "::(lambda", "::(anonymous class)"})
    At = std::min(At, Name.find(Mark));
  return At == std::string_view::npos ? std::string_view() : Name.substr(0, At);
}

/// Whether \p Function (where a lane's operation is) is the body of a lambda kernel
/// defined in the function that launched it (\p Launcher, itself maybe a lambda there):
/// `auto K = [] __global__ (int *p) {...}; hipLaunchKernelGGL(K, ...)` in a GoogleTest
/// body. Its name then says only where the lambda was written (the test); the report
/// names the kernel instead.
bool isLambdaKernelOf(const char *Function, const char *Launcher) {
  if (!Function || !Launcher)
    return false;
  if (!std::strstr(Function, "lambda") && !std::strstr(Function, "anonymous class"))
    return false;
  const std::string_view Owner = lambdaOwner(Function);
  if (Owner.empty())
    return false;
  std::string_view LaunchOwner = lambdaOwner(Launcher);
  if (LaunchOwner.empty())
    LaunchOwner = Launcher;
  return plainFunctionName(Owner) == plainFunctionName(LaunchOwner);
}

} // namespace

ReportLocation Worker::where(const Lane *Ln, const char *File, unsigned Line,
                             const char *Function, ReportScope Scope) const {
  ReportLocation W;
  W.File = File;
  W.Line = Line;
  W.Function = Function;
  W.Kernel = L ? L->Req.KernelName : nullptr;
  if (L && isLambdaKernelOf(Function, L->Req.Loc.function_name()))
    W.Function = L->Req.KernelName;
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
  normaliseMxcsr(); // the flags every context of this worker keeps (engine_fast.h)
}

// Stores a context that switched here with null data (a new fiber's first
// switch, runBlock's switch to its first runner) where SaveKind says.
void Worker::absorbOther(ctx::fiber &&From) {
  switch (SaveKind) {
  case Save::ToLane:
    SaveLane->Ctx = takeContext(From);
    if (asanFibers())
      Fibers.LaneStacks[SaveLane->Linear] = Fibers.Leaving;
    break;
  case Save::ToIdle:
    Fibers.IdleStacks[IdleCount] = Fibers.Leaving;
    IdleCtx[IdleCount++] = takeContext(From);
    --InUse;
    break;
  case Save::ToMain:
    Fibers.Main = std::move(From);
    break;
  }
}

void absorbOtherHot(WorkerHot *H, RawContext From) {
  static_cast<Worker *>(H)->absorbOther(fiberOf(From));
}

// Inline into runnerEntry, as runLane: no engine frame returns after the exit's
// switch (such a return mispredicts, engine_fast.h).
__attribute__((always_inline)) inline void Worker::afterLane(Lane *Ln) {
  if (asanFibers())
    exitLane<AsanSwitch>(*this, Ln);
  else
    exitLane<RawSwitch>(*this, Ln);
}

ctx::fiber runnerEntry(ctx::fiber &&From);

template <class P> void startNewRunner(WorkerHot *H, Lane *Ln) {
  Worker &W = *static_cast<Worker *>(H);
  if (++W.InUse > W.Stats.PeakFibersPerWorker)
    W.Stats.PeakFibersPerWorker = W.InUse;
  ++W.Stats.FibersCreated;
  ++W.Stats.Switches;
  StackBounds S;
  ctx::fiber F = W.Fibers.create(runnerEntry, S);
  W.SaveKind = Ln ? Worker::Save::ToLane : Worker::Save::ToMain; // its entry gets no data
  W.SaveLane = Ln;
  jumpTo<P>(H, takeContext(F), S, Ln);
}
template void startNewRunner<RawSwitch>(WorkerHot *, Lane *);
template void startNewRunner<AsanSwitch>(WorkerHot *, Lane *);

template <class P> void stallBlock(WorkerHot *H, Lane *Ln) {
  Worker &W = *static_cast<Worker *>(H);
  reportStall(W);
  W.Block.Abandon = true;
  W.switchToMain<P>(Ln); // never resumed: runBlock unwinds Ln's fiber
}
template void stallBlock<RawSwitch>(WorkerHot *, Lane *);
template void stallBlock<AsanSwitch>(WorkerHot *, Lane *);

__attribute__((always_inline)) inline void Worker::runLane(Lane *Ln) {
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
      __sanitizer_start_switch_fiber(nullptr, Fibers.MainStack.Lo, Fibers.MainStack.Size);
    }
    throw; // let Boost.Context unwind this fiber
  } catch (const StopLaneException &) {
    Block.Abandon = true;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "wavesan: kernel '%s' threw an exception: %s; its block is abandoned\n",
                 L->Req.KernelName, E.what());
    Block.Abandon = true;
    L->Failed = true;
  } catch (...) {
    std::fprintf(stderr, "wavesan: kernel '%s' threw an exception; its block is abandoned\n",
                 L->Req.KernelName);
    Block.Abandon = true;
    L->Failed = true;
  }
}

// A runner fiber: runs fresh lanes one after another until it is parked.
ctx::fiber runnerEntry(ctx::fiber &&From) {
  if (__sanitizer_finish_switch_fiber) // the first switch to this fiber (AsanSwitch began it)
    __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);
  Worker &W = *ThisWorker;
  W.absorbOther(std::move(From)); // a new fiber's first switch carries no data
  for (;;) {
    Lane *Ln = &W.Block.Lanes[W.NextFresh++];
    W.runLane(Ln);
    W.afterLane(Ln);
  }
}


// The last lane of the block arrived at a barrier: if all wait at the same
// call, wake them (in lane order) and \returns true.
bool Worker::completeBarrier(Lane *Ln, const std::source_location &Loc) {
  for (const Lane &O : Block.Lanes)
    if (!sameBarrier(O.Site, Loc))
      return false;
  ++Stats.Barriers;
  BarrierCount = 0;
  for (Wave &W : Waves) {
    W.Runnable = W.Count;
    W.Step = ++Block.NextStep; // every wave synchronised
  }
  // Every lane but the last to arrive becomes ready, in lane order (locals: no
  // reloads of the ring through the lane stores).
  Lane **const Ring = Ready.get();
  unsigned Tail = ReadyTail;
  for (Lane &O : Block.Lanes) {
    O.State = LaneState::Ready;
    Ring[Tail & (RingSize - 1)] = &O;
    ReadyCtx[Tail & (RingSize - 1)] = O.Ctx; // the ring's copy is the only one
    O.Ctx = nullptr;
    Tail += &O != Ln;
  }
  Stats.Switches += Tail - ReadyTail; // one switch to each (WorkerHot::pushReady)
  ReadyTail = Tail;
  Ln->State = LaneState::Running;
  return true;
}

bool completeBarrierHot(WorkerHot *W, Lane *Ln, const std::source_location &Loc) {
  return static_cast<Worker *>(W)->completeBarrier(Ln, Loc);
}

void Worker::runBlock(uint64_t Id) {
  const LaunchRequest &R = L->Req;
  Current.BlockIdx = dim3(static_cast<uint32_t>(Id % R.Grid.x),
                          static_cast<uint32_t>((Id / R.Grid.x) % R.Grid.y),
                          static_cast<uint32_t>(Id / (uint64_t(R.Grid.x) * R.Grid.y)));
  const unsigned N = L->BlockThreads, WS = L->WaveSize;
  L->RunningBlock[Index].store(Id + 1, std::memory_order_relaxed); // for the watchdog
  // Coordinates, wave records and their lane pointers: set once per launch
  // (runBlocks). Op is read only in state WaveOp.
  for (Lane &Ln : Block.Lanes)
    Ln.State = LaneState::Fresh;
  if (asanFibers())
    Fibers.LaneStacks.assign(N, StackBounds{});
  for (unsigned W = 0; W < Waves.size(); ++W) {
    Wave &Wv = Waves[W];
    if (Wv.Held) // held sites of the last block's lanes (none in the common case)
      std::fill_n(&Block.Held[Wv.First], Wv.Count, HeldSite{});
    Wv = Wave{};
    Wv.First = W * WS;
    Wv.Count = std::min(WS, N - W * WS);
    Wv.Runnable = Wv.Count;
    Wv.Step = ++Block.NextStep;
  }
  ReadyHead = ReadyTail = 0;
  NextFresh = Block.DoneCount = BarrierCount = 0;
  Block.Abandon = false;

  SaveKind = Save::ToMain; // where the first runner stores this context
  if (asanFibers())
    startRunner<AsanSwitch>(this, nullptr);
  else
    startRunner<RawSwitch>(this, nullptr);

  if (Block.Abandon) {
    // Ready lanes' contexts are in the ring: back to their records, to be unwound too.
    for (; ReadyHead != ReadyTail; ++ReadyHead) {
      const unsigned I = ReadyHead & (RingSize - 1);
      Ready[I]->Ctx = ReadyCtx[I];
    }
    for (Lane &Ln : Block.Lanes)
      if (Ln.Ctx) {
        // Destroying the fiber switches to it, unwinds its stack (forced_unwind)
        // and comes back: tell ASan about both switches.
        void *Fake = nullptr;
        if (__sanitizer_start_switch_fiber)
          __sanitizer_start_switch_fiber(&Fake, Fibers.LaneStacks[Ln.Linear].Lo, Fibers.LaneStacks[Ln.Linear].Size);
        {
          ctx::fiber Unwound = fiberOf(Ln.Ctx); // its destruction unwinds the lane
          Ln.Ctx = nullptr;
        }
        if (__sanitizer_finish_switch_fiber)
          __sanitizer_finish_switch_fiber(Fake, nullptr, nullptr);
        --InUse;
      }
  }
  setCurrent(nullptr);
  checkStaticShared(*this); // writes past a __shared__ array of this block
  L->RunningBlock[Index].store(0, std::memory_order_relaxed);
  L->BlocksDone.fetch_add(1, std::memory_order_relaxed);
  ++Stats.Blocks;
  Stats.Lanes += NextFresh;
  // Block-completion hook (setBlockObserver, control.h): once per block, only when set.
  if (L->Observer && !Block.Abandon) [[unlikely]]
    L->Observer(L->ObserverUser, Id);
}

void Worker::runBlocks(LaunchState &Launch) {
  L = &Launch;
  Stats = LaunchStats{};
  Current.BlockDim = Launch.Req.Block;
  Current.GridDim = Launch.Req.Grid;
  Current.WaveSize = static_cast<int>(Launch.WaveSize);
  InlineFastPath = options().emu_inline_fast_path && !asanFibers();
  // Under AddressSanitizer the buffer has exactly the launch's size, so that one byte
  // past it is a heap-buffer-overflow; otherwise the largest so far is kept.
  if (Launch.Req.SharedBytes > Block.DynamicBytes ||
      (asanFibers() && Launch.Req.SharedBytes != Block.DynamicBytes)) {
    Block.Dynamic.reset(new (std::align_val_t(64)) std::byte[Launch.Req.SharedBytes]);
    Block.DynamicBytes = Launch.Req.SharedBytes;
  }
  Current.DynamicShared = Launch.Req.SharedBytes ? Block.Dynamic.get() : nullptr;
  const LaunchRequest &R = Launch.Req;
  const unsigned N = Launch.BlockThreads, WS = Launch.WaveSize;
  Block.Lanes.resize(N);
  NumLanes = N;
  Block.Held.assign(N, HeldSite{});
  Waves.assign((N + WS - 1) / WS, Wave{});
  for (unsigned I = 0; I < N; ++I) {
    Lane &Ln = Block.Lanes[I];
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

// The out-of-line barrier: the same transition as the inline one, with the
// process's switch policy.
void syncThreadsSlow(const std::source_location &Loc) {
  pollStop();
  Worker *W = ThisWorker;
  if (!W || !W->current()) [[unlikely]]
    workerOrDie("__syncthreads");
  if (asanFibers())
    barrierArrive<AsanSwitch>(W, W->current(), Loc);
  else
    barrierArrive<RawSwitch>(W, W->current(), Loc);
}

void stopLane() { throw StopLaneException{}; }

void *dynamicShared() noexcept { return Current.DynamicShared; }

} // namespace wavesan::emu::detail
