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

namespace wavesan::emu::detail {
void syncThreads(const std::source_location &Loc);
} // namespace wavesan::emu::detail

inline void __syncthreads(std::source_location Loc = std::source_location::current()) {
  ::wavesan::emu::detail::syncThreads(Loc);
}
inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_block() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_system() { std::atomic_thread_fence(std::memory_order_seq_cst); }
