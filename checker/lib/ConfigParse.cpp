//===--- ConfigParse.cpp - .wavecheck.yaml: parsing one file -------------===//
///
/// \file
/// parseConfigFile reads a document twice: once with llvm::yaml::Stream, to
/// check the syntax and the keys (with their lines) and to read
/// `OffloadArch`; then, with the `OffloadArch` entry blanked out (spaces,
/// newlines kept, so lines and columns stay), with clang-tidy's
/// parseConfigurationWithDiags, which gives the clang-tidy keys exactly
/// clang-tidy's meaning (string or list `Checks`, list or map `CheckOptions`).
///
//===----------------------------------------------------------------------===//
#include "lib/ConfigParse.h"
#include "lib/Catalogue.h"

#include "clang-tidy/GlobList.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include <set>
#include <wavecommon/targets.h>

namespace wavecheck {

namespace {

using detail::loadProblem;
using detail::Problem;

/// The keys wavecheck reads, in the order messages list them.
constexpr llvm::StringLiteral SupportedKeys[] = {
    "Checks",         "CheckOptions",        "WarningsAsErrors", "HeaderFilterRegex",
    "ExcludeHeaderFilterRegex", "InheritParentConfig", "OffloadArch"};

/// clang-tidy's other keys (ClangTidyOptions.cpp, MappingTraits): meaningful
/// in a `.clang-tidy`, not honoured by wavecheck, so rejected with their own
/// message rather than ignored.
constexpr llvm::StringLiteral TidyOnlyKeys[] = {
    "HeaderFileExtensions", "ImplementationFileExtensions", "FormatStyle", "User",
    "ExtraArgs", "ExtraArgsBefore", "RemovedArgs", "UseColor", "SystemHeaders",
    "CustomChecks"};


/// Largest configuration file read. clang-tidy configurations of large
/// projects are a few KB; the bound keeps a hostile file from costing the
/// YAML parser time (it is quadratic on some inputs).
constexpr size_t MaxConfigBytes = 1 << 20;

/// Deepest nesting accepted. The YAML parsers recurse once per level;
/// configurations nest three levels (CheckOptions list -> item -> value).
constexpr unsigned MaxNesting = 64;

std::string joined(llvm::ArrayRef<llvm::StringLiteral> L) {
  std::string S;
  for (llvm::StringRef X : L)
    S += (S.empty() ? "" : ", ") + X.str();
  return S;
}

std::string knownChecks() {
  std::string S;
  for (const RuleInfo &R : catalogue())
    S += (S.empty() ? "" : ", ") + R.Name.str();
  return S;
}

/// The offload architectures wavecheck has a profile for (the target table,
/// <wavecommon/targets.h>), comma-separated.
std::string knownTargets() {
  std::string S;
  for (const wavecommon::Target &T : wavecommon::Targets)
    S += (S.empty() ? "" : ", ") + std::string(T.Name);
  return S;
}

/// Whether the table knows \p Arch (gfx942:xnack+ is gfx942).
bool isKnownTarget(llvm::StringRef Arch) {
  return wavecommon::findTarget(std::string_view(Arch)) != nullptr;
}

/// An upper bound of the nesting depth of a YAML text: brackets open across
/// lines, plus per line the indentation and the block indicators ("- ",
/// "? ", ": "). Quoted scalars and comments are skipped.
unsigned nestingBound(llvm::StringRef Text) {
  unsigned Max = 0, Brackets = 0;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    unsigned Depth = Line.size() - Line.ltrim(" \t").size();
    char Quote = 0;
    for (size_t I = 0; I < Line.size(); ++I) {
      char C = Line[I], Next = I + 1 < Line.size() ? Line[I + 1] : ' ';
      if (Quote) {
        if (C == Quote)
          Quote = 0;
        continue;
      }
      if (C == '\'' || C == '"')
        Quote = C;
      else if (C == '#')
        break;
      else if (C == '[' || C == '{')
        ++Brackets;
      else if ((C == ']' || C == '}') && Brackets)
        --Brackets;
      else if ((C == '-' || C == '?' || C == ':') && (Next == ' ' || Next == '\t'))
        ++Depth;
      Max = std::max(Max, Depth + Brackets);
    }
    Max = std::max(Max, Depth + Brackets);
  }
  return Max;
}

} // namespace

