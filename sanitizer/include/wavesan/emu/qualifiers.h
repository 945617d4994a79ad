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
/// Bounds: an index past a `thread_local` array lands in the worker thread's
/// other thread-local data (the emulator's own, or the thread control block),
/// and AddressSanitizer does not check thread-local variables. So wavesan-cc
/// rewrites each function-scope `__shared__ T Name[N]...;` (one declarator, an
/// array) into `WAVESAN_STATIC_SHARED(Name, T[N]...);`: `Name` is then a
/// reference to the block's own copy of the array in a heap block of exactly
/// its size, one per worker (staticShared). Under AddressSanitizer an access
/// one past it is a heap-buffer-overflow at the faulting line; without it, a
/// write into the 256 bytes either side of it is an `lds-out-of-bounds` report
/// when the block ends (reads are not seen). Code compiled without wavesan-cc
/// can use the macro itself.
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

#include <cstddef>

/// A kernel is never inlined into the launch's trampoline, as a GPU kernel is
/// an entry point: compiled as a function of its own, with its arguments as
/// parameters, GCC keeps a tiled GEMM's accumulator in a register across the
/// inner loop (inlined, it kept it in memory: 25 % slower; bench/README.md
/// "emulator").
#define __global__ __attribute__((noinline))
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

/// One WAVESAN_STATIC_SHARED declaration: the variable's name, where it is
/// declared, its size and alignment in bytes.
struct StaticSharedSite {
  const char *Name;
  const char *File;
  unsigned Line;
  size_t Bytes;
  size_t Align;
};
/// The running block's copy of \p Site's variable (the same address for every
/// lane of the block; content undefined at block start, as LDS). Outside a
/// kernel: a message naming the variable, abort.
void *staticShared(const StaticSharedSite &Site);
} // namespace wavesan::emu::detail

#if defined(__has_feature)
#if __has_feature(coverage_sanitizer)
#define WAVESAN_STATIC_SHARED_UNCACHED 1
#endif
#endif
#ifdef WAVESAN_STATIC_SHARED_UNCACHED
// -fwavesan-lockstep (Clang's load/store callbacks) watches the program's thread-local
// data as LDS, so a cached pointer there would read as lanes sharing a word.
#define WAVESAN_STATIC_SHARED_BIND(Name)                                                 \
  wavesan_shared_type_##Name &Name = *static_cast<wavesan_shared_type_##Name *>(           \
      ::wavesan::emu::detail::staticShared(wavesan_shared_site_##Name))
#else
#define WAVESAN_STATIC_SHARED_BIND(Name)                                                 \
  static thread_local void *wavesan_shared_block_##Name = nullptr;                        \
  wavesan_shared_type_##Name &Name = *static_cast<wavesan_shared_type_##Name *>(           \
      wavesan_shared_block_##Name                                                          \
          ? wavesan_shared_block_##Name                                                    \
          : (wavesan_shared_block_##Name =                                                 \
                 ::wavesan::emu::detail::staticShared(wavesan_shared_site_##Name)))
#endif

/// A function-scope `__shared__` array with checked bounds: declares `Name`, a
/// reference to the block's copy of a `Type` (an array type, e.g. `float[16][17]`).
/// The worker's block is looked up once per worker thread (the first lane that
/// runs the declaration) and kept in a thread_local pointer.
/// wavesan-cc writes it for `__shared__ float Name[16][17];`.
#define WAVESAN_STATIC_SHARED(Name, ...)                                                 \
  using wavesan_shared_type_##Name = __VA_ARGS__;                                          \
  static constexpr ::wavesan::emu::detail::StaticSharedSite wavesan_shared_site_##Name{   \
      #Name, __FILE__, __LINE__, sizeof(wavesan_shared_type_##Name),                       \
      alignof(wavesan_shared_type_##Name)};                                                \
  WAVESAN_STATIC_SHARED_BIND(Name)

/// Declares `Type *const Name`, the block's dynamic shared memory (HIP's
/// HIP_DYNAMIC_SHARED; function scope only).
#define HIP_DYNAMIC_SHARED(Type, Name)                                                   \
  Type *const Name = static_cast<Type *>(::wavesan::emu::detail::dynamicShared());
