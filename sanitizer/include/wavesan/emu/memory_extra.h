//===--- memory_extra.h - symbols, typed memsets, host memory, 2D copies ---===//
///
/// \file
/// The rest of HIP's everyday memory API on the CPU (host_api.h has hipMalloc,
/// hipMemcpy, hipMemset):
/// - `__device__` and `__constant__` variables are host globals, so a symbol is
///   the variable itself: hipMemcpyToSymbol(sym, src, bytes, offset, kind) copies
///   into it, hipMemcpyFromSymbol out of it, hipGetSymbolAddress gives its
///   address and hipGetSymbolSize its size. HIP_SYMBOL(x) is x. A symbol passed
///   by name (an lvalue) is the variable; a pointer value (`&x`,
///   `(const void *)&x`) is the variable's address. A copy past the symbol's end
///   (known only for a symbol passed by name) is hipErrorInvalidValue.
/// - hipMemsetD8/D16/D32 fill N elements of 1, 2 or 4 bytes.
/// - Host memory (hipHostMalloc with its flags, hipHostAlloc, hipHostRegister)
///   is device-accessible: hipHostGetDevicePointer returns the host pointer.
/// - Stream-ordered allocation (hipMallocAsync/hipFreeAsync), managed memory
///   hints (hipMemPrefetchAsync, hipMemAdvise) and pitched 2D copies.
/// Every call is synchronous; flag values are ROCm's hip_runtime_api.h.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/memory_extra.h"
#endif

#include "wavesan/emu/host_api.h"
#include "wavesan/emu/device_query.h"

#include <cstddef>
#include <cstdint>
#include <type_traits>

// hipHostMalloc flags.
#define hipHostMallocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostMallocNumaUser 0x20000000
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000
// hipHostAlloc (CUDA spelling) flags.
#define hipHostAllocDefault hipHostMallocDefault
#define hipHostAllocPortable hipHostMallocPortable
#define hipHostAllocMapped hipHostMallocMapped
#define hipHostAllocWriteCombined hipHostMallocWriteCombined
// hipHostRegister flags.
#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define hipHostRegisterIoMemory 0x4
// hipMallocManaged flags.
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipMemAttachSingle 0x04
// hipEventCreateWithFlags flags.
#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4
// hipStreamCreateWithFlags flags.
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
/// The per-thread default stream: the null stream here.
#define hipStreamPerThread (static_cast<hipStream_t>(nullptr))
/// The CPU, as a hipMemPrefetchAsync / hipMemAdvise destination.
#define hipCpuDeviceId (-1)
#define hipInvalidDeviceId (-2)

#define HIP_SYMBOL(X) X

enum hipMemoryAdvise {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6,
  hipMemAdviseSetCoarseGrain = 100,
  hipMemAdviseUnsetCoarseGrain = 101,
};

hipError_t hipMemsetD8(hipDeviceptr_t Dst, unsigned char Value, size_t Count);
hipError_t hipMemsetD16(hipDeviceptr_t Dst, unsigned short Value, size_t Count);
hipError_t hipMemsetD32(hipDeviceptr_t Dst, int Value, size_t Count);
hipError_t hipMemsetD8Async(hipDeviceptr_t Dst, unsigned char Value, size_t Count,
                            hipStream_t Stream = nullptr);
hipError_t hipMemsetD16Async(hipDeviceptr_t Dst, unsigned short Value, size_t Count,
                             hipStream_t Stream = nullptr);
hipError_t hipMemsetD32Async(hipDeviceptr_t Dst, int Value, size_t Count,
                             hipStream_t Stream = nullptr);
/// Pitched 2D fill: \p Height rows of \p Width bytes, \p Pitch bytes apart.
hipError_t hipMemset2D(void *Dst, size_t Pitch, int Value, size_t Width, size_t Height);
hipError_t hipMemset2DAsync(void *Dst, size_t Pitch, int Value, size_t Width, size_t Height,
                            hipStream_t Stream = nullptr);

/// (Free, total) device memory in bytes: total is the profile's 192 GiB, free
/// the host's available memory (what the emulator's allocations can get), at
/// most the total.
hipError_t hipMemGetInfo(size_t *Free, size_t *Total);

