//===--- sync.h - __syncthreads, __threadfence ------------------------------===//
///
/// \file
/// `__syncthreads()` is a block barrier: it completes when every thread of the
/// block waits at the same `__syncthreads` call. One that can never complete
/// (threads exited, or wait at another barrier) reports `barrier-deadlock`
/// naming the waiting and missing threads, and the block is abandoned (the
/// launch returns hipErrorLaunchFailure); it never hangs. Fences are
/// std::atomic_thread_fence (sequentially consistent).
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/sync.h"
#endif

#include <atomic>
#include <source_location>

#include "wavesan/emu/engine_fast.h" // syncThreads(): the inline fast path

__attribute__((always_inline)) inline void
__syncthreads(std::source_location Loc = std::source_location::current()) {
  ::wavesan::emu::detail::syncThreads(Loc);
}
inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_block() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_system() { std::atomic_thread_fence(std::memory_order_seq_cst); }

// __syncthreads_count/_and/_or: a barrier that also counts the threads
// whose predicate is non-zero. Built on syncThreads, three barriers at the caller's line:
// reset, add, read. The block's lanes all run on one worker thread, one at a time, so a
// thread_local pair of counters is the block's and needs no atomics; resetting first
// (after a barrier) also clears what an abandoned block left.
namespace wavesan::emu::detail {
struct BarrierVote {
  unsigned Yes = 0, No = 0;
};
/// The block's vote counters (one worker runs one block at a time); defined in
/// the runtime, so that the wave-lds-race check can tell them from LDS.
extern constinit thread_local BarrierVote VoteAccumulator __attribute__((tls_model("initial-exec")));
inline BarrierVote syncThreadsVote(int Predicate, const std::source_location &Loc) {
  BarrierVote &Acc = VoteAccumulator;
  syncThreads(Loc); // every read of the previous vote is done
  Acc = {};
  syncThreads(Loc);
  ++(Predicate ? Acc.Yes : Acc.No);
  syncThreads(Loc);
  return Acc;
}
} // namespace wavesan::emu::detail

/// A barrier; returns the number of threads of the block whose \p Predicate is non-zero.
inline int __syncthreads_count(int Predicate,
                               std::source_location Loc = std::source_location::current()) {
  return static_cast<int>(::wavesan::emu::detail::syncThreadsVote(Predicate, Loc).Yes);
}
/// A barrier; returns 1 if \p Predicate is non-zero in every thread of the block.
inline int __syncthreads_and(int Predicate,
                             std::source_location Loc = std::source_location::current()) {
  return ::wavesan::emu::detail::syncThreadsVote(Predicate, Loc).No == 0;
}
/// A barrier; returns 1 if \p Predicate is non-zero in any thread of the block.
inline int __syncthreads_or(int Predicate,
                            std::source_location Loc = std::source_location::current()) {
  return ::wavesan::emu::detail::syncThreadsVote(Predicate, Loc).Yes != 0;
}
