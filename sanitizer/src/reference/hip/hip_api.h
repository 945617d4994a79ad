//===--- hip_api.h - the real HIP runtime, wrapped for the hip backend ----===//
///
/// \file
/// Private to Backend::Hip (wavesan-reference's hip/ sources). Includes the REAL HIP runtime API (the system's or
/// ROCm's <hip/hip_runtime_api.h>, never the emulator's <hip/hip_runtime.h>)
/// and wraps what the backend uses: error checks that throw HipBackendError,
/// device selection, device memory (RAII), the code object module and kernel
/// launches.
///
/// Link-safety rules for this library (a program may link wavesan-emu too,
/// whose hip* functions have C++ linkage and whose hipError_t is its own enum):
/// - call only the runtime's extern "C" functions, with exact pointer types
///   (`void **` for hipMalloc: the header's `template hipMalloc(T **)` would be
///   an inline C++ symbol the emulator's header defines too);
/// - no HIP type in any function with external linkage: everything here is in
///   namespace wavesan::hip_detail and takes plain types;
/// - test HipBackend.NoHipSymbolsDefined checks the archive for defined hip*
///   symbols.
///
//===----------------------------------------------------------------------===//
#pragma once

#ifndef __HIP_PLATFORM_AMD__
#error "Backend::Hip is compiled with -D__HIP_PLATFORM_AMD__ (sanitizer/src/reference/hip/hip.cmake)"
#endif
#include <hip/hip_runtime_api.h>
#ifndef HIP_VERSION_MAJOR
#error "Backend::Hip must see the real HIP headers (hip_version.h), not the emulator's"
#endif
#ifdef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "Backend::Hip included the emulator's HIP header"
#endif

#include "wavesan/hip_backend.h"

#include <cstddef>
#include <initializer_list>
#include <string>

namespace wavesan::hip_detail {

/// "hipErrorNoDevice (100)" for the runtime's error code.
std::string errorText(hipError_t Error);

/// Throws HipBackendError("wavesan hip backend: <What> failed: <name> (<code>):
/// <description>") unless \p Error is hipSuccess.
void check(hipError_t Error, const std::string &What);

/// Throws HipBackendError "wavesan hip backend: <Message>" with no HIP code.
[[noreturn]] void fail(const std::string &Message);

/// The status (computed once), or throws HipBackendError with
/// status.Message when no usable device; makes the selected device current on
/// the calling thread. Returns the device index.
int requireDevice();

/// Device memory of \p Bytes bytes (hipMalloc); freed on destruction.
class DeviceMemory {
public:
  explicit DeviceMemory(size_t Bytes);
  DeviceMemory(const DeviceMemory &) = delete;
  DeviceMemory &operator=(const DeviceMemory &) = delete;
  ~DeviceMemory();
  void *get() const { return Ptr; }
  size_t bytes() const { return Bytes; }
  /// Copies \p Count bytes from host \p Src to the start of this buffer.
  void upload(const void *Src, size_t Count);
  /// Copies \p Count bytes from the start of this buffer to host \p Dst.
  void download(void *Dst, size_t Count) const;
  /// Fills the buffer with byte \p Value.
  void fill(int Value);

private:
  void *Ptr = nullptr;
  size_t Bytes = 0;
};

/// Grid and workgroup sizes of one launch (x, y, z).
struct LaunchDims {
  unsigned GridX = 1, GridY = 1, GridZ = 1;
  unsigned BlockX = 1, BlockY = 1, BlockZ = 1;
  unsigned SharedBytes = 0;
};

/// Launches kernel \p Name of the reference code object (loaded on first use
/// from findHipCodeObject(), kept for the process) with \p Args (pointers to
/// each argument, in the kernel's parameter order) and waits for it. Throws
/// HipBackendError naming the kernel on a launch or execution error, and the
/// searched paths when the code object is missing.
void launch(const char *Name, const LaunchDims &Dims, std::initializer_list<void *> Args);

} // namespace wavesan::hip_detail
