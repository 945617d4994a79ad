//===--- ConfigLibTest.cpp - lib/Config.h without the binary ---------------===//
///
/// \file
/// The configuration at the library level: what parseConfigFile reads from
/// one file and rejects, which check globs count as typos, and how
/// ConfigResolver merges the files found upward from a source with the
/// command line. docs/config.md is the user documentation; the end-to-end
/// tests are tests/ConfigTest.cpp. Every expected value is written by hand.
///
//===----------------------------------------------------------------------===//
#include "lib/Config.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>
#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace wavecheck;

namespace {

TEST(ConfigParse, ReadsTheKeysItSetsWithTheirLines) {
  WavecheckConfig C;
  std::string Err;
  ASSERT_TRUE(parseConfigFile("# rules for this directory\n"
                              "Checks: '-xcd-tile-order'\n"
                              "OffloadArch: [gfx90a, gfx942]\n"
                              "WarningsAsErrors: 'wave64-*'\n",
                              "c.yaml", C, Err))
      << Err;
  EXPECT_EQ(C.Tidy.Checks, std::optional<std::string>("-xcd-tile-order"));
  EXPECT_EQ(C.Tidy.WarningsAsErrors, std::optional<std::string>("wave64-*"));
  EXPECT_FALSE(C.Tidy.HeaderFilterRegex.has_value());
  ASSERT_TRUE(C.OffloadArch.has_value());
  EXPECT_EQ(*C.OffloadArch, (std::vector<std::string>{"gfx90a", "gfx942"}));
  EXPECT_EQ(C.KeyLines.lookup("Checks"), 2u);
  EXPECT_EQ(C.KeyLines.lookup("OffloadArch"), 3u);
  EXPECT_EQ(C.KeyLines.lookup("WarningsAsErrors"), 4u);
}

TEST(ConfigParse, OffloadArchAsACommaListKeepsTheOrderWritten) {
  WavecheckConfig C;
  std::string Err;
  ASSERT_TRUE(parseConfigFile("OffloadArch: 'gfx942,gfx90a'\n", "c.yaml", C, Err)) << Err;
  ASSERT_TRUE(C.OffloadArch.has_value());
  EXPECT_EQ(*C.OffloadArch, (std::vector<std::string>{"gfx942", "gfx90a"}));
}

TEST(ConfigParse, EmptyFileSetsNothing) {
  WavecheckConfig C;
  std::string Err;
  ASSERT_TRUE(parseConfigFile("", "c.yaml", C, Err)) << Err;
  EXPECT_FALSE(C.Tidy.Checks.has_value());
  EXPECT_FALSE(C.OffloadArch.has_value());
  EXPECT_TRUE(C.KeyLines.empty());
}

TEST(ConfigParse, ErrorsNameTheFileLineAndColumn) {
  struct Case {
    const char *Text, *Error;
  } Cases[] = {
      {"Checks: '-xcd-*'\nChekcs: '-*'\n",
       "c.yaml:2:1: unknown key 'Chekcs' (did you mean 'Checks'?); expected one of "},
      {"Checks: '-xcd-*'\nChecks: '-fp8-*'\n", "c.yaml:2:1: duplicate key 'Checks'"},
      {"OffloadArch: [gfx942, gfx9999]\n",
       "c.yaml:1:23: OffloadArch: 'gfx9999' is not a known target; expected one of "},
      {"Checks: 'wave46-*'\n", "c.yaml:1:10: Checks: 'wave46-*' matches no wavecheck check"},
      {"- Checks\n", "c.yaml:1:1: expected a mapping of configuration keys"},
  };
  for (const Case &X : Cases) {
    WavecheckConfig C;
    std::string Err;
    EXPECT_FALSE(parseConfigFile(X.Text, "c.yaml", C, Err)) << X.Text;
    EXPECT_EQ(Err.substr(0, std::strlen(X.Error)), X.Error) << X.Text;
  }
}

TEST(ConfigParse, GarbageBytesAreAnErrorNotACrash) {
  const std::string Garbage[] = {std::string("\0\xff\xfe:\n", 5), "{{{{", "Checks: [\n",
                                 "\t- : -\n  ? ]", std::string(3, '\x80')};
  for (const std::string &G : Garbage) {
    WavecheckConfig C;
    std::string Err;
    EXPECT_FALSE(parseConfigFile(G, "c.yaml", C, Err));
    EXPECT_EQ(Err.rfind("c.yaml", 0), 0u) << Err;
  }
}

TEST(ConfigGlobs, AGlobMatchingNoCheckIsNamed) {
  std::string Bad;
  EXPECT_TRUE(globsMatchChecks("wave64-*,-fp8-*,xcd-tile-order", Bad));
  EXPECT_TRUE(globsMatchChecks("-*", Bad));
  EXPECT_FALSE(globsMatchChecks("wave64-*,wave64-hardcoded-warp-sise", Bad));
  EXPECT_EQ(Bad, "wave64-hardcoded-warp-sise");
  EXPECT_FALSE(globsMatchChecks("-xcd-tile-ordr", Bad));
  EXPECT_EQ(Bad, "-xcd-tile-ordr");
}

/// A temporary project tree with configuration files.
class ConfigResolverTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> D, Real;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("wavecheck-config-lib", D));
    ASSERT_FALSE(llvm::sys::fs::real_path(D, Real));
    Dir = std::string(Real);
    Opts.Arches = {"gfx942"};
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  void write(const std::string &Rel, const std::string &Text) {
    std::string Path = Dir + "/" + Rel;
    ASSERT_FALSE(llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path)));
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC) << Path;
    OS << Text;
  }

  /// The configuration of Dir/<Rel>, failing the test on an error.
  std::shared_ptr<const FileConfig> forFile(ConfigResolver &R, const std::string &Rel) {
    std::string Where, What;
    std::shared_ptr<const FileConfig> C = R.forFile(Dir + "/" + Rel, Where, What);
    EXPECT_TRUE(C) << Where << ": " << What;
    return C;
  }

  std::string Dir;
  Options Opts;
};

