//===--- atomics.h - atomicAdd, atomicCAS ... on global and shared memory --===//
///
/// \file
/// HIP's atomics over std::atomic_ref (sequentially consistent), for any
/// object a lane can address: global memory (hipMalloc) or `__shared__`
/// memory. Each returns the old value. The value operand is deduced from the
/// pointer (`atomicAdd(&f, 1)` on a float adds 1.0f).
///
/// Every atomic checks the watchdog's stop flag first, so a spin loop on an
/// atomic (`while (atomicCAS(L, 0, 1)) {}`) ends when `kernel_timeout_s` runs
/// out (the kernel-timeout report names it). A loop that never calls the
/// emulator (a plain or volatile read) cannot be preempted: the watchdog then
/// ends the process (see docs/wavesan-emulator.md).
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/atomics.h"
#endif

#include <atomic>
#include <type_traits>

namespace wavesan::emu::detail {
/// Set by the watchdog when a launch runs out of time.
extern std::atomic<bool> StopRequested;
/// Abandons the running lane's block (the launch is being stopped).
[[noreturn]] void stopLane();
inline void pollStop() {
  if (StopRequested.load(std::memory_order_relaxed)) [[unlikely]]
    stopLane();
}
template <class T> using Same = std::type_identity_t<T>;
} // namespace wavesan::emu::detail

template <class T> inline T atomicAdd(T *Address, ::wavesan::emu::detail::Same<T> Val) {
  ::wavesan::emu::detail::pollStop();
  return std::atomic_ref<T>(*Address).fetch_add(Val);
}
template <class T> inline T atomicSub(T *Address, ::wavesan::emu::detail::Same<T> Val) {
  ::wavesan::emu::detail::pollStop();
  return std::atomic_ref<T>(*Address).fetch_sub(Val);
}
template <class T> inline T atomicExch(T *Address, ::wavesan::emu::detail::Same<T> Val) {
  ::wavesan::emu::detail::pollStop();
  return std::atomic_ref<T>(*Address).exchange(Val);
}
/// Stores \p Val if *Address == \p Compare; returns the old value.
template <class T>
inline T atomicCAS(T *Address, ::wavesan::emu::detail::Same<T> Compare,
                   ::wavesan::emu::detail::Same<T> Val) {
  ::wavesan::emu::detail::pollStop();
  std::atomic_ref<T>(*Address).compare_exchange_strong(Compare, Val);
  return Compare;
}
template <class T> inline T atomicMax(T *Address, ::wavesan::emu::detail::Same<T> Val) {
  ::wavesan::emu::detail::pollStop();
  std::atomic_ref<T> A(*Address);
  T Old = A.load();
  while (Old < Val && !A.compare_exchange_weak(Old, Val)) {
  }
  return Old;
}
template <class T> inline T atomicMin(T *Address, ::wavesan::emu::detail::Same<T> Val) {
  ::wavesan::emu::detail::pollStop();
  std::atomic_ref<T> A(*Address);
  T Old = A.load();
  while (Val < Old && !A.compare_exchange_weak(Old, Val)) {
  }
  return Old;
}
template <class T> inline T atomicAnd(T *Address, ::wavesan::emu::detail::Same<T> Val) {
  ::wavesan::emu::detail::pollStop();
  return std::atomic_ref<T>(*Address).fetch_and(Val);
}
template <class T> inline T atomicOr(T *Address, ::wavesan::emu::detail::Same<T> Val) {
  ::wavesan::emu::detail::pollStop();
  return std::atomic_ref<T>(*Address).fetch_or(Val);
}
template <class T> inline T atomicXor(T *Address, ::wavesan::emu::detail::Same<T> Val) {
  ::wavesan::emu::detail::pollStop();
  return std::atomic_ref<T>(*Address).fetch_xor(Val);
}
/// CUDA/HIP atomicInc: stores (old >= Val) ? 0 : old + 1.
inline unsigned atomicInc(unsigned *Address, unsigned Val) {
  ::wavesan::emu::detail::pollStop();
  std::atomic_ref<unsigned> A(*Address);
  unsigned Old = A.load();
  while (!A.compare_exchange_weak(Old, Old >= Val ? 0u : Old + 1)) {
  }
  return Old;
}
/// CUDA/HIP atomicDec: stores (old == 0 || old > Val) ? Val : old - 1.
inline unsigned atomicDec(unsigned *Address, unsigned Val) {
  ::wavesan::emu::detail::pollStop();
  std::atomic_ref<unsigned> A(*Address);
  unsigned Old = A.load();
  while (!A.compare_exchange_weak(Old, (Old == 0 || Old > Val) ? Val : Old - 1)) {
  }
  return Old;
}
