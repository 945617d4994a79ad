//===--- ExportFixesTest.cpp - --export-fixes through clang-apply-replacements ===//
///
/// `--export-fixes=FILE` writes the YAML clang-apply-replacements reads. For
/// every testdata/checks/<rule>/<name>.hip with a `<name>.hip.fixed` golden,
/// the file is copied to a temporary directory, wavecheck runs there with the
/// file's `// RUN-ARGS:` and --export-fixes, and
/// `/usr/bin/clang-apply-replacements-22 <yaml dir>` applies the YAML; the
/// result must equal the golden. clang-apply-replacements drops identical
/// replacements but fails on overlapping ones, and that failure fails the test.
///
/// An export holds one round of fix-its, like clang-tidy's; `--fix` analyses
/// again after applying because a fix can expose another finding. So the test
/// exports and applies until nothing is exported, at most MaxRounds times
/// (with the RUN-ARGS of today's goldens one round is enough).
///
//===----------------------------------------------------------------------===//
#include "Harness.h"
#include "TestdataFiles.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include <gtest/gtest.h>
#include <map>
#include <set>

using namespace wavecheck::test;

namespace {

/// The tool under test, as Debian's clang-tools-22 installs it.
constexpr const char *ApplyReplacements = "/usr/bin/clang-apply-replacements-22";

/// Export-and-apply rounds at most: the same bound as wavecheck's --fix
/// (MaxFixRounds in checker/tool/Main.cpp), since a fix can expose a finding.
constexpr unsigned MaxRounds = 4;

/// The testdata sources that have a `.fixed` golden.
std::vector<std::string> filesWithGoldens() {
  std::vector<std::string> Out;
  for (const std::string &F : checkTestdataFiles())
    if (llvm::sys::fs::exists(testdataDir() + "/checks/" + F + ".fixed"))
      Out.push_back(F);
  return Out;
}

std::string realPath(const std::string &P) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(P, Real))
    return P;
  return std::string(Real);
}

/// Reads an exported YAML with clang's own schema (what
/// clang-apply-replacements parses); fails the test when it does not fit.
/// Checks that MainSourceFile and every replacement's FilePath are absolute
/// and name one of \p Sources (real paths). Returns the number of replacements.
size_t checkYaml(const std::string &YamlPath, const std::vector<std::string> &Sources) {
  std::string Text = readFile(YamlPath);
  EXPECT_FALSE(Text.empty()) << "no export written at " << YamlPath;
  clang::tooling::TranslationUnitDiagnostics TU;
  llvm::yaml::Input In(Text);
  In >> TU;
  EXPECT_FALSE(In.error()) << "not clang-apply-replacements YAML:\n" << Text;
  auto Known = [&](const std::string &P) {
    return llvm::sys::path::is_absolute(P) &&
           std::find(Sources.begin(), Sources.end(), realPath(P)) != Sources.end();
  };
  size_t N = 0;
  for (const clang::tooling::Diagnostic &D : TU.Diagnostics) {
    for (const auto &[File, Repls] : D.Message.Fix) {
      for (const clang::tooling::Replacement &R : Repls) {
        EXPECT_TRUE(Known(R.getFilePath().str()))
            << "replacement of " << D.DiagnosticName << " in '" << R.getFilePath().str()
            << "', not an absolute path of an analysed file\n" << Text;
        ++N;
      }
    }
  }
  if (N)
    EXPECT_TRUE(Known(TU.MainSourceFile))
        << "MainSourceFile '" << TU.MainSourceFile
        << "' is not an absolute path of an analysed file\n" << Text;
  return N;
}

/// Copies \p Rel (relative to testdata/checks) into \p Dir under its file
/// name; returns the copy's real path.
std::string copyIn(const std::string &Rel, const std::string &Dir) {
  std::string Copy = Dir + "/" + llvm::sys::path::filename(Rel).str();
  writeFile(Copy, readFile(testdataDir() + "/checks/" + Rel));
  return realPath(Copy);
}

