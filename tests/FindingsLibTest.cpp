//===--- FindingsLibTest.cpp - merging and sorting findings ----------------===//
///
/// \file
/// lib/Findings.h at the library level: findings of several passes merged
/// into one, the order of a result, line and column of byte offsets, and the
/// conversion of a clang-tidy diagnostic (with the part --export-fixes keeps,
/// Finding::Raw). Every expected value is written by hand.
///
//===----------------------------------------------------------------------===//
#include "lib/Findings.h"
#include "lib/RawDiagnostic.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <gtest/gtest.h>
#include <set>
#include <string>

using namespace wavecheck;

namespace {

Finding finding(const char *Check, const char *File, unsigned Offset, unsigned Line,
                unsigned Column, const char *Arch, const char *Pass) {
  Finding F;
  F.Check = Check;
  F.File = File;
  F.Offset = Offset;
  F.Line = Line;
  F.Column = Column;
  F.Message = "lane id computed with a warp size of 32";
  F.Targets = {Arch};
  F.Passes = {Pass};
  return F;
}

TEST(FindingSet, SameFindingOfTwoTargetsAndPassesIsOneWithBoth) {
  FindingSet S;
  S.add(finding("wave64-hardcoded-warp-size", "/p/a.hip", 40, 3, 7, "gfx942", "device"));
  S.add(finding("wave64-hardcoded-warp-size", "/p/a.hip", 40, 3, 7, "gfx90a", "device"));
  S.add(finding("wave64-hardcoded-warp-size", "/p/a.hip", 40, 3, 7, "gfx942", "host"));
  std::vector<Finding> All = S.take();
  ASSERT_EQ(All.size(), 1u);
  EXPECT_EQ(All[0].Targets, (std::set<std::string>{"gfx90a", "gfx942"}));
  EXPECT_EQ(All[0].Passes, (std::set<std::string>{"device", "host"}));
}

TEST(FindingSet, OtherCheckFileOrPlaceIsAnotherFinding) {
  FindingSet S;
  S.add(finding("wave64-hardcoded-warp-size", "/p/a.hip", 40, 3, 7, "gfx942", "device"));
  S.add(finding("wave64-lane-mask-width", "/p/a.hip", 40, 3, 7, "gfx942", "device"));
  S.add(finding("wave64-hardcoded-warp-size", "/p/b.hip", 40, 3, 7, "gfx942", "device"));
  S.add(finding("wave64-hardcoded-warp-size", "/p/a.hip", 52, 4, 3, "gfx942", "device"));
  EXPECT_EQ(S.take().size(), 4u);
}

TEST(FindingSet, FindingOfAPassThatParsedReplacesOneOfAFailedParse) {
  Finding Failed = finding("wave64-hardcoded-warp-size", "/p/a.hip", 40, 3, 7, "gfx90a",
                           "device");
  Failed.ParseFailed = true;
  Failed.FailedUnits = {"/p/a.hip"};
  Finding Parsed = finding("wave64-hardcoded-warp-size", "/p/a.hip", 40, 3, 7, "gfx942",
                           "device");
  Parsed.Fixes = {{"/p/a.hip", 40, 2, "warpSize"}};
  FindingSet S;
  S.add(Failed);
  S.add(Parsed);
  std::vector<Finding> All = S.take();
  ASSERT_EQ(All.size(), 1u);
  EXPECT_FALSE(All[0].ParseFailed);
  ASSERT_EQ(All[0].Fixes.size(), 1u);
  EXPECT_EQ(All[0].Fixes[0].Text, "warpSize");
  EXPECT_EQ(All[0].Targets, (std::set<std::string>{"gfx90a", "gfx942"}));
}

TEST(FindingSet, DifferentFixItsOfOneFindingAreBothDroppedWithANote) {
  Finding A = finding("wave64-hardcoded-warp-size", "/p/a.hip", 40, 3, 7, "gfx942", "device");
  Finding B = A;
  A.Fixes = {{"/p/a.hip", 40, 2, "warpSize"}};
  B.Fixes = {{"/p/a.hip", 40, 2, "64"}};
  B.Targets = {"gfx90a"};
  FindingSet S;
  S.add(A);
  S.add(B);
  std::vector<Finding> All = S.take();
  ASSERT_EQ(All.size(), 1u);
  EXPECT_TRUE(All[0].Fixes.empty());
  ASSERT_EQ(All[0].Notes.size(), 1u);
  EXPECT_NE(All[0].Notes[0].Message.find("disagree on the fix-it"), std::string::npos);
}

TEST(SortResult, FindingsByFileLineColumnCheckAndErrorsByFileOnce) {
  RunResult R;
  R.Findings = {finding("wave64-lane-mask-width", "/p/b.hip", 0, 1, 1, "gfx942", "device"),
                finding("xcd-tile-order", "/p/a.hip", 0, 9, 1, "gfx942", "device"),
                finding("wave64-lane-mask-width", "/p/a.hip", 0, 2, 5, "gfx942", "device"),
                finding("wave64-hardcoded-warp-size", "/p/a.hip", 0, 2, 5, "gfx942", "device"),
                finding("wave64-hardcoded-warp-size", "/p/a.hip", 0, 2, 1, "gfx942", "device")};
  R.Errors = {{"/p/z.hip", "not analysed"},
              {"/p/c.hip", "missing header 'x.h'", false},
              {"/p/z.hip", "not analysed"},
              {"/p/c.hip", "missing header 'y.h'", false}};
  sortResult(R);
  std::vector<std::string> Order;
  for (const Finding &F : R.Findings)
    Order.push_back(F.File.substr(3) + ":" + std::to_string(F.Line) + ":" +
                    std::to_string(F.Column) + " " + F.Check);
  EXPECT_EQ(Order, (std::vector<std::string>{"a.hip:2:1 wave64-hardcoded-warp-size",
                                             "a.hip:2:5 wave64-hardcoded-warp-size",
                                             "a.hip:2:5 wave64-lane-mask-width",
                                             "a.hip:9:1 xcd-tile-order",
                                             "b.hip:1:1 wave64-lane-mask-width"}));
  // By file, the order within a file kept; the repeated error once.
  ASSERT_EQ(R.Errors.size(), 3u);
  EXPECT_EQ(R.Errors[0].Message, "missing header 'x.h'");
  EXPECT_EQ(R.Errors[1].Message, "missing header 'y.h'");
  EXPECT_EQ(R.Errors[2].File, "/p/z.hip");
}

TEST(LineTable, OneBasedLineAndByteColumn) {
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  FS->addFile("/p/a.hip", 0, llvm::MemoryBuffer::getMemBuffer("ab\n\ncd\n"));
  FS->addFile("/p/empty.hip", 0, llvm::MemoryBuffer::getMemBuffer(""));
  LineTable Lines(FS);
  EXPECT_EQ(Lines.lineColumn("/p/a.hip", 0), std::make_pair(1u, 1u));
  EXPECT_EQ(Lines.lineColumn("/p/a.hip", 2), std::make_pair(1u, 3u));
  EXPECT_EQ(Lines.lineColumn("/p/a.hip", 3), std::make_pair(2u, 1u));
  EXPECT_EQ(Lines.lineColumn("/p/a.hip", 5), std::make_pair(3u, 2u));
  // The start of an empty file is its first line and column.
  EXPECT_EQ(Lines.lineColumn("/p/empty.hip", 0), std::make_pair(1u, 1u));
  // Past the end of the file, any offset of a file that cannot be read, no
  // file: {0, 0}.
  EXPECT_EQ(Lines.lineColumn("/p/a.hip", 8), std::make_pair(0u, 0u));
  EXPECT_EQ(Lines.lineColumn("/p/none.hip", 0), std::make_pair(0u, 0u));
  EXPECT_EQ(Lines.lineColumn("/p/none.hip", 5), std::make_pair(0u, 0u));
  EXPECT_EQ(Lines.lineColumn("", 0), std::make_pair(0u, 0u));
}

TEST(CanonicalPath, RelativeToTheBaseWithDotsRemoved) {
  EXPECT_EQ(canonicalPath("src/../inc/./x.h", "/no/such/build"), "/no/such/build/inc/x.h");
  EXPECT_EQ(canonicalPath("/no/such/a/../b.hip"), "/no/such/b.hip");
  EXPECT_EQ(canonicalPath(""), "");
}

TEST(ToFinding, ConvertsTheDiagnosticAndKeepsWhatTheExportNeeds) {
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  FS->addFile("/no/such/b/a.hip", 0,
              llvm::MemoryBuffer::getMemBuffer("int x;\nint lane = t % 32;\n"));
  LineTable Lines(FS);
  clang::tidy::ClangTidyError E("wave64-hardcoded-warp-size",
                                clang::tooling::Diagnostic::Warning, "/no/such/b",
                                /*IsWarningAsError=*/true);
  E.Message.Message = "lane id computed with a warp size of 32";
  E.Message.FilePath = "a.hip";
  E.Message.FileOffset = 22;
  llvm::cantFail(
      E.Message.Fix["a.hip"].add(clang::tooling::Replacement("a.hip", 22, 2, "warpSize")));
  clang::tooling::DiagnosticMessage N("the lane id is used here");
  N.FilePath = "a.hip";
  N.FileOffset = 7;
  E.Notes.push_back(N);

  Finding F = toFinding(E, "gfx942", "device", Lines);
  EXPECT_EQ(F.Check, "wave64-hardcoded-warp-size");
  EXPECT_EQ(F.Severity, "error"); // warnings-as-errors
  EXPECT_EQ(F.File, "/no/such/b/a.hip");
  EXPECT_EQ(F.Line, 2u);
  EXPECT_EQ(F.Column, 16u);
  ASSERT_EQ(F.Fixes.size(), 1u);
  EXPECT_EQ(F.Fixes[0].File, "/no/such/b/a.hip");
  EXPECT_EQ(F.Fixes[0].Offset, 22u);
  EXPECT_EQ(F.Fixes[0].Text, "warpSize");
  ASSERT_EQ(F.Notes.size(), 1u);
  EXPECT_EQ(F.Notes[0].Message, "the lane id is used here");

  // Raw keeps the file names as clang-tidy spelled them.
  EXPECT_EQ(F.Raw.DiagnosticName, "wave64-hardcoded-warp-size");
  EXPECT_EQ(F.Raw.Level, RawDiagnostic::Error);
  EXPECT_EQ(F.Raw.BuildDirectory, "/no/such/b");
  EXPECT_EQ(F.Raw.Message.FilePath, "a.hip");
  EXPECT_EQ(F.Raw.Message.FileOffset, 22u);
  ASSERT_EQ(F.Raw.Message.Fix.size(), 1u);
  EXPECT_EQ(F.Raw.Message.Fix[0].File, "a.hip");
  EXPECT_EQ(F.Raw.Message.Fix[0].Length, 2u);
  ASSERT_EQ(F.Raw.Notes.size(), 1u);
  EXPECT_EQ(F.Raw.Notes[0].Message, "the lane id is used here");
  EXPECT_EQ(F.Raw.Notes[0].FileOffset, 7u);

  // Back to clang-tidy's type for the YAML export: the same diagnostic, the
  // warnings-as-errors folded into the level.
  clang::tidy::ClangTidyError Back = tidyError(F.Raw);
  EXPECT_EQ(Back.DiagnosticName, "wave64-hardcoded-warp-size");
  EXPECT_EQ(Back.DiagLevel, clang::tooling::Diagnostic::Error);
  EXPECT_EQ(Back.BuildDirectory, "/no/such/b");
  EXPECT_EQ(Back.Message.Message, "lane id computed with a warp size of 32");
  EXPECT_EQ(Back.Message.FilePath, "a.hip");
  EXPECT_EQ(Back.Message.FileOffset, 22u);
  ASSERT_EQ(Back.Message.Fix.size(), 1u);
  const clang::tooling::Replacements &Rs = Back.Message.Fix.begin()->second;
  ASSERT_EQ(Rs.size(), 1u);
  EXPECT_EQ(Rs.begin()->getFilePath(), "a.hip");
  EXPECT_EQ(Rs.begin()->getOffset(), 22u);
  EXPECT_EQ(Rs.begin()->getLength(), 2u);
  EXPECT_EQ(Rs.begin()->getReplacementText(), "warpSize");
  ASSERT_EQ(Back.Notes.size(), 1u);
  EXPECT_EQ(Back.Notes[0].Message, "the lane id is used here");
  EXPECT_EQ(Back.Notes[0].FilePath, "a.hip");
}

} // namespace
