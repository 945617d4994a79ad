//===--- CheckTestdataTest.cpp - runs testdata/checks like check_clang_tidy ===//
///
/// Every file under testdata/checks/ is run through the wavecheck binary:
///  - `// RUN-ARGS: ...` gives extra wavecheck arguments;
///  - `// CHECK-MESSAGES: :[[@LINE-1]]:COL: warning: TEXT [check]` expects a
///    finding on the line before (or `:LINE:COL:`), whose message contains TEXT;
///  - every finding must be expected and every expectation found, so a file
///    with no expectation must produce no finding;
///  - when a finding carries a fix-it, `<file>.fixed` holds the file after
///    `--fix`; a second `--fix` must change nothing.
///
//===----------------------------------------------------------------------===//
#include "Harness.h"
#include "TestdataFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <gtest/gtest.h>

using namespace wavecheck::test;

namespace {

struct Expectation {
  unsigned Line, Column;
  std::string Text, Check;
  bool Matched = false;
};

std::vector<Expectation> expectations(const std::string &Text) {
  std::vector<Expectation> Out;
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  llvm::Regex Re("CHECK-MESSAGES: :(\\[\\[@LINE([+-][0-9]+)?\\]\\]|[0-9]+):([0-9]+): "
                 "warning: (.*) \\[([a-z0-9-]+)\\]\\s*$");
  for (unsigned I = 0; I < Lines.size(); ++I) {
    llvm::SmallVector<llvm::StringRef> M;
    if (!Re.match(Lines[I], &M))
      continue;
    unsigned Line = I + 1;
    if (M[1].starts_with("[[")) {
      int Delta = 0;
      if (!M[2].empty())
        llvm::to_integer(M[2].starts_with("+") ? M[2].drop_front() : M[2], Delta);
      Line += Delta;
    } else {
      llvm::to_integer(M[1], Line);
    }
    unsigned Col = 0;
    llvm::to_integer(M[3], Col);
    Out.push_back({Line, Col, M[4].str(), M[5].str()});
  }
  return Out;
}

class CheckTestdata : public ::testing::TestWithParam<std::string> {};

TEST_P(CheckTestdata, FindingsMatchExpectations) {
  std::string Path = testdataDir() + "/checks/" + GetParam();
  std::string Text = readFile(Path);
  ASSERT_FALSE(Text.empty()) << Path;
  std::vector<Expectation> Expected = expectations(Text);
  std::vector<std::string> Args = runArgsOf(Text);
  Args.push_back("--format=json");
  Args.push_back(Path);
  ProcessResult R = runWavecheck(Args);
  ASSERT_TRUE(R.ExitCode == 0 || R.ExitCode == 1) << R.Err << R.Out;
  llvm::json::Object Report = parseReport(R.Out);
  const llvm::json::Array *Errors = Report.getArray("errors");
  ASSERT_TRUE(Errors);
  EXPECT_TRUE(Errors->empty()) << "input errors:\n" << R.Out;
  const llvm::json::Array *Findings = Report.getArray("findings");
  ASSERT_TRUE(Findings);
  bool AnyFix = false;
  for (const llvm::json::Value &V : *Findings) {
    const llvm::json::Object &F = *V.getAsObject();
    unsigned Line = *F.getInteger("line"), Col = *F.getInteger("column");
    std::string Msg = F.getString("message")->str();
    std::string Check = F.getString("check")->str();
    AnyFix |= !F.getArray("fixes")->empty();
    bool Found = false;
    for (Expectation &E : Expected)
      if (!E.Matched && E.Line == Line && E.Column == Col && E.Check == Check &&
          llvm::StringRef(Msg).contains(E.Text)) {
        E.Matched = Found = true;
        break;
      }
    EXPECT_TRUE(Found) << GetParam() << ":" << Line << ":" << Col
                       << ": unexpected finding: " << Msg << " [" << Check << "]";
  }
  for (const Expectation &E : Expected)
    EXPECT_TRUE(E.Matched) << GetParam() << ":" << E.Line << ":" << E.Column
                           << ": expected finding not produced: " << E.Text << " ["
                           << E.Check << "]";

  std::string Golden = Path + ".fixed";
  bool HaveGolden = llvm::sys::fs::exists(Golden);
  EXPECT_EQ(AnyFix, HaveGolden)
      << (AnyFix ? "findings carry fix-its but there is no " : "no fix-it, yet there is ")
      << Golden;
  if (!AnyFix || !HaveGolden)
    return;
  std::string Dir = makeTempDir();
  std::string Copy = Dir + "/" + llvm::sys::path::filename(Path).str();
  writeFile(Copy, Text);
  std::vector<std::string> FixArgs = runArgsOf(Text);
  FixArgs.push_back("--fix");
  FixArgs.push_back(Copy);
  runWavecheck(FixArgs);
  std::string Fixed = readFile(Copy);
  EXPECT_EQ(Fixed, readFile(Golden)) << "after --fix of " << GetParam();
  runWavecheck(FixArgs);
  EXPECT_EQ(readFile(Copy), Fixed) << "a second --fix changed " << GetParam();
  removeTree(Dir);
}

INSTANTIATE_TEST_SUITE_P(Testdata, CheckTestdata, ::testing::ValuesIn(checkTestdataFiles()),
                         [](const ::testing::TestParamInfo<std::string> &I) {
                           return paramName(I.param);
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(CheckTestdata);

} // namespace
