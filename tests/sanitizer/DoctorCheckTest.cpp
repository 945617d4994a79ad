//===--- DoctorCheckTest.cpp - each runbook item: pass, warn, unknown ------===//
//
// diagnose() on a FakeMachine (DoctorTestUtil.h) fed with the recorded tool
// outputs of testdata/doctor/. Expected strings are written by hand from the
// samples and AMD's MI300X tuning and partitioning documentation.
//
//===----------------------------------------------------------------------===//
#include "DoctorTestUtil.h"

using namespace wavesan::doctor;
using namespace wavesan::doctor::test;

namespace {

/// A healthy MI300X node as AMD's guidance sets it up for one large model per GPU.
FakeMachine goodNode() {
  FakeMachine M;
  M.Files["/fakeproc/sys/kernel/numa_balancing"] = "0\n";
  M.Files["tunableop_results0.csv"] = testdata("tuning-present/tunableop_results0.csv");
  M.Env["PYTORCH_TUNABLEOP_ENABLED"] = "1";
  return M;
}

Probes recorded(const FakeMachine &M, const char *Rocminfo, const char *Partition,
                const char *Topology) {
  Probes P = M.probes();
  if (Rocminfo)
    P.RocminfoOutput = testdata(Rocminfo);
  if (Partition)
    P.PartitionOutput = testdata(Partition);
  if (Topology)
    P.TopologyOutput = testdata(Topology);
  return P;
}

} // namespace

TEST(DoctorCheck, GoodNodeAllPass) {
  FakeMachine M = goodNode();
  const Report R = diagnose(recorded(M, "rocminfo-mi300x-8gpu.txt", "amd-smi-partition-spx-nps1.txt",
                                     "amd-smi-topology-8gpu-xgmi.txt"));
  ASSERT_EQ(R.Items.size(), 9u);
  for (const Item &I : R.Items)
    EXPECT_EQ(I.State, Status::Pass) << I.Id << ": " << I.Observed;
  EXPECT_EQ(item(R, "gfx-target").Observed, "gfx942 (AMD Instinct MI300X), 8 GPUs, 304 CUs each");
  EXPECT_EQ(item(R, "gfx-target").Source, "rocminfo (recorded)");
  EXPECT_EQ(item(R, "wave-size").Observed, "64 lanes (wave64)");
  EXPECT_EQ(item(R, "compute-partition").Observed, "SPX (8 devices)");
  // SPX passes but keeps its advice: the XCD remap.
  EXPECT_NE(item(R, "compute-partition").Note.find("XCD i % 8"), std::string::npos);
  EXPECT_EQ(item(R, "memory-partition").Observed, "NPS1");
  // 8 GPUs: 8 * 7 / 2 = 28 pairs.
  EXPECT_EQ(item(R, "link-topology").Observed, "8 GPUs, all 28 pairs XGMI (fully connected)");
  EXPECT_EQ(item(R, "numa-balancing").Observed, "0 (disabled)");
  EXPECT_EQ(item(R, "tunableop").Observed, "PYTORCH_TUNABLEOP_ENABLED=1");
  // 7 lines, 4 of them "Validator,..." headers.
  EXPECT_EQ(item(R, "tuning-file").Observed, "tunableop_results0.csv: 3 tuning results");
  EXPECT_EQ(item(R, "fp8-format").Observed, "FNUZ (E4M3 FNUZ max 240, E5M2 FNUZ) on gfx942");
  EXPECT_NE(item(R, "fp8-format").Note.find("torch.float8_e4m3fnuz"), std::string::npos);
  EXPECT_EQ(R.count(Status::Pass), 9u);
}

TEST(DoctorCheck, NothingInstalledGivesUnknownGpuRows) {
  FakeMachine M; // no tool, no /proc file, no environment, no HIP runtime
  const Report R = diagnose(M.probes());
  for (const char *Id : {"gfx-target", "wave-size", "compute-partition", "memory-partition",
                         "link-topology", "numa-balancing", "fp8-format"})
    EXPECT_EQ(item(R, Id).State, Status::Unknown) << Id;
  EXPECT_EQ(item(R, "gfx-target").Observed, "rocminfo: not found in PATH");
  EXPECT_EQ(item(R, "compute-partition").Observed, "amd-smi: not found in PATH");
  EXPECT_EQ(item(R, "link-topology").Observed, "amd-smi: not found in PATH");
  EXPECT_EQ(item(R, "numa-balancing").Observed,
            "cannot read /fakeproc/sys/kernel/numa_balancing");
  // Unset TunableOp and no tuning file are facts about this environment: warn.
  EXPECT_EQ(item(R, "tunableop").State, Status::Warn);
  EXPECT_EQ(item(R, "tunableop").Observed, "PYTORCH_TUNABLEOP_ENABLED unset (TunableOp off)");
  EXPECT_EQ(item(R, "tuning-file").State, Status::Warn);
  EXPECT_EQ(item(R, "tuning-file").Observed,
            "not found: tunableop_results.csv or tunableop_results0.csv..7 (relative to the "
            "current directory)");
}

