//===--- gather.cpp - run rocminfo / amd-smi (or read recorded outputs) ----===//
#include "doctor_internal.h"

namespace wavesan::doctor {
namespace {

/// A tool's output, or why there is none.
struct ToolText {
  std::optional<std::string> Text;
  std::string Source;
  std::string Why;
};

std::string join(const std::vector<std::string> &Argv) {
  std::string Out;
  for (const std::string &A : Argv)
    Out += (Out.empty() ? "" : " ") + A;
  return Out;
}

ToolText obtain(const Probes &P, const std::optional<std::string> &Recorded,
                const std::vector<std::string> &Argv) {
  const std::string Cmd = join(Argv);
  if (Recorded)
    return {Recorded, Cmd + " (recorded)", ""};
  if (!P.Run)
    return {std::nullopt, Cmd, Cmd + ": not run"};
  const CommandResult R = P.Run(Argv, P.Timeout);
  if (!R.Started)
    return {std::nullopt, Cmd, Argv.front() + ": " + R.Error};
  if (R.OutputTooLarge)
    return {std::nullopt, Cmd,
            Argv.front() + ": output over " + std::to_string(Probes::MaxOutputBytes >> 20) +
                " MiB (" + std::to_string(Probes::MaxOutputBytes) + " bytes); not parsed"};
  if (R.TimedOut)
    return {std::nullopt, Cmd,
            Cmd + ": no answer within " + std::to_string(P.Timeout.count()) + " ms (killed)"};
  if (R.ExitCode != 0)
    // rocminfo exits 1 without a driver ("ROCk module is NOT loaded"): keep what it
    // printed for the parser, but say why it is likely empty.
    return {R.Output, Cmd, Cmd + " exited with status " + std::to_string(R.ExitCode)};
  return {R.Output, Cmd, ""};
}

/// "gfx942" of "gfx942:sramecc+:xnack-".
std::string archBase(const std::string &Arch) { return Arch.substr(0, Arch.find(':')); }

} // namespace

GpuFacts gatherGpus(const Probes &P) {
  GpuFacts G;
  ToolText T = obtain(P, P.RocminfoOutput, {"rocminfo"});
  G.Source = T.Source;
  if (T.Text)
    G.Agents = parseRocminfo(*T.Text);
  if (!G.Agents.empty())
    return G;
  G.Why = !T.Why.empty() ? T.Why : "rocminfo listed no GPU agent";
  if (!P.Hip)
    return G;
  const HipView H = P.Hip();
  G.Source += ", HIP runtime";
  if (H.Arch.empty()) {
    G.Why += "; HIP runtime: " + H.Message;
    return G;
  }
  G.Source = "HIP runtime";
  G.Why.clear();
  for (int I = 0; I < std::max(1, H.DeviceCount); ++I)
    G.Agents.push_back(RocminfoAgent{archBase(H.Arch), "", H.WarpSize, 0});
  return G;
}

SmiFacts gatherSmi(const Probes &P) {
  SmiFacts S;
  ToolText Part = obtain(P, P.PartitionOutput, {"amd-smi", "static", "--partition"});
  S.PartitionSource = Part.Source;
  if (Part.Text)
    S.Partitions = parsePartition(*Part.Text);
  if (S.Partitions.empty())
    S.PartitionWhy = !Part.Why.empty() ? Part.Why : "no PARTITION section in the output";
  ToolText Topo = obtain(P, P.TopologyOutput, {"amd-smi", "topology"});
  S.TopologySource = Topo.Source;
  if (Topo.Text)
    S.Links = parseLinkTable(*Topo.Text);
  if (!S.Links)
    S.TopologyWhy = !Topo.Why.empty() ? Topo.Why : "no well-formed link type table in the output";
  return S;
}

} // namespace wavesan::doctor
