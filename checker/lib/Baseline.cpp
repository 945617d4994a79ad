//===--- Baseline.cpp - the CI gate: --fail-on and --baseline --------------===//
#include "lib/Baseline.h"
#include "lib/SafeWrite.h"
#include "lib/UserFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <limits>
#include <vector>

namespace wavecheck {

/// Severity rank: note < warning < error. An unknown severity counts as a
/// warning, the severity of every check's diagnostic.
static int rank(llvm::StringRef Severity) {
  if (Severity == "error")
    return 2;
  if (Severity == "note")
    return 0;
  return 1;
}

static int rank(FailOn Level) {
  switch (Level) {
  case FailOn::Note:
    return 0;
  case FailOn::Warning:
    return 1;
  case FailOn::Error:
    return 2;
  }
  return 1;
}

int gateExitCode(const RunResult &R, FailOn Level) {
  for (const InputError &E : R.Errors)
    if (E.Fatal)
      return ExitInputError;
  for (const Finding &F : R.Findings)
    if (!F.ParseFailed && rank(F.Severity) >= rank(Level))
      return ExitFindings;
  return ExitClean;
}

//===----------------------------------------------------------------------===//
// Paths and source lines
//===----------------------------------------------------------------------===//

/// JSON strings are UTF-8; a source line or path that is not is stored (and
/// matched) with its bad bytes replaced, as llvm::json would write it.
static std::string utf8(llvm::StringRef S) {
  return llvm::json::isUTF8(S) ? S.str() : llvm::json::fixUTF8(S);
}

std::string relativePath(llvm::StringRef Path, llvm::StringRef Dir) {
  namespace sp = llvm::sys::path;
  std::vector<llvm::StringRef> P(sp::begin(Path, sp::Style::posix), sp::end(Path));
  std::vector<llvm::StringRef> D(sp::begin(Dir, sp::Style::posix), sp::end(Dir));
  // "a/b/" iterates as "a", "b", "."; trailing dots name the same directory.
  while (!D.empty() && D.back() == ".")
    D.pop_back();
  size_t Common = 0;
  while (Common < P.size() && Common < D.size() && P[Common] == D[Common])
    ++Common;
  std::string Out;
  for (size_t I = Common; I < D.size(); ++I)
    Out += "../";
  for (size_t I = Common; I < P.size(); ++I) {
    Out += P[I].str();
    if (I + 1 < P.size())
      Out += "/";
  }
  return Out.empty() ? "." : Out;
}

/// The absolute directory a baseline file's paths are relative to, with
/// symlinks resolved when it exists (finding paths are resolved likewise).
static std::string baselineDir(llvm::StringRef BaselinePath) {
  llvm::SmallString<256> Abs(BaselinePath);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Abs));
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Dir, Real))
    return std::string(Real);
  return std::string(Dir);
}

namespace {

/// Source lines of the findings' files, each file read once.
class SourceLines {
public:
  /// Line \p Line (1-based) of \p File without its end of line, trimmed of
  /// white space; empty when the file or line does not exist.
  std::string get(const std::string &File, unsigned Line) {
    auto It = Starts.find(File);
    if (It == Starts.end()) {
      std::string &Text = Contents[File];
      if (auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                                 /*RequiresNullTerminator=*/false))
        Text = (*Buf)->getBuffer().str();
      std::vector<size_t> S{0};
      for (size_t I = 0; I < Text.size(); ++I)
        if (Text[I] == '\n')
          S.push_back(I + 1);
      It = Starts.emplace(File, std::move(S)).first;
    }
    const std::vector<size_t> &S = It->second;
    if (Line == 0 || Line > S.size())
      return {};
    llvm::StringRef Text = Contents[File];
    llvm::StringRef L = Text.substr(S[Line - 1]).split('\n').first;
    return utf8(L.trim());
  }

private:
  std::map<std::string, std::string> Contents;
  std::map<std::string, std::vector<size_t>> Starts;
};

} // namespace

static BaselineKey keyOf(const Finding &F, llvm::StringRef Dir, SourceLines &Lines) {
  return {F.Check, utf8(relativePath(F.File, Dir)), Lines.get(F.File, F.Line)};
}

