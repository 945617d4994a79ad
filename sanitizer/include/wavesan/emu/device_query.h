//===--- device_query.h - attributes, limits, flags, versions -------------===//
///
/// \file
/// What a HIP program asks about the device and the runtime besides
/// hipGetDeviceProperties: hipDeviceGetAttribute (every attribute answered
/// from the same gfx942 profile), hipDeviceGetLimit/SetLimit, device and
/// function flags and cache preferences (accepted and recorded, with no
/// effect on the CPU), hipInit and the version queries. Enumerator names and
/// flag values are those of ROCm's hip_runtime_api.h; invalid arguments give
/// hipErrorInvalidValue (or hipErrorInvalidDevice for a device other than 0),
/// as with HIP.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/device_query.h"
#endif

#include "wavesan/emu/host_api.h"

#include <cstddef>

typedef int hipDevice_t;
typedef void *hipDeviceptr_t;

/// Device attributes (hipDeviceGetAttribute). The emulator answers each from its
/// gfx942 (MI300X) profile; the texture and surface limits are 0 (no images).
enum hipDeviceAttribute_t {
  hipDeviceAttributeEccEnabled = 0,
  hipDeviceAttributeAsyncEngineCount,
  hipDeviceAttributeCanMapHostMemory,
  hipDeviceAttributeClockRate,
  hipDeviceAttributeComputeMode,
  hipDeviceAttributeConcurrentKernels,
  hipDeviceAttributeConcurrentManagedAccess,
  hipDeviceAttributeCooperativeLaunch,
  hipDeviceAttributeCooperativeMultiDeviceLaunch,
  hipDeviceAttributeDirectManagedMemAccessFromHost,
  hipDeviceAttributeHostNativeAtomicSupported,
  hipDeviceAttributeIntegrated,
  hipDeviceAttributeIsMultiGpuBoard,
  hipDeviceAttributeKernelExecTimeout,
  hipDeviceAttributeL2CacheSize,
  hipDeviceAttributeComputeCapabilityMajor,
  hipDeviceAttributeComputeCapabilityMinor,
  hipDeviceAttributeManagedMemory,
  hipDeviceAttributeMaxBlocksPerMultiProcessor,
  hipDeviceAttributeMaxBlockDimX,
  hipDeviceAttributeMaxBlockDimY,
  hipDeviceAttributeMaxBlockDimZ,
  hipDeviceAttributeMaxGridDimX,
  hipDeviceAttributeMaxGridDimY,
  hipDeviceAttributeMaxGridDimZ,
  hipDeviceAttributeMaxThreadsPerBlock,
  hipDeviceAttributeMaxThreadsPerMultiProcessor,
  hipDeviceAttributeMaxPitch,
  hipDeviceAttributeMemoryBusWidth,
  hipDeviceAttributeMemoryClockRate,
  hipDeviceAttributeMultiprocessorCount,
  hipDeviceAttributePageableMemoryAccess,
  hipDeviceAttributePageableMemoryAccessUsesHostPageTables,
  hipDeviceAttributePciBusId,
  hipDeviceAttributePciDeviceId,
  hipDeviceAttributePciDomainID,
  hipDeviceAttributeMaxRegistersPerBlock,
  hipDeviceAttributeMaxRegistersPerMultiprocessor,
  hipDeviceAttributeMaxSharedMemoryPerBlock,
  hipDeviceAttributeSharedMemPerBlockOptin,
  hipDeviceAttributeSharedMemPerMultiprocessor,
  hipDeviceAttributeStreamPrioritiesSupported,
  hipDeviceAttributeTextureAlignment,
  hipDeviceAttributeTotalConstantMemory,
  hipDeviceAttributeTotalGlobalMem,
  hipDeviceAttributeUnifiedAddressing,
  hipDeviceAttributeWarpSize,
  hipDeviceAttributeMemoryPoolsSupported,
  hipDeviceAttributeClockInstructionRate,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeWallClockRate,
  hipDeviceAttributeImageSupport,
  hipDeviceAttributeVirtualMemoryManagementSupported,
};

/// hipDeviceGetAttribute: \p Attr of device \p Device (0) into *Value.
hipError_t hipDeviceGetAttribute(int *Value, hipDeviceAttribute_t Attr, int Device);
hipError_t hipDeviceGet(hipDevice_t *Device, int Ordinal);
hipError_t hipDeviceGetName(char *Name, int Length, hipDevice_t Device);
hipError_t hipDeviceTotalMem(size_t *Bytes, hipDevice_t Device);
/// The gfx942 PCI bus id string "0000:00:00.0" (no real bus: all zero).
hipError_t hipDeviceGetPCIBusId(char *Id, int Length, int Device);