TEST(DoctorCheck, HangingToolIsUnknown) {
  FakeMachine M;
  M.ToolsHang = true;
  const Report R = diagnose(M.probes());
  EXPECT_EQ(item(R, "gfx-target").State, Status::Unknown);
  EXPECT_EQ(item(R, "gfx-target").Observed, "rocminfo: no answer within 10000 ms (killed)");
  EXPECT_EQ(item(R, "memory-partition").Observed,
            "amd-smi static --partition: no answer within 10000 ms (killed)");
}

TEST(DoctorCheck, HipRuntimeWhenRocminfoIsMissing) {
  FakeMachine M;
  M.Hip = HipView{"gfx942:sramecc+:xnack-", 64, 2, "AMD GPU 0: MI300X (gfx942:sramecc+:xnack-), wave64"};
  Report R = diagnose(M.probes());
  EXPECT_EQ(item(R, "gfx-target").State, Status::Pass);
  EXPECT_EQ(item(R, "gfx-target").Observed, "gfx942, 2 GPUs");
  EXPECT_EQ(item(R, "gfx-target").Source, "HIP runtime");
  EXPECT_EQ(item(R, "wave-size").State, Status::Pass);
  EXPECT_EQ(item(R, "fp8-format").State, Status::Pass);

  M.Hip = HipView{"", 0, 0, "no AMD GPU (hipGetDeviceCount: hipErrorNoDevice)"};
  R = diagnose(M.probes());
  EXPECT_EQ(item(R, "gfx-target").State, Status::Unknown);
  EXPECT_EQ(item(R, "gfx-target").Source, "rocminfo, HIP runtime");
  EXPECT_EQ(item(R, "gfx-target").Observed,
            "rocminfo: not found in PATH; HIP runtime: no AMD GPU (hipGetDeviceCount: "
            "hipErrorNoDevice)");
}

TEST(DoctorCheck, GfxTargetMixedAndCpuOnly) {
  FakeMachine M;
  Report R = diagnose(recorded(M, "rocminfo-mixed.txt", nullptr, nullptr));
  EXPECT_EQ(item(R, "gfx-target").State, Status::Warn);
  EXPECT_EQ(item(R, "gfx-target").Observed, "mixed targets: gfx942 x1, gfx90a x1");
  EXPECT_EQ(item(R, "fp8-format").State, Status::Unknown);
  R = diagnose(recorded(M, "rocminfo-cpu-only.txt", nullptr, nullptr));
  EXPECT_EQ(item(R, "gfx-target").State, Status::Unknown);
  EXPECT_EQ(item(R, "gfx-target").Observed, "rocminfo listed no GPU agent");
  EXPECT_EQ(item(R, "wave-size").State, Status::Unknown);
}

TEST(DoctorCheck, WaveSize32Warns) {
  FakeMachine M;
  const Report R = diagnose(recorded(M, "rocminfo-rdna3-wave32.txt", nullptr, nullptr));
  EXPECT_EQ(item(R, "wave-size").State, Status::Warn);
  EXPECT_EQ(item(R, "wave-size").Observed, "32 lanes (wave32)");
  EXPECT_NE(item(R, "wave-size").Fix.find("query warpSize"), std::string::npos);
  // gfx1100 (RDNA3) has no FP8 matrix format (docs/hardware.md targets table).
  EXPECT_EQ(item(R, "fp8-format").State, Status::Warn);
  EXPECT_EQ(item(R, "fp8-format").Observed, "none: gfx1100 has no FP8 matrix format");
}

TEST(DoctorCheck, Fp8OcpOnGfx950) {
  FakeMachine M;
  const Report R = diagnose(recorded(M, "rocminfo-mi355x.txt", nullptr, nullptr));
  EXPECT_EQ(item(R, "fp8-format").State, Status::Pass);
  EXPECT_EQ(item(R, "fp8-format").Observed, "OCP (E4M3 fn max 448, E5M2) on gfx950");
}