hipError_t hipHostAlloc(void **Ptr, size_t Bytes, unsigned Flags);
template <class T> inline hipError_t hipHostAlloc(T **Ptr, size_t Bytes, unsigned Flags) {
  return hipHostAlloc(reinterpret_cast<void **>(Ptr), Bytes, Flags);
}
hipError_t hipMallocHost(void **Ptr, size_t Bytes);
template <class T> inline hipError_t hipMallocHost(T **Ptr, size_t Bytes) {
  return hipMallocHost(reinterpret_cast<void **>(Ptr), Bytes);
}
hipError_t hipFreeHost(void *Ptr);
/// The device address of host memory: the host pointer itself.
hipError_t hipHostGetDevicePointer(void **DevPtr, void *HostPtr, unsigned Flags);
template <class T>
inline hipError_t hipHostGetDevicePointer(T **DevPtr, void *HostPtr, unsigned Flags) {
  return hipHostGetDevicePointer(reinterpret_cast<void **>(DevPtr), HostPtr, Flags);
}
hipError_t hipHostGetFlags(unsigned *Flags, void *HostPtr);
hipError_t hipHostRegister(void *HostPtr, size_t Bytes, unsigned Flags);
hipError_t hipHostUnregister(void *HostPtr);

hipError_t hipMallocAsync(void **Ptr, size_t Bytes, hipStream_t Stream);
template <class T> inline hipError_t hipMallocAsync(T **Ptr, size_t Bytes, hipStream_t Stream) {
  return hipMallocAsync(reinterpret_cast<void **>(Ptr), Bytes, Stream);
}
hipError_t hipFreeAsync(void *Ptr, hipStream_t Stream);
hipError_t hipMemPrefetchAsync(const void *Ptr, size_t Bytes, int Device,
                               hipStream_t Stream = nullptr);
hipError_t hipMemAdvise(const void *Ptr, size_t Bytes, hipMemoryAdvise Advice, int Device);

/// Pitched allocation: rows of \p Width bytes, *Pitch (a multiple of 256) apart.
hipError_t hipMallocPitch(void **Ptr, size_t *Pitch, size_t Width, size_t Height);
template <class T>
inline hipError_t hipMallocPitch(T **Ptr, size_t *Pitch, size_t Width, size_t Height) {
  return hipMallocPitch(reinterpret_cast<void **>(Ptr), Pitch, Width, Height);
}
/// Copies \p Height rows of \p Width bytes; rows are \p DPitch / \p SPitch bytes
/// apart (each at least Width, else hipErrorInvalidValue).
hipError_t hipMemcpy2D(void *Dst, size_t DPitch, const void *Src, size_t SPitch, size_t Width,
                       size_t Height, hipMemcpyKind Kind);
hipError_t hipMemcpy2DAsync(void *Dst, size_t DPitch, const void *Src, size_t SPitch,
                            size_t Width, size_t Height, hipMemcpyKind Kind,
                            hipStream_t Stream = nullptr);
// Driver-API spellings of hipMemcpy.
hipError_t hipMemcpyHtoD(hipDeviceptr_t Dst, const void *Src, size_t Bytes);
hipError_t hipMemcpyDtoH(void *Dst, hipDeviceptr_t Src, size_t Bytes);
hipError_t hipMemcpyDtoD(hipDeviceptr_t Dst, hipDeviceptr_t Src, size_t Bytes);
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t Dst, const void *Src, size_t Bytes,
                              hipStream_t Stream);
hipError_t hipMemcpyDtoHAsync(void *Dst, hipDeviceptr_t Src, size_t Bytes, hipStream_t Stream);
hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t Dst, hipDeviceptr_t Src, size_t Bytes,
                              hipStream_t Stream);
hipError_t hipMemcpyPeer(void *Dst, int DstDevice, const void *Src, int SrcDevice, size_t Bytes);

// Symbols. The functions taking `const void *` are the C API (an address); the
// templates take the variable itself (an lvalue), whose size bounds the copy.
namespace wavesan::emu::detail {
hipError_t symbolCopy(void *Dst, const void *Src, size_t Bytes, size_t Offset, size_t SymbolSize,
                      hipMemcpyKind Kind, bool ToSymbol);
} // namespace wavesan::emu::detail

hipError_t hipMemcpyToSymbol(const void *Symbol, const void *Src, size_t Bytes, size_t Offset = 0,
                             hipMemcpyKind Kind = hipMemcpyHostToDevice);
hipError_t hipMemcpyFromSymbol(void *Dst, const void *Symbol, size_t Bytes, size_t Offset = 0,
                               hipMemcpyKind Kind = hipMemcpyDeviceToHost);
