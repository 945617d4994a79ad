//===--- grid_sync.h - hipLaunchCooperativeKernel ---------------------------===//
///
/// \file
/// `hipLaunchCooperativeKernel(kernel, grid, block, args, shmem, stream)`: a launch
/// whose blocks all run at once, so that cooperative_groups::this_grid().sync()
/// is a barrier of the whole grid. \p args is HIP's array of pointers to the
/// arguments, read with the kernel's parameter types. The emulator runs each
/// block of a cooperative launch on its own worker thread: a grid of more than
/// MaxCooperativeBlocks (256) blocks, or more than the gfx942 profile's resident
/// limit (304 CUs x 2048 threads), fails with hipErrorCooperativeLaunchTooLarge.
/// A grid sync in a kernel not launched this way reports `grid-sync-invalid` and
/// acts as a block barrier only; so does a grid sync that some block never
/// reaches (it exited), after the kernel timeout (kernel_timeout_s, or 60 s when
/// the watchdog is off).
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/grid_sync.h"
#endif

#include "wavesan/emu/host_api.h"
#include "wavesan/emu/coordinates.h"
#include "wavesan/emu/launch.h"

#include <cstddef>
#include <source_location>
#include <tuple>
#include <type_traits>
#include <utility>

namespace wavesan::emu::detail {
constexpr unsigned MaxCooperativeBlocks = 256;
/// Checks a cooperative grid (hipSuccess or hipErrorCooperativeLaunchTooLarge /
/// hipErrorInvalidConfiguration), then marks the launches of this thread as
/// cooperative and runs them with one worker per block until endCooperative().
hipError_t beginCooperative(dim3 Grid, dim3 Block);
void endCooperative();

template <class... Params, size_t... I>
hipError_t launchCooperative(const char *Name, const std::source_location &Loc,
                             void (*Kernel)(Params...), dim3 Grid, dim3 Block, void **Args,
                             size_t Shmem, std::index_sequence<I...>) {
  if (sizeof...(Params) != 0 && !Args)
    return hipErrorInvalidValue;
  if (hipError_t E = beginCooperative(Grid, Block); E != hipSuccess)
    return E;
  ChevronLaunch C{Name, Loc, Grid, Block, Shmem, reinterpret_cast<void (*)()>(Kernel)};
  hipError_t E = C.run([Kernel](const auto &...V) { Kernel(V...); },
                       *static_cast<std::decay_t<Params> *>(Args[I])...);
  endCooperative();
  return E;
}
} // namespace wavesan::emu::detail

template <class... Params>
inline hipError_t hipLaunchCooperativeKernel(
    void (*Kernel)(Params...), dim3 Grid, dim3 Block, void **Args, unsigned Shmem = 0,
    hipStream_t = nullptr, std::source_location Loc = std::source_location::current()) {
  return ::wavesan::emu::detail::launchCooperative(
      "hipLaunchCooperativeKernel", Loc, Kernel, Grid, Block, Args, Shmem,
      std::index_sequence_for<Params...>{});
}
