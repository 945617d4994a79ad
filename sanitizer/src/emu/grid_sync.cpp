//===--- grid_sync.cpp - cooperative launches and this_grid().sync() -------===//
///
/// \file
/// grid_sync.h and cooperative_groups.h's grid barrier. A cooperative launch runs
/// one worker thread per block (CooperativeWorkers, launch.cpp), so every block
/// is running when any of them waits at the grid barrier: the block's threads
/// meet at a block barrier, then its thread of rank 0 waits on a condition
/// variable (blocking its worker, whose other fibers wait at the next block
/// barrier) until every block has arrived.
///
//===----------------------------------------------------------------------===//
#include "engine.h"

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace wavesan::emu::detail {
extern std::atomic<unsigned> CooperativeWorkers; // launch.cpp

namespace {
struct GridBarrier {
  std::mutex M;
  std::condition_variable Cv;
  uint64_t Blocks = 0, Arrived = 0, Generation = 0;
  bool Broken = false; ///< a wait timed out: later syncs are block barriers
};
GridBarrier Barrier;
std::atomic<bool> Cooperative{false};

ReportLocation here(const std::source_location &Loc) {
  ReportLocation W = static_cast<Worker *>(Current.Hot)->where(
      nullptr, Loc.file_name(), Loc.line(), Loc.function_name(), ReportScope::Block);
  return W;
}
} // namespace

hipError_t beginCooperative(dim3 Grid, dim3 Block) {
  const uint64_t Blocks = uint64_t(Grid.x) * Grid.y * Grid.z;
  const uint64_t Threads = uint64_t(Block.x) * Block.y * Block.z;
  if (Blocks == 0 || Threads == 0)
    return hipErrorInvalidConfiguration;
  // gfx942: 304 CUs, 2048 resident threads each (the target table, as
  // hipGetDeviceProperties reports them).
  if (Blocks > MaxCooperativeBlocks ||
      Blocks * Threads > uint64_t(wavecommon::Gfx942.ComputeUnits) *
                             wavecommon::Gfx942.ResidentThreadsPerCu)
    return hipErrorCooperativeLaunchTooLarge;
  std::lock_guard<std::mutex> G(Barrier.M);
  Barrier.Blocks = Blocks;
  Barrier.Arrived = 0;
  Barrier.Broken = false;
  CooperativeWorkers = static_cast<unsigned>(Blocks);
  Cooperative = true;
  return hipSuccess;
}

void endCooperative() {
  Cooperative = false;
  CooperativeWorkers = 0;
}

void gridSync(const std::source_location &Loc) {
  syncThreads(Loc);
  const bool First = Current.Lane->Linear == 0;
  if (!Cooperative.load()) {
    if (First)
      report(ReportKind::GridSyncInvalid, here(Loc),
             "this_grid().sync() in a kernel not launched with hipLaunchCooperativeKernel: "
             "the blocks of the grid need not run at the same time, so a grid barrier can "
             "hang; the sync acts as a block barrier only");
    syncThreads(Loc);
    return;
  }
  if (First) {
    std::unique_lock<std::mutex> L(Barrier.M);
    if (!Barrier.Broken) {
      const uint64_t Gen = Barrier.Generation;
      if (++Barrier.Arrived == Barrier.Blocks) {
        Barrier.Arrived = 0;
        ++Barrier.Generation;
        Barrier.Cv.notify_all();
      } else {
        const double T = options().kernel_timeout_s > 0 ? options().kernel_timeout_s : 60.0;
        if (!Barrier.Cv.wait_for(L, std::chrono::duration<double>(T),
                                 [&] { return Barrier.Generation != Gen || Barrier.Broken; })) {
          Barrier.Broken = true;
          Barrier.Cv.notify_all();
          const uint64_t Arrived = Barrier.Arrived, Blocks = Barrier.Blocks;
          L.unlock();
          report(ReportKind::GridSyncInvalid, here(Loc),
                 "grid barrier: " + std::to_string(Arrived) + " of " + std::to_string(Blocks) +
                     " blocks arrived within the kernel timeout (the others exited or wait "
                     "elsewhere); this and later grid syncs act as block barriers only");
        }
      }
    }
  }
  syncThreads(Loc);
}
} // namespace wavesan::emu::detail