Baseline makeBaseline(const RunResult &R, llvm::StringRef BaselinePath) {
  std::string Dir = baselineDir(BaselinePath);
  SourceLines Lines;
  Baseline B;
  for (const Finding &F : R.Findings)
    ++B.Counts[keyOf(F, Dir, Lines)];
  return B;
}

size_t applyBaseline(RunResult &R, const Baseline &B, llvm::StringRef BaselinePath) {
  std::string Dir = baselineDir(BaselinePath);
  SourceLines Lines;
  std::map<BaselineKey, unsigned> Left = B.Counts;
  std::vector<Finding> Kept;
  size_t Removed = 0;
  for (Finding &F : R.Findings) {
    auto It = Left.find(keyOf(F, Dir, Lines));
    if (It != Left.end() && It->second > 0) {
      --It->second;
      ++Removed;
      ++R.Baselined[F.File];
      continue;
    }
    Kept.push_back(std::move(F));
  }
  R.Findings = std::move(Kept);
  return Removed;
}

//===----------------------------------------------------------------------===//
// The file format
//===----------------------------------------------------------------------===//

void printBaseline(const Baseline &B, llvm::raw_ostream &OS) {
  // Sorted by file, then check, then source: one file's entries together.
  std::vector<std::pair<BaselineKey, unsigned>> Entries;
  for (const auto &[K, N] : B.Counts)
    Entries.push_back({K, N});
  // Keys are unique, so the order is total.
  std::sort(Entries.begin(), Entries.end(), [](const auto &A, const auto &Z) {
    return std::tie(std::get<1>(A.first), std::get<0>(A.first), std::get<2>(A.first)) <
           std::tie(std::get<1>(Z.first), std::get<0>(Z.first), std::get<2>(Z.first));
  });
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("version", BaselineVersion);
    J.attributeArray("findings", [&] {
      for (const auto &E : Entries)
        J.object([&] {
          J.attribute("check", std::get<0>(E.first));
          J.attribute("file", std::get<1>(E.first));
          J.attribute("source", std::get<2>(E.first));
          J.attribute("count", static_cast<int64_t>(E.second));
        });
    });
  });
  OS << "\n";
}

/// "[3:5, byte=20]: Expected , or ]" (json::ParseError::log, 0-based column
/// of where the parser stopped) as "<Name>:3:6: invalid JSON: expected , or ]"
/// (1-based column, as clang's messages).
static std::string jsonParseError(llvm::Error E, llvm::StringRef Name) {
  std::string Msg = llvm::toString(std::move(E));
  llvm::StringRef S = Msg;
  unsigned Line = 0, Col = 0;
  if (S.consume_front("[") && !S.consumeInteger(10, Line) && S.consume_front(":") &&
      !S.consumeInteger(10, Col)) {
    auto [Pos, Rest] = S.split("]: ");
    (void)Pos;
    std::string Text = Rest.str();
    if (!Text.empty())
      Text[0] = llvm::toLower(Text[0]);
    return (Name + ":" + llvm::Twine(Line) + ":" + llvm::Twine(Col + 1) + ": invalid JSON: " +
            Text)
        .str();
  }
  return (Name + ": invalid JSON: " + Msg).str();
}

static const char *kindOf(const llvm::json::Value &V) {
  switch (V.kind()) {
  case llvm::json::Value::Null:
    return "null";
  case llvm::json::Value::Boolean:
    return "a boolean";
  case llvm::json::Value::Number:
    return "a number";
  case llvm::json::Value::String:
    return "a string";
  case llvm::json::Value::Array:
    return "an array";
  case llvm::json::Value::Object:
    return "an object";
  }
  return "a value";
}

static const char *Expected = "; expected a baseline written by --write-baseline";

