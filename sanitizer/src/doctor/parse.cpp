//===--- parse.cpp - rocminfo and amd-smi text parsers ---------------------===//
///
/// \file
/// Parsers for the text the doctor reads (formats in doctor.h and
/// testdata/doctor/README.md). They are lenient about spacing and trailing
/// blanks (both tools pad their columns) and ignore lines they do not know.
///
//===----------------------------------------------------------------------===//
#include "doctor_internal.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

namespace wavesan::doctor {
namespace {

std::string_view trim(std::string_view S) {
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.front())))
    S.remove_prefix(1);
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.back())))
    S.remove_suffix(1);
  return S;
}

std::vector<std::string_view> lines(std::string_view Text) {
  std::vector<std::string_view> Out;
  while (!Text.empty()) {
    size_t End = Text.find('\n');
    Out.push_back(Text.substr(0, End));
    if (End == std::string_view::npos)
      break;
    Text.remove_prefix(End + 1);
  }
  return Out;
}

size_t indentOf(std::string_view Line) {
  size_t I = 0;
  while (I < Line.size() && (Line[I] == ' ' || Line[I] == '\t'))
    ++I;
  return I;
}

/// "Key:   value" -> {"Key", "value"}; false when the line has no colon.
bool splitKey(std::string_view Line, std::string_view &Key, std::string_view &Value) {
  size_t Colon = Line.find(':');
  if (Colon == std::string_view::npos)
    return false;
  Key = trim(Line.substr(0, Colon));
  Value = trim(Line.substr(Colon + 1));
  return !Key.empty();
}

/// The leading decimal integer of "64(0x40)" or "304"; 0 when there is none.
int leadingInt(std::string_view S) {
  int V = 0;
  auto [Ptr, Ec] = std::from_chars(S.data(), S.data() + S.size(), V);
  return Ec == std::errc() ? V : 0;
}

bool isAgentHeader(std::string_view Line) {
  std::string_view T = trim(Line);
  if (T.substr(0, 6) != "Agent ")
    return false;
  T.remove_prefix(6);
  return !T.empty() && std::all_of(T.begin(), T.end(),
                                   [](char C) { return std::isdigit(static_cast<unsigned char>(C)); });
}

std::vector<std::string_view> words(std::string_view Line) {
  std::vector<std::string_view> Out;
  size_t I = 0;
  while (I < Line.size()) {
    while (I < Line.size() && std::isspace(static_cast<unsigned char>(Line[I])))
      ++I;
    size_t Start = I;
    while (I < Line.size() && !std::isspace(static_cast<unsigned char>(Line[I])))
      ++I;
    if (I > Start)
      Out.push_back(Line.substr(Start, I - Start));
  }
  return Out;
}

std::string upper(std::string_view S) {
  std::string Out(S);
  for (char &C : Out)
    C = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  return Out;
}

} // namespace

std::vector<RocminfoAgent> parseRocminfo(std::string_view Text) {
  struct Block {
    RocminfoAgent Agent;
    std::string DeviceType;
    size_t KeyIndent = std::string_view::npos; // indentation of the agent's own keys
  };
  std::vector<Block> Blocks;
  for (std::string_view Line : lines(Text)) {
    if (isAgentHeader(Line)) {
      Blocks.emplace_back();
      continue;
    }
    std::string_view Key, Value;
    if (Blocks.empty() || !splitKey(Line, Key, Value))
      continue;
    Block &B = Blocks.back();
    // The agent's keys are the least indented; "ISA Info" / "Pool Info" nest deeper
    // and repeat "Name:" (the ISA name), which must not replace the agent's.
    size_t Indent = indentOf(Line);
    if (B.KeyIndent == std::string_view::npos)
      B.KeyIndent = Indent;
    if (Indent != B.KeyIndent)
      continue;
    if (Key == "Name")
      B.Agent.Name = Value;
    else if (Key == "Marketing Name")
      B.Agent.MarketingName = Value;
    else if (Key == "Device Type")
      B.DeviceType = Value;
    else if (Key == "Wavefront Size")
      B.Agent.WaveSize = leadingInt(Value);
    else if (Key == "Compute Unit")
      B.Agent.ComputeUnits = leadingInt(Value);
  }
  std::vector<RocminfoAgent> Gpus;
  for (Block &B : Blocks)
    if (B.DeviceType == "GPU" && !B.Agent.Name.empty())
      Gpus.push_back(std::move(B.Agent));
  return Gpus;
}

std::vector<PartitionEntry> parsePartition(std::string_view Text) {
  if (looksLikeJson(Text))
    return parsePartitionJson(Text);
  std::vector<PartitionEntry> Out;
  int Gpu = -1;
  for (std::string_view Line : lines(Text)) {
    std::string_view Key, Value;
    if (!splitKey(Line, Key, Value))
      continue;
    if (Key == "GPU" && indentOf(Line) == 0) {
      Gpu = leadingInt(Value);
      continue;
    }
    if (Gpu < 0)
      continue;
    const bool Compute = Key == "COMPUTE_PARTITION" || Key == "ACCELERATOR_PARTITION";
    const bool Memory = Key == "MEMORY_PARTITION";
    if (!Compute && !Memory)
      continue;
    if (Out.empty() || Out.back().Gpu != Gpu)
      Out.push_back(PartitionEntry{Gpu, "", ""});
    (Compute ? Out.back().Compute : Out.back().Memory) = upper(Value);
  }
  return Out;
}

std::optional<LinkTable> parseLinkTable(std::string_view Text) {
  if (looksLikeJson(Text))
    return parseLinkTableJson(Text);
  std::vector<std::string_view> L = lines(Text);
  size_t I = 0;
  for (; I < L.size(); ++I) {
    std::string Name = upper(trim(L[I]));
    std::replace(Name.begin(), Name.end(), ' ', '_');
    if (Name == "LINK_TYPE_TABLE:")
      break;
  }
  if (I == L.size())
    return std::nullopt;
  ++I;
  while (I < L.size() && trim(L[I]).empty())
    ++I;
  if (I == L.size())
    return std::nullopt;
  LinkTable T;
  for (std::string_view W : words(L[I]))
    T.Devices.emplace_back(W);
  if (T.Devices.empty())
    return std::nullopt;
  for (++I; I < L.size() && T.Links.size() < T.Devices.size(); ++I) {
    std::vector<std::string_view> W = words(L[I]);
    if (W.empty() || W.front().back() == ':')
      break; // end of the table: a blank line or the next table's title
    if (W.size() != T.Devices.size() + 1 || W.front() != T.Devices[T.Links.size()])
      return std::nullopt;
    std::vector<std::string> Row;
    for (size_t C = 1; C < W.size(); ++C)
      Row.push_back(upper(W[C]));
    T.Links.push_back(std::move(Row));
  }
  if (T.Links.size() != T.Devices.size())
    return std::nullopt;
  return T;
}

} // namespace wavesan::doctor
