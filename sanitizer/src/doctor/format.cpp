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

/// The first line of the text output.
constexpr const char *Title =
    "wavesan doctor: node runbook (MI300X: gfx target, partitions, links, settings)";

/// \p Text wrapped at spaces into lines of at most \p Width characters; a word longer
/// than Width (a path) is cut. The first line has \p FirstPrefix before it, the others
/// \p Indent (both count towards Width and must leave room: Width > their size).
std::string wrap(std::string_view Text, size_t Width, const std::string &FirstPrefix,
                 const std::string &Indent) {
  std::string Out = FirstPrefix, Line;
  size_t Used = FirstPrefix.size();
  auto Flush = [&] {
    Out += Line + "\n" + Indent;
    Line.clear();
    Used = Indent.size();
  };
  size_t Pos = 0;
  while (Pos < Text.size()) {
    const size_t Space = Text.find(' ', Pos);
    std::string_view Word =
        Text.substr(Pos, Space == std::string_view::npos ? std::string_view::npos : Space - Pos);
    Pos = Space == std::string_view::npos ? Text.size() : Space + 1;
    if (Word.empty())
      continue;
    while (!Word.empty()) {
      const size_t Gap = Line.empty() ? 0 : 1;
      if (Used + Gap + Word.size() <= Width) {
        Line += std::string(Gap, ' ') + std::string(Word);
        Used += Gap + Word.size();
        break;
      }
      if (!Line.empty()) {
        Flush();
        continue;
      }
      const size_t Room = Width > Used ? Width - Used : 1; // an empty line: cut the word
      Line = std::string(Word.substr(0, Room));
      Word.remove_prefix(Room);
      Flush();
    }
  }
  Out += Line;
  // No trailing indent after a last flush.
  while (!Out.empty() && Out.back() == ' ')
    Out.pop_back();
  return Out + "\n";
}

} // namespace

/// The narrowest layout formatText(R, Width) makes: below it, 40.
constexpr size_t MinTextWidth = 40;

std::string formatText(const Report &R, size_t Width) {
  const std::string Table = formatText(R);
  if (Width == 0)
    return Table;
  size_t Widest = 0;
  for (size_t At = 0; At < Table.size();) {
    const size_t End = Table.find('\n', At);
    Widest = std::max(Widest, End - At);
    At = End + 1;
  }
  if (Widest <= Width)
    return Table;
  // Too wide for the terminal: one block per item, each field on its own wrapped lines.
  Width = std::max(Width, MinTextWidth);
  const std::string Label(12, ' ');
  std::string Out =
      wrap(Title, Width, "", "") +
      "\n";
  for (const Item &I : R.Items) {
    Out += wrap(I.Check + ": " + statusName(I.State), Width, "", "  ");
    Out += wrap(I.Observed, Width, "  observed  ", Label);
    Out += wrap(I.Source, Width, "  source    ", Label);
    if (!I.Fix.empty())
      Out += wrap(I.Fix, Width, "  fix       ", Label);
    else if (!I.Note.empty())
      Out += wrap(I.Note, Width, "  note      ", Label);
  }
  Out += "\n" + wrap("summary: " + summary(R), Width, "", "");
  return Out;
}

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
  std::string Out = std::string(Title) + "\n\n";
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
