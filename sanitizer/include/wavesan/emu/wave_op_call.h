//===--- wave_op_call.h - one lane's call of a wave operation --------------===//
///
/// \file
/// The record a lane leaves while it waits at a shuffle, vote or __syncwarp
/// (wave_ops.h) and the kinds of wave operation: what the engine's transitions
/// (engine_fast.h) and the wave operations' entry points share.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/wave_op_call.h"
#endif

#include <cstdint>
#include <source_location>

namespace wavesan::emu::detail {

enum class WaveOpKind : uint8_t {
  Shfl, ShflUp, ShflDown, ShflXor, Ballot, Any, All, ActiveMask, SyncWarp
};

/// One lane's call of a wave operation (lives on the lane's stack while the
/// lane is blocked in waveOp()).
struct WaveOpCall {
  WaveOpKind Kind;
  bool HasMask;        ///< a *_sync form or __syncwarp
  int Width;           ///< shuffle width
  int Arg;             ///< source lane, delta or xor lane mask
  uint64_t Mask;       ///< *_sync lane mask
  uint64_t Value;      ///< the lane's operand bits (predicate for votes)
  const char *Name;    ///< e.g. "__shfl_down_sync"
  std::source_location Loc;
  /// A coalesced group's operation: lanes missing from it are expected (they took
  /// another branch), so a partial wave is not reported (wave-op-partial).
  bool PartialOk = false;
  /// A lockstep step at a shared-memory access (lockstep.cpp, option lockstep_lds):
  /// resolved before the wave operations other lanes wait at, as the accesses come
  /// first in program order.
  bool LdsStep = false;
};

} // namespace wavesan::emu::detail
