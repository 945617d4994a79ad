//===--- TargetsTableTest.cpp - <wavecommon/targets.h> ---------------------===//
///
/// The target table's figures against the public documents they come from,
/// written out by hand here (never read back from the table's own entries):
/// MI300X data sheet (304 CUs), ROCm "MI300 series microarchitecture" (8 XCDs
/// of 38 CUs, 4 MB L2 per XCD), CDNA3 ISA guide (64 KB LDS, wave64), HIP's
/// FP8 documentation (FNUZ on gfx942, OCP on gfx950 and RDNA4), LLVM's AMDGPU
/// guide (wave32 on gfx10+, target ids with feature settings).
///
//===----------------------------------------------------------------------===//
#include <wavecheck/xcd_remap.h>
#include <wavecommon/targets.h>

#include <gtest/gtest.h>
#include <set>
#include <string>

namespace {

using wavecommon::findTarget;
using wavecommon::Fp8Format;

TEST(CommonTargets, Mi300xFiguresMatchTheDataSheetAndIsaGuide) {
  const wavecommon::Target *T = findTarget("gfx942");
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(T->Name, "gfx942");
  EXPECT_EQ(T->WaveSize, 64u);
  EXPECT_EQ(T->Fp8, Fp8Format::FNUZ);
  EXPECT_EQ(T->ComputeUnits, 304u);
  EXPECT_EQ(T->NumXcds, 8u);
  EXPECT_EQ(T->computeUnitsPerXcd(), 38u);
  EXPECT_EQ(T->LdsBytesPerCu, 65536u);
  EXPECT_EQ(T->LdsBytesPerWorkgroup, 65536u);
  EXPECT_EQ(T->L2BytesPerXcd, 4194304u);
  EXPECT_EQ(T->MaxWorkgroupThreads, 1024u);
  EXPECT_EQ(T->ResidentThreadsPerCu, 2048u);
  EXPECT_EQ(&wavecommon::Gfx942, T);
}

TEST(CommonTargets, WaveSizeAndFp8FormatPerTarget) {
  struct Row {
    const char *Name;
    unsigned Wave;
    Fp8Format Fp8;
    unsigned Xcds;
  };
  const Row Rows[] = {
      {"gfx90a", 64, Fp8Format::None, 1},  {"gfx942", 64, Fp8Format::FNUZ, 8},
      {"gfx950", 64, Fp8Format::OCP, 8},   {"gfx1030", 32, Fp8Format::None, 1},
      {"gfx1100", 32, Fp8Format::None, 1}, {"gfx1101", 32, Fp8Format::None, 1},
      {"gfx1102", 32, Fp8Format::None, 1}, {"gfx1200", 32, Fp8Format::OCP, 1},
      {"gfx1201", 32, Fp8Format::OCP, 1}};
  for (const Row &R : Rows) {
    SCOPED_TRACE(R.Name);
    const wavecommon::Target *T = findTarget(R.Name);
    ASSERT_NE(T, nullptr);
    EXPECT_EQ(T->WaveSize, R.Wave);
    EXPECT_EQ(T->Fp8, R.Fp8);
    EXPECT_EQ(T->NumXcds, R.Xcds);
  }
  EXPECT_EQ(wavecommon::NumTargets, sizeof Rows / sizeof Rows[0]);
}

TEST(CommonTargets, LookupIgnoresFeatureSettings) {
  EXPECT_EQ(findTarget("gfx942:xnack+"), findTarget("gfx942"));
  EXPECT_EQ(findTarget("gfx942:sramecc+:xnack-"), findTarget("gfx942"));
  EXPECT_EQ(findTarget("gfx90a:xnack-")->Name, "gfx90a");
  EXPECT_EQ(wavecommon::baseArch("gfx1100:xnack+"), "gfx1100");
}

TEST(CommonTargets, LookupRejectsUnknownAndMalformedNames) {
  for (const char *Bad : {"", ":xnack+", "gfx94", "gfx9420", "GFX942", "gfx940", "gfx941",
                          "sm_80", " gfx942", "gfx942 "})
    EXPECT_EQ(findTarget(Bad), nullptr) << "'" << Bad << "'";
}

TEST(CommonTargets, DefaultIsMi300x) {
  EXPECT_EQ(wavecommon::DefaultArch, "gfx942");
  EXPECT_EQ(wavecommon::defaultTarget().Name, "gfx942");
}

TEST(CommonTargets, NamesAreUnique) {
  std::set<std::string> Seen;
  for (const wavecommon::Target &T : wavecommon::Targets)
    EXPECT_TRUE(Seen.insert(std::string(T.Name)).second) << T.Name;
}

// The remap header users include is C++11 without the standard library, so it
// holds its own default; it must be MI300X's 8 XCDs.
static_assert(wavecheck_xcd_detail::DefaultNumXcds == 8, "xcd_remap.h default");

} // namespace
