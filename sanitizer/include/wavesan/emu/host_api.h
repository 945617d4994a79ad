//===--- host_api.h - hipMalloc, hipMemcpy, streams, events, properties ----===//
///
/// \file
/// The HIP host API a kernel test uses, on the CPU. Device memory is host
/// memory (256-byte aligned, as hipMalloc's); every copy kind is memcpy.
/// Launches run to completion before hipLaunchKernelGGL returns, so streams
/// and events are synchronous: *Async calls complete before returning,
/// hipEventRecord takes a steady_clock time stamp. One device (0), described by
/// a gfx942 (MI300X) profile in hipGetDeviceProperties. Errors: functions
/// return hipError_t and set the thread's last error (hipGetLastError).
/// Allocations are recorded (sanitizer/src/emu/allocations.h): hipFree or
/// hipHostFree of a pointer freed before, or of one no allocation function
/// returned, frees nothing, prints a `double-free` / `invalid-free` report and
/// returns hipErrorInvalidValue (as ROCm does); hipFree(nullptr) succeeds.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/host_api.h"
#endif

#include <cstddef>

/// HIP's error codes (values as in hip_runtime_api.h).
enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorNotInitialized = 3,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidPitchValue = 12,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidHandle = 400,
  hipErrorInvalidResourceHandle = 400,
  hipErrorNotFound = 500,
  hipErrorNotReady = 600,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchTimeOut = 702,
  hipErrorPeerAccessAlreadyEnabled = 704,
  hipErrorPeerAccessNotEnabled = 705,
  hipErrorLaunchFailure = 719,
  hipErrorCooperativeLaunchTooLarge = 720,
  hipErrorNotSupported = 801,
  hipErrorUnknown = 999,
};

enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,
};

struct ihipStream_t;
struct ihipEvent_t;
typedef ihipStream_t *hipStream_t;
typedef ihipEvent_t *hipEvent_t;

/// What the device's ISA offers (HIP's hipDeviceProp_t::arch): every feature of
/// gfx942 except dynamic parallelism and surfaces.
struct hipDeviceArch_t {
  unsigned hasGlobalInt32Atomics : 1;
  unsigned hasGlobalFloatAtomicExch : 1;
  unsigned hasSharedInt32Atomics : 1;
  unsigned hasSharedFloatAtomicExch : 1;
  unsigned hasFloatAtomicAdd : 1;
  unsigned hasGlobalInt64Atomics : 1;
  unsigned hasSharedInt64Atomics : 1;
  unsigned hasDoubles : 1;
  unsigned hasWarpVote : 1;
  unsigned hasWarpBallot : 1;
  unsigned hasWarpShuffle : 1;
  unsigned hasFunnelShift : 1;
  unsigned hasThreadFenceSystem : 1;
  unsigned hasSyncThreadsExt : 1;
  unsigned hasSurfaceFuncs : 1;
  unsigned has3dGrid : 1;
  unsigned hasDynamicParallelism : 1;
};

/// The subset of HIP's hipDeviceProp_t that tests read. hipGetDeviceProperties
/// fills it with a gfx942 (AMD Instinct MI300X) profile; warpSize is the
/// emulated wave size (64, or 32 under wave_size=32 / setWaveSize(32)).
struct hipDeviceProp_t {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  int memoryClockRate;
  int memoryBusWidth;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  int computeMode;
  int concurrentKernels;
  size_t maxSharedMemoryPerMultiProcessor;
  int isMultiGpuBoard;
  int canMapHostMemory;
  int integrated;
  int cooperativeLaunch;
  int managedMemory;
  char gcnArchName[256];
  // More of HIP's fields (device_query.cpp fills them).
  size_t sharedMemPerBlockOptin;
  size_t memPitch;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int regsPerMultiprocessor;
  int maxBlocksPerMultiProcessor;
  int clockInstructionRate;
  int gcnArch;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int asyncEngineCount;
  int unifiedAddressing;
  int ECCEnabled;
  int kernelExecTimeoutEnabled;
  int tccDriver;
  int deviceOverlap;
  int hostNativeAtomicSupported;
  int pageableMemoryAccess;
  int pageableMemoryAccessUsesHostPageTables;
  int concurrentManagedAccess;
  int directManagedMemAccessFromHost;
  int cooperativeMultiDeviceLaunch;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  int persistingL2CacheMaxSize;
  int maxTexture1D;
  int maxTexture2D[2];
  int maxTexture3D[3];
  hipDeviceArch_t arch;
};

