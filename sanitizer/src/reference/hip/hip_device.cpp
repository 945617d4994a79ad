//===--- hip_device.cpp - device discovery, memory, code object, launches -===//
///
/// \file
/// The hip backend's runtime layer (hip_api.h): hipGetDeviceCount and device
/// selection, HipBackendStatus, hipMalloc'd buffers, the code object search and
/// its module (hipModuleLoad / hipModuleGetFunction), hipModuleLaunchKernel.
///
//===----------------------------------------------------------------------===//
#include "hip_api.h"

#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#ifndef WAVESAN_HIP_BUILD_CODE_OBJECT
#error "WAVESAN_HIP_BUILD_CODE_OBJECT (path of the built code object) comes from CMake"
#endif
#ifndef WAVESAN_HIP_INSTALL_CODE_OBJECT
#error "WAVESAN_HIP_INSTALL_CODE_OBJECT (path of the installed code object) comes from CMake"
#endif

namespace wavesan {

HipBackendError::HipBackendError(const std::string &Message, int HipError)
    : std::runtime_error(Message), HipErrorCode(HipError) {}

namespace hip_detail {
namespace {

/// The architecture the reference code object is built for (CMake option
/// WAVESAN_GFX942_CODE_OBJECT): MI300X / MI325X (LLVM AMDGPU
/// usage, processor table; docs/hardware.md).
constexpr std::string_view CodeObjectArch = "gfx942";

/// "gfx942" of "gfx942:sramecc+:xnack-" (gcnArchName carries target features).
std::string_view archBase(std::string_view Arch) { return Arch.substr(0, Arch.find(':')); }

/// Fills Device/DeviceName/Arch/WarpSize for device \p Index; false when the
/// runtime cannot describe it (Message says why).
bool describeDevice(int Index, HipBackendStatus &S) {
  hipDeviceProp_t Prop{};
  hipError_t E = hipGetDeviceProperties(&Prop, Index);
  if (E != hipSuccess) {
    S.Message = "hipGetDeviceProperties(" + std::to_string(Index) + ") failed: " + errorText(E);
    return false;
  }
  int Warp = 0;
  E = hipDeviceGetAttribute(&Warp, hipDeviceAttributeWarpSize, Index);
  S.Device = Index;
  S.DeviceName = Prop.name;
  S.Arch = Prop.gcnArchName;
  S.WarpSize = E == hipSuccess ? Warp : Prop.warpSize;
  return true;
}

/// The device named by WAVESAN_HIP_DEVICE, nullopt when unset; -1 (and
/// S.Message) when the value is not a device index.
std::optional<int> deviceFromEnvironment(HipBackendStatus &S) {
  const char *Value = std::getenv("WAVESAN_HIP_DEVICE");
  if (!Value)
    return std::nullopt;
  char *End = nullptr;
  long Index = std::strtol(Value, &End, 10);
  if (*Value == '\0' || *End != '\0' || Index < 0 || Index >= S.DeviceCount) {
    S.Message = "WAVESAN_HIP_DEVICE='" + std::string(Value) + "' is not a device index (expected 0.." +
                std::to_string(S.DeviceCount - 1) + ")";
    return -1;
  }
  return static_cast<int>(Index);
}

HipBackendStatus computeStatus() {
  HipBackendStatus S;
  int Version = 0;
  if (hipRuntimeGetVersion(&Version) == hipSuccess)
    S.RuntimeVersion = Version;
  int Count = 0;
  hipError_t E = hipGetDeviceCount(&Count);
  S.Error = static_cast<int>(E);
  S.ErrorName = hipGetErrorName(E);
  if (E != hipSuccess || Count <= 0) {
    S.Message = "no AMD GPU (hipGetDeviceCount: " +
                (E != hipSuccess ? S.ErrorName : S.ErrorName + ", 0 devices") + ")";
    return S;
  }
  S.DeviceCount = Count;
  std::optional<int> Chosen = deviceFromEnvironment(S);
  if (Chosen && *Chosen < 0)
    return S;
  std::string Seen;
  for (int I = Chosen ? *Chosen : 0; I < (Chosen ? *Chosen + 1 : Count); ++I) {
    HipBackendStatus D = S;
    if (!describeDevice(I, D)) {
      Seen += (Seen.empty() ? "" : ", ") + D.Message;
      continue;
    }
    if (archBase(D.Arch) == CodeObjectArch) {
      D.Available = true;
      D.Message = "AMD GPU " + std::to_string(I) + ": " + D.DeviceName + " (" + D.Arch + "), wave" +
                  std::to_string(D.WarpSize);
      return D;
    }
    Seen += (Seen.empty() ? "" : ", ") + ("device " + std::to_string(I) + " is " + D.Arch);
  }
  S.Message = "no gfx942 GPU (the reference code object is built for gfx942): " + Seen;
  return S;
}

} // namespace

std::string errorText(hipError_t Error) {
  return std::string(hipGetErrorName(Error)) + " (" + std::to_string(static_cast<int>(Error)) + ")";
}

void fail(const std::string &Message) { throw HipBackendError("wavesan hip backend: " + Message, 0); }

void check(hipError_t Error, const std::string &What) {
  if (Error == hipSuccess)
    return;
  throw HipBackendError("wavesan hip backend: " + What + " failed: " + errorText(Error) + ": " +
                            hipGetErrorString(Error),
                        static_cast<int>(Error));
}

int requireDevice() {
  const HipBackendStatus S = hipBackendStatus();
  if (!S.Available)
    throw HipBackendError("wavesan hip backend: " + S.Message +
                              "; use Backend::Host or Backend::Cpu on this machine",
                          S.Error);
  check(hipSetDevice(S.Device), "hipSetDevice(" + std::to_string(S.Device) + ")");
  return S.Device;
}

DeviceMemory::DeviceMemory(size_t Count) : Bytes(Count) {
  // hipMalloc(0) yields nullptr; one byte keeps every kernel argument a valid pointer.
  check(hipMalloc(&Ptr, Count ? Count : 1), "hipMalloc(" + std::to_string(Count) + " bytes)");
}

DeviceMemory::~DeviceMemory() {
  if (Ptr)
    (void)hipFree(Ptr);
}

void DeviceMemory::upload(const void *Src, size_t Count) {
  if (Count > Bytes)
    fail("upload of " + std::to_string(Count) + " bytes into a " + std::to_string(Bytes) +
         "-byte device buffer");
  if (Count)
    check(hipMemcpy(Ptr, Src, Count, hipMemcpyHostToDevice),
          "hipMemcpy(host to device, " + std::to_string(Count) + " bytes)");
}

void DeviceMemory::download(void *Dst, size_t Count) const {
  if (Count > Bytes)
    fail("download of " + std::to_string(Count) + " bytes from a " + std::to_string(Bytes) +
         "-byte device buffer");
  if (Count)
    check(hipMemcpy(Dst, Ptr, Count, hipMemcpyDeviceToHost),
          "hipMemcpy(device to host, " + std::to_string(Count) + " bytes)");
}

void DeviceMemory::fill(int Value) {
  check(hipMemset(Ptr, Value, Bytes ? Bytes : 1), "hipMemset(" + std::to_string(Bytes) + " bytes)");
}

namespace {

/// The loaded code object: one module per process (kept until exit: unloading
/// at static destruction would race the runtime's own teardown) and its
/// functions by name.
struct LoadedModule {
  std::mutex Lock;
  std::string Path;
  hipModule_t Module = nullptr;
  std::map<std::string, hipFunction_t, std::less<>> Functions;
};

LoadedModule &loadedModule() {
  static LoadedModule *M = new LoadedModule; // intentionally leaked, see above
  return *M;
}

hipFunction_t function(const char *Name) {
  LoadedModule &M = loadedModule();
  std::lock_guard<std::mutex> Guard(M.Lock);
  if (!M.Module) {
    HipCodeObjectLookup L = findHipCodeObject();
    if (!L.Found)
      fail("no gfx942 code object of the reference kernels; searched: " + L.Searched +
           " (build it with -DWAVESAN_GFX942_CODE_OBJECT=ON on a ROCm install, or set " +
           HipCodeObjectEnv + "; docs/wavesan-hip.md)");
    check(hipModuleLoad(&M.Module, L.Path.c_str()), "hipModuleLoad(" + L.Path + ")");
    M.Path = L.Path;
  }
  auto It = M.Functions.find(Name);
  if (It != M.Functions.end())
    return It->second;
  hipFunction_t F = nullptr;
  check(hipModuleGetFunction(&F, M.Module, Name),
        std::string("hipModuleGetFunction(") + Name + ") in " + M.Path);
  M.Functions.emplace(Name, F);
  return F;
}

} // namespace

void launch(const char *Name, const LaunchDims &D, std::initializer_list<void *> Args) {
  requireDevice();
  hipFunction_t F = function(Name);
  std::vector<void *> Params(Args);
  std::string What = std::string("hipModuleLaunchKernel(") + Name + ", grid " +
                     std::to_string(D.GridX) + "x" + std::to_string(D.GridY) + "x" +
                     std::to_string(D.GridZ) + ", block " + std::to_string(D.BlockX) + "x" +
                     std::to_string(D.BlockY) + "x" + std::to_string(D.BlockZ) + ")";
  check(hipModuleLaunchKernel(F, D.GridX, D.GridY, D.GridZ, D.BlockX, D.BlockY, D.BlockZ,
                              D.SharedBytes, nullptr, Params.data(), nullptr),
        What);
  check(hipDeviceSynchronize(), std::string("kernel ") + Name + " (hipDeviceSynchronize)");
}

} // namespace hip_detail

HipBackendStatus hipBackendStatus() {
  static const HipBackendStatus Status = hip_detail::computeStatus();
  return Status;
}

HipCodeObjectLookup findHipCodeObject() {
  HipCodeObjectLookup L;
  std::vector<std::string> Candidates;
  if (const char *Env = std::getenv(HipCodeObjectEnv); Env && *Env)
    Candidates.push_back(Env);
  else
    Candidates = {WAVESAN_HIP_BUILD_CODE_OBJECT, WAVESAN_HIP_INSTALL_CODE_OBJECT};
  bool FromEnv = std::getenv(HipCodeObjectEnv) && *std::getenv(HipCodeObjectEnv);
  for (const std::string &C : Candidates) {
    std::error_code Ec;
    bool Exists = std::filesystem::is_regular_file(C, Ec);
    if (!L.Searched.empty())
      L.Searched += "; ";
    L.Searched += (FromEnv ? std::string(HipCodeObjectEnv) + "=" : std::string()) + C +
                  (Exists ? " (found)" : " (missing)");
    if (Exists && !L.Found) {
      L.Found = true;
      L.Path = C;
    }
  }
  return L;
}

} // namespace wavesan
