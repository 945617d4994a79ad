//===--- args.cpp - option tables and parsing for the wavesan CLI ----------===//
#include "args.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace wavesan::cli {

std::optional<std::string> ParsedArgs::get(const std::string &Name) const {
  auto It = Values.find(Name);
  if (It == Values.end())
    return std::nullopt;
  return It->second;
}

std::string ParsedArgs::required(const std::string &Name, const std::string &Context) const {
  auto V = get(Name);
  if (!V)
    throw UsageError("missing --" + Name + " (required " + Context + ")");
  return *V;
}

double ParsedArgs::number(const std::string &Name, double Default) const {
  auto V = get(Name);
  if (!V)
    return Default;
  double D = 0;
  auto [End, Ec] = std::from_chars(V->data(), V->data() + V->size(), D);
  if (Ec != std::errc() || End != V->data() + V->size() || V->empty())
    throw UsageError("--" + Name + "='" + *V + "': expected a number");
  return D;
}

double ParsedArgs::finiteNumber(const std::string &Name, double Default) const {
  const double D = number(Name, Default);
  if (!std::isfinite(D))
    throw UsageError("--" + Name + "='" + *get(Name) + "': expected a finite number");
  return D;
}

unsigned long long ParsedArgs::count(const std::string &Name, unsigned long long Default) const {
  auto V = get(Name);
  if (!V)
    return Default;
  unsigned long long N = 0;
  auto [End, Ec] = std::from_chars(V->data(), V->data() + V->size(), N);
  if (Ec != std::errc() || End != V->data() + V->size() || V->empty())
    throw UsageError("--" + Name + "='" + *V + "': expected a non-negative integer");
  return N;
}

ParsedArgs parseArgs(std::span<const char *const> Args, std::span<const OptionSpec> Table,
                     const std::string &Command) {
  ParsedArgs Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    std::string A = Args[I];
    if (A == "--help" || A == "-h" || A == "-help") {
      Out.Values["help"] = "";
      continue;
    }
    if (A.rfind("--", 0) != 0)
      throw UsageError("unexpected argument '" + A + "'; see '" + Command + " --help'");
    std::string Name = A.substr(2), Value;
    bool HasValue = false;
    if (auto Eq = Name.find('='); Eq != std::string::npos) {
      Value = Name.substr(Eq + 1);
      Name = Name.substr(0, Eq);
      HasValue = true;
    }
    auto Spec = std::find_if(Table.begin(), Table.end(),
                             [&](const OptionSpec &S) { return Name == S.Name; });
    if (Spec == Table.end())
      throw UsageError("unknown option '--" + Name + "'; see '" + Command + " --help'");
    const bool IsFlag = Spec->ValueName[0] == '\0';
    if (IsFlag && HasValue)
      throw UsageError("option '--" + Name + "' takes no value");
    if (!IsFlag && !HasValue) {
      if (I + 1 >= Args.size())
        throw UsageError("option '--" + Name + "' needs a value (--" + Name + "=<" +
                         Spec->ValueName + ">)");
      Value = Args[++I];
    }
    if (Out.Values.count(Name))
      throw UsageError("option '--" + Name + "' given more than once");
    Out.Values[Name] = Value;
  }
  return Out;
}

std::string formatHelp(const std::string &Overview, const std::vector<std::string> &Usage,
                       std::span<const OptionSpec> Table) {
  std::string Out = "OVERVIEW: " + Overview + "\n\n";
  for (size_t I = 0; I < Usage.size(); ++I)
    Out += (I == 0 ? "USAGE: " : "       ") + Usage[I] + "\n";
  Out += "\nOPTIONS:\n";
  auto Left = [](const OptionSpec &S) {
    std::string L = std::string("--") + S.Name;
    if (S.ValueName[0])
      L += std::string("=<") + S.ValueName + ">";
    return L;
  };
  size_t Width = std::string("--help").size();
  for (const OptionSpec &S : Table)
    Width = std::max(Width, Left(S).size());
  std::vector<std::string> Groups;
  for (const OptionSpec &S : Table)
    if (std::find(Groups.begin(), Groups.end(), S.Group) == Groups.end())
      Groups.push_back(S.Group);
  auto Line = [&](const std::string &L, const std::string &Help) {
    return "  " + L + std::string(Width - L.size() + 2, ' ') + "- " + Help + "\n";
  };
  Out += "\nGeneric Options:\n\n" + Line("--help", "Display available options");
  for (const std::string &G : Groups) {
    Out += "\n" + G + ":\n\n";
    for (const OptionSpec &S : Table)
      if (G == S.Group)
        Out += Line(Left(S), S.Help);
  }
  return Out;
}

} // namespace wavesan::cli