TEST(DoctorCheck, CpxWithNps4Passes) {
  FakeMachine M;
  const Report R = diagnose(recorded(M, nullptr, "amd-smi-partition-cpx-nps4.txt", nullptr));
  EXPECT_EQ(item(R, "compute-partition").State, Status::Pass);
  EXPECT_EQ(item(R, "compute-partition").Observed, "CPX (8 devices)");
  EXPECT_NE(item(R, "compute-partition").Note.find("no XCD remap needed"), std::string::npos);
  EXPECT_EQ(item(R, "memory-partition").State, Status::Pass);
  EXPECT_EQ(item(R, "memory-partition").Observed, "NPS4");
  const Report J = diagnose(recorded(M, nullptr, "amd-smi-partition-cpx-nps4.json", nullptr));
  EXPECT_EQ(item(J, "compute-partition").Observed, "CPX (8 devices)");
  EXPECT_EQ(item(J, "memory-partition").State, Status::Pass);
}

TEST(DoctorCheck, Nps4WithoutCpxWarns) {
  FakeMachine M;
  const Report R = diagnose(recorded(M, nullptr, "amd-smi-partition-spx-nps4.txt", nullptr));
  EXPECT_EQ(item(R, "compute-partition").State, Status::Pass);
  EXPECT_EQ(item(R, "memory-partition").State, Status::Warn);
  EXPECT_EQ(item(R, "memory-partition").Observed, "NPS4 with SPX x8");
  EXPECT_NE(item(R, "memory-partition").Fix.find("NPS4 is only valid with CPX"), std::string::npos);
}

TEST(DoctorCheck, MixedAndIntermediatePartitionsWarn) {
  FakeMachine M;
  Report R = diagnose(recorded(M, nullptr, "amd-smi-partition-mixed.txt", nullptr));
  EXPECT_EQ(item(R, "compute-partition").State, Status::Warn);
  EXPECT_EQ(item(R, "compute-partition").Observed, "mixed: SPX x7, DPX x1");
  EXPECT_EQ(item(R, "memory-partition").State, Status::Pass);
  R = diagnose(recorded(M, nullptr, "amd-smi-partition-na.txt", nullptr));
  EXPECT_EQ(item(R, "compute-partition").State, Status::Unknown);
  EXPECT_EQ(item(R, "compute-partition").Observed, "N/A (not reported for this device)");
  Probes P = M.probes();
  P.PartitionOutput = "GPU: 0\n    PARTITION:\n        ACCELERATOR_PARTITION: TPX\n"
                      "        MEMORY_PARTITION: NPS2\n";
  R = diagnose(P);
  EXPECT_EQ(item(R, "compute-partition").State, Status::Warn);
  EXPECT_NE(item(R, "compute-partition").Fix.find("intermediate mode"), std::string::npos);
  EXPECT_EQ(item(R, "memory-partition").State, Status::Warn);
  P.PartitionOutput = "amd-smi: no partition information\n";
  R = diagnose(P);
  EXPECT_EQ(item(R, "compute-partition").Observed, "no PARTITION section in the output");
}

TEST(DoctorCheck, LinkTopology) {
  FakeMachine M;
  Report R = diagnose(recorded(M, nullptr, nullptr, "amd-smi-topology-4gpu-pcie.txt"));
  EXPECT_EQ(item(R, "link-topology").State, Status::Warn);
  // Pairs (0,1) and (2,3) are XGMI; the other 4 of the 6 pairs are PCIE.
  EXPECT_EQ(item(R, "link-topology").Observed,
            "4 of 6 GPU pairs not XGMI-linked (0000:03:00.0-0000:43:00.0 PCIE, ...)");
  // The same node from `amd-smi topology --json`.
  R = diagnose(recorded(M, nullptr, nullptr, "amd-smi-topology-4gpu-pcie.json"));
  EXPECT_EQ(item(R, "link-topology").State, Status::Warn);
  EXPECT_EQ(item(R, "link-topology").Observed,
            "4 of 6 GPU pairs not XGMI-linked (0000:03:00.0-0000:43:00.0 PCIE, ...)");
  R = diagnose(recorded(M, nullptr, nullptr, "amd-smi-topology-1gpu.txt"));
  EXPECT_EQ(item(R, "link-topology").State, Status::Pass);
  EXPECT_EQ(item(R, "link-topology").Observed, "1 GPU: no peer links");
  R = diagnose(recorded(M, nullptr, nullptr, "amd-smi-topology-truncated.txt"));
  EXPECT_EQ(item(R, "link-topology").State, Status::Unknown);
  EXPECT_EQ(item(R, "link-topology").Observed, "no well-formed link type table in the output");
}

