//===--- memory_extra.cpp - symbols, typed memsets, host memory, 2D copies -===//
///
/// \file
/// memory_extra.h on the CPU: every call is synchronous and works on host
/// memory; allocation goes through hipMalloc/hipHostMalloc/hipFree
/// (host_api.cpp), so their bookkeeping covers these too.
///
//===----------------------------------------------------------------------===//
#include "engine.h"

#include <cstdint>
#include <cstring>
#include <sys/sysinfo.h>

namespace wavesan::emu::detail {
hipError_t setLastError(hipError_t E);
} // namespace wavesan::emu::detail

using wavesan::emu::detail::setLastError;

namespace {
bool validKind(hipMemcpyKind Kind) {
  return Kind >= hipMemcpyHostToHost && Kind <= hipMemcpyDefault;
}

template <class T> hipError_t fill(void *Dst, T Value, size_t Count) {
  if (Count && !Dst)
    return setLastError(hipErrorInvalidValue);
  T *P = static_cast<T *>(Dst);
  for (size_t I = 0; I < Count; ++I)
    std::memcpy(P + I, &Value, sizeof(T));
  return hipSuccess;
}
} // namespace

hipError_t hipMemsetD8(hipDeviceptr_t Dst, unsigned char Value, size_t Count) {
  return fill<uint8_t>(Dst, Value, Count);
}
hipError_t hipMemsetD16(hipDeviceptr_t Dst, unsigned short Value, size_t Count) {
  return fill<uint16_t>(Dst, Value, Count);
}
hipError_t hipMemsetD32(hipDeviceptr_t Dst, int Value, size_t Count) {
  return fill<uint32_t>(Dst, static_cast<uint32_t>(Value), Count);
}
hipError_t hipMemsetD8Async(hipDeviceptr_t Dst, unsigned char Value, size_t Count, hipStream_t) {
  return hipMemsetD8(Dst, Value, Count);
}
hipError_t hipMemsetD16Async(hipDeviceptr_t Dst, unsigned short Value, size_t Count,
                             hipStream_t) {
  return hipMemsetD16(Dst, Value, Count);
}
hipError_t hipMemsetD32Async(hipDeviceptr_t Dst, int Value, size_t Count, hipStream_t) {
  return hipMemsetD32(Dst, Value, Count);
}
hipError_t hipMemset2D(void *Dst, size_t Pitch, int Value, size_t Width, size_t Height) {
  if (Width > Pitch && Height > 1)
    return setLastError(hipErrorInvalidPitchValue);
  for (size_t R = 0; R < Height; ++R)
    if (hipError_t E = hipMemset(static_cast<char *>(Dst) + R * Pitch, Value, Width); E)
      return E;
  return hipSuccess;
}
hipError_t hipMemset2DAsync(void *Dst, size_t Pitch, int Value, size_t Width, size_t Height,
                            hipStream_t) {
  return hipMemset2D(Dst, Pitch, Value, Width, Height);
}

hipError_t hipMemGetInfo(size_t *Free, size_t *Total) {
  if (!Free || !Total)
    return setLastError(hipErrorInvalidValue);
  hipDeviceProp_t P;
  hipGetDeviceProperties(&P, 0);
  *Total = P.totalGlobalMem;
  struct sysinfo Info {};
  size_t Avail = ::sysinfo(&Info) == 0
                     ? static_cast<size_t>(Info.freeram + Info.bufferram) * Info.mem_unit
                     : 0;
  *Free = Avail < *Total ? Avail : *Total;
  return hipSuccess;
}

hipError_t hipHostAlloc(void **Ptr, size_t Bytes, unsigned Flags) {
  return hipHostMalloc(Ptr, Bytes, Flags);
}
hipError_t hipMallocHost(void **Ptr, size_t Bytes) { return hipHostMalloc(Ptr, Bytes, 0); }
hipError_t hipFreeHost(void *Ptr) { return hipHostFree(Ptr); }
hipError_t hipHostGetDevicePointer(void **DevPtr, void *HostPtr, unsigned Flags) {
  if (!DevPtr || !HostPtr || Flags != 0)
    return setLastError(hipErrorInvalidValue);
  *DevPtr = HostPtr;
  return hipSuccess;
}
hipError_t hipHostGetFlags(unsigned *Flags, void *HostPtr) {
  if (!Flags || !HostPtr)
    return setLastError(hipErrorInvalidValue);
  *Flags = hipHostMallocMapped;
  return hipSuccess;
}
hipError_t hipHostRegister(void *HostPtr, size_t Bytes, unsigned Flags) {
  constexpr unsigned Known =
      hipHostRegisterPortable | hipHostRegisterMapped | hipHostRegisterIoMemory;
  if (!HostPtr || Bytes == 0 || (Flags & ~Known))
    return setLastError(hipErrorInvalidValue);
  return hipSuccess;
}
hipError_t hipHostUnregister(void *HostPtr) {
  return HostPtr ? hipSuccess : setLastError(hipErrorInvalidValue);
}

