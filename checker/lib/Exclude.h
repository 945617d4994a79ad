//===--- Exclude.h - gitignore-style excludes for directory scans ----------===//
///
/// \file
/// `--exclude=<pattern>` and `--exclude-from=<file>` with the semantics of
/// gitignore(5), matched on paths relative to the scanned directory:
///
/// - a pattern without a slash (a trailing one aside) matches a file or
///   directory name at any depth (`*.cuh`, `build`);
/// - a slash at the start or in the middle anchors the pattern to the scanned
///   directory (`/gen.hip` is only the top-level one, `doc/frotz` only that
///   path);
/// - a trailing slash matches directories only (`third_party/`);
/// - `*` and `?` do not match `/`; `[a-z]` ranges and `\` escapes as in
///   fnmatch(3) (llvm::GlobPattern does the matching of one path segment);
/// - `**/x` matches `x` in every directory, `a/**` everything inside `a`,
///   `a/**/b` matches `a/b`, `a/x/b`, `a/x/y/b`;
/// - `!pattern` re-includes what an earlier pattern excluded: the last
///   matching pattern decides. As in git, a file whose parent directory is
///   excluded cannot be re-included (the scan does not enter the directory).
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_EXCLUDE_H
#define WAVECHECK_LIB_EXCLUDE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"
#include <string>
#include <vector>

namespace wavecheck {

/// An ordered list of gitignore patterns.
class ExcludeMatcher {
public:
  /// Compiles \p Patterns (one gitignore line each, in order; later ones win).
  /// Blank patterns match nothing. Errors name the bad pattern and why (an
  /// unterminated `[` range).
  static llvm::Expected<ExcludeMatcher> create(llvm::ArrayRef<std::string> Patterns);

  /// Reads a .gitignore-format file: one pattern a line, `#` starts a comment
  /// line (`\#` is a literal `#`), unescaped trailing spaces are dropped, CRLF
  /// is accepted. Errors name the file and, for a bad pattern, the line.
  static llvm::Error readFile(llvm::StringRef Path, std::vector<std::string> &Patterns);

  /// readFile on text already read: \p Text holds the file's contents and
  /// \p Name stands for the file in messages.
  static llvm::Error parseText(llvm::StringRef Text, llvm::StringRef Name,
                               std::vector<std::string> &Patterns);

  /// True when \p RelPath (relative to the scanned directory, `/`-separated,
  /// no leading `/`) is excluded: by the last pattern that matches it, or
  /// because one of its parent directories is excluded. \p IsDir says whether
  /// RelPath names a directory (for patterns with a trailing slash).
  bool excluded(llvm::StringRef RelPath, bool IsDir) const;

  bool empty() const { return Rules.empty(); }

  ExcludeMatcher() = default;
  ExcludeMatcher(ExcludeMatcher &&) = default;
  ExcludeMatcher &operator=(ExcludeMatcher &&) = default;
  /// Not copyable: each llvm::GlobPattern refers to its rule's segment text.
  ExcludeMatcher(const ExcludeMatcher &) = delete;
  ExcludeMatcher &operator=(const ExcludeMatcher &) = delete;

private:
  struct Rule {
    std::string Text;                       ///< as written, for messages
    bool Negated = false;                   ///< `!pattern`
    bool DirOnly = false;                   ///< trailing `/`
    bool Anchored = false;                  ///< a slash at the start or middle
    std::vector<std::string> Segments;      ///< split at `/`; "**" kept as is
    std::vector<llvm::GlobPattern> Globs;   ///< one per segment ("**": unused)
  };
  /// Reach[K] (K = 0..Path.size()) tells whether the anchored rule \p R
  /// matches the first K segments of \p Path.
  static void matchPrefixes(const Rule &R, llvm::ArrayRef<llvm::StringRef> Path,
                            std::vector<char> &Reach);
  std::vector<Rule> Rules;
};

} // namespace wavecheck

#endif
