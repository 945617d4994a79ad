//===--- control.h - wavesan's own API: wave size, launch statistics -------===//
///
/// \file
/// Calls a test can make besides the HIP API: wavesan::setWaveSize(32 or 64)
/// (options.h), setWorkers and setKernelTimeout for the launches that follow,
/// and wavesan::lastLaunchStats(), the engine's counters for the most recent
/// launch (benchmarks and tests of the engine read them).
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/control.h"
#endif

#include "wavesan/options.h"

#include <cstdint>

namespace wavesan {

/// Counters of one launch, summed over its worker threads.
struct LaunchStats {
  unsigned Workers = 0;       ///< worker threads that ran blocks
  unsigned WaveSize = 0;      ///< lanes per wavefront
  uint64_t Blocks = 0;        ///< blocks run (or abandoned)
  uint64_t Lanes = 0;         ///< threads run
  uint64_t WaveOpCalls = 0;   ///< lane calls of wave operations (counted as they resolve)
  uint64_t WaveOps = 0;       ///< resolved wave operations (one per lane group)
  uint64_t Barriers = 0;      ///< completed block barriers
  uint64_t Switches = 0;      ///< fiber context switches
  uint64_t FibersCreated = 0; ///< fibers created during the launch (the rest came from pools)
  /// Most fibers one worker had in use at once: 1 for a kernel without wave
  /// operations or barriers (every lane runs on the same fiber, one after another).
  unsigned PeakFibersPerWorker = 0;
};

/// The counters of the most recent launch (all zero before the first).
LaunchStats lastLaunchStats();

/// Overrides option `workers` for the launches that follow (0: back to the
/// option; its 0 means the hardware concurrency). Call between launches.
void setWorkers(unsigned Workers);

/// Overrides option `kernel_timeout_s` for the launches that follow (seconds;
/// 0 disables the watchdog; a negative value goes back to the option).
void setKernelTimeout(double Seconds);

/// Overrides option `lockstep_lds` for the launches that follow (1: a wave's lanes
/// take each shared-memory access together; 0: one after another, reporting
/// wave-lds-race where they share LDS between synchronisations; -1: back to the
/// option). Only code built with `wavesan-cc -fwavesan-lockstep` is affected.
void setLockstepLds(int On);

/// Block-completion hook (for wavesan::TileRecorder, wavesan/tile_recorder.h):
/// when set, the engine calls `Fn(User, BlockId)` once after each block of the
/// launches that follow has finished, with BlockId = blockIdx.x + gridDim.x *
/// (blockIdx.y + gridDim.y * blockIdx.z), on the worker thread that ran the
/// block, before the launch returns. With more than one worker, blocks finish
/// concurrently (setWorkers(1) runs them one after another in id order). Not
/// called for a block abandoned by a deadlock or timeout. nullptr removes it.
/// Call between launches. Without a hook the engine's only cost is one
/// predictable branch per block.
using BlockObserver = void (*)(void *User, uint64_t BlockId);
void setBlockObserver(BlockObserver Fn, void *User);

/// While one is alive on a thread, that thread's launches do not report the
/// `launch-underfilled-grid` note even with report_underfilled_grid=1: for
/// launches whose grid the user does not choose (wavesan's own reference
/// kernels). Errors are still reported.
class QuietLaunchNotes {
public:
  QuietLaunchNotes();
  ~QuietLaunchNotes();
  QuietLaunchNotes(const QuietLaunchNotes &) = delete;
  QuietLaunchNotes &operator=(const QuietLaunchNotes &) = delete;

private:
  bool Saved;
};

} // namespace wavesan