hipError_t hipMemcpyToSymbolAsync(const void *Symbol, const void *Src, size_t Bytes,
                                  size_t Offset, hipMemcpyKind Kind, hipStream_t Stream = nullptr);
hipError_t hipMemcpyFromSymbolAsync(void *Dst, const void *Symbol, size_t Bytes, size_t Offset,
                                    hipMemcpyKind Kind, hipStream_t Stream = nullptr);
hipError_t hipGetSymbolAddress(void **DevPtr, const void *Symbol);
hipError_t hipGetSymbolSize(size_t *Bytes, const void *Symbol);

template <class T>
inline hipError_t hipMemcpyToSymbol(T &Symbol, const void *Src, size_t Bytes, size_t Offset = 0,
                                    hipMemcpyKind Kind = hipMemcpyHostToDevice) {
  return ::wavesan::emu::detail::symbolCopy(
      const_cast<void *>(static_cast<const volatile void *>(&Symbol)), Src,
      Bytes, Offset, sizeof(T), Kind, true);
}
template <class T>
inline hipError_t hipMemcpyFromSymbol(void *Dst, T &Symbol, size_t Bytes, size_t Offset = 0,
                                      hipMemcpyKind Kind = hipMemcpyDeviceToHost) {
  return ::wavesan::emu::detail::symbolCopy(
      Dst, const_cast<const void *>(static_cast<const volatile void *>(&Symbol)), Bytes, Offset,
      sizeof(T), Kind, false);
}
template <class T>
inline hipError_t hipMemcpyToSymbolAsync(T &Symbol, const void *Src, size_t Bytes, size_t Offset,
                                         hipMemcpyKind Kind, hipStream_t = nullptr) {
  return hipMemcpyToSymbol(Symbol, Src, Bytes, Offset, Kind);
}
template <class T>
inline hipError_t hipMemcpyFromSymbolAsync(void *Dst, T &Symbol, size_t Bytes, size_t Offset,
                                           hipMemcpyKind Kind, hipStream_t = nullptr) {
  return hipMemcpyFromSymbol(Dst, Symbol, Bytes, Offset, Kind);
}
template <class T> inline hipError_t hipGetSymbolAddress(void **DevPtr, T &Symbol) {
  if (!DevPtr)
    return hipErrorInvalidValue;
  *DevPtr = const_cast<void *>(static_cast<const volatile void *>(&Symbol));
  return hipSuccess;
}
template <class T> inline hipError_t hipGetSymbolSize(size_t *Bytes, T &) {
  if (!Bytes)
    return hipErrorInvalidValue;
  *Bytes = sizeof(T);
  return hipSuccess;
}

// Streams and events beyond host_api.h.
hipError_t hipStreamCreateWithFlags(hipStream_t *Stream, unsigned Flags);
hipError_t hipStreamCreateWithPriority(hipStream_t *Stream, unsigned Flags, int Priority);
hipError_t hipDeviceGetStreamPriorityRange(int *Least, int *Greatest);
/// Streams are synchronous: every query finds the work done (hipSuccess).
hipError_t hipStreamQuery(hipStream_t Stream);
hipError_t hipStreamWaitEvent(hipStream_t Stream, hipEvent_t Event, unsigned Flags = 0);
/// A stream callback (HIP's hipStreamCallback_t): stream, status, user data.
using hipStreamCallback_t = void (*)(hipStream_t, hipError_t, void *);
/// Streams are synchronous, so the work before a callback is done when it is added:
/// the callback runs before hipStreamAddCallback returns, with hipSuccess. \p Flags
/// must be 0 (as in HIP); a null callback is hipErrorInvalidValue. A callback that
/// waits for something the host does after adding it never returns here.
inline hipError_t hipStreamAddCallback(hipStream_t Stream, hipStreamCallback_t Callback,
                                       void *User, unsigned Flags) {
  if (!Callback || Flags != 0)
    return hipErrorInvalidValue;
  Callback(Stream, hipSuccess, User);
  return hipSuccess;
}
/// A host function enqueued on a stream (hipLaunchHostFunc): runs before the call
/// returns, as hipStreamAddCallback's callback does.
using hipHostFn_t = void (*)(void *);
inline hipError_t hipLaunchHostFunc(hipStream_t, hipHostFn_t Fn, void *User) {
  if (!Fn)
    return hipErrorInvalidValue;
  Fn(User);
  return hipSuccess;
}
hipError_t hipEventCreateWithFlags(hipEvent_t *Event, unsigned Flags);
hipError_t hipEventQuery(hipEvent_t Event);