enum hipLimit_t {
  hipLimitStackSize = 0x0,
  hipLimitPrintfFifoSize = 0x01,
  hipLimitMallocHeapSize = 0x02,
  hipLimitRange
};
/// Limits are recorded and read back; defaults: stack 1024 bytes per thread,
/// printf FIFO 1 MiB, device malloc heap 4 GiB (the emulator's device-side
/// malloc is the host's).
hipError_t hipDeviceGetLimit(size_t *Value, hipLimit_t Limit);
hipError_t hipDeviceSetLimit(hipLimit_t Limit, size_t Value);

// Device flags (hipSetDeviceFlags); recorded, no effect on the CPU.
#define hipDeviceScheduleAuto 0x0
#define hipDeviceScheduleSpin 0x1
#define hipDeviceScheduleYield 0x2
#define hipDeviceScheduleBlockingSync 0x4
#define hipDeviceScheduleMask 0x7
#define hipDeviceMapHost 0x8
#define hipDeviceLmemResizeToMax 0x16
/// Accepts any combination of the flags above; other bits: hipErrorInvalidValue.
hipError_t hipSetDeviceFlags(unsigned Flags);
hipError_t hipGetDeviceFlags(unsigned *Flags);

enum hipFuncCache_t {
  hipFuncCachePreferNone,
  hipFuncCachePreferShared,
  hipFuncCachePreferL1,
  hipFuncCachePreferEqual,
};
enum hipSharedMemConfig {
  hipSharedMemBankSizeDefault,
  hipSharedMemBankSizeFourByte,
  hipSharedMemBankSizeEightByte,
};
enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
  hipFuncAttributeMax
};
/// What hipFuncGetAttributes reports: the launch limits of the gfx942 profile
/// (the emulator does not know a kernel's register or LDS use).
struct hipFuncAttributes {
  int binaryVersion;
  int cacheModeCA;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxDynamicSharedSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int preferredShmemCarveout;
  int ptxVersion;
  size_t sharedSizeBytes;
};

hipError_t hipDeviceSetCacheConfig(hipFuncCache_t Config);
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *Config);
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig Config);
hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig *Config);

namespace wavesan::emu::detail {
hipError_t funcSetAttribute(const void *Func, hipFuncAttribute Attr, int Value);
hipError_t funcSetCacheConfig(const void *Func, hipFuncCache_t Config);
hipError_t funcGetAttributes(hipFuncAttributes *Attr, const void *Func);
} // namespace wavesan::emu::detail

/// Function attributes and cache preferences: checked (a null kernel, an unknown
/// attribute, a dynamic LDS size over 64 KiB are hipErrorInvalidValue) and
/// otherwise ignored. Take a kernel or a pointer to one.
template <class F> inline hipError_t hipFuncSetAttribute(F *Func, hipFuncAttribute Attr, int Value) {
  return ::wavesan::emu::detail::funcSetAttribute(reinterpret_cast<const void *>(Func), Attr,
                                                  Value);
}
template <class F> inline hipError_t hipFuncSetCacheConfig(F *Func, hipFuncCache_t Config) {
  return ::wavesan::emu::detail::funcSetCacheConfig(reinterpret_cast<const void *>(Func), Config);
}
template <class F> inline hipError_t hipFuncSetSharedMemConfig(F *Func, hipSharedMemConfig) {
  return Func ? hipSuccess : hipErrorInvalidValue;
}
template <class F> inline hipError_t hipFuncGetAttributes(hipFuncAttributes *Attr, F *Func) {
  return ::wavesan::emu::detail::funcGetAttributes(Attr, reinterpret_cast<const void *>(Func));
}

/// hipInit(0) succeeds; other flags: hipErrorInvalidValue (as in HIP).
hipError_t hipInit(unsigned Flags);
/// The HIP version the emulator's API follows, encoded as HIP_VERSION
/// (major * 10000000 + minor * 100000 + patch): 60200000 (ROCm 6.2).
hipError_t hipDriverGetVersion(int *Version);
hipError_t hipRuntimeGetVersion(int *Version);
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)
