//===--- doctor_internal.h - shared between the doctor's sources -----------===//
///
/// \file
/// What the doctor gathered from the tools (gather.cpp) and the items that are
/// not about the GPU's partitioning (framework.cpp). Not installed.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/doctor.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

namespace wavesan::doctor {

/// GPU agents from rocminfo, or one agent per HIP device when rocminfo gave none.
struct GpuFacts {
  std::vector<RocminfoAgent> Agents;
  std::string Source; ///< "rocminfo", "rocminfo (recorded: FILE)", "HIP runtime"
  std::string Why;    ///< why Agents is empty (one line)
};

/// amd-smi's partition entries and link type table.
struct SmiFacts {
  std::vector<PartitionEntry> Partitions;
  std::string PartitionSource, PartitionWhy;
  std::optional<LinkTable> Links;
  std::string TopologySource, TopologyWhy;
};

/// True when the first non-blank character opens a JSON array or object.
bool looksLikeJson(std::string_view Text);
/// amd-smi's --json forms (parse_json.cpp); parsePartition / parseLinkTable call them.
std::vector<PartitionEntry> parsePartitionJson(std::string_view Text);
std::optional<LinkTable> parseLinkTableJson(std::string_view Text);

GpuFacts gatherGpus(const Probes &P);
SmiFacts gatherSmi(const Probes &P);

Item tunableOp(const Probes &P);
Item tuningFile(const Probes &P, const GpuFacts &G);
Item fp8Format(const GpuFacts &G);

} // namespace wavesan::doctor
