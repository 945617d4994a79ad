//===--- format.cpp - the runbook as an aligned table and as JSON ----------===//
#include "wavesan/doctor.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <vector>

namespace wavesan::doctor {

const char *statusName(Status S) {
  switch (S) {
  case Status::Pass:
    return "pass";
  case Status::Warn:
    return "warn";
  case Status::Unknown:
    return "unknown";
  }
  return "unknown";
}

size_t Report::count(Status S) const {
  return static_cast<size_t>(
      std::count_if(Items.begin(), Items.end(), [S](const Item &I) { return I.State == S; }));
}

const Item *Report::find(std::string_view Id) const {
  for (const Item &I : Items)
    if (I.Id == Id)
      return &I;
  return nullptr;
}

namespace {

std::string summary(const Report &R) {
  return std::to_string(R.count(Status::Pass)) + " pass, " + std::to_string(R.count(Status::Warn)) +
         " warn, " + std::to_string(R.count(Status::Unknown)) + " unknown";
}

} // namespace

std::string formatText(const Report &R) {
  using Row = std::array<std::string, 5>;
  std::vector<Row> Rows{{"CHECK", "STATUS", "OBSERVED", "SOURCE", "FIX / NOTE"}};
  for (const Item &I : R.Items)
    Rows.push_back({I.Check, statusName(I.State), I.Observed, I.Source,
                    !I.Fix.empty() ? I.Fix : !I.Note.empty() ? I.Note : "-"});
  std::array<size_t, 4> Width{};
  for (const Row &Cells : Rows)
    for (size_t C = 0; C < Width.size(); ++C)
      Width[C] = std::max(Width[C], Cells[C].size());
  std::string Out = "wavesan doctor: node runbook (MI300X: gfx target, partitions, links, settings)\n\n";
  for (const Row &Cells : Rows) {
    for (size_t C = 0; C < Width.size(); ++C)
      Out += Cells[C] + std::string(Width[C] - Cells[C].size() + 2, ' ');
    Out += Cells[4] + "\n";
  }
  Out += "\nsummary: " + summary(R) + "\n";
  return Out;
}

std::string formatJson(const Report &R) {
  nlohmann::ordered_json Items = nlohmann::ordered_json::array();
  for (const Item &I : R.Items)
    Items.push_back({{"id", I.Id},
                     {"check", I.Check},
                     {"status", statusName(I.State)},
                     {"observed", I.Observed},
                     {"source", I.Source},
                     {"fix", I.Fix},
                     {"note", I.Note}});
  nlohmann::ordered_json J;
  J["tool"] = "wavesan doctor";
  J["format_version"] = 1;
  J["items"] = std::move(Items);
  J["summary"] = {{"pass", R.count(Status::Pass)},
                  {"warn", R.count(Status::Warn)},
                  {"unknown", R.count(Status::Unknown)}};
  return J.dump(2) + "\n";
}

} // namespace wavesan::doctor
