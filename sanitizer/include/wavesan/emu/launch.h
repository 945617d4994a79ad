//===--- launch.h - hipLaunchKernelGGL --------------------------------------===//
///
/// \file
/// `hipLaunchKernelGGL(kernel, grid, block, shmem, stream, args...)`, and the
/// `kernel<<<grid, block, shmem, stream>>>(args...)` launches that wavesan-cc rewrites
/// into `chevron(...)(...)` calls (ChevronLaunch), run the kernel on the emulator and returns when every block has finished (or was
/// abandoned). Arguments are decay-copied once on the host; each lane calls
/// the kernel with its own copies (converted to the parameter types there), so
/// a template kernel's template arguments are deduced from the launch's
/// arguments, as on the GPU. A kernel that is a template-id with commas
/// must be parenthesised or wrapped in HIP_KERNEL_NAME, as with HIP:
/// `hipLaunchKernelGGL((k<float, 4>), ...)`. Reports name the kernel without
/// the parentheses (launchKernelName). hipLaunchKernelGGL's expansion is
/// parenthesised, so a launch can be a macro's argument
/// (`ASSERT_EQ(hipLaunchKernelGGL(...), hipSuccess)`).
///
/// Launch checks (gfx942 limits): more than 1024 threads per block reports
/// `block-too-large` and fails with hipErrorInvalidConfiguration; dynamic
/// shared memory over 64 KB reports `lds-over-limit` and fails with
/// hipErrorLaunchOutOfResources (static `__shared__` variables are not
/// measured); a grid dimension over maxGridSize (2147483647), grid x block
/// over 2^32 - 1 in a dimension, or more than 2^64 - 1 blocks reports
/// `grid-too-large` and fails with hipErrorInvalidConfiguration; fewer blocks
/// than the 304 CUs gives the note `launch-underfilled-grid` when
/// WAVESAN_OPTIONS=report_underfilled_grid=1. A zero extent fails with
/// hipErrorInvalidConfiguration. A deadlocked or stopped block makes the launch
/// return hipErrorLaunchFailure, a timed-out launch hipErrorLaunchTimeOut.
///
/// With WAVESAN_OPTIONS=compare_wave_sizes=1 each launch runs twice, at the
/// other wave size first (reports muted) and then at wave_size, from the same
/// contents of every live hipMalloc'd buffer, and the buffers the kernel's
/// pointer arguments point into are compared element by element as the
/// pointee type: a difference is a `wave-size-divergence` report
/// (launch_compare.cpp; the tolerance: wavesan/element_type.h).
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/launch.h"
#endif

#include "wavesan/emu/coordinates.h"
#include "wavesan/emu/host_api.h"

#include "wavesan/element_type.h"

#include <cstddef>
#include <source_location>
#include <tuple>
#include <type_traits>
#include <utility>

namespace wavesan::emu::detail {

/// One kernel argument as compare_wave_sizes sees it: the pointer it holds (null
/// for a non-pointer argument) and the pointee's element type.
struct ArgInfo {
  const void *Pointer = nullptr;
  ::wavesan::ElementInfo Element;
};

template <class T> ArgInfo argInfo(const T &Value) {
  if constexpr (std::is_pointer_v<T> && !std::is_function_v<std::remove_pointer_t<T>>)
    return {static_cast<const void *>(Value),
            ::wavesan::elementInfoOf<std::remove_pointer_t<T>>()};
  else
    return {};
}

/// The ArgInfo of each element of \p Values (a launch's argument tuple) into \p Out.
template <class Tuple> void argInfos(const Tuple &Values, ArgInfo *Out) {
  std::apply([&](const auto &...V) {
    unsigned I = 0;
    ((Out[I++] = argInfo(V)), ...);
  }, Values);
}

/// A type-erased launch: Invoke(Closure) runs the kernel body for the current lane.
/// Args: NumArgs kernel arguments' pointers and element types (compare_wave_sizes).
struct LaunchRequest {
  const char *KernelName;
  std::source_location Loc;
  void (*Invoke)(const void *Closure);
  const void *Closure;
  dim3 Grid, Block;
  size_t SharedBytes;
  const ArgInfo *Args = nullptr;
  unsigned NumArgs = 0;
};

hipError_t launch(const LaunchRequest &Request);

/// The kernel name reports print, from hipLaunchKernelGGL's first argument as
/// written (\p Expression): outer parentheses and HIP_KERNEL_NAME(...) removed
/// ("(ns::red<24>)" -> "ns::red<24>"). When the argument is not a function's
/// name (\p IsFunctionName false: a function pointer variable), the name of the
/// function at \p Address from the dynamic symbol table if it is there (a
/// shared library, or an executable linked with -rdynamic), else the
/// expression. Interned: the pointer stays valid. Defined in report.cpp.
const char *launchKernelName(const char *Expression, bool IsFunctionName, void (*Address)());

/// The address of hipLaunchKernelGGL's first argument when it is a function pointer
/// (a variable), else nullptr (a function's name, a template kernel, an overload set).
/// \p Dummy makes the call dependent, so that the launch macro can test it in a
/// requires-expression without naming an unresolved overload set outside one.
template <class Dummy, class T> constexpr void (*kernelPointer(T &&Kernel))() {
  if constexpr (std::is_pointer_v<std::remove_cvref_t<T>>)
    return reinterpret_cast<void (*)()>(Kernel);
  else
    return nullptr;
}

/// A `callee<<<grid, block, shmem, stream>>>(args...)` launch as wavesan-cc rewrites it:
/// `chevron("callee", location, grid, block, shmem, stream)(body, args...)`, where
/// `body` is a generic lambda that calls the callee with its arguments, so that a
/// template kernel's arguments are deduced from the launch's as on the GPU. The
/// arguments are decay-copied once on the host; each lane calls `body` with its own
/// copies. Reports name the kernel by the callee's text. Like the launch it replaces,
/// the call is a void expression; a launch error is kept for hipGetLastError.
struct ChevronLaunch {
  const char *Expression;
  std::source_location Loc;
  dim3 Grid, Block;
  size_t SharedBytes;

