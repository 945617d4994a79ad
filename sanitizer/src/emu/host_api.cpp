//===--- host_api.cpp - the HIP host API on the CPU -------------------------===//
///
/// \file
/// Memory, copies, streams, events, device properties and errors (host_api.h).
///
//===----------------------------------------------------------------------===//
#include "allocations.h"
#include "engine.h"

#include <chrono>
#include <cstdlib>
#include <cstring>

struct ihipStream_t {
  int Unused = 0;
};
struct ihipEvent_t {
  std::chrono::steady_clock::time_point Time;
  bool Recorded = false;
  bool TimingDisabled = false; ///< created with hipEventDisableTiming
};

namespace wavesan::emu::detail {
hipError_t setLastError(hipError_t E);
hipError_t takeLastError(bool Reset);
hipError_t takeExecutionError();
void fillMoreProperties(hipDeviceProp_t &P); // device_query.cpp
} // namespace wavesan::emu::detail

using wavesan::emu::detail::setLastError;


namespace {
/// hipMalloc's alignment guarantee (HIP: at least 256 bytes).
constexpr size_t DeviceAlignment = 256;

using wavesan::emu::detail::AllocKind;

hipError_t allocate(void **Ptr, size_t Bytes, AllocKind Kind) {
  if (!Ptr)
    return setLastError(hipErrorInvalidValue);
  if (Bytes == 0) {
    *Ptr = nullptr;
    return hipSuccess;
  }
  // posix_memalign takes the exact size (aligned_alloc wants a multiple of the
  // alignment): under ASan, whose allocator serves it, an access one past the
  // requested size is a heap-buffer-overflow naming the buffer's real size.
  void *P = nullptr;
  if (posix_memalign(&P, DeviceAlignment, Bytes) != 0)
    return setLastError(hipErrorOutOfMemory);
  *Ptr = P;
  wavesan::emu::detail::recordAllocation(P, Bytes, Kind);
  return hipSuccess;
}
} // namespace

hipError_t hipGetLastError() { return wavesan::emu::detail::takeLastError(true); }
hipError_t hipPeekAtLastError() { return wavesan::emu::detail::takeLastError(false); }

const char *hipGetErrorName(hipError_t E) {
  switch (E) {
  case hipSuccess: return "hipSuccess";
  case hipErrorInvalidValue: return "hipErrorInvalidValue";
  case hipErrorOutOfMemory: return "hipErrorOutOfMemory";
  case hipErrorNotInitialized: return "hipErrorNotInitialized";
  case hipErrorInvalidConfiguration: return "hipErrorInvalidConfiguration";
  case hipErrorInvalidDevicePointer: return "hipErrorInvalidDevicePointer";
  case hipErrorInvalidMemcpyDirection: return "hipErrorInvalidMemcpyDirection";
  case hipErrorNoDevice: return "hipErrorNoDevice";
  case hipErrorInvalidDevice: return "hipErrorInvalidDevice";
  case hipErrorInvalidHandle: return "hipErrorInvalidHandle";
  case hipErrorNotReady: return "hipErrorNotReady";
  case hipErrorLaunchOutOfResources: return "hipErrorLaunchOutOfResources";
  case hipErrorLaunchTimeOut: return "hipErrorLaunchTimeOut";
  case hipErrorLaunchFailure: return "hipErrorLaunchFailure";
  case hipErrorUnknown: return "hipErrorUnknown";
  case hipErrorInvalidPitchValue: return "hipErrorInvalidPitchValue";
  case hipErrorInvalidSymbol: return "hipErrorInvalidSymbol";
  case hipErrorNotFound: return "hipErrorNotFound";
  case hipErrorPeerAccessAlreadyEnabled: return "hipErrorPeerAccessAlreadyEnabled";
  case hipErrorPeerAccessNotEnabled: return "hipErrorPeerAccessNotEnabled";
  case hipErrorCooperativeLaunchTooLarge: return "hipErrorCooperativeLaunchTooLarge";
  case hipErrorNotSupported: return "hipErrorNotSupported";
  }
  return "hipErrorUnknown";
}

