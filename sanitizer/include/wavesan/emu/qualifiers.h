//===--- qualifiers.h - __global__, __device__, __shared__ ... ------------===//
///
/// \file
/// HIP's function and variable qualifiers for the CPU emulator. Kernels and
/// device functions are ordinary host functions.
///
/// `__shared__` expands to `thread_local`: at block scope that implies `static`,
/// so a kernel's `__shared__ float Tile[64][64];` is one object per worker
/// thread. A worker runs one block at a time (all lanes of a block are fibers
/// on that worker and never migrate), so each running block has its own
/// instance and two blocks on two workers never share one. As on hardware, the
/// content at block start is undefined (here: whatever the worker's previous
/// block left). `__shared__` variables cannot have initialisers (as in HIP).
///
/// Dynamic shared memory: `HIP_DYNAMIC_SHARED(float, Buf)` at function scope
/// (a declaration with its `;`, as HIP's) declares `float *const Buf` pointing at the block's dynamic LDS (the launch's
/// `shmem` bytes, 16-byte aligned). `extern __shared__ float Buf[];` compiles
/// (it declares an extern thread_local array) but fails to link ("undefined
/// reference to Buf"): a host compiler has no per-launch symbol for it. Use
/// HIP_DYNAMIC_SHARED instead.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/qualifiers.h"
#endif

#define __global__
#define __device__
#define __host__
#define __constant__
#define __shared__ thread_local
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...)
#define __align__(N) __attribute__((aligned(N)))
#define __managed__
#define __restrict__ __restrict

namespace wavesan::emu::detail {
void *dynamicShared() noexcept;
} // namespace wavesan::emu::detail

/// Declares `Type *const Name`, the block's dynamic shared memory (HIP's
/// HIP_DYNAMIC_SHARED; function scope only).
#define HIP_DYNAMIC_SHARED(Type, Name)                                                   \
  Type *const Name = static_cast<Type *>(::wavesan::emu::detail::dynamicShared());
