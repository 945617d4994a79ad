//===--- EmuKernelNameTest.cpp - which function a report's lines name -------===//
///
/// \file
/// A report of a lane's wave operation names the kernel in its first line, and its "at"
/// line gives the operation's file and line and the function it is in. A kernel written
/// as a lambda in a GoogleTest body (or in a lambda there) has a name that says only
/// where it was written: "Emu_X_Test::TestBody()::<lambda(int*)>", the test; the "at"
/// line then names the kernel as launched. A lambda called from a __global__ function
/// still names that kernel (it is in the lambda's name). Every kernel shuffles from
/// lane 40 under `threadIdx.x < 32`: a partial wave operation, one report per kernel.
///
//===----------------------------------------------------------------------===//
#include "EmuTest.h"

#include <string>

namespace {

using emu_test::Emu;

/// The report block that starts with "ERROR: wavesan: wave-op-partial in kernel <Kernel>",
/// or "" (no such report).
std::string reportOf(const std::string &Err, const std::string &Kernel) {
  const std::string Head = "ERROR: wavesan: wave-op-partial in kernel " + Kernel + "\n";
  const size_t At = Err.find(Head);
  if (At == std::string::npos)
    return "";
  const size_t End = Err.find("SUMMARY:", At);
  return Err.substr(At, End == std::string::npos ? std::string::npos : End - At);
}

/// The report of \p Kernel in the stderr captured since CaptureStderr(); a missing
/// report is a test failure.
std::string capturedReport(const std::string &Kernel) {
  const std::string Err = testing::internal::GetCapturedStderr();
  const std::string R = reportOf(Err, Kernel);
  EXPECT_NE(R, "") << "no wave-op-partial report of kernel " << Kernel << " in:\n" << Err;
  return R;
}

std::string atLine(unsigned Line, const std::string &Function) {
  return "\n  at " + std::string(__FILE__) + ":" + std::to_string(Line) + " in " + Function +
         ", block (0,0,0), wave 0\n";
}

/// Report \p R's "at" line gives \p Line in \p Function, and no test body.
void expectAt(const std::string &R, unsigned Line, const std::string &Function) {
  EXPECT_NE(R.find(atLine(Line, Function)), std::string::npos) << R;
  EXPECT_EQ(R.find("TestBody"), std::string::npos) << R;
}

/// One wave's output buffer (64 ints), freed at the end of the test.
struct WaveBuffer {
  int *D = nullptr;
  WaveBuffer() { EXPECT_EQ(hipMalloc(&D, 64 * sizeof *D), hipSuccess); }
  ~WaveBuffer() { hipFree(D); }
};

constexpr unsigned FreeKernelShuffleLine = __LINE__ + 4;
__global__ void readsExitedLanes(int *Out) {
  int V = threadIdx.x;
  if (threadIdx.x < 32)
    V = __shfl(V, 40);
  Out[threadIdx.x] = V;
}

constexpr unsigned InnerLambdaShuffleLine = __LINE__ + 3;
__global__ void callsALambda(int *Out) {
  int V = threadIdx.x;
  auto Read40 = [](int X) { return __shfl(X, 40); };
  if (threadIdx.x < 32)
    V = Read40(V);
  Out[threadIdx.x] = V;
}

TEST_F(Emu, ReportOfAKernelLaunchedFromATestNamesTheKernel) {
  WaveBuffer B;
  testing::internal::CaptureStderr();
  EXPECT_EQ(hipLaunchKernelGGL(readsExitedLanes, 1, 64, 0, 0, B.D), hipSuccess);
  expectAt(capturedReport("readsExitedLanes"), FreeKernelShuffleLine, "readsExitedLanes");
}

TEST_F(Emu, LambdaKernelInATestIsNamedAsLaunched) {
  WaveBuffer B;
  const unsigned ShuffleLine = __LINE__ + 4;
  auto LambdaKernel = [] __global__(int *Out) {
    int V = threadIdx.x;
    if (threadIdx.x < 32)
      V = __shfl(V, 40);
    Out[threadIdx.x] = V;
  };
  testing::internal::CaptureStderr();
  EXPECT_EQ(hipLaunchKernelGGL(LambdaKernel, 1, 64, 0, 0, B.D), hipSuccess);
  expectAt(capturedReport("LambdaKernel"), ShuffleLine, "LambdaKernel");
}

// The launch itself in a lambda of the test body (a helper that runs a kernel per case).
TEST_F(Emu, LambdaKernelLaunchedFromALambdaIsNamedAsLaunched) {
  WaveBuffer B;
  const unsigned ShuffleLine = __LINE__ + 4;
  auto Kernel = [] __global__(int *Out) {
    int V = threadIdx.x;
    if (threadIdx.x < 32)
      V = __shfl(V, 40);
    Out[threadIdx.x] = V;
  };
  auto Run = [&] { return hipLaunchKernelGGL(Kernel, 1, 64, 0, 0, B.D); };
  testing::internal::CaptureStderr();
  EXPECT_EQ(Run(), hipSuccess);
  expectAt(capturedReport("Kernel"), ShuffleLine, "Kernel");
}

// A lambda inside a __global__ function is the kernel's own code: its name (g++:
// "callsALambda(int*)::<lambda(int)>") already names the kernel and stays.
TEST_F(Emu, LambdaInsideAKernelKeepsItsName) {
  WaveBuffer B;
  testing::internal::CaptureStderr();
  EXPECT_EQ(hipLaunchKernelGGL(callsALambda, 1, 64, 0, 0, B.D), hipSuccess);
  const std::string R = capturedReport("callsALambda");
  EXPECT_NE(R.find("\n  at " + std::string(__FILE__) + ":" +
                   std::to_string(InnerLambdaShuffleLine) + " in callsALambda(int*)::<lambda"),
            std::string::npos)
      << R;
}

} // namespace