TEST(DoctorCheck, NumaBalancing) {
  FakeMachine M;
  M.Files["/fakeproc/sys/kernel/numa_balancing"] = "1\n";
  Report R = diagnose(M.probes());
  EXPECT_EQ(item(R, "numa-balancing").State, Status::Warn);
  EXPECT_EQ(item(R, "numa-balancing").Observed, "1 (enabled)");
  EXPECT_EQ(item(R, "numa-balancing").Fix.rfind("sudo sh -c 'echo 0 > /proc/sys/kernel/numa_balancing'", 0), 0u);
  M.Files["/fakeproc/sys/kernel/numa_balancing"] = "enabled\n";
  R = diagnose(M.probes());
  EXPECT_EQ(item(R, "numa-balancing").State, Status::Unknown);
  EXPECT_EQ(item(R, "numa-balancing").Observed,
            "unexpected contents 'enabled' (expected 0 or a positive integer)");
}

TEST(DoctorCheck, TunableOpAndTuningFile) {
  FakeMachine M;
  M.Env["PYTORCH_TUNABLEOP_ENABLED"] = "0";
  M.Env["PYTORCH_TUNABLEOP_FILENAME"] = "/deploy/gemm.csv";
  M.Files["/deploy/gemm3.csv"] = testdata("tuning-present/tunableop_results0.csv");
  Report R = diagnose(M.probes());
  EXPECT_EQ(item(R, "tunableop").State, Status::Warn);
  EXPECT_EQ(item(R, "tunableop").Observed, "PYTORCH_TUNABLEOP_ENABLED=0 (off; 1 turns it on)");
  EXPECT_NE(item(R, "tunableop").Fix.find("warm-up run"), std::string::npos);
  // The device ordinal goes before the extension: /deploy/gemm3.csv for device 3.
  EXPECT_EQ(item(R, "tuning-file").State, Status::Pass);
  EXPECT_EQ(item(R, "tuning-file").Observed, "/deploy/gemm3.csv: 3 tuning results");
  EXPECT_EQ(item(R, "tuning-file").Source, "PYTORCH_TUNABLEOP_FILENAME");

  FakeMachine E;
  E.Files["tunableop_results.csv"] = testdata("tuning-empty/tunableop_results.csv");
  R = diagnose(E.probes());
  EXPECT_EQ(item(R, "tuning-file").State, Status::Warn);
  EXPECT_EQ(item(R, "tuning-file").Observed, "tunableop_results.csv: 0 tuning results");
}

TEST(DoctorCheck, SystemRunner) {
  const Probes P = systemProbes();
  CommandResult R = P.Run({"/bin/sh", "-c", "echo runbook; exit 3"}, std::chrono::seconds(10));
  EXPECT_TRUE(R.Started);
  EXPECT_FALSE(R.TimedOut);
  EXPECT_EQ(R.ExitCode, 3);
  EXPECT_EQ(R.Output, "runbook\n");
  // 16 MiB + 1 byte of output: over Probes::MaxOutputBytes, dropped (not half-kept), and
  // the command still runs to its end (exit 0) because the rest is drained.
  R = P.Run({"/bin/sh", "-c", "head -c 16777217 /dev/zero"}, std::chrono::seconds(60));
  EXPECT_TRUE(R.OutputTooLarge);
  EXPECT_EQ(R.Output, "");
  EXPECT_EQ(R.ExitCode, 0);
  R = P.Run({"wavesan-doctor-no-such-tool"}, std::chrono::seconds(10));
  EXPECT_FALSE(R.Started);
  EXPECT_EQ(R.Error, "not found in PATH");
  // A tool that never answers is killed at the timeout (sleep would take 30 s).
  R = P.Run({"sleep", "30"}, std::chrono::milliseconds(200));
  EXPECT_TRUE(R.Started);
  EXPECT_TRUE(R.TimedOut);
}

TEST(DoctorCheck, ThisMachineHasNoGpuRows) {
  // The build machines have neither ROCm tools nor an AMD GPU.
  Probes P = systemProbes();
  const CommandResult Tool = P.Run({"rocminfo"}, std::chrono::seconds(10));
  const CommandResult Smi = P.Run({"amd-smi", "version"}, std::chrono::seconds(10));
  if (Tool.Started || Smi.Started)
    GTEST_SKIP() << "rocminfo or amd-smi is installed here: this test is for a machine without them";
  const Report R = diagnose(P);
  for (const char *Id : {"gfx-target", "wave-size", "compute-partition", "memory-partition",
                         "link-topology", "fp8-format"})
    EXPECT_EQ(item(R, Id).State, Status::Unknown) << Id << ": " << item(R, Id).Observed;
  EXPECT_EQ(R.Items.size(), 9u);
}