hipError_t hipMallocAsync(void **Ptr, size_t Bytes, hipStream_t) {
  if (!Ptr)
    return setLastError(hipErrorInvalidValue);
  return hipMalloc(Ptr, Bytes);
}
hipError_t hipFreeAsync(void *Ptr, hipStream_t) {
  if (!Ptr)
    return setLastError(hipErrorInvalidValue);
  return hipFree(Ptr);
}
hipError_t hipMemPrefetchAsync(const void *Ptr, size_t Bytes, int Device, hipStream_t) {
  if (!Ptr || Bytes == 0)
    return setLastError(hipErrorInvalidValue);
  if (Device != 0 && Device != hipCpuDeviceId)
    return setLastError(hipErrorInvalidDevice);
  return hipSuccess;
}
hipError_t hipMemAdvise(const void *Ptr, size_t Bytes, hipMemoryAdvise, int Device) {
  if (!Ptr || Bytes == 0)
    return setLastError(hipErrorInvalidValue);
  if (Device != 0 && Device != hipCpuDeviceId)
    return setLastError(hipErrorInvalidDevice);
  return hipSuccess;
}

hipError_t hipMallocPitch(void **Ptr, size_t *Pitch, size_t Width, size_t Height) {
  if (!Ptr || !Pitch)
    return setLastError(hipErrorInvalidValue);
  constexpr size_t Align = 256; // hipMalloc's alignment: every row starts aligned
  *Pitch = (Width + Align - 1) / Align * Align;
  return hipMalloc(Ptr, *Pitch * Height);
}
hipError_t hipMemcpy2D(void *Dst, size_t DPitch, const void *Src, size_t SPitch, size_t Width,
                       size_t Height, hipMemcpyKind Kind) {
  if (!validKind(Kind))
    return setLastError(hipErrorInvalidMemcpyDirection);
  if (Height > 1 && (Width > DPitch || Width > SPitch))
    return setLastError(hipErrorInvalidPitchValue);
  if (Width && Height && (!Dst || !Src))
    return setLastError(hipErrorInvalidValue);
  for (size_t R = 0; R < Height && Width; ++R)
    std::memmove(static_cast<char *>(Dst) + R * DPitch,
                 static_cast<const char *>(Src) + R * SPitch, Width);
  return hipSuccess;
}
hipError_t hipMemcpy2DAsync(void *Dst, size_t DPitch, const void *Src, size_t SPitch,
                            size_t Width, size_t Height, hipMemcpyKind Kind, hipStream_t) {
  return hipMemcpy2D(Dst, DPitch, Src, SPitch, Width, Height, Kind);
}
hipError_t hipMemcpyHtoD(hipDeviceptr_t Dst, const void *Src, size_t Bytes) {
  return hipMemcpy(Dst, Src, Bytes, hipMemcpyHostToDevice);
}
hipError_t hipMemcpyDtoH(void *Dst, hipDeviceptr_t Src, size_t Bytes) {
  return hipMemcpy(Dst, Src, Bytes, hipMemcpyDeviceToHost);
}
hipError_t hipMemcpyDtoD(hipDeviceptr_t Dst, hipDeviceptr_t Src, size_t Bytes) {
  return hipMemcpy(Dst, Src, Bytes, hipMemcpyDeviceToDevice);
}
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t Dst, const void *Src, size_t Bytes, hipStream_t) {
  return hipMemcpyHtoD(Dst, Src, Bytes);
}
hipError_t hipMemcpyDtoHAsync(void *Dst, hipDeviceptr_t Src, size_t Bytes, hipStream_t) {
  return hipMemcpyDtoH(Dst, Src, Bytes);
}
hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t Dst, hipDeviceptr_t Src, size_t Bytes,
                              hipStream_t) {
  return hipMemcpyDtoD(Dst, Src, Bytes);
}
hipError_t hipMemcpyPeer(void *Dst, int DstDevice, const void *Src, int SrcDevice,
                         size_t Bytes) {
  if (DstDevice != 0 || SrcDevice != 0)
    return setLastError(hipErrorInvalidDevice);
  return hipMemcpy(Dst, Src, Bytes, hipMemcpyDeviceToDevice);
}

