//===--- module_api.h - contexts, and modules the emulator cannot load ------===//
///
/// \file
/// HIP's driver-style API as far as the CPU emulator can give it:
/// - Contexts: the emulator has one device and one context. hipCtxCreate returns
///   that context's handle, hipCtxGetCurrent/hipCtxSetCurrent/hipCtxPushCurrent/
///   hipCtxPopCurrent accept it, hipCtxGetDevice gives device 0,
///   hipCtxSynchronize is hipDeviceSynchronize, hipCtxDestroy succeeds.
/// - Modules: code objects (hipModuleLoad, hipModuleLoadData, hipModuleLoadDataEx)
///   are GPU machine code, which a CPU cannot run: each load returns
///   hipErrorNotSupported, as do hipModuleGetFunction, hipModuleGetGlobal and
///   hipModuleLaunchKernel; hipModuleUnload of a null module succeeds. Programs that
///   merely mention modules (a test framework's cleanup) compile and run; kernels
///   compiled at run time (<hip/hiprtc.h>) cannot be launched.
///
//===----------------------------------------------------------------------===//
#pragma once
#ifndef WAVESAN_EMU_INSIDE_HIP_RUNTIME
#error "include <hip/hip_runtime.h>, not wavesan/emu/module_api.h"
#endif

#include "wavesan/emu/host_api.h"
#include "wavesan/emu/device_query.h"

#include <cstddef>

struct ihipCtx_t;
struct ihipModule_t;
struct ihipModuleSymbol_t;
using hipCtx_t = ihipCtx_t *;
using hipModule_t = ihipModule_t *;
using hipFunction_t = ihipModuleSymbol_t *;

namespace wavesan::emu::detail {
/// The one context's handle: a distinct non-null pointer (never dereferenced).
inline hipCtx_t theContext() {
  static char Tag;
  return reinterpret_cast<hipCtx_t>(&Tag);
}
} // namespace wavesan::emu::detail

inline hipError_t hipCtxCreate(hipCtx_t *Ctx, unsigned /*Flags*/, int Device) {
  if (!Ctx || Device != 0)
    return hipErrorInvalidValue;
  *Ctx = ::wavesan::emu::detail::theContext();
  return hipSuccess;
}
inline hipError_t hipCtxDestroy(hipCtx_t) { return hipSuccess; }
inline hipError_t hipCtxGetCurrent(hipCtx_t *Ctx) {
  if (!Ctx)
    return hipErrorInvalidValue;
  *Ctx = ::wavesan::emu::detail::theContext();
  return hipSuccess;
}
inline hipError_t hipCtxSetCurrent(hipCtx_t) { return hipSuccess; }
inline hipError_t hipCtxPushCurrent(hipCtx_t) { return hipSuccess; }
inline hipError_t hipCtxPopCurrent(hipCtx_t *Ctx) { return hipCtxGetCurrent(Ctx); }
inline hipError_t hipCtxGetDevice(int *Device) {
  if (!Device)
    return hipErrorInvalidValue;
  *Device = 0;
  return hipSuccess;
}
inline hipError_t hipCtxSynchronize() { return hipDeviceSynchronize(); }
inline hipError_t hipDevicePrimaryCtxRetain(hipCtx_t *Ctx, int Device) {
  return hipCtxCreate(Ctx, 0, Device);
}
inline hipError_t hipDevicePrimaryCtxRelease(int) { return hipSuccess; }

inline hipError_t hipModuleLoad(hipModule_t *, const char *) { return hipErrorNotSupported; }
inline hipError_t hipModuleLoadData(hipModule_t *, const void *) { return hipErrorNotSupported; }
inline hipError_t hipModuleLoadDataEx(hipModule_t *, const void *, unsigned, void *, void **) {
  return hipErrorNotSupported;
}
inline hipError_t hipModuleUnload(hipModule_t Module) {
  return Module ? hipErrorInvalidHandle : hipSuccess;
}
inline hipError_t hipModuleGetFunction(hipFunction_t *, hipModule_t, const char *) {
  return hipErrorNotSupported;
}
inline hipError_t hipModuleGetGlobal(hipDeviceptr_t *, size_t *, hipModule_t, const char *) {
  return hipErrorNotSupported;
}
inline hipError_t hipModuleLaunchKernel(hipFunction_t, unsigned, unsigned, unsigned, unsigned,
                                        unsigned, unsigned, unsigned, hipStream_t, void **,
                                        void **) {
  return hipErrorNotSupported;
}
