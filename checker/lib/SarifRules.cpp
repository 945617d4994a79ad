//===--- SarifRules.cpp - SARIF rule descriptions from the rule docs -------===//
///
/// \file
/// The fullDescription of a SARIF rule: the "What it finds" section of
/// rules/<check>.md, cut between blocks (paragraphs, list items, tables,
/// headings) to the 1000 characters GitHub code scanning takes. lib/Sarif.cpp
/// builds the rest of the rule (shortDescription, help) from the catalogue.
///
//===----------------------------------------------------------------------===//
#include "lib/SarifRules.h"

#include "llvm/ADT/StringExtras.h"

namespace wavecheck {

namespace {

/// Longest rule fullDescription.text code scanning takes ("The max number of
/// characters is limited to 1000", GitHub's "SARIF support for code
/// scanning", reportingDescriptor object).
constexpr size_t MaxFullDescription = 1000;

/// Ends a fullDescription cut to fit MaxFullDescription.
constexpr llvm::StringRef ContinuedInHelp = "\n\n(continued in the rule's help)";

} // namespace

/// The rule's fullDescription: the doc's "## What it finds" section, without
/// its heading; when longer than MaxFullDescription characters, cut before the
/// last block (paragraph, list item, table, heading) that fits, trailing
/// headings dropped, and ContinuedInHelp appended. Empty when the doc has no
/// such section. The whole doc is the rule's help.
std::string whatItFinds(llvm::StringRef Doc) {
  size_t At = Doc.find("## What it finds\n");
  if (At == llvm::StringRef::npos)
    return {};
  llvm::StringRef Section = Doc.drop_front(At).split('\n').second;
  Section = Section.take_front(Section.find("\n## ")).trim();
  if (Section.size() <= MaxFullDescription)
    return Section.str();
  // Offsets of the lines that start a block, and the longest prefix of whole
  // blocks that fits with the marker.
  size_t Fits = 0;
  bool PrevTable = false;
  for (size_t Pos = 0; Pos < Section.size();) {
    llvm::StringRef Line = Section.substr(Pos).split('\n').first;
    llvm::StringRef T = Line.ltrim();
    bool Table = T.starts_with("|");
    bool Starts = T.empty() || T.starts_with("#") || (Table && !PrevTable) ||
                  T.starts_with("- ") || T.starts_with("* ") ||
                  (!T.empty() && llvm::isDigit(T[0]) && T.ltrim("0123456789").starts_with(". "));
    if (Starts && Pos + ContinuedInHelp.size() <= MaxFullDescription)
      Fits = Pos;
    PrevTable = Table;
    Pos += Line.size() + 1;
  }
  llvm::StringRef Kept = Section.take_front(Fits).rtrim();
  // A heading with nothing under it says nothing.
  while (true) {
    size_t LastLine = Kept.rfind('\n');
    llvm::StringRef Last = Kept.substr(LastLine == llvm::StringRef::npos ? 0 : LastLine + 1);
    if (!Last.ltrim().starts_with("#"))
      break;
    Kept = Kept.take_front(LastLine == llvm::StringRef::npos ? 0 : LastLine).rtrim();
  }
  return (Kept + ContinuedInHelp).str();
}

std::string ruleName(llvm::StringRef Check) {
  std::string Name;
  bool Upper = true;
  for (char C : Check) {
    if (C == '-' || C == '_' || C == '.') {
      Upper = true;
      continue;
    }
    Name += Upper ? llvm::toUpper(C) : C;
    Upper = false;
  }
  return Name;
}

std::string ruleHelpUri(llvm::StringRef Check) { return ("rules/" + Check + ".md").str(); }

} // namespace wavecheck
