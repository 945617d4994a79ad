//===--- launch.cpp - launch checks, worker pool, watchdog -----------------===//
///
/// \file
/// A launch: the gfx942 launch checks (launch.h), then the blocks run on a
/// pool of worker threads (engine.cpp runs them) while the launching thread
/// waits, as a watchdog with kernel_timeout_s; plus the last HIP error and
/// the statistics of the last launch.
///
//===----------------------------------------------------------------------===//
#include "engine.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace wavesan::emu::detail {

namespace {

/// Bound on how long a timed-out launch may take to stop after the stop flag
/// is set (lanes see it at their next emulator call) before the process ends.
constexpr auto StopGrace = std::chrono::seconds(2);

/// What the launch's workgroups were doing when the watchdog fired: the ones
/// running (waiting, when the launch does not progress), how many finished and
/// how many had not started, and what that pattern means.
std::string progress(const LaunchState &L, unsigned Workers) {
  const dim3 G = L.Req.Grid;
  std::vector<uint64_t> Running;
  for (unsigned I = 0; I < Workers; ++I)
    if (const uint64_t R = L.RunningBlock[I].load(std::memory_order_relaxed))
      Running.push_back(R - 1);
  std::sort(Running.begin(), Running.end());
  const uint64_t Done = L.BlocksDone.load(std::memory_order_relaxed);
  const uint64_t Taken = std::min(L.NextBlock.load(std::memory_order_relaxed), L.NumBlocks);
  const uint64_t NotStarted = L.NumBlocks - Taken;
  std::string Ids;
  for (size_t I = 0; I < Running.size() && I < 16; ++I) {
    const uint64_t Id = Running[I];
    Ids += fmt::format("{}({},{},{})", I ? ", " : "", Id % G.x, (Id / G.x) % G.y,
                       Id / (uint64_t(G.x) * G.y));
  }
  if (Running.size() > 16)
    Ids += fmt::format(" and {} more", Running.size() - 16);
  std::string S = fmt::format("Of {} workgroups, {} finished, {} {} still running{}{}",
                              L.NumBlocks, Done, Running.size(),
                              Running.size() == 1 ? "was" : "were",
                              Running.empty() ? "" : ": workgroups " + Ids,
                              NotStarted ? fmt::format(", {} had not started", NotStarted)
                                         : std::string());
  if (NotStarted && !Running.empty())
    S += fmt::format(". The emulator runs {} workgroup{} at a time (option workers); a "
                     "workgroup that waits for another workgroup (a grid-wide spin on a flag "
                     "that a later workgroup sets) waits forever when that workgroup cannot "
                     "start before the waiting ones finish, here and on a GPU whose CUs are "
                     "busy: HIP does not guarantee that the workgroups of a grid run "
                     "concurrently",
                     Workers, Workers == 1 ? "" : "s");
  return S;
}

class Pool {
public:
  /// Runs \p L on \p Workers threads (fewer when the system cannot start that many:
  /// \p Workers is then lowered, to 0 when no thread runs); \returns false if the
  /// watchdog stopped it or no worker thread could be started.
  bool run(LaunchState &L, unsigned &Workers, double TimeoutS, LaunchStats &Out) {
    std::unique_lock<std::mutex> Lock(M);
    installFaultHandlers(); // before the first worker runs a lane
    while (Threads.size() < Workers) {
      unsigned I = static_cast<unsigned>(Threads.size());
      try {
        Threads.emplace_back([this, I] { workerMain(I); });
      } catch (const std::system_error &E) {
        std::fprintf(stderr, "wavesan: cannot start worker thread %u of %u (%s); running the "
                             "launch on %u\n",
                     I + 1, Workers, E.what(), I);
        Workers = I;
        if (Workers == 0)
          return false;
        break;
      }
      Threads.back().detach();
    }
    Active = &L;
    ActiveWorkers = Workers;
    Running = Workers;
    Sum = LaunchStats{};
    ++Generation;
    Cv.notify_all();
    bool TimedOut = false;
    auto Done = [&] { return Running == 0; };
    if (TimeoutS > 0) {
      // The watchdog fires when no workgroup finished for TimeoutS: a slow kernel that
      // keeps finishing workgroups runs on; a stuck one is stopped.
      uint64_t Seen = L.BlocksDone.load(std::memory_order_relaxed);
      bool Finished = false;
      while (!(Finished = DoneCv.wait_for(Lock, std::chrono::duration<double>(TimeoutS), Done))) {
        const uint64_t Now = L.BlocksDone.load(std::memory_order_relaxed);
        if (Now == Seen)
          break;
        Seen = Now;
      }
      if (!Finished) {
        TimedOut = true;
        StopRequested = true;
        Lock.unlock();
        ReportLocation W;
        W.File = L.Req.Loc.file_name();
        W.Line = L.Req.Loc.line();
        W.Function = L.Req.Loc.function_name();
        W.Kernel = L.Req.KernelName;
        W.Scope = ReportScope::Launch;
        char Buf[64];
        std::snprintf(Buf, sizeof Buf, "%g", TimeoutS);
        report(ReportKind::KernelTimeout, W,
               std::string("no workgroup of kernel '") + L.Req.KernelName +
                   "' finished within " + Buf +
                   " s (kernel_timeout_s: the longest the emulator waits without progress); "
                   "stopping it. " + progress(L, Workers));
        Lock.lock();
        if (!DoneCv.wait_for(Lock, StopGrace, Done)) {
          std::fprintf(stderr,
                       "wavesan: kernel '%s' cannot be stopped (a lane loops without calling "
                       "the emulator); exiting\n",
                       L.Req.KernelName);
          std::fflush(nullptr);
          _exit(options().exitcode);
        }
        StopRequested = false;
      }
    } else {
      DoneCv.wait(Lock, Done);
    }
    Out = Sum;
    Active = nullptr;
    return !TimedOut;
  }

private:
  void workerMain(unsigned I) {
    installAltStack(); // the fault handler's stack (fault.cpp)
    Worker W(I);
    ThisWorker = &W;
    Current.Hot = &W;
    uint64_t Seen = 0;
    std::unique_lock<std::mutex> Lock(M);
    for (;;) {
      Cv.wait(Lock, [&] { return Generation != Seen; });
      Seen = Generation;
      if (I >= ActiveWorkers)
        continue;
      LaunchState *L = Active;
      Lock.unlock();
      W.runBlocks(*L);
      Lock.lock();
      Sum.Blocks += W.Stats.Blocks;
      Sum.Lanes += W.Stats.Lanes;
      Sum.WaveOpCalls += W.Stats.WaveOpCalls;
      Sum.WaveOps += W.Stats.WaveOps;
      Sum.Barriers += W.Stats.Barriers;
      Sum.Switches += W.Stats.Switches;
      Sum.FibersCreated += W.Stats.FibersCreated;
      Sum.PeakFibersPerWorker = std::max(Sum.PeakFibersPerWorker, W.Stats.PeakFibersPerWorker);
      if (--Running == 0)
        DoneCv.notify_all();
    }
  }

