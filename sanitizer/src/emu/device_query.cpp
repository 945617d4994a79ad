//===--- device_query.cpp - attributes, limits, flags, versions -----------===//
///
/// \file
/// device_query.h: hipDeviceGetAttribute and the rest of the device queries,
/// answered from the gfx942 profile hipGetDeviceProperties fills (host_api.cpp).
///
//===----------------------------------------------------------------------===//
#include "engine.h"

#include <atomic>
#include <cstring>

namespace wavesan::emu::detail {
hipError_t setLastError(hipError_t E);

/// HIP's hipDeviceProp_t fields beyond the ones host_api.cpp sets, for gfx942
/// (MI300X data sheet; CDNA3 ISA guide; ROCm's hipDeviceProp of an MI300X).
void fillMoreProperties(hipDeviceProp_t &P) {
  // No opt-in beyond the workgroup's LDS (the target table's 64 KiB).
  P.sharedMemPerBlockOptin = wavecommon::Gfx942.LdsBytesPerWorkgroup;
  P.memPitch = 2147483647;
  P.textureAlignment = 256;
  P.texturePitchAlignment = 256;
  P.regsPerMultiprocessor = 512 * 64 * 4; // 512 VGPRs x 64 lanes x 4 SIMDs per CU
  P.maxBlocksPerMultiProcessor = 32;
  P.clockInstructionRate = 1000000; // kHz: the 1 GHz clock64() counter of ROCm's profile
  P.gcnArch = 942;
  P.asyncEngineCount = 1;
  P.unifiedAddressing = 1;
  P.ECCEnabled = 1;
  P.deviceOverlap = 1;
  P.hostNativeAtomicSupported = 1;
  P.concurrentManagedAccess = 1;
  P.directManagedMemAccessFromHost = 0;
  P.cooperativeMultiDeviceLaunch = 1;
  P.streamPrioritiesSupported = 1;
  P.globalL1CacheSupported = 1;
  P.localL1CacheSupported = 1;
  hipDeviceArch_t &A = P.arch;
  A.hasGlobalInt32Atomics = A.hasGlobalFloatAtomicExch = A.hasSharedInt32Atomics = 1;
  A.hasSharedFloatAtomicExch = A.hasFloatAtomicAdd = A.hasGlobalInt64Atomics = 1;
  A.hasSharedInt64Atomics = A.hasDoubles = A.hasWarpVote = A.hasWarpBallot = 1;
  A.hasWarpShuffle = A.hasFunnelShift = A.hasThreadFenceSystem = A.hasSyncThreadsExt = 1;
  A.has3dGrid = 1;
}
} // namespace wavesan::emu::detail

using wavesan::emu::detail::setLastError;

