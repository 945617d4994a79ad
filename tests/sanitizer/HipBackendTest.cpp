//===--- HipBackendTest.cpp - Backend::Hip without and with an AMD GPU ----===//
///
/// \file
/// hip_backend_test, part 1: wavesan-hip against the real HIP runtime
/// (libamdhip64). This file includes no HIP header at all (hip_backend.h names
/// no HIP type). On a machine without an AMD GPU the runtime reports
/// hipErrorNoDevice (measured with Debian's libamdhip64: hipGetDeviceCount returns 100
/// there, no crash) and every Backend::Hip call throws a clear error; the
/// device tests (HipBackendDevice.*, HipBackendDeviceTest.cpp) skip with
/// "no AMD GPU: ...".
///
//===----------------------------------------------------------------------===//
#include "wavesan/hip_backend.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace wavesan;

/// The message every Backend::Hip call throws on a machine without AMD GPU.
constexpr const char *NoDeviceError =
    "wavesan hip backend: no AMD GPU (hipGetDeviceCount: hipErrorNoDevice); use Backend::Host "
    "or Backend::Cpu on this machine";

/// hipErrorNoDevice's value in hip_runtime_api.h: 100.
constexpr int HipErrorNoDevice = 100;

/// Skips when the runtime found an AMD GPU: these tests cover the no-device path.
#define SKIP_IF_DEVICE(S)                                                                          \
  if ((S).DeviceCount > 0)                                                                         \
  GTEST_SKIP() << "an AMD GPU is present (" << (S).Message << "): no-device path not reachable"

TEST(HipBackend, NoDeviceStatusIsHipErrorNoDevice) {
  HipBackendStatus S = hipBackendStatus();
  SKIP_IF_DEVICE(S);
  // The runtime reports no device: exactly hipErrorNoDevice, not a crash or another code.
  EXPECT_EQ(S.Error, HipErrorNoDevice);
  EXPECT_EQ(S.ErrorName, "hipErrorNoDevice");
  EXPECT_FALSE(S.Available);
  EXPECT_EQ(S.DeviceCount, 0);
  EXPECT_EQ(S.Device, -1);
  EXPECT_EQ(S.Arch, "");
  EXPECT_EQ(S.Message, "no AMD GPU (hipGetDeviceCount: hipErrorNoDevice)");
}

TEST(HipBackend, StatusComesFromTheRealRuntime) {
  // hipRuntimeGetVersion answers without a device. HIP encodes major * 10^7 + minor * 10^5 +
  // patch (Debian's 5.2.3 gives 50221153); the emulator has no such call, so a value >= 5.0
  // shows the real libamdhip64 is linked.
  HipBackendStatus S = hipBackendStatus();
  EXPECT_GE(S.RuntimeVersion, 50000000) << S.Message;
}

TEST(HipBackend, ReduceWithoutDeviceThrowsClearError) {
  HipBackendStatus S = hipBackendStatus();
  SKIP_IF_DEVICE(S);
  std::vector<float> X(100, 1.0f);
  ReduceSpec Spec; // device-wide f32 sum into f64
  try {
    hipReferenceReduce(Spec, X.data(), X.size());
    FAIL() << "hipReferenceReduce returned without a device";
  } catch (const HipBackendError &E) {
    EXPECT_STREQ(E.what(), NoDeviceError);
    EXPECT_EQ(E.hipError(), HipErrorNoDevice);
  }
}

TEST(HipBackend, GemmWithoutDeviceThrowsClearError) {
  HipBackendStatus S = hipBackendStatus();
  SKIP_IF_DEVICE(S);
  GemmSpec Spec;
  Spec.M = Spec.N = Spec.K = 2;
  std::vector<float> A(4, 1.0f), B(4, 1.0f), C(4, -7.0f);
  try {
    hipReferenceGemm(Spec, A.data(), B.data(), C.data());
    FAIL() << "hipReferenceGemm returned without a device";
  } catch (const HipBackendError &E) {
    EXPECT_STREQ(E.what(), NoDeviceError);
    EXPECT_EQ(E.hipError(), HipErrorNoDevice);
  }
  // C is untouched when nothing ran.
  EXPECT_EQ(C, std::vector<float>(4, -7.0f));
}