bool parseBaseline(llvm::StringRef Text, llvm::StringRef Name, Baseline &Out,
                   std::string &Err) {
  Out = Baseline();
  // llvm::json::parse recurses once per bracket: a deep file would overflow
  // the stack.
  if (std::optional<std::pair<size_t, size_t>> At = jsonTooDeep(Text, MaxJsonNesting)) {
    Err = (Name + ":" + llvm::Twine(At->first) + ":" + llvm::Twine(At->second) +
           ": brackets nest deeper than " + llvm::Twine(MaxJsonNesting) + " levels" + Expected)
              .str();
    return false;
  }
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(Text);
  if (!Doc) {
    Err = jsonParseError(Doc.takeError(), Name);
    return false;
  }
  auto Fail = [&](const llvm::Twine &Where, const llvm::Twine &What) {
    Err = (Name + ": at " + Where + ": " + What).str();
    return false;
  };
  const llvm::json::Object *Root = Doc->getAsObject();
  if (!Root)
    return Fail("the top level", llvm::Twine("expected an object, found ") + kindOf(*Doc) +
                                     Expected);
  const llvm::json::Value *Version = Root->get("version");
  if (!Version)
    return Fail("the top level", llvm::Twine("missing \"version\"") + Expected);
  std::optional<int64_t> V = Version->getAsInteger();
  if (!V || *V != BaselineVersion)
    return Fail("version", "unsupported baseline version; expected " +
                               llvm::Twine(BaselineVersion));
  const llvm::json::Value *List = Root->get("findings");
  if (!List)
    return Fail("the top level", "missing \"findings\"");
  const llvm::json::Array *Entries = List->getAsArray();
  if (!Entries)
    return Fail("findings", llvm::Twine("expected an array, found ") + kindOf(*List));
  for (size_t I = 0; I < Entries->size(); ++I) {
    std::string Where = "findings[" + std::to_string(I) + "]";
    const llvm::json::Object *E = (*Entries)[I].getAsObject();
    if (!E)
      return Fail(Where,
                  llvm::Twine("expected an object, found ") + kindOf((*Entries)[I]));
    std::string Fields[3];
    const char *Keys[3] = {"check", "file", "source"};
    for (int K = 0; K < 3; ++K) {
      const llvm::json::Value *F = E->get(Keys[K]);
      if (!F)
        return Fail(Where, llvm::Twine("missing \"") + Keys[K] + "\" (a string)");
      std::optional<llvm::StringRef> S = F->getAsString();
      if (!S)
        return Fail(Where + "." + Keys[K],
                    llvm::Twine("expected a string, found ") + kindOf(*F));
      Fields[K] = S->str();
    }
    if (Fields[0].empty())
      return Fail(Where + ".check", "expected a check name, found an empty string");
    if (Fields[1].empty())
      return Fail(Where + ".file", "expected a file path, found an empty string");
    unsigned Count = 1;
    if (const llvm::json::Value *C = E->get("count")) {
      std::optional<int64_t> N = C->getAsInteger();
      if (!N || *N < 1 || *N > std::numeric_limits<unsigned>::max())
        return Fail(Where + ".count", "expected a positive integer (how many identical "
                                      "findings the entry stands for)");
      Count = static_cast<unsigned>(*N);
    }
    // Repeated entries add up (a hand-merged baseline); saturating.
    unsigned &Slot = Out.Counts[{Fields[0], Fields[1], Fields[2]}];
    Slot = Count > std::numeric_limits<unsigned>::max() - Slot
               ? std::numeric_limits<unsigned>::max()
               : Slot + Count;
  }
  return true;
}

bool loadBaseline(llvm::StringRef Path, Baseline &Out, std::string &Err) {
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> Buf = readUserFile(Path, BaselineFile);
  if (!Buf) {
    Err = llvm::toString(Buf.takeError());
    return false;
  }
  return parseBaseline((*Buf)->getBuffer(), Path, Out, Err);
}

bool writeBaseline(const RunResult &R, llvm::StringRef Path, std::string &Err) {
  Baseline B = makeBaseline(R, Path);
  removeStaleTemporaries(Path);
  llvm::Error E = writeFileSafely(Path, [&](llvm::raw_ostream &OS) { printBaseline(B, OS); });
  if (E) {
    Err = "--write-baseline: " + llvm::toString(std::move(E));
    return false;
  }
  return true;
}

} // namespace wavecheck
