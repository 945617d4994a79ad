//===--- WaveModelTest.cpp - the wave model through the driver -------------===//
///
/// The model's findings behave as any other finding (NOLINT, JSON, the
/// option that turns the model off), and a kernel it cannot bound is not
/// modelled instead of hanging. The per-family cases are testdata
/// (testdata/checks/*/model-*.hip).
///
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include <gtest/gtest.h>
#include <string>

using namespace wavecheck::test;

namespace {

/// A full-wave mask built by shifting by warpSize: a shift by 64 on gfx942.
/// The AST tier does not report it; only the model does, on line 5.
const char *const ShiftKernel = R"(#include <hip/hip_runtime.h>
__global__ void activeCount(const int *x, unsigned long long *out) {
  unsigned long long b = __ballot(x[threadIdx.x] > 3);
  unsigned long long full =
      (1ull << warpSize) - 1;
  out[threadIdx.x] = b & full;
}
)";

class WaveModel : public TempDirTest {};

unsigned countFindings(const std::string &Json) {
  llvm::json::Object R = parseReport(Json);
  const llvm::json::Array *Fs = R.getArray("findings");
  return Fs ? unsigned(Fs->size()) : 0;
}

TEST_F(WaveModel, FindingCarriesTheTierNoteAndGoesAwayWithTheOption) {
  std::string F = write("shift.hip", ShiftKernel);
  ProcessResult On = runWavecheck({"--format=json", F});
  ASSERT_EQ(On.ExitCode, 1) << On.Out << On.Err;
  llvm::json::Object R = parseReport(On.Out);
  const llvm::json::Array *Fs = R.getArray("findings");
  ASSERT_TRUE(Fs && Fs->size() == 1) << On.Out;
  const llvm::json::Object &Finding = *(*Fs)[0].getAsObject();
  EXPECT_EQ(Finding.getString("check")->str(), "wave64-lane-mask-width");
  EXPECT_EQ(*Finding.getInteger("line"), 5);
  EXPECT_EQ(Finding.getString("tier")->str(), "model") << On.Out;
  const llvm::json::Array *Notes = Finding.getArray("notes");
  ASSERT_TRUE(Notes && !Notes->empty()) << On.Out;
  EXPECT_EQ((*Notes)[0].getAsObject()->getString("message")->substr(0, 11), "wave model:")
      << On.Out;

  ProcessResult Off = runWavecheck({"--format=json", "--wave-model=false", F});
  EXPECT_EQ(Off.ExitCode, 0) << Off.Out << Off.Err;
  EXPECT_EQ(countFindings(Off.Out), 0u) << Off.Out;
}

TEST_F(WaveModel, AstFindingsSayTheirTier) {
  std::string F = write("lane.hip", LaneKernel);
  ProcessResult P = runWavecheck({"--format=json", F});
  ASSERT_EQ(P.ExitCode, 1) << P.Out << P.Err;
  llvm::json::Object R = parseReport(P.Out);
  const llvm::json::Array *Fs = R.getArray("findings");
  ASSERT_TRUE(Fs && Fs->size() == 1) << P.Out;
  std::optional<llvm::StringRef> Tier = (*Fs)[0].getAsObject()->getString("tier");
  ASSERT_TRUE(Tier) << P.Out;
  EXPECT_EQ(Tier->str(), "ast") << P.Out;
}

TEST_F(WaveModel, NolintSuppressesAModelFinding) {
  std::string Text = ShiftKernel;
  Text.replace(Text.find("(1ull << warpSize) - 1;"), 23,
               "(1ull << warpSize) - 1; // NOLINT(wave64-lane-mask-width)");
  std::string F = write("shift.hip", Text);
  ProcessResult P = runWavecheck({"--format=json", F});
  EXPECT_EQ(P.ExitCode, 0) << P.Out << P.Err;
  EXPECT_EQ(countFindings(P.Out), 0u) << P.Out;
}

TEST_F(WaveModel, OnlyTheTargetsWithSixtyFourLanesAreModelled) {
  std::string F = write("shift.hip", ShiftKernel);
  ProcessResult P = runWavecheck({"--format=json", "--offload-arch=gfx1100", F});
  EXPECT_EQ(P.ExitCode, 0) << P.Out << P.Err;
  EXPECT_EQ(countFindings(P.Out), 0u) << "a wave32 target computes what CUDA does:\n" << P.Out;
}

TEST_F(WaveModel, UnboundedLoopIsNotModelledAndDoesNotHang) {
  // The flag is an input the model gives a value other than 123 (volatile,
  // so the loop is kept): the loop never ends in the model, and the run
  // stops at its step budget.
  std::string F = write("spin.hip", R"(#include <hip/hip_runtime.h>
__global__ void spin(volatile const int *flag, float *out) {
  float v = out[threadIdx.x];
  while (flag[0] != 123)
    v += __shfl_xor(v, 1);
  out[threadIdx.x] = v;
}
)");
  ProcessResult P = runProgram(wavecheckBinary(), {"--format=json", F}, Dir, 120);
  EXPECT_EQ(P.ExitCode, 0) << P.Out << P.Err;
  ProcessResult T = runProgram("/usr/bin/env", {"WAVECHECK_MODEL_TRACE=1", wavecheckBinary(), F},
                               Dir, 120);
  // Whichever bound it reaches first (steps, inputs, taint sets).
  EXPECT_NE(T.Err.find("'spin' not modelled: more than "),
            std::string::npos)
      << T.Err;
}

} // namespace
