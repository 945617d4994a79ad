//===--- coordinates.h - dim3, threadIdx, blockIdx, warpSize ---------------===//
///
/// \file
/// Thread coordinates of the lane that is running. `threadIdx`, `blockIdx`,
/// `blockDim`, `gridDim` and `warpSize` are macros over the worker thread's
/// state (one `fs:`-relative load plus a field), which the engine updates on
/// every switch between lanes. They are read-only (`const dim3 &`).
/// `warpSize` (an object converting to int) is the wave size of the running launch: 64 (gfx942), or 32 when
/// option wave_size=32 or wavesan::setWaveSize(32) was used; in a constant
/// expression it is 64, the compiled target's (WarpSizeValue).
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/coordinates.h"
#endif

#include <cstdint>

/// HIP's dim3: a grid or block extent, or a coordinate (x, y, z).
struct dim3 {
  uint32_t x = 1, y = 1, z = 1;
  constexpr dim3(uint32_t X = 1, uint32_t Y = 1, uint32_t Z = 1) : x(X), y(Y), z(Z) {}
};

namespace wavesan::emu::detail {

/// The coordinates of one lane (thread) of a block.
struct LaneCoords {
  dim3 ThreadIdx;
  unsigned Linear = 0;     ///< x + y*blockDim.x + z*blockDim.x*blockDim.y
  uint16_t LaneInWave = 0; ///< Linear % wave size
  uint16_t Wave = 0;       ///< Linear / wave size (at most 1024 / 32)
};

struct WorkerHot;

/// What the running lane's code reads; one per worker thread.
struct WorkerState {
  const LaneCoords *Lane = nullptr;
  WorkerHot *Hot = nullptr; ///< the worker (engine_fast.h), set for the worker's lifetime
  dim3 BlockIdx, BlockDim, GridDim;
  int WaveSize = 64;
  void *DynamicShared = nullptr;
};

/// Defined in the runtime. constinit: no TLS wrapper call on access;
/// initial-exec: one %fs-relative access, no __tls_get_addr call, also from
/// the runtime's position-independent code (the runtime is a static library
/// linked into the test executable; it cannot live in a dlopen'ed module).
extern constinit thread_local WorkerState Current __attribute__((tls_model("initial-exec")));

} // namespace wavesan::emu::detail

#define threadIdx (static_cast<const dim3 &>(::wavesan::emu::detail::Current.Lane->ThreadIdx))
#define blockIdx (static_cast<const dim3 &>(::wavesan::emu::detail::Current.BlockIdx))
#define blockDim (static_cast<const dim3 &>(::wavesan::emu::detail::Current.BlockDim))
#define gridDim (static_cast<const dim3 &>(::wavesan::emu::detail::Current.GridDim))

namespace wavesan::emu::detail {
/// The type of `warpSize`. An object, not a macro, so that `hipDeviceProp_t::warpSize`
/// and user variables named warpSize still work. It converts to int:
/// - at run time, to the running launch's wave size (64, or 32 under wave_size=32);
/// - it is not a constant expression (as in current ROCm, where warpSize is a run-time
///   value): a constant wave size is `__AMDGCN_WAVEFRONT_SIZE` (64 for the emulated
///   target) or a template parameter. Were it one, `const int W = warpSize;` would be
///   folded to 64 by the compiler (its initialiser is constant-evaluated) and a
///   wave_size=32 run would compute with the wrong width.
/// A copy (`auto w{warpSize};`) holds the value read when it was made and takes the
/// compound assignments (`w >>= 1`). Passing it through `...` (printf) needs a cast.
struct WarpSizeValue {
  int Held = -1; ///< -1: the live value (the global warpSize); else a copy's value

  constexpr WarpSizeValue() = default;
  constexpr WarpSizeValue(const WarpSizeValue &Other) : Held(Other.value()) {}
  constexpr WarpSizeValue &operator=(const WarpSizeValue &Other) {
    Held = Other.value();
    return *this;
  }
  constexpr int value() const {
    if (Held >= 0)
      return Held;
    return Current.WaveSize;
  }
  constexpr operator int() const { return value(); }
#define WAVESAN_WARPSIZE_ASSIGN(Op)                                                      \
  constexpr WarpSizeValue &operator Op##=(int V) {                                        \
    Held = value() Op V;                                                                  \
    return *this;                                                                         \
  }
  WAVESAN_WARPSIZE_ASSIGN(+)
  WAVESAN_WARPSIZE_ASSIGN(-)
  WAVESAN_WARPSIZE_ASSIGN(*)
  WAVESAN_WARPSIZE_ASSIGN(/)
  WAVESAN_WARPSIZE_ASSIGN(%)
  WAVESAN_WARPSIZE_ASSIGN(>>)
  WAVESAN_WARPSIZE_ASSIGN(<<)
  WAVESAN_WARPSIZE_ASSIGN(&)
  WAVESAN_WARPSIZE_ASSIGN(|)
#undef WAVESAN_WARPSIZE_ASSIGN
};
} // namespace wavesan::emu::detail

inline constexpr ::wavesan::emu::detail::WarpSizeValue warpSize{};

/// HIP's __lane_id(): the lane's index in its wavefront.
inline unsigned __lane_id() { return ::wavesan::emu::detail::Current.Lane->LaneInWave; }
