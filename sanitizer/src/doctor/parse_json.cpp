//===--- parse_json.cpp - amd-smi's --json outputs --------------------------===//
///
/// \file
/// `amd-smi static --partition --json`: an array with one object per GPU,
/// {"gpu": N, "partition": {"compute_partition" | "accelerator_partition": ...,
/// "memory_partition": ..., "partition_id": ...}} (the text format's keys, lower
/// case; the keys are also accepted at the top level of the object).
/// `amd-smi topology --json` (amdsmi CHANGELOG, "new format"): an array with one
/// object per GPU, {"gpu": N, "bdf": ..., "links": [{"gpu": M, "bdf": ...,
/// "link_type": "SELF" | "XGMI" | "PCIE", ...}]}. Links are matched by their
/// "gpu" field, never by position (a list need not be in GPU order).
///
//===----------------------------------------------------------------------===//
#include "doctor_internal.h"

#include <nlohmann/json.hpp>

#include <map>

namespace wavesan::doctor {
namespace {

using nlohmann::json;

std::string upperText(const json &V) {
  std::string S = V.is_string() ? V.get<std::string>() : V.dump();
  for (char &C : S)
    C = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  return S;
}

/// The value of the first of \p Keys in \p Obj or in Obj["partition"].
const json *member(const json &Obj, std::initializer_list<const char *> Keys) {
  for (const json *Scope : {&Obj, Obj.contains("partition") ? &Obj["partition"] : nullptr}) {
    if (!Scope || !Scope->is_object())
      continue;
    for (const char *K : Keys)
      if (Scope->contains(K))
        return &(*Scope)[K];
  }
  return nullptr;
}

std::optional<json> parse(std::string_view Text) {
  json J = json::parse(Text.begin(), Text.end(), nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded())
    return std::nullopt;
  if (J.is_object())
    J = json::array({J});
  return J.is_array() ? std::optional<json>(std::move(J)) : std::nullopt;
}

} // namespace

bool looksLikeJson(std::string_view Text) {
  size_t I = Text.find_first_not_of(" \t\r\n");
  return I != std::string_view::npos && (Text[I] == '[' || Text[I] == '{');
}

std::vector<PartitionEntry> parsePartitionJson(std::string_view Text) {
  std::vector<PartitionEntry> Out;
  std::optional<json> J = parse(Text);
  if (!J)
    return Out;
  for (const json &G : *J) {
    if (!G.is_object() || !G.contains("gpu") || !G["gpu"].is_number_integer())
      continue;
    PartitionEntry E{G["gpu"].get<int>(), "", ""};
    if (const json *C = member(G, {"compute_partition", "accelerator_partition"}))
      E.Compute = upperText(*C);
    if (const json *M = member(G, {"memory_partition"}))
      E.Memory = upperText(*M);
    if (!E.Compute.empty() || !E.Memory.empty())
      Out.push_back(std::move(E));
  }
  return Out;
}

std::optional<LinkTable> parseLinkTableJson(std::string_view Text) {
  std::optional<json> J = parse(Text);
  if (!J || J->empty())
    return std::nullopt;
  std::map<int, std::string> Bdf;                       // gpu -> bdf
  std::map<int, std::map<int, std::string>> Type;       // gpu -> peer gpu -> link type
  for (const json &G : *J) {
    if (!G.is_object() || !G.contains("gpu") || !G["gpu"].is_number_integer() ||
        !G.contains("links") || !G["links"].is_array())
      return std::nullopt;
    const int Id = G["gpu"].get<int>();
    Bdf[Id] = G.contains("bdf") && G["bdf"].is_string() ? G["bdf"].get<std::string>()
                                                         : "GPU " + std::to_string(Id);
    for (const json &L : G["links"]) {
      if (!L.is_object() || !L.contains("gpu") || !L["gpu"].is_number_integer() ||
          !L.contains("link_type"))
        return std::nullopt;
      Type[Id][L["gpu"].get<int>()] = upperText(L["link_type"]);
    }
  }
  LinkTable T;
  for (auto &[Id, B] : Bdf)
    T.Devices.push_back(B);
  for (auto &[Row, _] : Bdf) {
    std::vector<std::string> Cells;
    for (auto &[Col, __] : Bdf) {
      auto It = Type[Row].find(Col);
      if (It == Type[Row].end())
        return std::nullopt; // a pair without a link entry: not a full table
      Cells.push_back(It->second);
    }
    T.Links.push_back(std::move(Cells));
  }
  return T;
}

} // namespace wavesan::doctor