const char *hipGetErrorString(hipError_t E) {
  switch (E) {
  case hipSuccess: return "no error";
  case hipErrorInvalidValue: return "invalid argument";
  case hipErrorOutOfMemory: return "out of memory";
  case hipErrorNotInitialized: return "initialization error";
  case hipErrorInvalidConfiguration: return "invalid configuration argument";
  case hipErrorInvalidDevicePointer: return "invalid device pointer";
  case hipErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
  case hipErrorNoDevice: return "no ROCm-capable device is detected";
  case hipErrorInvalidDevice: return "invalid device ordinal";
  case hipErrorInvalidHandle: return "invalid resource handle";
  case hipErrorNotReady: return "device not ready";
  case hipErrorLaunchOutOfResources: return "too many resources requested for launch";
  case hipErrorLaunchTimeOut: return "the launch timed out and was terminated";
  case hipErrorLaunchFailure: return "unspecified launch failure";
  case hipErrorUnknown: return "unknown error";
  case hipErrorInvalidPitchValue: return "invalid pitch argument";
  case hipErrorInvalidSymbol: return "invalid device symbol";
  case hipErrorNotFound: return "named symbol not found";
  case hipErrorPeerAccessAlreadyEnabled: return "peer access is already enabled";
  case hipErrorPeerAccessNotEnabled: return "peer access has not been enabled";
  case hipErrorCooperativeLaunchTooLarge: return "too many blocks in cooperative launch";
  case hipErrorNotSupported: return "operation not supported";
  }
  return "unknown error";
}

hipError_t hipGetDeviceCount(int *Count) {
  if (!Count)
    return setLastError(hipErrorInvalidValue);
  *Count = 1;
  return hipSuccess;
}
hipError_t hipSetDevice(int Device) {
  return Device == 0 ? hipSuccess : setLastError(hipErrorInvalidDevice);
}
hipError_t hipGetDevice(int *Device) {
  if (!Device)
    return setLastError(hipErrorInvalidValue);
  *Device = 0;
  return hipSuccess;
}

/// A gfx942 profile: AMD Instinct MI300X (CDNA3 ISA guide; MI300X data sheet;
/// rocminfo/hipDeviceProp of an MI300X for the clock and cache figures).
hipError_t hipGetDeviceProperties(hipDeviceProp_t *P, int Device) {
  if (!P)
    return setLastError(hipErrorInvalidValue);
  if (Device != 0)
    return setLastError(hipErrorInvalidDevice);
  std::memset(P, 0, sizeof *P);
  std::strcpy(P->name, "AMD Instinct MI300X (wavesan CPU emulator)");
  std::strcpy(P->gcnArchName, "gfx942:sramecc+:xnack-");
  P->totalGlobalMem = 192ull << 30;    // 192 GiB HBM3
  const wavecommon::Target &Gfx942 = wavecommon::Gfx942; // the target table's figures
  P->sharedMemPerBlock = Gfx942.LdsBytesPerWorkgroup; // LDS per workgroup
  P->regsPerBlock = 512 * 64;          // 512 VGPRs x 64 lanes
  P->warpSize = static_cast<int>(unsigned(wavesan::options().wave_size)); // 64 (gfx942) or 32 (wave_size)
  P->maxThreadsPerBlock = static_cast<int>(Gfx942.MaxWorkgroupThreads);
  P->maxThreadsDim[0] = P->maxThreadsDim[1] = P->maxThreadsDim[2] =
      static_cast<int>(Gfx942.MaxWorkgroupThreads);
  // ROCm's value in every dimension; launches are checked against it (launch.cpp).
  P->maxGridSize[0] = P->maxGridSize[1] = P->maxGridSize[2] =
      static_cast<int>(wavesan::emu::detail::Gfx942MaxGridSize);
  P->clockRate = 2100000;              // kHz, 2.1 GHz peak engine clock
  P->memoryClockRate = 1300000;        // kHz
  P->memoryBusWidth = 8192;            // bits
  P->totalConstMem = 2147483648ull;
  P->major = 9;
  P->minor = 4;
  P->multiProcessorCount = static_cast<int>(Gfx942.ComputeUnits);
  P->l2CacheSize = static_cast<int>(Gfx942.L2BytesPerXcd); // per XCD
  P->maxThreadsPerMultiProcessor = static_cast<int>(Gfx942.ResidentThreadsPerCu);
  P->concurrentKernels = 1;
  P->maxSharedMemoryPerMultiProcessor = Gfx942.LdsBytesPerCu;
  P->canMapHostMemory = 1;
  P->cooperativeLaunch = 1;
  P->managedMemory = 1;
  wavesan::emu::detail::fillMoreProperties(*P);
  return hipSuccess;
}

// Launches run to completion before they return; a synchronize call returns
// the execution error of a failed launch since the last one (launch.cpp).
hipError_t hipDeviceSynchronize() {
  return setLastError(wavesan::emu::detail::takeExecutionError());
}
hipError_t hipDeviceReset() { return hipSuccess; }