  std::mutex M;
  std::condition_variable Cv, DoneCv;
  std::vector<std::thread> Threads;
  LaunchState *Active = nullptr;
  unsigned ActiveWorkers = 0, Running = 0;
  uint64_t Generation = 0;
  LaunchStats Sum;
};

Pool &pool() {
  static Pool *P = new Pool; // never destroyed: detached workers may outlive main()
  return *P;
}

std::mutex LaunchMutex; // one launch at a time
LaunchStats LastStats;
std::atomic<unsigned> WorkersOverride{0};
std::atomic<double> TimeoutOverride{-1.0};
thread_local hipError_t LastError = hipSuccess;
thread_local bool QuietNotes = false; // wavesan::QuietLaunchNotes
BlockObserver Observer = nullptr;      // wavesan::setBlockObserver (under LaunchMutex)
void *ObserverUser = nullptr;

ReportLocation launchSite(const LaunchRequest &R) {
  ReportLocation W;
  W.File = R.Loc.file_name();
  W.Line = R.Loc.line();
  W.Function = R.Loc.function_name();
  W.Kernel = R.KernelName;
  W.Scope = ReportScope::Launch;
  return W;
}

/// What is wrong with grid \p G of blocks \p B ("" when nothing): a dimension over
/// gfx942's maxGridSize, grid x block over 2^32 - 1 work items in a dimension (HIP's
/// own launch check, hipErrorInvalidConfiguration), or more than 2^64 - 1 blocks.
std::string gridProblem(const dim3 &G, const dim3 &B) {
  const uint32_t Grid[3] = {G.x, G.y, G.z}, Block[3] = {B.x, B.y, B.z};
  const char Axis[3] = {'x', 'y', 'z'};
  for (int D = 0; D < 3; ++D) {
    if (Grid[D] > Gfx942MaxGridSize)
      return fmt::format("gridDim.{} {} exceeds maxGridSize[{}] = {} of gfx942", Axis[D],
                         Grid[D], D, Gfx942MaxGridSize);
    const uint64_t Items = uint64_t(Grid[D]) * Block[D];
    if (Items > UINT32_MAX)
      return fmt::format("gridDim.{} x blockDim.{} = {} work items exceeds {} (2^32 - 1), the "
                         "most HIP launches in one dimension",
                         Axis[D], Axis[D], Items, UINT32_MAX);
  }
  uint64_t XY = 0, XYZ = 0;
  if (__builtin_mul_overflow(uint64_t(G.x), uint64_t(G.y), &XY) ||
      __builtin_mul_overflow(XY, uint64_t(G.z), &XYZ))
    return "the grid has more than 2^64 - 1 blocks (gridDim.x x gridDim.y x gridDim.z "
           "overflows 64 bits)";
  return "";
}

hipError_t fail(hipError_t E) {
  LastError = E;
  return E;
}

} // namespace