TEST(HipBackend, DispatchThroughReferenceApiGivesTheSameError) {
  // referenceReduce / referenceGemm(Backend::Hip, ...) of reference.h reach wavesan-hip.
  HipBackendStatus S = hipBackendStatus();
  SKIP_IF_DEVICE(S);
  std::vector<int32_t> X(64, 1);
  ReduceSpec R;
  R.In = DType::I32;
  R.Scope = ReduceScope::Wave;
  try {
    referenceReduce(Backend::Hip, R, X.data(), X.size());
    FAIL() << "referenceReduce(Backend::Hip) returned without a device";
  } catch (const std::runtime_error &E) {
    EXPECT_STREQ(E.what(), NoDeviceError);
  }
  GemmSpec G;
  G.M = G.N = G.K = 1;
  float A = 2, B = 3, C = 0;
  try {
    referenceGemm(Backend::Hip, G, &A, &B, &C);
    FAIL() << "referenceGemm(Backend::Hip) returned without a device";
  } catch (const std::runtime_error &E) {
    EXPECT_STREQ(E.what(), NoDeviceError);
  }
}

TEST(HipBackend, NullInputIsRejectedBeforeTheDeviceIsAsked) {
  // Bad input names the argument, with or without a device.
  ReduceSpec Spec;
  try {
    hipReferenceReduce(Spec, nullptr, 10);
    FAIL() << "a null input was accepted";
  } catch (const std::invalid_argument &E) {
    EXPECT_STREQ(E.what(), "wavesan hip backend: hipReferenceReduce: In is null but N is 10 "
                           "(expected N elements of host memory)");
  }
  GemmSpec G;
  G.M = 2;
  G.N = 3;
  G.K = 4;
  std::vector<float> A(8), C(6);
  try {
    hipReferenceGemm(G, A.data(), nullptr, C.data());
    FAIL() << "a null B was accepted";
  } catch (const std::invalid_argument &E) {
    // B is K x N = 4 x 3 floats = 48 bytes.
    EXPECT_STREQ(E.what(), "wavesan hip backend: hipReferenceGemm: B is null (expected 48 bytes "
                           "of host memory)");
  }
}

// ---- code object search ----

/// Sets an environment variable for one test and restores it after.
class ScopedEnv {
public:
  ScopedEnv(const char *Name, const char *Value) : Name(Name) {
    if (const char *Old = std::getenv(Name))
      Saved = Old, HadValue = true;
    if (Value)
      setenv(Name, Value, 1);
    else
      unsetenv(Name);
  }
  ~ScopedEnv() {
    if (HadValue)
      setenv(Name, Saved.c_str(), 1);
    else
      unsetenv(Name);
  }

private:
  const char *Name;
  std::string Saved;
  bool HadValue = false;
};

TEST(HipBackend, CodeObjectFromEnvironmentVariable) {
  std::filesystem::path File =
      std::filesystem::temp_directory_path() / ("wavesan-hip-test-" + std::to_string(getpid()) + ".co");
  std::ofstream(File) << "not a real code object";
  {
    ScopedEnv Env("WAVESAN_HIP_CODE_OBJECT", File.c_str());
    HipCodeObjectLookup L = findHipCodeObject();
    EXPECT_TRUE(L.Found);
    EXPECT_EQ(L.Path, File.string());
    EXPECT_EQ(L.Searched, "WAVESAN_HIP_CODE_OBJECT=" + File.string() + " (found)");
  }
  std::filesystem::remove(File);
}

TEST(HipBackend, MissingCodeObjectNamesThePath) {
  ScopedEnv Env("WAVESAN_HIP_CODE_OBJECT", "/nonexistent/wavesan/ref.co");
  HipCodeObjectLookup L = findHipCodeObject();
  EXPECT_FALSE(L.Found);
  EXPECT_EQ(L.Path, "");
  EXPECT_EQ(L.Searched, "WAVESAN_HIP_CODE_OBJECT=/nonexistent/wavesan/ref.co (missing)");
}

TEST(HipBackend, DefaultCodeObjectPathsAreBuildThenInstall) {
  // The paths CMake baked in (sanitizer/src/reference/hip/hip.cmake), passed to this test by CMake too.
  ScopedEnv Env("WAVESAN_HIP_CODE_OBJECT", nullptr);
  HipCodeObjectLookup L = findHipCodeObject();
  std::string Build = WAVESAN_TEST_BUILD_CODE_OBJECT, Install = WAVESAN_TEST_INSTALL_CODE_OBJECT;
  auto State = [](const std::string &P) {
    return std::filesystem::is_regular_file(P) ? " (found)" : " (missing)";
  };
  EXPECT_EQ(L.Searched, Build + State(Build) + "; " + Install + State(Install));
  EXPECT_NE(Build.find("wavesan-reference-gfx942.co"), std::string::npos);
  if (!L.Found)
    EXPECT_EQ(L.Path, "");
}

} // namespace
