//===--- ExcludeMatcherTest.cpp - the gitignore matcher of --exclude ------===//
///
/// The gitignore matcher (lib/Exclude.h) against the examples of gitignore(5):
/// names at any depth, directory-only patterns, anchoring, wildcards, `**`,
/// negation, escapes, errors, .gitignore files, and linear time on patterns that
/// make a backtracking matcher take hours. Part of scan_test (ScanTest.cpp runs the
/// scan options end to end).
///
//===----------------------------------------------------------------------===//
#include "Harness.h"
#include "lib/Exclude.h"

#include <gtest/gtest.h>
#include <unistd.h>

using namespace wavecheck::test;
using wavecheck::ExcludeMatcher;

namespace {

//===-- The matcher -------------------------------------------------------===//

/// The matcher for \p Patterns; fails the test when they do not compile.
ExcludeMatcher matcher(std::vector<std::string> Patterns) {
  llvm::Expected<ExcludeMatcher> M = ExcludeMatcher::create(Patterns);
  if (!M) {
    ADD_FAILURE() << llvm::toString(M.takeError());
    return ExcludeMatcher();
  }
  return std::move(*M);
}

constexpr bool IsDir = true, IsFile = false;

// gitignore(5): "hello.*" matches any file or directory whose name begins
// with "hello.", at any depth (no slash in the pattern).
TEST(ExcludeMatcher, PatternWithoutSlashMatchesANameAtAnyDepth) {
  ExcludeMatcher M = matcher({"hello.*"});
  EXPECT_TRUE(M.excluded("hello.hip", IsFile));
  EXPECT_TRUE(M.excluded("src/deep/hello.cu", IsFile));
  EXPECT_TRUE(M.excluded("hello.d", IsDir));
  EXPECT_FALSE(M.excluded("xhello.hip", IsFile));
  EXPECT_FALSE(M.excluded("hello", IsFile));
}

// gitignore(5): "foo/" matches a directory foo and paths underneath it, but
// not a regular file foo.
TEST(ExcludeMatcher, TrailingSlashMatchesDirectoriesOnly) {
  ExcludeMatcher M = matcher({"foo/"});
  EXPECT_TRUE(M.excluded("foo", IsDir));
  EXPECT_TRUE(M.excluded("a/foo", IsDir));
  EXPECT_TRUE(M.excluded("foo/x.hip", IsFile));
  EXPECT_TRUE(M.excluded("a/foo/b/x.hip", IsFile));
  EXPECT_FALSE(M.excluded("foo", IsFile));
  EXPECT_FALSE(M.excluded("a/foo", IsFile));
  EXPECT_FALSE(M.excluded("foobar/x.hip", IsFile));
}

// gitignore(5): "doc/frotz/" matches the directory doc/frotz but not
// a/doc/frotz; "frotz/" matches frotz and a/frotz; "doc/frotz" and
// "/doc/frotz" have the same effect.
TEST(ExcludeMatcher, SlashAtStartOrMiddleAnchorsToTheScannedDirectory) {
  ExcludeMatcher Anchored = matcher({"doc/frotz/"});
  EXPECT_TRUE(Anchored.excluded("doc/frotz", IsDir));
  EXPECT_FALSE(Anchored.excluded("a/doc/frotz", IsDir));
  ExcludeMatcher Free = matcher({"frotz/"});
  EXPECT_TRUE(Free.excluded("frotz", IsDir));
  EXPECT_TRUE(Free.excluded("a/frotz", IsDir));
  for (const char *P : {"doc/frotz", "/doc/frotz"}) {
    ExcludeMatcher M = matcher({P});
    EXPECT_TRUE(M.excluded("doc/frotz", IsFile)) << P;
    EXPECT_FALSE(M.excluded("a/doc/frotz", IsFile)) << P;
  }
  ExcludeMatcher Top = matcher({"/gen.hip"});
  EXPECT_TRUE(Top.excluded("gen.hip", IsFile));
  EXPECT_FALSE(Top.excluded("src/gen.hip", IsFile));
}

// gitignore(5): an asterisk does not match a slash ("foo/*" does not match
// foo/bar/hello.c by itself); '?' matches one character but not '/'; ranges.
TEST(ExcludeMatcher, WildcardsStopAtSlashes) {
  ExcludeMatcher M = matcher({"foo/*.c"});
  EXPECT_TRUE(M.excluded("foo/hello.c", IsFile));
  EXPECT_FALSE(M.excluded("foo/bar/hello.c", IsFile));
  ExcludeMatcher Q = matcher({"doc/?.md"});
  EXPECT_TRUE(Q.excluded("doc/a.md", IsFile));
  EXPECT_FALSE(Q.excluded("doc/ab.md", IsFile));
  ExcludeMatcher QS = matcher({"a?b"});
  EXPECT_FALSE(QS.excluded("a/b", IsFile)) << "'?' must not match '/'";
  ExcludeMatcher R = matcher({"[a-c].hip"});
  EXPECT_TRUE(R.excluded("b.hip", IsFile));
  EXPECT_FALSE(R.excluded("d.hip", IsFile));
}

// gitignore(5), "Two consecutive asterisks": "**/foo" matches foo anywhere,
// "**/foo/bar" bar directly under any foo, "abc/**" everything inside abc,
// "a/**/b" matches a/b, a/x/b, a/x/y/b.
TEST(ExcludeMatcher, DoubleAsteriskCrossesDirectories) {
  ExcludeMatcher Lead = matcher({"**/foo"});
  EXPECT_TRUE(Lead.excluded("foo", IsFile));
  EXPECT_TRUE(Lead.excluded("x/y/foo", IsDir));
  ExcludeMatcher LeadTwo = matcher({"**/foo/bar"});
  EXPECT_TRUE(LeadTwo.excluded("foo/bar", IsFile));
  EXPECT_TRUE(LeadTwo.excluded("x/foo/bar", IsFile));
  EXPECT_FALSE(LeadTwo.excluded("foo/x/bar", IsFile));
  ExcludeMatcher Trail = matcher({"abc/**"});
  EXPECT_TRUE(Trail.excluded("abc/x.hip", IsFile));
  EXPECT_TRUE(Trail.excluded("abc/d/e/x.hip", IsFile));
  EXPECT_FALSE(Trail.excluded("abc", IsDir)) << "abc itself is not inside abc";
  ExcludeMatcher Mid = matcher({"a/**/b"});
  EXPECT_TRUE(Mid.excluded("a/b", IsFile));
  EXPECT_TRUE(Mid.excluded("a/x/b", IsFile));
  EXPECT_TRUE(Mid.excluded("a/x/y/b", IsFile));
  EXPECT_FALSE(Mid.excluded("a/x/c", IsFile));
  EXPECT_FALSE(Mid.excluded("z/a/b", IsFile));
}

/// In a child process killed by an alarm after \p Seconds (so that a regression fails
/// instead of hanging the suite): \p M does not exclude the file \p Kept and excludes
/// the file \p Excluded.
void expectDecidedWithin(const ExcludeMatcher &M, unsigned Seconds, const std::string &Kept,
                         const std::string &Excluded) {
  EXPECT_EXIT(
      {
        alarm(Seconds);
        bool Wrong = M.excluded(Kept, IsFile);
        bool Right = M.excluded(Excluded, IsFile);
        _exit(!Wrong && Right ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

// "**/" repeated 40 times against a deep path that does not match: a
// backtracking matcher tries every split of the path (hours); each
// (segment, position) pair is decided once (well under a second). In a
// child process killed by an alarm after a generous 60 s, so that a
// regression fails instead of hanging the suite.
TEST(ExcludeMatcher, RepeatedDoubleAsteriskIsLinear) {
  std::string Pattern, Path;
  for (int I = 0; I < 40; ++I) {
    Pattern += "**/";
    Path += "d/";
  }
  expectDecidedWithin(matcher({Pattern + "x.hip"}), 60, Path + "y.hip", Path + "x.hip");
}

// A path 100,000 directories deep against anchored patterns: each parent
// directory was matched on its own, costing depth^2 per path (a scan calls
// the matcher once per entry, so a deep tree cost depth^3 in all; a
// hand-written deep input timed out in exclude_fuzzer). One pass per
// rule now decides every parent: milliseconds; the quadratic matcher took
// 6 s at 20,000 directories, minutes here. Alarm after 20 s as above.
TEST(ExcludeMatcher, DeepPathIsLinear) {
  std::string Path;
  for (int I = 0; I < 100000; ++I)
    Path += "d/";
  expectDecidedWithin(matcher({"a/b", "!c/**/d", "d/**/e/"}), 20, Path + "x.hip",
                      Path + "e/x.hip");
}

// gitignore(5)'s example: "/*" then "!/foo", "/foo/*", "!/foo/bar" excludes
// everything except the directory foo/bar. Later patterns win.
TEST(ExcludeMatcher, NegationReincludesAndTheLastMatchWins) {
  ExcludeMatcher M = matcher({"/*", "!/foo", "/foo/*", "!/foo/bar"});
  EXPECT_TRUE(M.excluded("x.hip", IsFile));
  EXPECT_TRUE(M.excluded("other", IsDir));
  EXPECT_FALSE(M.excluded("foo", IsDir));
  EXPECT_TRUE(M.excluded("foo/y.hip", IsFile));
  EXPECT_FALSE(M.excluded("foo/bar", IsDir));
  EXPECT_FALSE(M.excluded("foo/bar/z.hip", IsFile));
  ExcludeMatcher Order = matcher({"!keep.hip", "*.hip"});
  EXPECT_TRUE(Order.excluded("keep.hip", IsFile)) << "the later '*.hip' wins";
  ExcludeMatcher Back = matcher({"*.hip", "!keep.hip"});
  EXPECT_FALSE(Back.excluded("keep.hip", IsFile));
  EXPECT_TRUE(Back.excluded("other.hip", IsFile));
}

// gitignore(5): "It is not possible to re-include a file if a parent
// directory of that file is excluded."
TEST(ExcludeMatcher, NoReincludeBelowAnExcludedDirectory) {
  ExcludeMatcher M = matcher({"build/", "!build/keep.hip"});
  EXPECT_TRUE(M.excluded("build/keep.hip", IsFile));
}

// gitignore(5): a leading "\!" is a literal '!'; trailing spaces are dropped
// unless escaped; an empty pattern matches nothing.
TEST(ExcludeMatcher, EscapesAndSpaces) {
  ExcludeMatcher Bang = matcher({"\\!important.hip"});
  EXPECT_TRUE(Bang.excluded("!important.hip", IsFile));
  EXPECT_FALSE(Bang.excluded("important.hip", IsFile));
  ExcludeMatcher Spaces = matcher({"old.hip   "});
  EXPECT_TRUE(Spaces.excluded("old.hip", IsFile));
  ExcludeMatcher Escaped = matcher({"odd\\ "});
  EXPECT_TRUE(Escaped.excluded("odd ", IsFile));
  EXPECT_FALSE(Escaped.excluded("odd", IsFile));
  ExcludeMatcher Blank = matcher({"", "   "});
  EXPECT_TRUE(Blank.empty());
  EXPECT_FALSE(Blank.excluded("a.hip", IsFile));
}

TEST(ExcludeMatcher, BadPatternIsAnErrorNamingIt) {
  llvm::Expected<ExcludeMatcher> M = ExcludeMatcher::create({"ok.hip", "src/[a-"});
  ASSERT_FALSE(static_cast<bool>(M));
  std::string Msg = llvm::toString(M.takeError());
  EXPECT_NE(Msg.find("'src/[a-'"), std::string::npos) << Msg;
}

TEST(ExcludeMatcher, ReadsGitignoreFiles) {
  std::string D = makeTempDir();
  writeFile(D + "/ignore", "# generated code\r\n"
                           "\n"
                           "gen/\r\n"
                           "\\#hash.hip\n"
                           "*.cuh  \n"
                           "!keep.cuh\n");
  std::vector<std::string> Patterns;
  llvm::Error E = ExcludeMatcher::readFile(D + "/ignore", Patterns);
  ASSERT_FALSE(static_cast<bool>(E)) << llvm::toString(std::move(E));
  EXPECT_EQ(Patterns, (std::vector<std::string>{"gen/", "#hash.hip", "*.cuh", "!keep.cuh"}));
  ExcludeMatcher M = matcher(Patterns);
  EXPECT_TRUE(M.excluded("#hash.hip", IsFile));
  EXPECT_TRUE(M.excluded("a/b.cuh", IsFile));
  EXPECT_FALSE(M.excluded("a/keep.cuh", IsFile));

  writeFile(D + "/bad", "ok/\n[z-\n");
  Patterns.clear();
  E = ExcludeMatcher::readFile(D + "/bad", Patterns);
  std::string Msg = llvm::toString(std::move(E));
  EXPECT_NE(Msg.find(D + "/bad:2:"), std::string::npos) << "names file and line: " << Msg;
  E = ExcludeMatcher::readFile(D + "/missing", Patterns);
  Msg = llvm::toString(std::move(E));
  EXPECT_NE(Msg.find(D + "/missing"), std::string::npos) << Msg;
  removeTree(D);
}

} // namespace