/// Set by a cooperative launch (grid_sync.cpp): one worker per block.
std::atomic<unsigned> CooperativeWorkers{0};

hipError_t setLastError(hipError_t E) {
  if (E != hipSuccess)
    LastError = E;
  return E;
}

// The execution error (a kernel that timed out or failed) not yet returned by a
// synchronize call: on a GPU a launch returns before the kernel runs, and its
// execution error surfaces at the next hipDeviceSynchronize /
// hipStreamSynchronize / hipEventSynchronize, which is where ported tests look
// for it. Process-wide (the device's state), returned once.
std::atomic<hipError_t> PendingExecutionError{hipSuccess};

hipError_t takeExecutionError() { return PendingExecutionError.exchange(hipSuccess); }

hipError_t takeLastError(bool Reset) {
  hipError_t E = LastError;
  if (Reset)
    LastError = hipSuccess;
  return E;
}

hipError_t launch(const LaunchRequest &R) {
  const Options &O = options();
  const dim3 G = R.Grid, B = R.Block;
  if (!G.x || !G.y || !G.z || !B.x || !B.y || !B.z)
    return fail(hipErrorInvalidConfiguration);
  const uint64_t Threads = uint64_t(B.x) * B.y * B.z;
  if (Threads > MaxThreadsPerBlock) {
    report(ReportKind::BlockTooLarge, launchSite(R),
           "block (" + std::to_string(B.x) + ", " + std::to_string(B.y) + ", " +
               std::to_string(B.z) + ") has " + std::to_string(Threads) +
               " threads; gfx942 runs at most " + std::to_string(MaxThreadsPerBlock) +
               " per block; the launch fails with hipErrorInvalidConfiguration");
    return fail(hipErrorInvalidConfiguration);
  }
  if (R.SharedBytes > Gfx942LdsBytesPerBlock) {
    report(ReportKind::LdsOverLimit, launchSite(R),
           "the launch asks for " + std::to_string(R.SharedBytes) +
               " bytes of dynamic shared memory; a gfx942 block has at most " +
               std::to_string(Gfx942LdsBytesPerBlock) +
               " bytes of LDS; the launch fails with hipErrorLaunchOutOfResources");
    return fail(hipErrorLaunchOutOfResources);
  }
  // Grid limits, checked before the block count is formed (it could wrap to 0).
  if (const std::string Why = gridProblem(G, B); !Why.empty()) {
    report(ReportKind::GridTooLarge, launchSite(R),
           "grid (" + std::to_string(G.x) + ", " + std::to_string(G.y) + ", " +
               std::to_string(G.z) + ") of blocks (" + std::to_string(B.x) + ", " +
               std::to_string(B.y) + ", " + std::to_string(B.z) + "): " + Why +
               "; the launch fails with hipErrorInvalidConfiguration");
    return fail(hipErrorInvalidConfiguration);
  }
  const uint64_t Blocks = uint64_t(G.x) * G.y * G.z;
  // Off by default (report_underfilled_grid): a unit test's small grid is not a finding.
  if (Blocks < Gfx942ComputeUnits && O.report_underfilled_grid && !QuietNotes) {
    char Ratio[32];
    std::snprintf(Ratio, sizeof Ratio, "%.1f%%", 100.0 * double(Blocks) / Gfx942ComputeUnits);
    report(ReportKind::LaunchUnderfilledGrid, launchSite(R),
           "grid of " + std::to_string(Blocks) + (Blocks == 1 ? " block fills " : " blocks fills ") + Ratio +
               " of the " + std::to_string(Gfx942ComputeUnits) +
               " compute units of a gfx942 (fill ratio " + std::to_string(Blocks) + "/" +
               std::to_string(Gfx942ComputeUnits) + ")");
  }

  std::lock_guard<std::mutex> Guard(LaunchMutex);
  // One run at WaveSize. The reference run of compare_wave_sizes (Reference) has no
  // block observer and leaves the last error, the pending execution error and the
  // statistics alone.
  auto RunAt = [&](unsigned WaveSize, bool Reference) -> hipError_t {
    LaunchState L;
    L.Req = R;
    L.WaveSize = WaveSize;
    L.BlockThreads = static_cast<unsigned>(Threads);
    L.NumBlocks = Blocks;
    L.Observer = Reference ? nullptr : Observer;
    L.ObserverUser = ObserverUser;
    unsigned Workers = WorkersOverride ? WorkersOverride.load() : O.workers;
    if (!Workers)
      Workers = std::max(1u, std::thread::hardware_concurrency());
    const double Timeout = TimeoutOverride >= 0 ? TimeoutOverride.load() : O.kernel_timeout_s;
    if (unsigned C = CooperativeWorkers.load())
      Workers = C;
    Workers = static_cast<unsigned>(std::min<uint64_t>(Workers, Blocks));
    L.RunningBlock = std::make_unique<std::atomic<uint64_t>[]>(Workers);
    static uint64_t Launches = 0; // under LaunchMutex
    L.Serial = ++Launches;
    LaunchStats S;
    bool Finished = pool().run(L, Workers, Timeout, S);
    S.Workers = Workers;
    S.WaveSize = L.WaveSize;
    if (Workers == 0) // no worker thread could be started (said on stderr)
      return Reference ? hipErrorOutOfMemory : fail(hipErrorOutOfMemory);
    if (Reference)
      return Finished && !L.Failed ? hipSuccess : hipErrorLaunchFailure;
    LastStats = S;
    if (!Finished || L.Failed) {
      const hipError_t E = Finished ? hipErrorLaunchFailure : hipErrorLaunchTimeOut;
      PendingExecutionError = E;
      return fail(E);
    }
    return hipSuccess;
  };
  const hipError_t E = wantsWaveSizeComparison(R)
                           ? launchComparingWaveSizes(R, O.wave_size, RunAt)
                           : RunAt(O.wave_size, false);
  wavesan::detail::reportRepeats(); // "N more times at this site" for this launch's reports
  return E;
}

} // namespace wavesan::emu::detail

namespace wavesan {
LaunchStats lastLaunchStats() {
  std::lock_guard<std::mutex> Guard(emu::detail::LaunchMutex);
  return emu::detail::LastStats;
}
void setWorkers(unsigned Workers) {
  detail::checkWorkers(Workers);
  emu::detail::WorkersOverride = Workers;
}
void setKernelTimeout(double Seconds) {
  detail::checkKernelTimeout(Seconds);
  emu::detail::TimeoutOverride = Seconds;
}
void setBlockObserver(BlockObserver Fn, void *User) {
  std::lock_guard<std::mutex> Guard(emu::detail::LaunchMutex);
  emu::detail::Observer = Fn;
  emu::detail::ObserverUser = User;
}
QuietLaunchNotes::QuietLaunchNotes() : Saved(emu::detail::QuietNotes) {
  emu::detail::QuietNotes = true;
}
QuietLaunchNotes::~QuietLaunchNotes() { emu::detail::QuietNotes = Saved; }
} // namespace wavesan
