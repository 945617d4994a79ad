//===--- DoctorParseTest.cpp - rocminfo / amd-smi parsers on recorded text --===//
//
// The samples in testdata/doctor/ are hand-written in the tools' documented
// formats (testdata/doctor/README.md); the expected values are read off them.
//
//===----------------------------------------------------------------------===//
#include "DoctorTestUtil.h"

using namespace wavesan::doctor;
using wavesan::doctor::test::testdata;

TEST(DoctorParse, RocminfoGpuAgentsOnly) {
  // 2 CPU agents, then 8 MI300X agents; the ISA block's "Name: amdgcn-...gfx942:..."
  // is nested deeper and must not replace the agent's name.
  const auto Agents = parseRocminfo(testdata("rocminfo-mi300x-8gpu.txt"));
  ASSERT_EQ(Agents.size(), 8u);
  for (const RocminfoAgent &A : Agents) {
    EXPECT_EQ(A.Name, "gfx942");
    EXPECT_EQ(A.MarketingName, "AMD Instinct MI300X");
    EXPECT_EQ(A.WaveSize, 64);   // "Wavefront Size: 64(0x40)"
    EXPECT_EQ(A.ComputeUnits, 304);
  }
}

TEST(DoctorParse, RocminfoWave32AndCpuOnly) {
  const auto Rdna = parseRocminfo(testdata("rocminfo-rdna3-wave32.txt"));
  ASSERT_EQ(Rdna.size(), 1u);
  EXPECT_EQ(Rdna[0].Name, "gfx1100");
  EXPECT_EQ(Rdna[0].WaveSize, 32); // "Wavefront Size: 32(0x20)"
  EXPECT_TRUE(parseRocminfo(testdata("rocminfo-cpu-only.txt")).empty());
  EXPECT_TRUE(parseRocminfo("").empty());
  EXPECT_TRUE(parseRocminfo("ROCk module is NOT loaded, possibly no GPU devices\n").empty());
}

TEST(DoctorParse, PartitionBothKeySpellings) {
  // ROCm 6.0-6.3 amd-smi prints COMPUTE_PARTITION, later ones ACCELERATOR_PARTITION.
  const auto Old = parsePartition(testdata("amd-smi-partition-spx-nps1.txt"));
  ASSERT_EQ(Old.size(), 8u);
  EXPECT_EQ(Old[7].Gpu, 7);
  EXPECT_EQ(Old[7].Compute, "SPX");
  EXPECT_EQ(Old[7].Memory, "NPS1");
  const auto New = parsePartition(testdata("amd-smi-partition-cpx-nps4.txt"));
  ASSERT_EQ(New.size(), 8u);
  EXPECT_EQ(New[0].Compute, "CPX");
  EXPECT_EQ(New[0].Memory, "NPS4");
  const auto Na = parsePartition(testdata("amd-smi-partition-na.txt"));
  ASSERT_EQ(Na.size(), 1u);
  EXPECT_EQ(Na[0].Compute, "N/A");
  EXPECT_TRUE(parsePartition("PARTITION:\n    COMPUTE_PARTITION: SPX\n").empty()); // no GPU line
}

TEST(DoctorParse, LinkTypeTable) {
  const auto T = parseLinkTable(testdata("amd-smi-topology-4gpu-pcie.txt"));
  ASSERT_TRUE(T.has_value());
  ASSERT_EQ(T->Devices.size(), 4u);
  EXPECT_EQ(T->Devices[2], "0000:43:00.0");
  EXPECT_EQ(T->Links[0][0], "SELF");
  EXPECT_EQ(T->Links[0][1], "XGMI");
  EXPECT_EQ(T->Links[1][3], "PCIE");
  // "LINK_TYPE_TABLE:" spelling, 8 x 8.
  const auto T8 = parseLinkTable(testdata("amd-smi-topology-8gpu-xgmi.txt"));
  ASSERT_TRUE(T8.has_value());
  EXPECT_EQ(T8->Devices.size(), 8u);
  EXPECT_EQ(T8->Links[7][0], "XGMI");
}

TEST(DoctorParse, LinkTypeTableRejectsTruncatedOrMissing) {
  EXPECT_FALSE(parseLinkTable(testdata("amd-smi-topology-truncated.txt")).has_value());
  EXPECT_FALSE(parseLinkTable("WEIGHT_TABLE:\n    a b\n").has_value());
  EXPECT_FALSE(parseLinkTable("").has_value());
}

TEST(DoctorParse, PartitionJson) {
  const auto E = parsePartition(testdata("amd-smi-partition-cpx-nps4.json"));
  ASSERT_EQ(E.size(), 8u);
  EXPECT_EQ(E[5].Gpu, 5);
  EXPECT_EQ(E[5].Compute, "CPX");
  EXPECT_EQ(E[5].Memory, "NPS4");
  // Keys at the top level (no "partition" object) and lower-case values.
  const auto Flat = parsePartition(R"([{"gpu": 0, "compute_partition": "spx", "memory_partition": "nps1"}])");
  ASSERT_EQ(Flat.size(), 1u);
  EXPECT_EQ(Flat[0].Compute, "SPX");
  EXPECT_TRUE(parsePartition("[{\"gpu\": 0, ").empty()); // cut short: not JSON
}

TEST(DoctorParse, LinkTableJsonMatchesByGpuField) {
  // Each GPU's links are listed starting after itself (GPU 1: 2, 3, 0, 1): read by
  // position, GPU 1's first entry (GPU 2, PCIE) would land in column 0 (GPU 0, XGMI).
  const auto T = parseLinkTable(testdata("amd-smi-topology-4gpu-pcie.json"));
  ASSERT_TRUE(T.has_value());
  ASSERT_EQ(T->Devices.size(), 4u);
  EXPECT_EQ(T->Devices[3], "0000:63:00.0");
  EXPECT_EQ(T->Links[1][0], "XGMI");
  EXPECT_EQ(T->Links[1][1], "SELF");
  EXPECT_EQ(T->Links[1][2], "PCIE");
  EXPECT_EQ(T->Links[3][2], "XGMI");
  // GPU 1 lists no link to GPU 0: not a full table.
  EXPECT_FALSE(parseLinkTable(R"([{"gpu": 0, "links": [{"gpu": 0, "link_type": "SELF"},
      {"gpu": 1, "link_type": "XGMI"}]}, {"gpu": 1, "links": [{"gpu": 1, "link_type": "SELF"}]}])")
                   .has_value());
}