hipError_t hipDeviceGetAttribute(int *Value, hipDeviceAttribute_t Attr, int Device) {
  if (!Value)
    return setLastError(hipErrorInvalidValue);
  hipDeviceProp_t P;
  if (hipError_t E = hipGetDeviceProperties(&P, Device); E != hipSuccess)
    return E;
  auto Clamp = [](size_t V) { return V > 2147483647u ? 2147483647 : static_cast<int>(V); };
  int V = 0;
  switch (Attr) {
  case hipDeviceAttributeEccEnabled: V = P.ECCEnabled; break;
  case hipDeviceAttributeAsyncEngineCount: V = P.asyncEngineCount; break;
  case hipDeviceAttributeCanMapHostMemory: V = P.canMapHostMemory; break;
  case hipDeviceAttributeClockRate: V = P.clockRate; break;
  case hipDeviceAttributeComputeMode: V = P.computeMode; break;
  case hipDeviceAttributeConcurrentKernels: V = P.concurrentKernels; break;
  case hipDeviceAttributeConcurrentManagedAccess: V = P.concurrentManagedAccess; break;
  case hipDeviceAttributeCooperativeLaunch: V = P.cooperativeLaunch; break;
  case hipDeviceAttributeCooperativeMultiDeviceLaunch: V = P.cooperativeMultiDeviceLaunch; break;
  case hipDeviceAttributeDirectManagedMemAccessFromHost: V = P.directManagedMemAccessFromHost; break;
  case hipDeviceAttributeHostNativeAtomicSupported: V = P.hostNativeAtomicSupported; break;
  case hipDeviceAttributeIntegrated: V = P.integrated; break;
  case hipDeviceAttributeIsMultiGpuBoard: V = P.isMultiGpuBoard; break;
  case hipDeviceAttributeKernelExecTimeout: V = P.kernelExecTimeoutEnabled; break;
  case hipDeviceAttributeL2CacheSize: V = P.l2CacheSize; break;
  case hipDeviceAttributeComputeCapabilityMajor: V = P.major; break;
  case hipDeviceAttributeComputeCapabilityMinor: V = P.minor; break;
  case hipDeviceAttributeManagedMemory: V = P.managedMemory; break;
  case hipDeviceAttributeMaxBlocksPerMultiProcessor: V = P.maxBlocksPerMultiProcessor; break;
  case hipDeviceAttributeMaxBlockDimX: V = P.maxThreadsDim[0]; break;
  case hipDeviceAttributeMaxBlockDimY: V = P.maxThreadsDim[1]; break;
  case hipDeviceAttributeMaxBlockDimZ: V = P.maxThreadsDim[2]; break;
  case hipDeviceAttributeMaxGridDimX: V = P.maxGridSize[0]; break;
  case hipDeviceAttributeMaxGridDimY: V = P.maxGridSize[1]; break;
  case hipDeviceAttributeMaxGridDimZ: V = P.maxGridSize[2]; break;
  case hipDeviceAttributeMaxThreadsPerBlock: V = P.maxThreadsPerBlock; break;
  case hipDeviceAttributeMaxThreadsPerMultiProcessor: V = P.maxThreadsPerMultiProcessor; break;
  case hipDeviceAttributeMaxPitch: V = Clamp(P.memPitch); break;
  case hipDeviceAttributeMemoryBusWidth: V = P.memoryBusWidth; break;
  case hipDeviceAttributeMemoryClockRate: V = P.memoryClockRate; break;
  case hipDeviceAttributeMultiprocessorCount: V = P.multiProcessorCount; break;
  case hipDeviceAttributePageableMemoryAccess: V = P.pageableMemoryAccess; break;
  case hipDeviceAttributePageableMemoryAccessUsesHostPageTables:
    V = P.pageableMemoryAccessUsesHostPageTables;
    break;
  case hipDeviceAttributePciBusId: V = P.pciBusID; break;
  case hipDeviceAttributePciDeviceId: V = P.pciDeviceID; break;
  case hipDeviceAttributePciDomainID: V = P.pciDomainID; break;
  case hipDeviceAttributeMaxRegistersPerBlock: V = P.regsPerBlock; break;
  case hipDeviceAttributeMaxRegistersPerMultiprocessor: V = P.regsPerMultiprocessor; break;
  case hipDeviceAttributeMaxSharedMemoryPerBlock: V = Clamp(P.sharedMemPerBlock); break;
  case hipDeviceAttributeSharedMemPerBlockOptin: V = Clamp(P.sharedMemPerBlockOptin); break;
  case hipDeviceAttributeSharedMemPerMultiprocessor:
  case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor:
    V = Clamp(P.maxSharedMemoryPerMultiProcessor);
    break;
  case hipDeviceAttributeStreamPrioritiesSupported: V = P.streamPrioritiesSupported; break;
  case hipDeviceAttributeTextureAlignment: V = Clamp(P.textureAlignment); break;
  case hipDeviceAttributeTotalConstantMemory: V = Clamp(P.totalConstMem); break;
  case hipDeviceAttributeTotalGlobalMem: V = Clamp(P.totalGlobalMem); break;
  case hipDeviceAttributeUnifiedAddressing: V = P.unifiedAddressing; break;
  case hipDeviceAttributeWarpSize: V = P.warpSize; break;
  case hipDeviceAttributeMemoryPoolsSupported: V = 1; break;
  case hipDeviceAttributeClockInstructionRate: V = P.clockInstructionRate; break;
  case hipDeviceAttributeWallClockRate: V = 100000; break; // kHz: 100 MHz (wall_clock64)
  case hipDeviceAttributeImageSupport: V = 0; break;
  case hipDeviceAttributeVirtualMemoryManagementSupported: V = 0; break;
  default: return setLastError(hipErrorInvalidValue);
  }
  *Value = V;
  return hipSuccess;
}

hipError_t hipDeviceGet(hipDevice_t *Device, int Ordinal) {
  if (!Device)
    return setLastError(hipErrorInvalidValue);
  if (Ordinal != 0)
    return setLastError(hipErrorInvalidDevice);
  *Device = 0;
  return hipSuccess;
}
hipError_t hipDeviceGetName(char *Name, int Length, hipDevice_t Device) {
  if (!Name || Length <= 0)
    return setLastError(hipErrorInvalidValue);
  hipDeviceProp_t P;
  if (hipError_t E = hipGetDeviceProperties(&P, Device); E != hipSuccess)
    return E;
  std::strncpy(Name, P.name, static_cast<size_t>(Length) - 1);
  Name[Length - 1] = '\0';
  return hipSuccess;
}
hipError_t hipDeviceTotalMem(size_t *Bytes, hipDevice_t Device) {
  if (!Bytes)
    return setLastError(hipErrorInvalidValue);
  hipDeviceProp_t P;
  if (hipError_t E = hipGetDeviceProperties(&P, Device); E != hipSuccess)
    return E;
  *Bytes = P.totalGlobalMem;
  return hipSuccess;
}
hipError_t hipDeviceGetPCIBusId(char *Id, int Length, int Device) {
  if (!Id || Length < 13)
    return setLastError(hipErrorInvalidValue);
  if (Device != 0)
    return setLastError(hipErrorInvalidDevice);
  std::strcpy(Id, "0000:00:00.0");
  return hipSuccess;
}