TEST_F(ConfigResolverTest, WithoutFilesTheDefaults) {
  ConfigResolver R(Opts);
  std::shared_ptr<const FileConfig> C = forFile(R, "a.hip");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Tidy.Checks.value_or(""), "wave64-*,fp8-*,xcd-*");
  EXPECT_EQ(C->Tidy.HeaderFilterRegex.value_or(""), ".*");
  EXPECT_EQ(C->Arches, (std::vector<std::string>{"gfx942"}));
  EXPECT_TRUE(C->Sources.empty());
}

TEST_F(ConfigResolverTest, InheritedFilesOutermostFirstThenTheCommandLine) {
  write(".wavecheck.yaml", "Checks: '-wave64-hardcoded-warp-size'\nOffloadArch: gfx90a\n");
  write("src/.wavecheck.yaml", "InheritParentConfig: true\nChecks: '-xcd-tile-order'\n");
  Opts.CliChecks = "wave64-hardcoded-warp-size";
  ConfigResolver R(Opts);
  std::shared_ptr<const FileConfig> C = forFile(R, "src/a.hip");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Tidy.Checks.value_or(""),
            "wave64-*,fp8-*,xcd-*,-wave64-hardcoded-warp-size,-xcd-tile-order,"
            "wave64-hardcoded-warp-size");
  EXPECT_EQ(C->Sources, (std::vector<std::string>{Dir + "/.wavecheck.yaml",
                                                  Dir + "/src/.wavecheck.yaml"}));
  // The outer file's OffloadArch, inherited; the command line's default does
  // not override it.
  EXPECT_EQ(C->Arches, (std::vector<std::string>{"gfx90a"}));
}

TEST_F(ConfigResolverTest, NearestFileWinsWithoutInheritance) {
  write(".wavecheck.yaml", "Checks: '-wave64-hardcoded-warp-size'\n");
  write("src/.wavecheck.yaml", "Checks: '-xcd-tile-order'\n");
  ConfigResolver R(Opts);
  std::shared_ptr<const FileConfig> C = forFile(R, "src/deeper/a.hip");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Tidy.Checks.value_or(""), "wave64-*,fp8-*,xcd-*,-xcd-tile-order");
  EXPECT_EQ(C->Sources, (std::vector<std::string>{Dir + "/src/.wavecheck.yaml"}));
}

TEST_F(ConfigResolverTest, CommandLineTargetsOverrideTheFiles) {
  write(".wavecheck.yaml", "OffloadArch: gfx90a\n");
  Opts.Arches = {"gfx950"};
  Opts.ArchesFromCommandLine = true;
  ConfigResolver R(Opts);
  std::shared_ptr<const FileConfig> C = forFile(R, "a.hip");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Arches, (std::vector<std::string>{"gfx950"}));
}

TEST_F(ConfigResolverTest, BrokenFileIsNamedWithItsLine) {
  write(".wavecheck.yaml", "Checks: '-xcd-*'\n");
  write("src/.wavecheck.yaml", "InheritParentConfig: true\n\nChekcs: '-*'\n");
  ConfigResolver R(Opts);
  std::string Where, What;
  EXPECT_FALSE(R.forFile(Dir + "/src/a.hip", Where, What));
  EXPECT_EQ(Where, Dir + "/src/.wavecheck.yaml:3:1");
  EXPECT_EQ(What.rfind("unknown key 'Chekcs'", 0), 0u) << What;
}

TEST_F(ConfigResolverTest, FilesThatDisableEveryCheckAreAnError) {
  write(".wavecheck.yaml", "Checks: '-*'\n");
  ConfigResolver R(Opts);
  std::string Where, What;
  EXPECT_FALSE(R.forFile(Dir + "/a.hip", Where, What));
  EXPECT_EQ(Where, Dir + "/.wavecheck.yaml");
  EXPECT_NE(What.find("enables no wavecheck check"), std::string::npos) << What;
}

} // namespace
