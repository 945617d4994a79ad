//===--- fibers.h - a worker's lane stacks and runner fibers (not installed) ===//
///
/// \file
/// The fiber side of a worker: the pool of mmap'd lane stacks, the creation of
/// runner fibers, the worker's own context while a block runs, and the stack
/// bounds AddressSanitizer's fiber-switch annotations need. The parked runners
/// themselves (raw contexts) are hot state: WorkerHot::IdleCtx, engine_fast.h.
///
//===----------------------------------------------------------------------===//
#pragma once

#define WAVESAN_EMU_INSIDE_HIP_RUNTIME 1
#include "wavesan/emu/coordinates.h"
#include "wavesan/emu/lane_mask.h"
#include "wavesan/emu/wave_ops.h"
#undef WAVESAN_EMU_INSIDE_HIP_RUNTIME

#include <boost/context/fiber.hpp>

#include <vector>

namespace wavesan::emu::detail {

namespace ctx = boost::context;

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

/// A worker's fibers (cold part). Stack bounds are tracked only under ASan.
struct FiberPool {
  /// Reads the calling (worker) thread's stack bounds.
  FiberPool();
  /// A new runner fiber on a pooled stack running \p Entry; \p Stack gets its stack.
  ctx::fiber create(ctx::fiber (*Entry)(ctx::fiber &&), StackBounds &Stack);

  ctx::fiber Main;        ///< the worker's own context (runBlock) while a block runs
  StackBounds MainStack;  ///< the worker thread's own stack (Main runs on it)
  StackBounds Running;    ///< the stack of the context running now
  StackBounds Leaving;    ///< the stack of the context that switched last
  /// The stack of each parked runner (same index as WorkerHot::IdleCtx).
  std::vector<StackBounds> IdleStacks = std::vector<StackBounds>(WorkerHot::RingSize + 1);
  std::vector<StackBounds> LaneStacks; ///< per lane (linear id): its fiber's stack
  StackPool Stacks;
};

} // namespace wavesan::emu::detail