namespace {
std::atomic<size_t> Limits[3] = {1024, 1 << 20, size_t(4) << 30};
std::atomic<unsigned> DeviceFlags{0};
std::atomic<int> CacheConfig{hipFuncCachePreferNone};
std::atomic<int> SharedConfig{hipSharedMemBankSizeFourByte};
} // namespace

hipError_t hipDeviceGetLimit(size_t *Value, hipLimit_t Limit) {
  if (!Value || Limit < hipLimitStackSize || Limit >= hipLimitRange)
    return setLastError(hipErrorInvalidValue);
  *Value = Limits[Limit].load();
  return hipSuccess;
}
hipError_t hipDeviceSetLimit(hipLimit_t Limit, size_t Value) {
  if (Limit < hipLimitStackSize || Limit >= hipLimitRange)
    return setLastError(hipErrorInvalidValue);
  Limits[Limit] = Value;
  return hipSuccess;
}

hipError_t hipSetDeviceFlags(unsigned Flags) {
  constexpr unsigned Known = hipDeviceScheduleMask | hipDeviceMapHost | hipDeviceLmemResizeToMax;
  if (Flags & ~Known)
    return setLastError(hipErrorInvalidValue);
  DeviceFlags = Flags;
  return hipSuccess;
}
hipError_t hipGetDeviceFlags(unsigned *Flags) {
  if (!Flags)
    return setLastError(hipErrorInvalidValue);
  *Flags = DeviceFlags.load();
  return hipSuccess;
}

hipError_t hipDeviceSetCacheConfig(hipFuncCache_t Config) {
  if (Config < hipFuncCachePreferNone || Config > hipFuncCachePreferEqual)
    return setLastError(hipErrorInvalidValue);
  CacheConfig = Config;
  return hipSuccess;
}
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *Config) {
  if (!Config)
    return setLastError(hipErrorInvalidValue);
  *Config = static_cast<hipFuncCache_t>(CacheConfig.load());
  return hipSuccess;
}
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig Config) {
  if (Config < hipSharedMemBankSizeDefault || Config > hipSharedMemBankSizeEightByte)
    return setLastError(hipErrorInvalidValue);
  SharedConfig = Config;
  return hipSuccess;
}
hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig *Config) {
  if (!Config)
    return setLastError(hipErrorInvalidValue);
  *Config = static_cast<hipSharedMemConfig>(SharedConfig.load());
  return hipSuccess;
}

namespace wavesan::emu::detail {
hipError_t funcSetAttribute(const void *Func, hipFuncAttribute Attr, int Value) {
  if (!Func)
    return setLastError(hipErrorInvalidValue);
  switch (Attr) {
  case hipFuncAttributeMaxDynamicSharedMemorySize:
    return Value >= 0 && unsigned(Value) <= wavecommon::Gfx942.LdsBytesPerWorkgroup
               ? hipSuccess
               : setLastError(hipErrorInvalidValue);
  case hipFuncAttributePreferredSharedMemoryCarveout:
    return Value >= -1 && Value <= 100 ? hipSuccess : setLastError(hipErrorInvalidValue);
  default:
    return setLastError(hipErrorInvalidValue);
  }
}
hipError_t funcSetCacheConfig(const void *Func, hipFuncCache_t Config) {
  if (!Func || Config < hipFuncCachePreferNone || Config > hipFuncCachePreferEqual)
    return setLastError(hipErrorInvalidValue);
  return hipSuccess;
}
hipError_t funcGetAttributes(hipFuncAttributes *Attr, const void *Func) {
  if (!Attr || !Func)
    return setLastError(hipErrorInvalidValue);
  std::memset(Attr, 0, sizeof *Attr);
  Attr->maxDynamicSharedSizeBytes = static_cast<int>(wavecommon::Gfx942.LdsBytesPerWorkgroup);
  Attr->maxThreadsPerBlock = static_cast<int>(wavecommon::Gfx942.MaxWorkgroupThreads);
  Attr->binaryVersion = 94;
  Attr->ptxVersion = 94;
  return hipSuccess;
}
} // namespace wavesan::emu::detail

hipError_t hipInit(unsigned Flags) {
  return Flags == 0 ? hipSuccess : setLastError(hipErrorInvalidValue);
}
hipError_t hipDriverGetVersion(int *Version) {
  if (!Version)
    return setLastError(hipErrorInvalidValue);
  *Version = HIP_VERSION;
  return hipSuccess;
}
hipError_t hipRuntimeGetVersion(int *Version) {
  if (!Version)
    return setLastError(hipErrorInvalidValue);
  *Version = HIP_VERSION;
  return hipSuccess;
}