bool globsMatchChecks(llvm::StringRef Globs, std::string &Unmatched) {
  // As clang::tidy::GlobList splits: on ',' and newlines, items trimmed.
  llvm::SmallVector<llvm::StringRef> Items;
  llvm::SplitString(Globs, Items, ",\n");
  for (llvm::StringRef Item : Items) {
    Item = Item.trim(" \t\r\n");
    llvm::StringRef Glob = Item;
    Glob.consume_front("-");
    Glob = Glob.trim(" \t\r\n");
    if (Glob.empty())
      continue;
    clang::tidy::GlobList G(Glob);
    bool Any = false;
    for (const RuleInfo &R : catalogue())
      Any |= G.contains(R.Name);
    if (!Any) {
      Unmatched = Item.str();
      return false;
    }
  }
  return true;
}

namespace {

/// Parser state of one file: the text, its name and line lookup.
class FileParser {
public:
  FileParser(llvm::StringRef Text, llvm::StringRef Name) : Text(Text), Name(Name) {}

  bool parse(WavecheckConfig &Out, Problem &P);

private:
  std::pair<unsigned, unsigned> lineCol(size_t Offset) const {
    unsigned Line = 1, Col = 1;
    for (size_t I = 0; I < Offset && I < Text.size(); ++I) {
      if (Text[I] == '\n') {
        ++Line;
        Col = 1;
      } else {
        ++Col;
      }
    }
    return {Line, Col};
  }
  size_t offsetOf(llvm::SMLoc L) const {
    if (!L.isValid() || L.getPointer() < Text.begin() || L.getPointer() > Text.end())
      return 0;
    return L.getPointer() - Text.begin();
  }
  bool fail(size_t Offset, const llvm::Twine &What, Problem &P) const {
    auto [Line, Col] = lineCol(Offset);
    P = {(Name + ":" + llvm::Twine(Line) + ":" + llvm::Twine(Col)).str(), What.str()};
    return false;
  }
  bool failAtLine(unsigned Line, unsigned Col, const llvm::Twine &What, Problem &P) const {
    P = {(Name + ":" + llvm::Twine(Line) + ":" + llvm::Twine(Col)).str(), What.str()};
    return false;
  }
  /// Offset of \p Item in the text at or after \p From (the key's value), for
  /// messages about one element of a list; \p From itself when not found.
  size_t find(llvm::StringRef Item, size_t From) const {
    size_t At = Text.find(Item, From);
    return At == llvm::StringRef::npos ? From : At;
  }
  bool readOffloadArch(llvm::yaml::Node *V, WavecheckConfig &Out, size_t &End,
                       Problem &P);
  bool checkGlobs(llvm::StringRef Key, const std::optional<std::string> &Globs,
                  size_t ValueAt, Problem &P) const;
  bool checkRegex(llvm::StringRef Key, const std::optional<std::string> &Re,
                  size_t ValueAt, Problem &P) const;

