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
#include <optional>
#include <string>
#include <vector>

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

/// The AST tier reports `threadIdx.x & 31` as a lane index next to a
/// ballot; every group leader ORs the ballot into one flag, which is the OR
/// over the block at either width. The model shows it harmless.
const char *const HarmlessKernel = R"(#include <hip/hip_runtime.h>
__global__ void anyPositive(const float *in, int *flag) {
  const int lane = threadIdx.x & 31;
  unsigned long long b = __ballot(in[threadIdx.x] > 0.0f);
  if (lane == 0 && b != 0)
    atomicOr(flag, 1);
}
)";

std::vector<std::string> notesOf(const llvm::json::Object &Finding) {
  std::vector<std::string> Out;
  if (const llvm::json::Array *Ns = Finding.getArray("notes"))
    for (const llvm::json::Value &N : *Ns)
      Out.push_back(N.getAsObject()->getString("message")->str());
  return Out;
}

bool hasNoteStarting(const llvm::json::Object &Finding, llvm::StringRef Prefix) {
  for (const std::string &N : notesOf(Finding))
    if (llvm::StringRef(N).starts_with(Prefix))
      return true;
  return false;
}

/// The report's finding when the run failed the gate with exactly one.
std::optional<llvm::json::Object> onlyFinding(const ProcessResult &P) {
  if (P.ExitCode != 1)
    return std::nullopt;
  llvm::json::Object R = parseReport(P.Out);
  const llvm::json::Array *Fs = R.getArray("findings");
  if (!Fs || Fs->size() != 1)
    return std::nullopt;
  return *(*Fs)[0].getAsObject();
}

TEST_F(WaveModel, AstFindingTheModelShowsHarmlessIsDropped) {
  std::string F = write("harmless.hip", HarmlessKernel);
  ProcessResult On = runWavecheck({"--format=json", "--checks=-*,wave64-hardcoded-warp-size", F});
  EXPECT_EQ(On.ExitCode, 0) << On.Out << On.Err;
  EXPECT_EQ(countFindings(On.Out), 0u) << On.Out;
  // Without the model the AST tier's finding stands: the drop is the model's.
  ProcessResult Off = runWavecheck(
      {"--format=json", "--wave-model=false", "--checks=-*,wave64-hardcoded-warp-size", F});
  EXPECT_EQ(Off.ExitCode, 1) << Off.Out << Off.Err;
  EXPECT_EQ(countFindings(Off.Out), 1u) << Off.Out;
}

TEST_F(WaveModel, FixItTheModelConfirmsIsKept) {
  // A ladder from 16 whose result is taken per wavefront: the model sees
  // lanes 32-63 lost, and with the fix-it (warpSize / 2) nothing is lost.
  std::string F = write("ladder.hip", R"(#include <hip/hip_runtime.h>
__global__ void rowSum(const float *in, float *out) {
  float acc = in[threadIdx.x];
  for (int s = 16; s > 0; s /= 2)
    acc += __shfl_xor(acc, s);
  if (threadIdx.x % warpSize == 0)
    out[threadIdx.x / warpSize] = acc;
}
)");
  ProcessResult P = runWavecheck({"--format=json", "--checks=-*,wave64-partial-reduction", F});
  std::optional<llvm::json::Object> Only = onlyFinding(P);
  ASSERT_TRUE(Only) << P.Out << P.Err;
  const llvm::json::Object &Finding = *Only;
  EXPECT_EQ(*Finding.getInteger("line"), 4) << P.Out;
  EXPECT_FALSE(Finding.getArray("fixes")->empty()) << P.Out;
  EXPECT_FALSE(hasNoteStarting(Finding, "no fix-it")) << P.Out;
}

TEST_F(WaveModel, FixItThatLosesInputsIsWithheld) {
  // Pairs of lanes summed within 32-lane groups, and a vote over the whole
  // wavefront: making the macro the wave size would pair lanes per 64-lane
  // wavefront, and the pair sums of lanes 32-33 would reach nothing.
  std::string F = write("pairs.hip", R"(#include <hip/hip_runtime.h>
#define WARP_SIZE 32
__global__ void sums(const float *in, float *out) {
  __shared__ float partial[16];
  const int lane = threadIdx.x % WARP_SIZE;
  float v = in[threadIdx.x];
  v += __shfl_down(v, 1, WARP_SIZE);
  unsigned long long positive = __ballot(v > 0.0f);
  if (lane == 0)
    partial[threadIdx.x / WARP_SIZE] = v;
  __syncthreads();
  if (threadIdx.x < blockDim.x / WARP_SIZE)
    out[threadIdx.x] = partial[threadIdx.x] + __popcll(positive);
}
)");
  ProcessResult P = runWavecheck({"--format=json", "--checks=-*,wave64-hardcoded-warp-size", F});
  ASSERT_EQ(P.ExitCode, 1) << P.Out << P.Err;
  llvm::json::Object R = parseReport(P.Out);
  const llvm::json::Array *Fs = R.getArray("findings");
  ASSERT_TRUE(Fs && !Fs->empty()) << P.Out;
  for (const llvm::json::Value &V : *Fs) {
    const llvm::json::Object &Finding = *V.getAsObject();
    EXPECT_TRUE(Finding.getArray("fixes")->empty()) << P.Out;
    EXPECT_TRUE(hasNoteStarting(Finding, "no fix-it: with the change, the wave model still finds"))
        << P.Out;
  }
  // The AST tier alone offers the macro fix-it: the withholding is the model's.
  ProcessResult Off = runWavecheck(
      {"--format=json", "--wave-model=false", "--checks=-*,wave64-hardcoded-warp-size", F});
  llvm::json::Object ROff = parseReport(Off.Out);
  bool AnyFix = false;
  for (const llvm::json::Value &V : *ROff.getArray("findings"))
    AnyFix |= !V.getAsObject()->getArray("fixes")->empty();
  EXPECT_TRUE(AnyFix) << Off.Out;
}

TEST_F(WaveModel, FixItInAHelperNoKernelCallsIsWithheld) {
  std::string F = write("helper.hip", R"(#include <hip/hip_runtime.h>
__device__ float lastOfWave(float v) {
  return __shfl(v, 31);
}
)");
  ProcessResult P = runWavecheck({"--format=json", "--checks=-*,wave64-partial-reduction", F});
  std::optional<llvm::json::Object> Only = onlyFinding(P);
  ASSERT_TRUE(Only) << P.Out << P.Err;
  const llvm::json::Object &Finding = *Only;
  EXPECT_TRUE(Finding.getArray("fixes")->empty()) << P.Out;
  EXPECT_TRUE(hasNoteStarting(Finding, "no fix-it: the wave model runs no kernel")) << P.Out;
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
