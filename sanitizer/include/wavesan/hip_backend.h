//===--- hip_backend.h - the reference kernels on a real AMD GPU ----------===//
///
/// \file
/// Backend::Hip of reference.h: runs wavesan's reference kernels on an AMD GPU
/// through the real HIP runtime (libamdhip64), loading them from a gfx942 code
/// object at run time (hipModuleLoad). Part of library `wavesan-reference`
/// (sanitizer/src/reference/hip/) when libamdhip64 is found at configure time;
/// the old target name `wavesan-hip` links it. User guide: docs/wavesan-hip.md.
///
/// This header names no HIP type, so it can be included next to the
/// emulator's <hip/hip_runtime.h>: one program may link both wavesan-emu (whose
/// hip* functions have C++ linkage) and Backend::Hip (which calls the runtime's
/// extern "C" ones).
///
/// Errors: a spec or pointer the kernels cannot take throws
/// std::invalid_argument naming the field (as referenceReduce/referenceGemm);
/// everything else throws HipBackendError (a std::runtime_error) with one line
/// saying what failed: no device ("no AMD GPU (hipGetDeviceCount:
/// hipErrorNoDevice)"), no gfx942 device, a missing code object (naming every
/// path searched), or the failing HIP call with its error name.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/reference.h"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace wavesan {

/// What Backend::Hip throws. what() is one line starting with
/// "wavesan hip backend: ". hipError() is the hipError_t value of the failing
/// HIP call (100 = hipErrorNoDevice, values as in hip_runtime_api.h), or 0 when
/// the error is not a HIP call's (bad input, missing code object).
class HipBackendError : public std::runtime_error {
public:
  HipBackendError(const std::string &Message, int HipError);
  int hipError() const { return HipErrorCode; }

private:
  int HipErrorCode;
};

/// The state of the HIP runtime and the device Backend::Hip would use.
/// Computed once per process (the runtime enumerates devices once).
struct HipBackendStatus {
  /// True when a gfx942 device was found and selected (Device >= 0).
  bool Available = false;
  /// hipGetDeviceCount's result: hipError_t value and name (0, "hipSuccess"
  /// when it succeeded; 100, "hipErrorNoDevice" on a machine without AMD GPU).
  int Error = 0;
  std::string ErrorName;
  /// Devices the runtime reported (0 when hipGetDeviceCount failed).
  int DeviceCount = 0;
  /// The selected device: index, marketing name, gcnArchName
  /// ("gfx942:sramecc+:xnack-") and warp size in lanes (64 on gfx942,
  /// hipDeviceAttributeWarpSize). -1 / empty / 0 when none.
  int Device = -1;
  std::string DeviceName;
  std::string Arch;
  int WarpSize = 0;
  /// hipRuntimeGetVersion (e.g. 50221153 for Debian's HIP 5.2.3), 0 if unknown.
  int RuntimeVersion = 0;
  /// One line. Without a device: "no AMD GPU (hipGetDeviceCount: hipErrorNoDevice)".
  /// With one: "AMD GPU 0: <name> (<arch>), wave64".
  std::string Message;
};

/// The HIP runtime's view of this machine (see HipBackendStatus). Never throws.
/// The device is the first one whose architecture is gfx942, or the one named
/// by the environment variable WAVESAN_HIP_DEVICE (a device index).
HipBackendStatus hipBackendStatus();

/// Name of the environment variable that names the code object file to load.
inline constexpr const char *HipCodeObjectEnv = "WAVESAN_HIP_CODE_OBJECT";

/// Where the gfx942 code object of the reference kernels was looked for.
struct HipCodeObjectLookup {
  /// True when Path names an existing regular file.
  bool Found = false;
  /// The file to load (the first existing candidate), or "" when none exists.
  std::string Path;
  /// Every candidate in search order, each followed by "(missing)" or "(found)",
  /// separated by "; ": for error messages.
  std::string Searched;
};

/// Looks for the code object in this order: $WAVESAN_HIP_CODE_OBJECT (when set,
/// the only candidate), the build tree's file (built by
/// -DWAVESAN_GFX942_CODE_OBJECT=ON), the installed file
/// (<prefix>/share/wavesan/wavesan-reference-gfx942.co). Never throws.
HipCodeObjectLookup findHipCodeObject();

/// referenceReduce(Backend::Hip, ...): the reference reduction on the GPU.
/// Same contract as referenceReduce (reference.h): \p In holds \p N elements of
/// Spec.In; the result has one value per wavefront, per workgroup or one value
/// (Spec.Scope). Throws std::invalid_argument for a bad spec (or a WaveSize
/// other than the device's, 64 on gfx942), HipBackendError otherwise.
std::vector<double> hipReferenceReduce(const ReduceSpec &Spec, const void *In, size_t N);

/// referenceGemm(Backend::Hip, ...): the reference GEMM on the GPU. Same
/// contract as referenceGemm (reference.h): C (M x N, Spec.CType, layout
/// Spec.C) is read when Spec.Beta != 0 and overwritten. Throws
/// std::invalid_argument for a bad spec or null pointer, HipBackendError otherwise.
void hipReferenceGemm(const GemmSpec &Spec, const void *A, const void *B, void *C);

} // namespace wavesan