/// Runs export-then-apply rounds over \p Names (file names in \p Dir) with
/// \p Args until nothing is exported. Returns the rounds that applied fix-its.
unsigned exportAndApply(const std::string &Dir, const std::vector<std::string> &Names,
                        std::vector<std::string> Args,
                        const std::vector<std::string> &Sources) {
  std::string YamlDir = Dir + "/yaml";
  llvm::sys::fs::create_directory(YamlDir);
  std::string Yaml = YamlDir + "/fixes.yaml";
  Args.push_back("--export-fixes=" + Yaml);
  // Relative file names from the files' directory: the export must still
  // hold absolute paths.
  Args.insert(Args.end(), Names.begin(), Names.end());
  for (unsigned Round = 0; Round <= MaxRounds; ++Round) {
    llvm::sys::fs::remove(Yaml);
    ProcessResult R = runWavecheck(Args, Dir);
    EXPECT_TRUE(R.ExitCode == 0 || R.ExitCode == 1)
        << "wavecheck exited " << R.ExitCode << "\n" << R.Err << R.Out;
    if (R.ExitCode != 0 && R.ExitCode != 1)
      return Round;
    size_t N = checkYaml(Yaml, Sources);
    if (N == 0)
      return Round;
    if (Round == MaxRounds) {
      ADD_FAILURE() << "fix-its still exported after " << MaxRounds << " rounds\n"
                    << readFile(Yaml);
      return Round;
    }
    ProcessResult A = runProgram(ApplyReplacements, {YamlDir});
    // Overlapping replacements make clang-apply-replacements fail: a conflict.
    EXPECT_EQ(A.ExitCode, 0) << "clang-apply-replacements-22 failed in round "
                             << Round + 1 << ":\n" << A.Err << A.Out << "\n"
                             << readFile(Yaml);
    EXPECT_EQ(A.Err.find("overlaps"), std::string::npos) << A.Err;
    if (A.ExitCode != 0)
      return Round;
  }
  return MaxRounds;
}

class ExportFixes : public ::testing::TestWithParam<std::string> {};

TEST_P(ExportFixes, AppliedByClangApplyReplacementsGivesTheGolden) {
  if (!llvm::sys::fs::exists(ApplyReplacements))
    GTEST_SKIP() << ApplyReplacements << " is not installed (Debian: clang-tools-22)";
  std::string Path = testdataDir() + "/checks/" + GetParam();
  std::string Text = readFile(Path);
  ASSERT_FALSE(Text.empty()) << Path;
  std::string Dir = makeTempDir();
  std::string Copy = copyIn(GetParam(), Dir);
  unsigned Rounds = exportAndApply(Dir, {llvm::sys::path::filename(Copy).str()},
                                   runArgsOf(Text), {Copy});
  EXPECT_GE(Rounds, 1u) << "the golden exists, but no fix-it was exported";
  EXPECT_EQ(readFile(Copy), readFile(Path + ".fixed"))
      << "after " << Rounds << " export/apply round(s) of " << GetParam();
  removeTree(Dir);
}

INSTANTIATE_TEST_SUITE_P(Testdata, ExportFixes, ::testing::ValuesIn(filesWithGoldens()),
                         [](const ::testing::TestParamInfo<std::string> &I) {
                           return paramName(I.param);
                         });

TEST(ExportFixesSet, EveryGoldenIsCovered) {
  // Guards against the enumeration silently finding nothing (a moved
  // testdata directory would otherwise pass with zero instances).
  EXPECT_GE(filesWithGoldens().size(), 30u);
}

/// Several files in one run: one YAML holding replacements for every file
/// (MainSourceFile names only the first), each applied to the right file.
/// Files are grouped by identical RUN-ARGS.
TEST(ExportFixesSet, OneExportForManyFiles) {
  if (!llvm::sys::fs::exists(ApplyReplacements))
    GTEST_SKIP() << ApplyReplacements << " is not installed (Debian: clang-tools-22)";
  std::map<std::vector<std::string>, std::vector<std::string>> Groups;
  for (const std::string &F : filesWithGoldens())
    Groups[runArgsOf(readFile(testdataDir() + "/checks/" + F))].push_back(F);
  size_t MultiFileGroups = 0;
  for (const auto &[Args, Files] : Groups) {
    if (Files.size() < 2)
      continue;
    ++MultiFileGroups;
    std::string Dir = makeTempDir();
    std::vector<std::string> Names, Copies;
    for (const std::string &F : Files) {
      Copies.push_back(copyIn(F, Dir));
      Names.push_back(llvm::sys::path::filename(F).str());
    }
    ASSERT_EQ(std::set<std::string>(Names.begin(), Names.end()).size(), Names.size())
        << "two goldens with one file name and the same RUN-ARGS";
    exportAndApply(Dir, Names, Args, Copies);
    for (size_t I = 0; I < Files.size(); ++I)
      EXPECT_EQ(readFile(Copies[I]), readFile(testdataDir() + "/checks/" + Files[I] + ".fixed"))
          << Files[I] << " exported together with " << Files.size() - 1 << " other file(s)";
    removeTree(Dir);
  }
  EXPECT_GE(MultiFileGroups, 1u);
}

} // namespace