namespace wavesan::emu::detail {
/// A symbol copy: \p SymbolSize is the symbol's size (0: unknown, a C-API call).
hipError_t symbolCopy(void *Dst, const void *Src, size_t Bytes, size_t Offset, size_t SymbolSize,
                      hipMemcpyKind Kind, bool ToSymbol) {
  if (!validKind(Kind))
    return setLastError(hipErrorInvalidMemcpyDirection);
  if (ToSymbol ? !Dst : !Src)
    return setLastError(hipErrorInvalidSymbol);
  if (SymbolSize && (Offset > SymbolSize || Bytes > SymbolSize - Offset))
    return setLastError(hipErrorInvalidValue);
  if (ToSymbol)
    Dst = static_cast<char *>(Dst) + Offset;
  else
    Src = static_cast<const char *>(Src) + Offset;
  return hipMemcpy(Dst, Src, Bytes, Kind);
}
} // namespace wavesan::emu::detail

hipError_t hipMemcpyToSymbol(const void *Symbol, const void *Src, size_t Bytes, size_t Offset,
                             hipMemcpyKind Kind) {
  return wavesan::emu::detail::symbolCopy(const_cast<void *>(Symbol), Src, Bytes, Offset, 0,
                                          Kind, true);
}
hipError_t hipMemcpyFromSymbol(void *Dst, const void *Symbol, size_t Bytes, size_t Offset,
                               hipMemcpyKind Kind) {
  return wavesan::emu::detail::symbolCopy(Dst, Symbol, Bytes, Offset, 0, Kind, false);
}
hipError_t hipMemcpyToSymbolAsync(const void *Symbol, const void *Src, size_t Bytes,
                                  size_t Offset, hipMemcpyKind Kind, hipStream_t) {
  return hipMemcpyToSymbol(Symbol, Src, Bytes, Offset, Kind);
}
hipError_t hipMemcpyFromSymbolAsync(void *Dst, const void *Symbol, size_t Bytes, size_t Offset,
                                    hipMemcpyKind Kind, hipStream_t) {
  return hipMemcpyFromSymbol(Dst, Symbol, Bytes, Offset, Kind);
}
hipError_t hipGetSymbolAddress(void **DevPtr, const void *Symbol) {
  if (!DevPtr || !Symbol)
    return setLastError(hipErrorInvalidSymbol);
  *DevPtr = const_cast<void *>(Symbol);
  return hipSuccess;
}
hipError_t hipGetSymbolSize(size_t *, const void *) {
  // A bare address carries no size: only the typed form (the variable) knows it.
  return setLastError(hipErrorInvalidSymbol);
}

hipError_t hipStreamCreateWithFlags(hipStream_t *Stream, unsigned Flags) {
  if (Flags & ~unsigned(hipStreamNonBlocking))
    return setLastError(hipErrorInvalidValue);
  return hipStreamCreate(Stream);
}
hipError_t hipStreamCreateWithPriority(hipStream_t *Stream, unsigned Flags, int) {
  return hipStreamCreateWithFlags(Stream, Flags);
}
hipError_t hipDeviceGetStreamPriorityRange(int *Least, int *Greatest) {
  if (Least)
    *Least = 0;
  if (Greatest)
    *Greatest = -1;
  return hipSuccess;
}
hipError_t hipStreamQuery(hipStream_t) { return hipSuccess; }
hipError_t hipStreamWaitEvent(hipStream_t, hipEvent_t Event, unsigned Flags) {
  if (!Event)
    return setLastError(hipErrorInvalidHandle);
  return Flags == 0 ? hipSuccess : setLastError(hipErrorInvalidValue);
}