  llvm::StringRef Text, Name;
};

bool FileParser::readOffloadArch(llvm::yaml::Node *V, WavecheckConfig &Out, size_t &End,
                                 Problem &P) {
  std::vector<std::pair<std::string, size_t>> Items; // name, offset
  llvm::SmallString<64> Buf;
  if (auto *S = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(V)) {
    size_t At = offsetOf(S->getSourceRange().Start);
    End = offsetOf(S->getSourceRange().End);
    llvm::SmallVector<llvm::StringRef> Parts;
    llvm::StringRef(S->getValue(Buf)).split(Parts, ',');
    for (llvm::StringRef Part : Parts)
      Items.push_back({Part.trim().str(), find(Part.trim(), At)});
  } else if (auto *Seq = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(V)) {
    size_t SeqAt = offsetOf(Seq->getSourceRange().Start);
    End = SeqAt;
    for (llvm::yaml::Node &N : *Seq) {
      auto *S = llvm::dyn_cast<llvm::yaml::ScalarNode>(&N);
      if (!S)
        return fail(offsetOf(N.getSourceRange().Start),
                    "OffloadArch: expected a target name (a string) in the list", P);
      Items.push_back({S->getValue(Buf).trim().str(), offsetOf(S->getSourceRange().Start)});
      End = std::max(End, offsetOf(S->getSourceRange().End));
    }
    // The node's range ends at its first item: a flow list ends at its ']'.
    llvm::StringRef Before = Text.substr(0, SeqAt).rtrim(" \t\r\n");
    if (Before.ends_with("[")) {
      size_t Close = Text.find(']', End);
      if (Close != llvm::StringRef::npos)
        End = Close + 1;
    }
  } else {
    size_t At = V ? offsetOf(V->getSourceRange().Start) : 0;
    return fail(At,
                "OffloadArch: expected a target name, a comma-separated string or a list "
                "of target names (e.g. 'gfx942,gfx950')",
                P);
  }
  Out.OffloadArch.emplace();
  for (const auto &[Arch, At] : Items) {
    if (Arch.empty())
      return fail(At, "OffloadArch: empty target name; expected one of " +
                          knownTargets(),
                  P);
    if (!isKnownTarget(Arch))
      return fail(At, "OffloadArch: '" + Arch + "' is not a known target; expected one of " +
                          knownTargets(),
                  P);
    Out.OffloadArch->push_back(Arch);
  }
  if (Out.OffloadArch->empty())
    return fail(End, "OffloadArch: expected at least one target, one of " +
                         knownTargets(),
                P);
  return true;
}

bool FileParser::checkGlobs(llvm::StringRef Key, const std::optional<std::string> &Globs,
                            size_t ValueAt, Problem &P) const {
  std::string Item;
  if (!Globs || globsMatchChecks(*Globs, Item))
    return true;
  return fail(find(Item, ValueAt),
              Key + ": '" + Item + "' matches no wavecheck check; expected globs over " +
                  knownChecks() + " (see --list-checks)",
              P);
}

bool FileParser::checkRegex(llvm::StringRef Key, const std::optional<std::string> &Re,
                            size_t ValueAt, Problem &P) const {
  if (!Re || Re->empty()) // empty: no filter, as in clang-tidy
    return true;
  std::string Why;
  if (!llvm::Regex(*Re).isValid(Why))
    return fail(ValueAt, Key + ": '" + *Re + "' is not a valid regular expression (" +
                             Why + "); expected a POSIX extended regex such as '.*'",
                P);
  return true;
}

bool FileParser::parse(WavecheckConfig &Out, Problem &P) {
  Out = WavecheckConfig();
  if (Text.size() > MaxConfigBytes)
    return fail(0, "the file has " + llvm::Twine(Text.size()) +
                       " bytes; expected a configuration of at most " +
                       llvm::Twine(MaxConfigBytes) + " bytes",
                P);
  if (nestingBound(Text) > MaxNesting)
    return fail(0, "the YAML nests deeper than " + llvm::Twine(MaxNesting) +
                       " levels; expected a flat mapping of configuration keys",
                P);

  // 1. Syntax, over the whole stream.
  {
    llvm::SourceMgr SM;
    std::optional<std::pair<size_t, std::string>> First;
    struct Ctx {
      std::optional<std::pair<size_t, std::string>> *First;
      const FileParser *Self;
    } C{&First, this};
    SM.setDiagHandler(
        [](const llvm::SMDiagnostic &D, void *V) {
          auto *C = static_cast<Ctx *>(V);
          if (!*C->First)
            *C->First = {C->Self->offsetOf(D.getLoc()), D.getMessage().str()};
        },
        &C);
    llvm::yaml::Stream S(Text, SM);
    bool Ok = S.validate();
    if (!Ok || First)
      return fail(First ? First->first : 0,
                  "invalid YAML: " + (First ? First->second : std::string("syntax error")) +
                      "; expected a YAML mapping such as \"Checks: '-xcd-tile-order'\"",
                  P);
  }

  // 2. Keys, lines and OffloadArch.
  llvm::SourceMgr SM;
  SM.setDiagHandler([](const llvm::SMDiagnostic &, void *) {}, nullptr);
  llvm::yaml::Stream S(Text, SM);
  auto Doc = S.begin();
  if (Doc == S.end())
    return true;
  llvm::yaml::Node *Root = Doc->getRoot();
  struct Entry {
    std::string Key;
    size_t KeyAt, ValueAt;
  };
  std::vector<Entry> Entries;
  std::optional<std::pair<size_t, size_t>> Blank; // OffloadArch: [key, value end)
  size_t BlankIndex = 0;
  if (Root && !llvm::isa<llvm::yaml::NullNode>(Root)) {
    auto *M = llvm::dyn_cast<llvm::yaml::MappingNode>(Root);
    if (!M)
      return fail(offsetOf(Root->getSourceRange().Start),
                  "expected a mapping of configuration keys (" + joined(SupportedKeys) + ")",
                  P);
    std::set<std::string> Seen;
    llvm::SmallString<64> Buf;
    for (llvm::yaml::KeyValueNode &KV : *M) {
      auto *K = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(KV.getKey());
      if (!K)
        return fail(KV.getKey() ? offsetOf(KV.getKey()->getSourceRange().Start) : 0,
                    "expected a key name, one of " + joined(SupportedKeys), P);
      std::string Key = K->getValue(Buf).str();
      size_t KeyAt = offsetOf(K->getSourceRange().Start);
      if (!llvm::is_contained(SupportedKeys, Key)) {
        if (llvm::is_contained(TidyOnlyKeys, Key))
          return fail(KeyAt, "key '" + Key +
                                 "' of clang-tidy's configuration is not supported by "
                                 "wavecheck; expected one of " + joined(SupportedKeys),
                      P);
        std::string Hint;
        for (llvm::StringRef Known : SupportedKeys)
          if (llvm::StringRef(Key).edit_distance(Known, true, 3) <= 2)
            Hint = " (did you mean '" + Known.str() + "'?)";
        return fail(KeyAt, "unknown key '" + Key + "'" + Hint + "; expected one of " +
                               joined(SupportedKeys),
                    P);
      }
      if (!Seen.insert(Key).second)
        return fail(KeyAt, "duplicate key '" + Key + "'; expected each key once", P);
      Out.KeyLines[Key] = lineCol(KeyAt).first;
      llvm::yaml::Node *V = KV.getValue();
      size_t ValueAt = V && !llvm::isa<llvm::yaml::NullNode>(V)
                           ? offsetOf(V->getSourceRange().Start)
                           : KeyAt;
      Entries.push_back({Key, KeyAt, ValueAt});
      if (Key == "OffloadArch") {
        size_t End = ValueAt;
        if (!readOffloadArch(V, Out, End, P))
          return false;
        Blank = {KeyAt, std::max(End, KeyAt)};
        BlankIndex = Entries.size() - 1;
      } else if (Key == "CheckOptions") {
        // Lines of the option names, for errors about them (Resolver).
        if (auto *Map = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(V)) {
          for (llvm::yaml::KeyValueNode &O : *Map)
            if (auto *OK = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(O.getKey()))
              Out.KeyLines["CheckOptions." + OK->getValue(Buf).str()] =
                  lineCol(offsetOf(OK->getSourceRange().Start)).first;
        } else if (auto *Seq = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(V)) {
          for (llvm::yaml::Node &Item : *Seq)
            if (auto *IM = llvm::dyn_cast<llvm::yaml::MappingNode>(&Item))
              for (llvm::yaml::KeyValueNode &O : *IM) {
                auto *OK = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(O.getKey());
                auto *OV = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(O.getValue());
                if (OK && OV && OK->getValue(Buf) == "key")
                  Out.KeyLines["CheckOptions." + OV->getValue(Buf).str()] =
                      lineCol(offsetOf(OV->getSourceRange().Start)).first;
              }
        }
      }
    }
  }
  if (++Doc != S.end())
    return fail(Text.size(), "a second YAML document; expected one document", P);

  // 3. The clang-tidy keys, by clang-tidy's parser, OffloadArch blanked out.
  std::string Copy = Text.str();
  if (Blank) {
    auto [From, To] = *Blank;
    if (BlankIndex + 1 < Entries.size()) {
      To = Entries[BlankIndex + 1].KeyAt; // up to the next key: its ',' too
    } else {
      // The last entry of a flow mapping: take the ',' before it.
      llvm::StringRef Before = llvm::StringRef(Text).substr(0, From).rtrim(" \t\r\n");
      if (Before.ends_with(","))
        From = Before.size() - 1;
    }
    for (size_t I = From; I < To && I < Copy.size(); ++I)
      if (Copy[I] != '\n' && Copy[I] != '\r')
        Copy[I] = ' ';
  }
  std::optional<std::pair<unsigned, unsigned>> DiagAt;
  std::string DiagMsg;
  auto Parsed = clang::tidy::parseConfigurationWithDiags(
      llvm::MemoryBufferRef(Copy, Name), [&](const llvm::SMDiagnostic &D) {
        if (!DiagAt) {
          DiagAt = {unsigned(D.getLineNo()), unsigned(D.getColumnNo() + 1)};
          DiagMsg = D.getMessage().str();
        }
      });
  if (!Parsed) {
    unsigned Line = DiagAt ? DiagAt->first : 1, Col = DiagAt ? DiagAt->second : 1;
    std::string Key;
    for (const Entry &E : Entries)
      if (lineCol(E.KeyAt).first <= Line)
        Key = E.Key;
    std::string What = DiagMsg.empty() ? Parsed.getError().message() : DiagMsg;
    return failAtLine(Line, Col,
                      (Key.empty() ? std::string("invalid value") : "invalid value for '" + Key + "'") +
                          ": " + What +
                          "; expected the type clang-tidy's configuration gives this key "
                          "(docs/config.md)",
                      P);
  }
  Out.Tidy = std::move(*Parsed);

  // 4. Values clang-tidy's parser accepts but wavecheck cannot use.
  auto ValueAt = [&](llvm::StringRef Key) -> size_t {
    for (const Entry &E : Entries)
      if (E.Key == Key)
        return E.ValueAt;
    return 0;
  };
  return checkGlobs("Checks", Out.Tidy.Checks, ValueAt("Checks"), P) &&
         checkGlobs("WarningsAsErrors", Out.Tidy.WarningsAsErrors, ValueAt("WarningsAsErrors"),
                    P) &&
         checkRegex("HeaderFilterRegex", Out.Tidy.HeaderFilterRegex,
                    ValueAt("HeaderFilterRegex"), P) &&
         checkRegex("ExcludeHeaderFilterRegex", Out.Tidy.ExcludeHeaderFilterRegex,
                    ValueAt("ExcludeHeaderFilterRegex"), P);
}

bool parseProblem(llvm::StringRef Text, llvm::StringRef Name, WavecheckConfig &Out,
                  Problem &P) {
  return FileParser(Text, Name).parse(Out, P);
}

} // namespace

namespace detail {

bool loadProblem(llvm::StringRef Path, WavecheckConfig &Out, Problem &P) {
  std::string Shown = displayPath(Path);
  if (!llvm::sys::fs::is_regular_file(Path)) {
    P = {Shown, llvm::sys::fs::exists(Path)
                    ? "not a regular file; expected a YAML configuration file"
                    : "cannot read the configuration file: no such file"};
    return false;
  }
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf) {
    P = {Shown, "cannot read the configuration file: " + Buf.getError().message()};
    return false;
  }
  return parseProblem((*Buf)->getBuffer(), Shown, Out, P);
}

} // namespace detail

bool parseConfigFile(llvm::StringRef Text, llvm::StringRef Name, WavecheckConfig &Out,
                     std::string &Err) {
  Problem P;
  if (parseProblem(Text, Name, Out, P))
    return true;
  Err = P.str();
  return false;
}

bool loadConfigFile(llvm::StringRef Path, WavecheckConfig &Out, std::string &Err) {
  Problem P;
  if (loadProblem(Path, Out, P))
    return true;
  Err = P.str();
  return false;
}

} // namespace wavecheck
