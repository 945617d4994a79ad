//===--- Exclude.cpp - gitignore-style excludes for directory scans --------===//
#include "lib/Exclude.h"

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
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return llvm::createStringError("cannot read exclude file '" + Path + "': " +
                                   Buf.getError().message() +
                                   "; expected a .gitignore-format file");
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

bool ExcludeMatcher::matchSegments(const Rule &R, size_t I,
                                   llvm::ArrayRef<llvm::StringRef> Path, size_t J) {
  // Dynamic programming over (segment, path position), from the last segment
  // back: Next[K] tells whether the segments after the current one match
  // Path from K on. Each pair is decided once, so "**/" repeated costs
  // segments x path length, not an exponential backtrack.
  size_t N = R.Segments.size(), M = Path.size();
  std::vector<char> Next(M + 1, 0), Cur(M + 1, 0);
  Next[M] = 1; // no segment left matches the end of the path only
  for (size_t S = N; S-- > I;) {
    if (R.Segments[S] == "**") {
      // "a/**": everything inside a, not a itself; "a/**/b": zero or more
      // directories between a and b.
      bool Last = S + 1 == N;
      char Any = 0;
      for (size_t K = M + 1; K-- > 0;) {
        Any |= Next[K];
        Cur[K] = Last ? K < M : Any;
      }
    } else {
      for (size_t K = 0; K <= M; ++K)
        Cur[K] = K < M && Next[K + 1] && R.Globs[S].match(Path[K]);
    }
    std::swap(Cur, Next);
  }
  return J <= M && Next[J];
}

int ExcludeMatcher::decide(llvm::ArrayRef<llvm::StringRef> Segments, bool IsDir) const {
  int Decision = -1;
  for (const Rule &R : Rules) {
    if (R.DirOnly && !IsDir)
      continue;
    bool Match = R.Anchored ? matchSegments(R, 0, Segments, 0)
                            : R.Globs.front().match(Segments.back());
    if (Match)
      Decision = R.Negated ? 0 : 1;
  }
  return Decision;
}

bool ExcludeMatcher::excluded(llvm::StringRef RelPath, bool IsDir) const {
  if (Rules.empty())
    return false;
  llvm::SmallVector<llvm::StringRef, 8> Segments = splitPath(RelPath);
  if (Segments.empty())
    return false;
  llvm::ArrayRef<llvm::StringRef> All(Segments);
  for (size_t K = 1; K < All.size(); ++K)
    if (decide(All.take_front(K), /*IsDir=*/true) == 1)
      return true; // an excluded directory's contents cannot be re-included
  return decide(All, IsDir) == 1;
}

} // namespace wavecheck
