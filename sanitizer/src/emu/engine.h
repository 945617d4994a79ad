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

struct Lane : LaneCoords {
  LaneState State = LaneState::Fresh;
  ctx::fiber Fiber;             ///< the lane's suspended context while it is blocked
  WaveOpCall *Op = nullptr;     ///< the pending wave operation (state WaveOp)
  uint64_t Result = 0;          ///< the wave operation's result for this lane
  std::source_location BarrierLoc;
  /// Set when another group of the wave resolved a wave operation at this site
  /// while this lane waited at its own (a possible divergence).
  const char *HeldFile = nullptr;
  unsigned HeldLine = 0;
};

struct Wave {
  unsigned First = 0, Count = 0;
  unsigned Runnable = 0; ///< lanes Fresh, Running or Ready
};

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
/// top shifted by a multiple of 256 bytes so that the hot frames of
/// neighbouring lanes do not alias in the L1 cache (FACTS.md, ~25 %).
class StackPool {
public:
  /// Bytes per lane stack (virtual; untouched pages cost nothing). Large enough
  /// for kernels with local arrays and for AddressSanitizer's larger frames.
  static constexpr size_t StackBytes = 256 * 1024;
  ctx::stack_context allocate();
  void deallocate(ctx::stack_context &S) noexcept;
  ~StackPool();

private:
  std::vector<void *> Free;
  unsigned Counter = 0;
};

class Worker {
public:
  explicit Worker(unsigned Index) : Index(Index) {}
  void runBlocks(LaunchState &L);

  // Called from lanes (the API functions).
  Lane *current() const { return Cur; }
  uint64_t waveOp(WaveOpCall &Call);
  void barrier(const std::source_location &Loc);
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
  void switchTo(ctx::fiber &&Target, Save Kind, Lane *SaveLane);
  void absorb(ctx::fiber &&From);
  ctx::fiber takeRunner();
  void runLane(Lane *Ln);
  void laneExited(Lane *Ln);
  void afterExit();
  void blockCurrent(Lane *Ln);
  void resolveWave(Wave &Wv, Lane *Arriving);
  void reportStall();
  void setCurrent(Lane *Ln);
  bool hasReady() const { return ReadyHead < Ready.size(); }
  Lane *popReady() { return &Lanes[Ready[ReadyHead++]]; }

  // The block being run.
  std::vector<Lane> Lanes;
  std::vector<Wave> Waves;
  std::vector<unsigned> Ready;
  size_t ReadyHead = 0;
  unsigned NextFresh = 0, DoneCount = 0, BarrierCount = 0;
  bool Abandon = false;
  Lane *Cur = nullptr;

  ctx::fiber Main;
  std::vector<ctx::fiber> Idle;
  Save SaveKind = Save::ToMain;
  Lane *SaveLane = nullptr;
  StackPool Stacks;
  std::unique_ptr<std::byte[]> Dynamic;
  size_t DynamicBytes = 0;
};

/// The worker running on this thread (null on other threads).
extern thread_local Worker *ThisWorker __attribute__((tls_model("initial-exec")));

/// Lanes as "0-31, 40, 42-47" (linear ids).
std::string formatLaneSet(const std::vector<unsigned> &Ids);

} // namespace wavesan::emu::detail
