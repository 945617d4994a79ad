//===--- wave_compare.h - run a launch at wave 32 and 64, compare outputs --===//
///
/// \file
/// `wavesan::compareWaveSizes`: the issue's "a kernel correct on wave32 and
/// wrong on wave64 is a port bug, reported as such". A test wraps the launches
/// that produce a result; wavesan runs them once at wave 32 and once at wave
/// 64, each time from the same starting bytes of the listed device buffers,
/// and reports `wave-size-divergence` (rule wave-size-divergence) when any
/// buffer ends with different bytes. Included by <hip/hip_runtime.h>.
///
/// \code
///   hipMemset(d_out, 0, sizeof(float));
///   wavesan::compareWaveSizes("block_sum", [&] {
///     hipLaunchKernelGGL(block_sum, dim3(304), dim3(256), 0, 0, d_x, d_out, n);
///   }, {{d_out, sizeof(float)}});
/// \endcode
///
/// Only deterministic results can be compared: a kernel whose output depends on
/// the order of atomics across blocks (float atomicAdd with several workers)
/// may differ between two runs at the same width; use integer data, or
/// `WAVESAN_OPTIONS=workers=1`, when comparing such kernels.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/element_type.h"

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <source_location>

namespace wavesan {

/// A device buffer (hipMalloc'd or host memory: the emulator shares one address
/// space) of \p Bytes bytes at \p Ptr. Built from a typed pointer (`{d_out,
/// n * sizeof(float)}` with `float *d_out`) it knows its element type, and the
/// report shows differing elements as values of that type; from a `void *`, as
/// bytes.
struct DeviceBuffer {
  void *Ptr = nullptr;
  size_t Bytes = 0;
  ElementInfo Element;

  DeviceBuffer() = default;
  template <class T>
  DeviceBuffer(T *P, size_t B)
      : Ptr(const_cast<void *>(static_cast<const void *>(P))), Bytes(B),
        Element(elementInfoOf<T>()) {}
};

/// Runs \p Launch at wave 32, then restores every buffer of \p Buffers (list the
/// kernel's outputs and any buffer it modifies in place) to the bytes it held on
/// entry and runs \p Launch at wave 64. If any buffer's bytes differ between the
/// two runs, reports `wave-size-divergence` at the caller's line, naming \p What
/// (e.g. the kernel), the buffer's index in \p Buffers, how many elements differ
/// and the first of them as values of the buffer's element type after each run
/// (floating point compared within element_type.h's tolerance). Launches inside
/// \p Launch are not compared again under compare_wave_sizes=1. The wave size the process had
/// before the call (option wave_size or setWaveSize) is restored on return, and
/// the buffers keep the wave-64 results (gfx942's). \returns true when the two
/// runs agree. Call it from the host thread, not from a kernel.
bool compareWaveSizes(const char *What, const std::function<void()> &Launch,
                      std::initializer_list<DeviceBuffer> Buffers,
                      std::source_location Loc = std::source_location::current());

} // namespace wavesan
