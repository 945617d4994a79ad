//===--- wave_ops.h - shuffles, votes, __syncwarp ---------------------------===//
///
/// \file
/// Wavefront operations. Each is a lockstep point among the wave's active
/// lanes: the calling lane records its operand and call site and blocks; the
/// operation resolves when every lane of the wave has arrived, exited or is
/// blocked elsewhere (a barrier or another wave operation). Lanes that did not
/// arrive are inactive, as under an EXEC mask on hardware. Semantics follow
/// HIP's amd_warp_functions.h (ds_bpermute-based shuffles; a shuffle reading an
/// inactive lane gets 0 here and reports `inactive-lane-read`).
///
/// Every function takes a defaulted `std::source_location` last, so reports
/// name the caller's file:line. Shuffles accept any arithmetic type of at most
/// 8 bytes (HIP's int, unsigned, long, long long, float, double ... overloads).
/// The `*_sync` forms take a 64-bit lane mask (ROCm 6.2+); a mask that does not
/// cover the active lanes reports `sync-mask-incomplete`.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/wave_ops.h"
#endif

#include "wavesan/emu/lane_mask.h"

#include <cstdint>
#include <cstring>
#include <source_location>
#include <type_traits>

#include "wavesan/emu/wave_op_call.h"
#include "wavesan/emu/engine_fast.h" // waveOp(): the inline fast path

namespace wavesan::emu::detail {

template <class T>
concept Shufflable = std::is_arithmetic_v<T> && sizeof(T) <= 8;

template <Shufflable T> inline uint64_t toBits(T V) {
  uint64_t B = 0;
  std::memcpy(&B, &V, sizeof(T));
  return B;
}
template <Shufflable T> inline T fromBits(uint64_t B) {
  T V;
  std::memcpy(&V, &B, sizeof(T));
  return V;
}
template <Shufflable T>
__attribute__((always_inline)) inline T shuffle(WaveOpKind Kind, const char *Name, bool HasMask, uint64_t Mask, T Var, int Arg,
                 int Width, const std::source_location &Loc) {
  WaveOpCall C{Kind, HasMask, Width, Arg, Mask, toBits(Var), Name, Loc};
  return fromBits<T>(waveOp(C));
}
__attribute__((always_inline)) inline uint64_t vote(WaveOpKind Kind, const char *Name, bool HasMask, uint64_t Mask, int Pred,
                     const std::source_location &Loc) {
  WaveOpCall C{Kind, HasMask, 0, 0, Mask, Pred != 0 ? 1u : 0u, Name, Loc};
  return waveOp(C);
}

} // namespace wavesan::emu::detail

#define WAVESAN_LOC std::source_location Loc = std::source_location::current()
#define WAVESAN_SHUFFLE(Fn, Kind, ArgName)                                                 \
  template <::wavesan::emu::detail::Shufflable T>                                          \
  __attribute__((always_inline)) inline T Fn(T Var, int ArgName, int Width = warpSize,     \
                                             WAVESAN_LOC) {                                \
    return ::wavesan::emu::detail::shuffle(::wavesan::emu::detail::WaveOpKind::Kind, #Fn,  \
                                           false, 0, Var, ArgName, Width, Loc);            \
  }                                                                                        \
  template <::wavesan::emu::detail::Shufflable T>                                          \
  __attribute__((always_inline)) inline T Fn##_sync(unsigned long long Mask, T Var,        \
                                                    int ArgName, int Width = warpSize,     \
                                                    WAVESAN_LOC) {                         \
    return ::wavesan::emu::detail::shuffle(::wavesan::emu::detail::WaveOpKind::Kind,       \
                                           #Fn "_sync", true, Mask, Var, ArgName, Width,   \
                                           Loc);                                           \
  }

WAVESAN_SHUFFLE(__shfl, Shfl, SrcLane)
WAVESAN_SHUFFLE(__shfl_up, ShflUp, Delta)
WAVESAN_SHUFFLE(__shfl_down, ShflDown, Delta)
WAVESAN_SHUFFLE(__shfl_xor, ShflXor, XorMask)
#undef WAVESAN_SHUFFLE

/// The lanes of the wave whose predicate is non-zero (active lanes only).
inline ::wavesan::emu::LaneMask __ballot(int Predicate, WAVESAN_LOC) {
  using namespace ::wavesan::emu::detail;
  return ::wavesan::emu::LaneMask(vote(WaveOpKind::Ballot, "__ballot", false, 0, Predicate, Loc),
                                  Loc.file_name(), Loc.line(), Loc.function_name());
}
inline ::wavesan::emu::LaneMask __ballot_sync(unsigned long long Mask, int Predicate, WAVESAN_LOC) {
  using namespace ::wavesan::emu::detail;
  return ::wavesan::emu::LaneMask(
      vote(WaveOpKind::Ballot, "__ballot_sync", true, Mask, Predicate, Loc), Loc.file_name(),
      Loc.line(), Loc.function_name());
}
/// The lanes that reach this call together (HIP: the EXEC mask).
inline ::wavesan::emu::LaneMask __activemask(WAVESAN_LOC) {
  using namespace ::wavesan::emu::detail;
  return ::wavesan::emu::LaneMask(vote(WaveOpKind::ActiveMask, "__activemask", false, 0, 1, Loc),
                                  Loc.file_name(), Loc.line(), Loc.function_name());
}
inline int __any(int Predicate, WAVESAN_LOC) {
  using namespace ::wavesan::emu::detail;
  return static_cast<int>(vote(WaveOpKind::Any, "__any", false, 0, Predicate, Loc));
}
inline int __all(int Predicate, WAVESAN_LOC) {
  using namespace ::wavesan::emu::detail;
  return static_cast<int>(vote(WaveOpKind::All, "__all", false, 0, Predicate, Loc));
}
inline int __any_sync(unsigned long long Mask, int Predicate, WAVESAN_LOC) {
  using namespace ::wavesan::emu::detail;
  return static_cast<int>(vote(WaveOpKind::Any, "__any_sync", true, Mask, Predicate, Loc));
}
inline int __all_sync(unsigned long long Mask, int Predicate, WAVESAN_LOC) {
  using namespace ::wavesan::emu::detail;
  return static_cast<int>(vote(WaveOpKind::All, "__all_sync", true, Mask, Predicate, Loc));
}
/// A lockstep point for the lanes in \p Mask (default: the whole wave).
inline void __syncwarp(unsigned long long Mask = ~0ull, WAVESAN_LOC) {
  using namespace ::wavesan::emu::detail;
  (void)vote(WaveOpKind::SyncWarp, "__syncwarp", true, Mask, 1, Loc);
}
