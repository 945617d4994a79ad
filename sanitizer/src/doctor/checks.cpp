//===--- checks.cpp - the runbook items and their verdicts -----------------===//
///
/// \file
/// diagnose(): one function per runbook item, in the order of
/// docs/wavesan-doctor.md. The fixes and notes follow AMD's public guidance:
/// the ROCm MI300X workload optimization guide (NUMA balancing, TunableOp, XCD
/// dispatch), ROCm's MI300X GPU partitioning documentation (SPX/CPX, NPS1/NPS4,
/// NPS4 only with CPX) and the MI300X data sheet (the 8-GPU platform). FP8
/// facts: docs/hardware.md (HIP FP8 documentation, OCP 8-bit FP spec v1.0).
///
//===----------------------------------------------------------------------===//
#include "doctor_internal.h"

#include <map>

namespace wavesan::doctor {
namespace {

constexpr const char *RemapNote =
    "SPX: workgroup i runs on XCD i % 8, so add the program-id remap to custom Triton/HIP "
    "GEMM and attention kernels and compare before/after (wavesan xcd); SPX suits one large "
    "model per GPU, CPX + NPS4 many small replicas";

constexpr const char *CpxNote =
    "CPX: each XCD is its own device (8 per MI300X), no XCD remap needed; right for many "
    "small replicas (pair with NPS4), wrong for one large model";

constexpr const char *PartitionDocsFix =
    "intermediate mode: check your ROCm version's partitioning documentation before using "
    "it; the usual choice is SPX for one large model per GPU, CPX + NPS4 for many small "
    "replicas (sudo amd-smi set --gpu all --compute-partition SPX|CPX)";

/// "SPX x7, CPX x1" for a multiset of values, in first-seen order.
std::string tally(const std::vector<std::string> &Values) {
  std::vector<std::pair<std::string, int>> Counts;
  for (const std::string &V : Values) {
    auto It = std::find_if(Counts.begin(), Counts.end(), [&](auto &C) { return C.first == V; });
    if (It == Counts.end())
      Counts.emplace_back(V, 1);
    else
      ++It->second;
  }
  std::string Out;
  for (auto &[V, N] : Counts)
    Out += (Out.empty() ? "" : ", ") + V + " x" + std::to_string(N);
  return Out;
}

size_t distinct(const std::vector<std::string> &Values) {
  std::vector<std::string> S = Values;
  std::sort(S.begin(), S.end());
  return static_cast<size_t>(std::unique(S.begin(), S.end()) - S.begin());
}

std::string plural(size_t N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

Item gfxTarget(const GpuFacts &G) {
  Item I{"gfx-target", "gfx target", Status::Unknown, "", G.Source, "", ""};
  if (G.Agents.empty()) {
    I.Observed = G.Why;
    I.Fix = "run rocminfo on the node (ROCm) and record the gfx target in the runbook "
            "(MI300X/MI325X: gfx942)";
    return I;
  }
  std::vector<std::string> Names;
  for (const RocminfoAgent &A : G.Agents)
    Names.push_back(A.Name);
  if (distinct(Names) > 1) {
    I.State = Status::Warn;
    I.Observed = "mixed targets: " + tally(Names);
    I.Fix = "code objects and tuning results are per target: run each job on one target "
            "(HIP_VISIBLE_DEVICES) or build for every target listed";
    return I;
  }
  const RocminfoAgent &A = G.Agents.front();
  I.State = Status::Pass;
  I.Observed = A.Name + (A.MarketingName.empty() ? "" : " (" + A.MarketingName + ")") + ", " +
               plural(G.Agents.size(), "GPU", "GPUs");
  if (A.ComputeUnits > 0)
    I.Observed += ", " + std::to_string(A.ComputeUnits) + " CUs each";
  return I;
}

Item waveSize(const GpuFacts &G) {
  Item I{"wave-size", "wave size", Status::Unknown, "", G.Source, "", ""};
  if (G.Agents.empty()) {
    I.Observed = "no GPU agent (see gfx target)";
    return I;
  }
  std::vector<std::string> Sizes;
  for (const RocminfoAgent &A : G.Agents)
    if (A.WaveSize > 0)
      Sizes.push_back(std::to_string(A.WaveSize));
  if (Sizes.empty()) {
    I.Observed = "no wavefront size reported";
    return I;
  }
  if (distinct(Sizes) > 1 || Sizes.front() != "64") {
    I.State = Status::Warn;
    I.Observed = distinct(Sizes) > 1 ? "mixed: " + tally(Sizes) + " lanes"
                                     : Sizes.front() + " lanes (wave" + Sizes.front() + ")";
    I.Fix = "code written for wave64 (gfx942) behaves differently here: query warpSize "
            "(hipDeviceProp_t::warpSize on the host) at run time, never hard-code 32 or 64";
    return I;
  }
  I.State = Status::Pass;
  I.Observed = "64 lanes (wave64)";
  I.Note = "ported CUDA code must not assume 32: grep for 32 and 0xffffffff, use 64-bit "
           "lane masks (wavesan's emulator reports both at run time)";
  return I;
}

/// The reported modes of one partition kind (\p Field: compute or memory), "N/A" and
/// empty skipped.
std::vector<std::string> partitionModes(const SmiFacts &S, std::string PartitionEntry::*Field) {
  std::vector<std::string> Modes;
  for (const PartitionEntry &E : S.Partitions)
    if (!(E.*Field).empty() && E.*Field != "N/A")
      Modes.push_back(E.*Field);
  return Modes;
}

/// Fills \p I for the cases every partition row shares: no mode reported (unknown) and
/// devices in different modes (warn, with \p MixedFix). \returns true when \p I is done.
bool partitionUnknownOrMixed(const SmiFacts &S, const std::vector<std::string> &Modes,
                             const char *MixedFix, Item &I) {
  if (Modes.empty()) {
    I.Observed = S.Partitions.empty() ? S.PartitionWhy : "N/A (not reported for this device)";
    I.Fix = "run amd-smi static --partition and record the mode in the runbook";
    return true;
  }
  if (distinct(Modes) > 1) {
    I.State = Status::Warn;
    I.Observed = "mixed: " + tally(Modes);
    I.Fix = MixedFix;
    return true;
  }
  return false;
}

Item computePartition(const SmiFacts &S) {
  Item I{"compute-partition", "compute partition", Status::Unknown, "", S.PartitionSource, "", ""};
  const std::vector<std::string> Modes = partitionModes(S, &PartitionEntry::Compute);
  if (partitionUnknownOrMixed(S, Modes,
                              "one mode per node keeps device numbering and placement "
                              "predictable: sudo amd-smi set --gpu all --compute-partition SPX "
                              "(or CPX)",
                              I))
    return I;
  I.Observed = Modes.front() + " (" + plural(Modes.size(), "device", "devices") + ")";
  if (Modes.front() == "SPX") {
    I.State = Status::Pass;
    I.Note = RemapNote;
  } else if (Modes.front() == "CPX") {
    I.State = Status::Pass;
    I.Note = CpxNote;
  } else {
    I.State = Status::Warn;
    I.Fix = PartitionDocsFix;
  }
  return I;
}

Item memoryPartition(const SmiFacts &S) {
  Item I{"memory-partition", "memory partition", Status::Unknown, "", S.PartitionSource, "", ""};
  const std::vector<std::string> Modes = partitionModes(S, &PartitionEntry::Memory),
                                 Compute = partitionModes(S, &PartitionEntry::Compute);
  if (partitionUnknownOrMixed(S, Modes,
                              "set one memory mode: sudo amd-smi set --gpu all "
                              "--memory-partition NPS1 (or NPS4 with CPX)",
                              I))
    return I;
  const std::string &M = Modes.front();
  const bool AllCpx = !Compute.empty() && distinct(Compute) == 1 && Compute.front() == "CPX";
  I.Observed = M;
  if (M == "NPS1") {
    I.State = Status::Pass;
    if (AllCpx)
      I.Note = "CPX with NPS4 measured ~4,210 GB/s total stream bandwidth against ~4,010 GB/s "
               "with NPS1 (AMD partitioning docs): consider NPS4 for many small replicas";
  } else if (M == "NPS4" && AllCpx) {
    I.State = Status::Pass;
    I.Note = "CPX + NPS4: each logical device uses its quadrant's HBM (~4,210 GB/s total "
             "stream bandwidth, AMD partitioning docs)";
  } else if (M == "NPS4") {
    I.State = Status::Warn;
    I.Observed += " with " + (Compute.empty() ? std::string("unknown compute mode")
                                              : tally(Compute));
    I.Fix = "NPS4 is only valid with CPX (ROCm partitioning docs): sudo amd-smi set --gpu all "
            "--compute-partition CPX, or sudo amd-smi set --gpu all --memory-partition NPS1";
  } else {
    I.State = Status::Warn;
    I.Fix = "check your ROCm version's partitioning documentation; the documented pairs are NPS1 (SPX) "
            "or NPS4 (CPX only)";
  }
  return I;
}

Item linkTopology(const SmiFacts &S) {
  Item I{"link-topology", "link topology", Status::Unknown, "", S.TopologySource, "", ""};
  if (!S.Links) {
    I.Observed = S.TopologyWhy;
    I.Fix = "run amd-smi topology (or rocm-smi --showtopo) and record the link layout in the "
            "runbook before trusting a placement";
    return I;
  }
  const LinkTable &T = *S.Links;
  const size_t N = T.Devices.size();
  if (N == 1) {
    I.State = Status::Pass;
    I.Observed = "1 GPU: no peer links";
    return I;
  }
  size_t Pairs = 0, Xgmi = 0;
  std::vector<std::string> Other;
  for (size_t R = 0; R < N; ++R)
    for (size_t C = R + 1; C < N; ++C) {
      ++Pairs;
      if (T.Links[R][C] == "XGMI")
        ++Xgmi;
      else
        Other.push_back(T.Devices[R] + "-" + T.Devices[C] + " " + T.Links[R][C]);
    }
  if (Xgmi == Pairs) {
    I.State = Status::Pass;
    I.Observed = std::to_string(N) + " GPUs, all " + std::to_string(Pairs) +
                 " pairs XGMI (fully connected)";
    I.Note = "one link per pair (128 GB/s on the 8-GPU platform, 896 GB/s aggregate per GPU, "
             "MI300X data sheet): prefer tensor parallelism in the node; point-to-point stages see one link";
    return I;
  }
  I.State = Status::Warn;
  I.Observed = std::to_string(Pairs - Xgmi) + " of " + std::to_string(Pairs) +
               " GPU pairs not XGMI-linked (" + Other.front() +
               (Other.size() > 1 ? ", ..." : "") + ")";
  I.Fix = "pairs without an XGMI link go through PCIe: keep tensor-parallel groups on "
          "XGMI-connected GPUs and check placement with amd-smi topology before trusting it";
  return I;
}

Item numaBalancing(const Probes &P) {
  const std::string Path = P.ProcRoot + "/sys/kernel/numa_balancing";
  Item I{"numa-balancing", "NUMA balancing", Status::Unknown, "", Path, "", ""};
  const std::string Fix = "sudo sh -c 'echo 0 > /proc/sys/kernel/numa_balancing' (AMD's tuning "
                          "guide: automatic NUMA balancing migrates pages under running jobs)";
  std::optional<std::string> Text = P.ReadFile ? P.ReadFile(Path) : std::nullopt;
  if (!Text) {
    I.Observed = "cannot read " + Path;
    I.Fix = "on the node: cat /proc/sys/kernel/numa_balancing; when it is not 0: " + Fix;
    return I;
  }
  std::string V = *Text;
  while (!V.empty() && std::isspace(static_cast<unsigned char>(V.back())))
    V.pop_back();
  const bool Number = !V.empty() && V.size() <= 9 &&
                      std::all_of(V.begin(), V.end(), [](char C) { return C >= '0' && C <= '9'; });
  if (!Number) {
    I.Observed = "unexpected contents '" + V.substr(0, 40) + "' (expected 0 or a positive integer)";
    I.Fix = Fix;
    return I;
  }
  if (std::stoi(V) == 0) {
    I.State = Status::Pass;
    I.Observed = "0 (disabled)";
    return I;
  }
  I.State = Status::Warn;
  I.Observed = V + " (enabled)";
  I.Fix = Fix;
  return I;
}

} // namespace

Report diagnose(const Probes &P) {
  const GpuFacts G = gatherGpus(P);
  const SmiFacts S = gatherSmi(P);
  Report R;
  R.Items = {gfxTarget(G),    waveSize(G),       computePartition(S), memoryPartition(S),
             linkTopology(S), numaBalancing(P),  tunableOp(P),        tuningFile(P, G),
             fp8Format(G)};
  return R;
}

} // namespace wavesan::doctor