hipError_t hipMalloc(void **Ptr, size_t Bytes) { return allocate(Ptr, Bytes, AllocKind::Device); }
hipError_t hipMallocManaged(void **Ptr, size_t Bytes, unsigned) {
  return allocate(Ptr, Bytes, AllocKind::Managed);
}
hipError_t hipHostMalloc(void **Ptr, size_t Bytes, unsigned) {
  return allocate(Ptr, Bytes, AllocKind::HostPinned);
}
// A double or foreign free is a report and hipErrorInvalidValue (allocations.h).
hipError_t hipFree(void *Ptr) {
  return wavesan::emu::detail::freeChecked(Ptr, "hipFree", __builtin_return_address(0))
             ? hipSuccess
             : setLastError(hipErrorInvalidValue);
}
hipError_t hipHostFree(void *Ptr) {
  return wavesan::emu::detail::freeChecked(Ptr, "hipHostFree", __builtin_return_address(0))
             ? hipSuccess
             : setLastError(hipErrorInvalidValue);
}

hipError_t hipMemcpy(void *Dst, const void *Src, size_t Bytes, hipMemcpyKind Kind) {
  if (Kind < hipMemcpyHostToHost || Kind > hipMemcpyDefault)
    return setLastError(hipErrorInvalidMemcpyDirection);
  if (Bytes && (!Dst || !Src))
    return setLastError(hipErrorInvalidValue);
  if (Bytes)
    std::memmove(Dst, Src, Bytes);
  return hipSuccess;
}
hipError_t hipMemcpyAsync(void *Dst, const void *Src, size_t Bytes, hipMemcpyKind Kind,
                          hipStream_t) {
  return hipMemcpy(Dst, Src, Bytes, Kind);
}
hipError_t hipMemset(void *Dst, int Value, size_t Bytes) {
  if (Bytes && !Dst)
    return setLastError(hipErrorInvalidValue);
  if (Bytes)
    std::memset(Dst, Value, Bytes);
  return hipSuccess;
}
hipError_t hipMemsetAsync(void *Dst, int Value, size_t Bytes, hipStream_t) {
  return hipMemset(Dst, Value, Bytes);
}

hipError_t hipStreamCreate(hipStream_t *S) {
  if (!S)
    return setLastError(hipErrorInvalidValue);
  *S = new ihipStream_t;
  return hipSuccess;
}
hipError_t hipStreamDestroy(hipStream_t S) {
  delete S;
  return hipSuccess;
}
hipError_t hipStreamSynchronize(hipStream_t) {
  return setLastError(wavesan::emu::detail::takeExecutionError());
}

hipError_t hipEventCreate(hipEvent_t *E) {
  if (!E)
    return setLastError(hipErrorInvalidValue);
  *E = new ihipEvent_t;
  return hipSuccess;
}
hipError_t hipEventCreateWithFlags(hipEvent_t *E, unsigned Flags) {
  constexpr unsigned Known = hipEventBlockingSync | hipEventDisableTiming | hipEventInterprocess;
  if (!E || (Flags & ~Known))
    return setLastError(hipErrorInvalidValue);
  *E = new ihipEvent_t;
  (*E)->TimingDisabled = (Flags & hipEventDisableTiming) != 0;
  return hipSuccess;
}
hipError_t hipEventQuery(hipEvent_t E) {
  return E ? hipSuccess : setLastError(hipErrorInvalidHandle);
}
hipError_t hipEventDestroy(hipEvent_t E) {
  delete E;
  return hipSuccess;
}
hipError_t hipEventRecord(hipEvent_t E, hipStream_t) {
  if (!E)
    return setLastError(hipErrorInvalidHandle);
  E->Time = std::chrono::steady_clock::now();
  E->Recorded = true;
  return hipSuccess;
}
hipError_t hipEventSynchronize(hipEvent_t E) {
  return E ? setLastError(wavesan::emu::detail::takeExecutionError())
           : setLastError(hipErrorInvalidHandle);
}
hipError_t hipEventElapsedTime(float *Ms, hipEvent_t Start, hipEvent_t Stop) {
  if (!Start || !Stop)
    return setLastError(hipErrorInvalidHandle);
  if (!Ms)
    return setLastError(hipErrorInvalidValue);
  if (Start->TimingDisabled || Stop->TimingDisabled)
    return setLastError(hipErrorInvalidHandle);
  if (!Start->Recorded || !Stop->Recorded)
    return setLastError(hipErrorNotReady);
  *Ms = std::chrono::duration<float, std::milli>(Stop->Time - Start->Time).count();
  return hipSuccess;
}
