//===--- Exclude.cpp - gitignore-style excludes for directory scans --------===//
#include "lib/Exclude.h"
#include "lib/UserFile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"
#include <vector>

namespace wavecheck {

namespace {

/// gitignore(5): "Trailing spaces are ignored unless they are quoted with
/// backslash".
llvm::StringRef dropTrailingSpaces(llvm::StringRef P) {
  while (P.ends_with(" ") && !P.ends_with("\\ "))
    P = P.drop_back();
  return P;
}

llvm::SmallVector<llvm::StringRef, 8> splitPath(llvm::StringRef P) {
  llvm::SmallVector<llvm::StringRef, 8> Out;
  P.split(Out, '/', -1, /*KeepEmpty=*/false);
  return Out;
}

} // namespace

llvm::Expected<ExcludeMatcher> ExcludeMatcher::create(llvm::ArrayRef<std::string> Patterns) {
  ExcludeMatcher M;
  for (const std::string &Text : Patterns) {
    llvm::StringRef P = dropTrailingSpaces(Text);
    if (P.empty())
      continue;
    Rule R;
    R.Text = Text;
    if (P.consume_front("!"))
      R.Negated = true;
    if (P.consume_back("/"))
      R.DirOnly = true;
    // A slash at the start or in the middle anchors the pattern.
    R.Anchored = P.contains('/');
    P.consume_front("/");
    for (llvm::StringRef S : splitPath(P))
      R.Segments.push_back(S.str());
    if (R.Segments.empty())
      continue; // "/" or "!": matches nothing, as in git
    M.Rules.push_back(std::move(R));
  }
  // llvm::GlobPattern keeps a reference to its text: compiled only once the
  // rules (and so the segment strings) no longer move.
  for (Rule &R : M.Rules)
    for (const std::string &S : R.Segments) {
      if (S == "**" && R.Anchored) {
        R.Globs.emplace_back(); // unused: "**" is matched by matchSegments
        continue;
      }
      llvm::Expected<llvm::GlobPattern> G = llvm::GlobPattern::create(S);
      if (!G)
        return llvm::createStringError("invalid exclude pattern '" + R.Text +
                                       "': " + llvm::toString(G.takeError()) +
                                       "; expected a gitignore pattern");
      R.Globs.push_back(std::move(*G));
    }
  return M;
}

llvm::Error ExcludeMatcher::readFile(llvm::StringRef Path, std::vector<std::string> &Patterns) {
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> Buf = readUserFile(Path, ExcludeFile);
  if (!Buf)
    return Buf.takeError();
  return parseText((*Buf)->getBuffer(), Path, Patterns);
}

llvm::Error ExcludeMatcher::parseText(llvm::StringRef Text, llvm::StringRef Path,
                                      std::vector<std::string> &Patterns) {
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef L = Lines[I];
    L.consume_back("\r");
    if (L.starts_with("#"))
      continue;
    if (L.starts_with("\\#"))
      L = L.drop_front(); // "\#" is a literal '#'
    std::string Pattern = dropTrailingSpaces(L).str();
    if (Pattern.empty())
      continue;
    if (llvm::Expected<ExcludeMatcher> One = create({Pattern}); !One)
      return llvm::createStringError(Path + ":" + std::to_string(I + 1) + ": " +
                                     llvm::toString(One.takeError()));
    Patterns.push_back(std::move(Pattern));
  }
  return llvm::Error::success();
}

void ExcludeMatcher::matchPrefixes(const Rule &R, llvm::ArrayRef<llvm::StringRef> Path,
                                   std::vector<char> &Reach) {
  // Dynamic programming over (segment, path position), from the first
  // segment on: after segment S, Reach[K] tells whether the segments up to S
  // match the first K path segments exactly. One pass gives the answer for
  // every prefix of the path at once, and each (segment, position) pair is
  // decided once: "**/" repeated costs segments x path length, not an
  // exponential backtrack.
  size_t N = R.Segments.size(), M = Path.size();
  Reach.assign(M + 1, 0);
  Reach[0] = 1; // no segment matches the empty prefix only
  std::vector<char> Next(M + 1, 0);
  for (size_t S = 0; S < N; ++S) {
    if (R.Segments[S] == "**") {
      // "a/**": everything inside a, not a itself (one or more segments);
      // "a/**/b": zero or more directories between a and b.
      bool Last = S + 1 == N;
      char Any = 0;
      for (size_t K = 0; K <= M; ++K) {
        if (!Last)
          Any |= Reach[K];
        Next[K] = Any;
        if (Last)
          Any |= Reach[K];
      }
    } else {
      Next[0] = 0;
      for (size_t K = 0; K < M; ++K)
        Next[K + 1] = Reach[K] && R.Globs[S].match(Path[K]);
    }
    std::swap(Reach, Next);
  }
}

bool ExcludeMatcher::excluded(llvm::StringRef RelPath, bool IsDir) const {
  if (Rules.empty())
    return false;
  llvm::SmallVector<llvm::StringRef, 8> Segments = splitPath(RelPath);
  if (Segments.empty())
    return false;
  // Decision[K]: that of the last rule matching the first K segments (a
  // directory unless K is all of them); 1 excluded, 0 re-included, -1 no
  // rule matches. Each rule looks at the path once, for all prefixes: the
  // cost is linear in the path's depth, not quadratic.
  size_t M = Segments.size();
  std::vector<signed char> Decision(M + 1, -1);
  std::vector<char> Reach;
  for (const Rule &R : Rules) {
    if (R.Anchored)
      matchPrefixes(R, Segments, Reach);
    for (size_t K = 1; K <= M; ++K) {
      if (R.DirOnly && K == M && !IsDir)
        continue;
      if (R.Anchored ? Reach[K] : R.Globs.front().match(Segments[K - 1]))
        Decision[K] = R.Negated ? 0 : 1;
    }
  }
  for (size_t K = 1; K < M; ++K)
    if (Decision[K] == 1)
      return true; // an excluded directory's contents cannot be re-included
  return Decision[M] == 1;
}

} // namespace wavecheck