  /// The kernel's address when the launch names it through a function pointer
  /// (hipLaunchKernelGGL; reports then name the pointee), else nullptr.
  void (*Pointer)() = nullptr;

  template <class Body, class... Args>
  hipError_t run(const Body &Call, Args &&...Arguments) const {
    struct Closure {
      const Body &Call;
      std::tuple<std::decay_t<Args>...> Values;
    };
    const Closure C{Call, std::tuple<std::decay_t<Args>...>(std::forward<Args>(Arguments)...)};
    ArgInfo Infos[sizeof...(Args) + 1];
    argInfos(C.Values, Infos);
    LaunchRequest R{launchKernelName(Expression, Pointer == nullptr, Pointer), Loc,
                    [](const void *P) {
                      const auto &Cl = *static_cast<const Closure *>(P);
                      std::apply([&](const auto &...V) { Cl.Call(V...); }, Cl.Values);
                    },
                    &C, Grid, Block, SharedBytes, Infos, sizeof...(Args)};
    return launch(R);
  }
  template <class Body, class... Args>
  void operator()(const Body &Call, Args &&...Arguments) const {
    (void)run(Call, std::forward<Args>(Arguments)...);
  }
};

/// The configuration part of a rewritten `<<<...>>>` launch (see ChevronLaunch);
/// shmem and stream default to 0 and the null stream, as in CUDA and HIP.
inline ChevronLaunch chevron(const char *Expression, const std::source_location &Loc,
                             dim3 Grid, dim3 Block, size_t SharedBytes = 0,
                             hipStream_t = nullptr) {
  return ChevronLaunch{Expression, Loc, Grid, Block, SharedBytes};
}

} // namespace wavesan::emu::detail

/// HIP's wrapper for a template kernel in hipLaunchKernelGGL (hipify emits it):
/// `hipLaunchKernelGGL(HIP_KERNEL_NAME(red<float, 4>), ...)`. Expands to its
/// arguments, as in HIP.
#define HIP_KERNEL_NAME(...) __VA_ARGS__

/// hipLaunchKernelGGL(kernel, grid, block, shmem, stream, args...): as a `<<<>>>`
/// launch (ChevronLaunch), so that a template kernel's arguments are deduced from the
/// launch's; returns the launch's hipError_t (HIP's is a void expression). The
/// expansion is parenthesised so that the braces' commas stay one macro argument when
/// the launch is itself an argument (`EXPECT_EQ(hipLaunchKernelGGL(...), hipSuccess)`).
#define hipLaunchKernelGGL(Kernel, Grid, Block, SharedBytes, Stream, ...)                   \
  (::wavesan::emu::detail::ChevronLaunch{                                                    \
      #Kernel, std::source_location::current(), dim3(Grid), dim3(Block),                     \
      (static_cast<void>(static_cast<hipStream_t>(Stream)), static_cast<size_t>(SharedBytes)), \
      [&](auto WavesanDummy) -> void (*)() {                                                 \
        if constexpr (requires {                                                             \
                        ::wavesan::emu::detail::kernelPointer<decltype(WavesanDummy)>(       \
                            Kernel);                                                         \
                      })                                                                     \
          return ::wavesan::emu::detail::kernelPointer<decltype(WavesanDummy)>(Kernel);      \
        else                                                                                 \
          return nullptr;                                                                    \
      }(0)}                                                                                  \
      .run([&](const auto &...WavesanArgs) { Kernel(WavesanArgs...); } __VA_OPT__(, )        \
               __VA_ARGS__))
