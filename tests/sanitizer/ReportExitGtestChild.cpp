//===--- ReportExitGtestChild.cpp - a GoogleTest binary for report_exit_test ===//
///
/// \file
/// A test binary as users build them (GoogleTest's gtest_main, wavesan-emu), run by
/// report_exit_test with --gtest_filter to pick one case; it is not a ctest test itself.
/// Each case writes to stdout without a newline before anything else, to check that
/// the text survives the failing exit.
///
///   Child.PassesAndPrintsAnError    passes, but a kernel prints lane-mask-truncated
///   Child.PassesAndPrintsANote      passes; a 4-block launch (the note only when asked)
///   Child.FailsAndPrintsAnError     fails (EXPECT) and prints the same error
///   Child.PassesClean               passes, no report
///   Child.CheckReductionEmits       EXPECT_WAVESAN_REDUCTION passes; a failing
///                                   diff_reduction with Emit prints its report
///
//===----------------------------------------------------------------------===//
#include <hip/hip_runtime.h>

#include "wavesan/gtest.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

namespace {

__global__ void narrow(int *Out) {
  int Mask = __ballot(1); // lanes 32-63 of the 64-lane mask are lost
  Out[threadIdx.x] = Mask;
}

__global__ void twice(float *Data) { Data[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f; }

TEST(Child, PassesAndPrintsAnError) {
  std::printf("test stdout;");
  int *Out = nullptr;
  ASSERT_EQ(hipMalloc(&Out, 64 * sizeof(int)), hipSuccess);
  EXPECT_EQ(hipLaunchKernelGGL(narrow, dim3(1), dim3(64), 0, 0, Out), hipSuccess);
  EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
  hipFree(Out);
}

TEST(Child, PassesAndPrintsANote) {
  std::printf("test stdout;");
  float *Data = nullptr;
  ASSERT_EQ(hipMalloc(&Data, 4 * 64 * sizeof(float)), hipSuccess);
  ASSERT_EQ(hipMemset(Data, 0, 4 * 64 * sizeof(float)), hipSuccess);
  EXPECT_EQ(hipLaunchKernelGGL(twice, dim3(4), dim3(64), 0, 0, Data), hipSuccess);
  EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
  hipFree(Data);
}

TEST(Child, FailsAndPrintsAnError) {
  std::printf("test stdout;");
  int *Out = nullptr;
  ASSERT_EQ(hipMalloc(&Out, 64 * sizeof(int)), hipSuccess);
  EXPECT_EQ(hipLaunchKernelGGL(narrow, dim3(1), dim3(64), 0, 0, Out), hipSuccess);
  hipFree(Out);
  EXPECT_EQ(1, 2) << "a failing expectation";
}

TEST(Child, PassesClean) { std::printf("test stdout;"); }

TEST(Child, CheckReductionEmits) {
  std::printf("test stdout;");
  // A sum of four ones: 4 passes the check; 3 (a lost term) fails it.
  wavesan::ReduceSpec Spec;
  Spec.Op = wavesan::ReduceOp::Sum;
  Spec.Scope = wavesan::ReduceScope::Device;
  Spec.In = wavesan::DType::F32;
  const std::vector<float> In = {1, 1, 1, 1};
  const double Right = 4, Wrong = 3;
  EXPECT_WAVESAN_REDUCTION(Spec, In.data(), In.size(), &Right, 1);
  wavesan::DiffOptions Emit;
  Emit.Emit = true;
  Emit.Label = "sum4";
  EXPECT_FALSE(wavesan::diff_reduction(Spec, In.data(), In.size(), &Wrong, 1, Emit).Pass);
}

} // namespace
