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
#include <type_traits>

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
/// - its value is not a constant expression: `const int W = warpSize;` is the run's wave
///   size (a constant value would let the compiler fold that initialiser, which is
///   constant-evaluated, to 64, and a wave_size=32 run would compute with the wrong
///   width); a constant wave size is `__AMDGCN_WAVEFRONT_SIZE` (64 for the emulated target)
///   or a template parameter;
/// - a comparison with a number (`warpSize > 32`, `warpSize == 64`) is a constant
///   expression where one is required (`if constexpr (warpSize > 32)`, a static_assert):
///   there it compares the compiled target's 64; at run time the run's wave size.
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

  /// The wave size a comparison sees: 64 (the target's) in a constant expression.
  constexpr int compared() const {
    if (Held >= 0)
      return Held;
    if (__builtin_is_constant_evaluated())
      return 64;
    return Current.WaveSize;
  }
  /// -1, 0 or 1 as \p A is less than, equal to or greater than \p B (no sign surprises).
  template <class T> static constexpr int order(int A, T B) {
    if constexpr (std::is_floating_point_v<T>)
      return A < B ? -1 : (A > B ? 1 : 0);
    else if constexpr (std::is_unsigned_v<T>)
      return A < 0 || static_cast<unsigned long long>(A) < B
                 ? -1
                 : (static_cast<unsigned long long>(A) > B ? 1 : 0);
    else
      return static_cast<long long>(A) < B ? -1 : (static_cast<long long>(A) > B ? 1 : 0);
  }
#define WAVESAN_WARPSIZE_COMPARE(Op)                                                     \
  template <class T>                                                                      \
    requires std::is_arithmetic_v<T>                                                      \
  friend constexpr bool operator Op(const WarpSizeValue &W, T V) {                        \
    return order(W.compared(), V) Op 0;                                                   \
  }                                                                                       \
  template <class T>                                                                      \
    requires std::is_arithmetic_v<T>                                                      \
  friend constexpr bool operator Op(T V, const WarpSizeValue &W) {                        \
    return 0 Op order(W.compared(), V);                                                   \
  }
  WAVESAN_WARPSIZE_COMPARE(<)
  WAVESAN_WARPSIZE_COMPARE(>)
  WAVESAN_WARPSIZE_COMPARE(<=)
  WAVESAN_WARPSIZE_COMPARE(>=)
  WAVESAN_WARPSIZE_COMPARE(==)
  WAVESAN_WARPSIZE_COMPARE(!=)
#undef WAVESAN_WARPSIZE_COMPARE
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