namespace wavesan::detail {
bool loadOptionsAtStartup(); // wavesan/options.h
}
namespace wavesan::emu::detail {
/// Parses WAVESAN_OPTIONS at program startup (help=1 printed, a bad option exits
/// with status 2), even in a program that never launches a kernel.
inline const bool OptionsLoadedAtStartup = ::wavesan::detail::loadOptionsAtStartup();
} // namespace wavesan::emu::detail

hipError_t hipGetLastError();
hipError_t hipPeekAtLastError();
const char *hipGetErrorString(hipError_t Error);
const char *hipGetErrorName(hipError_t Error);

hipError_t hipGetDeviceCount(int *Count);
hipError_t hipSetDevice(int Device);
hipError_t hipGetDevice(int *Device);
hipError_t hipGetDeviceProperties(hipDeviceProp_t *Prop, int Device);
hipError_t hipDeviceSynchronize();
hipError_t hipDeviceReset();

hipError_t hipMalloc(void **Ptr, size_t Bytes);
hipError_t hipMallocManaged(void **Ptr, size_t Bytes, unsigned Flags = 0);
hipError_t hipHostMalloc(void **Ptr, size_t Bytes, unsigned Flags = 0);
hipError_t hipFree(void *Ptr);
hipError_t hipHostFree(void *Ptr);
/// \p Kind defaults to hipMemcpyDefault (every kind is the same copy here).
hipError_t hipMemcpy(void *Dst, const void *Src, size_t Bytes,
                     hipMemcpyKind Kind = hipMemcpyDefault);
hipError_t hipMemcpyAsync(void *Dst, const void *Src, size_t Bytes,
                          hipMemcpyKind Kind = hipMemcpyDefault, hipStream_t Stream = nullptr);
hipError_t hipMemset(void *Dst, int Value, size_t Bytes);
hipError_t hipMemsetAsync(void *Dst, int Value, size_t Bytes, hipStream_t Stream = nullptr);

/// Typed forms, as in HIP's C++ API.
template <class T> inline hipError_t hipMalloc(T **Ptr, size_t Bytes) {
  return hipMalloc(reinterpret_cast<void **>(Ptr), Bytes);
}
template <class T>
inline hipError_t hipMallocManaged(T **Ptr, size_t Bytes, unsigned Flags = 0) {
  return hipMallocManaged(reinterpret_cast<void **>(Ptr), Bytes, Flags);
}
template <class T> inline hipError_t hipHostMalloc(T **Ptr, size_t Bytes, unsigned Flags = 0) {
  return hipHostMalloc(reinterpret_cast<void **>(Ptr), Bytes, Flags);
}

hipError_t hipStreamCreate(hipStream_t *Stream);
hipError_t hipStreamDestroy(hipStream_t Stream);
hipError_t hipStreamSynchronize(hipStream_t Stream);
hipError_t hipEventCreate(hipEvent_t *Event);
hipError_t hipEventDestroy(hipEvent_t Event);
hipError_t hipEventRecord(hipEvent_t Event, hipStream_t Stream = nullptr);
hipError_t hipEventSynchronize(hipEvent_t Event);
/// Milliseconds between two recorded events.
hipError_t hipEventElapsedTime(float *Ms, hipEvent_t Start, hipEvent_t Stop);
