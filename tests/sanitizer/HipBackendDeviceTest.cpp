//===--- HipBackendDeviceTest.cpp - the reference kernels on a real GPU ---===//
///
/// \file
/// hip_backend_test, part 2: Backend::Hip on an AMD gfx942 GPU, against
/// hand-computed results. Every test skips with "no AMD GPU: ..." when the HIP
/// runtime has no usable device (always the case in CI and on the build
/// machines). On a GPU machine the gfx942 code object must be built
/// (-DWAVESAN_GFX942_CODE_OBJECT=ON) or named by WAVESAN_HIP_CODE_OBJECT.
///
//===----------------------------------------------------------------------===//
#include "wavesan/hip_backend.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace wavesan;

/// Skips the test unless a gfx942 device is usable, saying why.
#define REQUIRE_GPU()                                                                              \
  do {                                                                                             \
    HipBackendStatus S_ = hipBackendStatus();                                                      \
    if (!S_.Available) {                                                                           \
      if (S_.DeviceCount == 0)                                                                     \
        GTEST_SKIP() << "no AMD GPU: hipGetDeviceCount returned " << S_.ErrorName;                 \
      GTEST_SKIP() << "no AMD GPU usable: " << S_.Message;                                         \
    }                                                                                              \
  } while (0)

TEST(HipBackendDevice, WaveSumOfOnesIsTheWaveWidth) {
  REQUIRE_GPU();
  // 200 ones in 64-lane wavefronts: 64 + 64 + 64 + 8 (the last wave holds 200 - 192).
  std::vector<int32_t> X(200, 1);
  ReduceSpec Spec;
  Spec.In = DType::I32;
  Spec.Scope = ReduceScope::Wave;
  EXPECT_EQ(referenceReduce(Backend::Hip, Spec, X.data(), X.size()),
            (std::vector<double>{64, 64, 64, 8}));
}

TEST(HipBackendDevice, BlockMaxOfARamp) {
  REQUIRE_GPU();
  // x[i] = i for 512 elements, 256-thread workgroups: maxima 255 and 511.
  std::vector<float> X(512);
  for (size_t I = 0; I < X.size(); ++I)
    X[I] = static_cast<float>(I);
  ReduceSpec Spec;
  Spec.Op = ReduceOp::Max;
  Spec.Scope = ReduceScope::Block;
  Spec.Acc = DType::F32;
  EXPECT_EQ(referenceReduce(Backend::Hip, Spec, X.data(), X.size()),
            (std::vector<double>{255, 511}));
}

TEST(HipBackendDevice, DeviceSumAndMin) {
  REQUIRE_GPU();
  // 1 + 2 + ... + 1000 = 1000 * 1001 / 2 = 500500 (exact in fp64).
  std::vector<double> X(1000);
  for (size_t I = 0; I < X.size(); ++I)
    X[I] = static_cast<double>(I + 1);
  ReduceSpec Spec;
  Spec.In = DType::F64;
  EXPECT_EQ(referenceReduce(Backend::Hip, Spec, X.data(), X.size()), (std::vector<double>{500500}));
  // Minimum of 0..99999 with one -5 at index 77777 (in the middle of the partials).
  std::vector<int32_t> Y(100000);
  for (size_t I = 0; I < Y.size(); ++I)
    Y[I] = static_cast<int32_t>(I);
  Y[77777] = -5;
  Spec.In = DType::I32;
  Spec.Op = ReduceOp::Min;
  EXPECT_EQ(referenceReduce(Backend::Hip, Spec, Y.data(), Y.size()), (std::vector<double>{-5}));
}

TEST(HipBackendDevice, F32GemmSmallByHand) {
  REQUIRE_GPU();
  // A (2x3) = [1 2 3; 4 5 6], B (3x2) = [7 8; 9 10; 11 12]:
  // C = [1*7+2*9+3*11, 1*8+2*10+3*12; 4*7+5*9+6*11, 4*8+5*10+6*12] = [58 64; 139 154].
  GemmSpec Spec;
  Spec.M = 2, Spec.N = 2, Spec.K = 3;
  std::vector<float> A{1, 2, 3, 4, 5, 6}, B{7, 8, 9, 10, 11, 12}, C(4);
  referenceGemm(Backend::Hip, Spec, A.data(), B.data(), C.data());
  EXPECT_EQ(C, (std::vector<float>{58, 64, 139, 154}));
  // Same product with A stored transposed (3x2 row-major) and C column-major, alpha 2,
  // beta 1 over C = 1: column-major [2*58+1, 2*139+1, 2*64+1, 2*154+1].
  Spec.TransA = true;
  Spec.C = Layout::ColMajor;
  Spec.Alpha = 2;
  Spec.Beta = 1;
  std::vector<float> At{1, 4, 2, 5, 3, 6}, C2(4, 1.0f);
  referenceGemm(Backend::Hip, Spec, At.data(), B.data(), C2.data());
  EXPECT_EQ(C2, (std::vector<float>{117, 279, 129, 309}));
}

TEST(HipBackendDevice, Bf16GemmOfOnes) {
  REQUIRE_GPU();
  // 16x16x16 of bf16 1.0 (0x3F80: sign 0, exponent 127, mantissa 0): every C is 16.
  GemmSpec Spec;
  Spec.M = Spec.N = Spec.K = 16;
  Spec.AType = Spec.BType = DType::BF16;
  std::vector<uint16_t> A(256, 0x3F80), B(256, 0x3F80);
  std::vector<float> C(256);
  referenceGemm(Backend::Hip, Spec, A.data(), B.data(), C.data());
  EXPECT_EQ(C, std::vector<float>(256, 16.0f));
}

TEST(HipBackendDevice, Fp8GemmReadsOcpAndFnuzBytesDifferently) {
  REQUIRE_GPU();
  // Byte 0x38 = 0.0111.000: exponent field 7. OCP E4M3 (bias 7): 1.0; FNUZ (bias 8): 0.5
  // (docs/hardware.md, FP8 formats). 16x16x32 of it: OCP gives 32 * 1 * 1 = 32, FNUZ 32 * 0.25 = 8.
  GemmSpec Spec;
  Spec.M = Spec.N = 16;
  Spec.K = 32;
  std::vector<uint8_t> A(16 * 32, 0x38), B(32 * 16, 0x38);
  std::vector<float> C(256);
  Spec.AType = Spec.BType = DType::E4M3Ocp;
  referenceGemm(Backend::Hip, Spec, A.data(), B.data(), C.data());
  EXPECT_EQ(C, std::vector<float>(256, 32.0f));
  Spec.AType = Spec.BType = DType::E4M3Fnuz;
  referenceGemm(Backend::Hip, Spec, A.data(), B.data(), C.data());
  EXPECT_EQ(C, std::vector<float>(256, 8.0f));
}

TEST(HipBackendDevice, WaveSize32IsRejectedOnGfx942) {
  REQUIRE_GPU();
  std::vector<float> X(64, 1.0f);
  ReduceSpec Spec;
  Spec.WaveSize = 32;
  EXPECT_THROW(referenceReduce(Backend::Hip, Spec, X.data(), X.size()), std::invalid_argument);
}

} // namespace
