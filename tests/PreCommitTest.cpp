//===--- PreCommitTest.cpp - the pre-commit hook in a real git commit ------===//
///
/// The repository's .pre-commit-hooks.yaml, used the way a project uses it:
/// a temporary git repository holding only that file stands for this
/// repository at a tagged revision; a temporary project lists it in its
/// .pre-commit-config.yaml (`repo:` + `rev:`), runs `pre-commit install`, and
/// commits. A staged file with a finding must stop the commit, and the output
/// must name the finding; a clean staged file commits (an unstaged buggy file
/// next to it is not looked at). The same for the `repo: local` snippet of
/// docs/pre-commit.md. No network: pre-commit clones from a local path.
///
/// wavecheck is installed from the build with `cmake --install` into a
/// temporary prefix whose bin/ comes first in PATH (`language: system`).
/// PRE_COMMIT_HOME and HOME point into the temporary directory, so the user's
/// cache and git configuration are neither used nor touched. Skips when
/// pre-commit or git is not installed (Debian packages `pre-commit`, `git`).
///
//===----------------------------------------------------------------------===//
#include "Harness.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <gtest/gtest.h>

using namespace wavecheck::test;

namespace {

/// A kernel whose lane id is taken modulo 32: one wave64-hardcoded-warp-size
/// finding at 4:28 (the literal), as testdata/checks/wave64-hardcoded-warp-size
/// /lane-math.hip shows for the same expression.
constexpr const char *BuggyKernel = R"(#include <hip/hip_runtime.h>

__global__ void lane_ids(int *out) {
  int lane = threadIdx.x % 32;
  out[threadIdx.x] = lane + __popcll(__ballot(lane > 1));
}
)";

/// The same kernel with the wave size taken from the target.
constexpr const char *CleanKernel = R"(#include <hip/hip_runtime.h>

__global__ void lane_ids(int *out) {
  int lane = threadIdx.x % warpSize;
  out[threadIdx.x] = lane;
}
)";

/// The `repo: local` alternative, as docs/pre-commit.md gives it.
constexpr const char *LocalConfig = R"(repos:
  - repo: local
    hooks:
      - id: wavecheck
        name: wavecheck
        entry: wavecheck --hip-headers=standin
        language: system
        files: \.(hip|cu|cuh|h|hpp)$
)";

class PreCommit : public ::testing::Test {
protected:
  void SetUp() override {
    for (const char *Tool : {"pre-commit", "git"})
      if (!llvm::sys::findProgramByName(Tool))
        GTEST_SKIP() << Tool << " is not installed (Debian packages pre-commit and git; "
                     << "scripts/setup installs them)";
    Tmp = makeTempDir();
    // wavecheck as a user gets it: `cmake --install` of this build into a
    // prefix whose bin/ comes first in PATH.
    ProcessResult I = runProgram(WAVECHECK_CMAKE_COMMAND,
                                 {"--install", WAVECHECK_BUILD_DIR, "--prefix", Tmp + "/prefix"});
    ASSERT_EQ(I.ExitCode, 0) << "cmake --install failed:\n" << I.Out << I.Err;
    ASSERT_TRUE(llvm::sys::fs::can_execute(Tmp + "/prefix/bin/wavecheck")) << I.Out;
    // Single quotes: the paths come from mkdtemp and CMake, without quotes.
    Env = "export PATH='" + Tmp + "/prefix/bin':\"$PATH\" PRE_COMMIT_HOME='" + Tmp +
          "/cache' HOME='" + Tmp + "/home' GIT_CONFIG_NOSYSTEM=1 && ";
    llvm::sys::fs::create_directories(Tmp + "/home");
  }
  void TearDown() override {
    if (!Tmp.empty())
      removeTree(Tmp);
  }

  /// Runs a shell command in \p Dir with the test's environment.
  ProcessResult sh(const std::string &Dir, const std::string &Cmd) {
    return runProgram("/bin/sh", {"-c", Env + Cmd}, Dir);
  }

  /// A git repository at \p Dir with an identity of its own.
  void gitInit(const std::string &Dir) {
    llvm::sys::fs::create_directories(Dir);
    ProcessResult R = sh(Dir, "git init -q && git config user.name wavecheck-test && "
                              "git config user.email test@wavecheck.invalid && "
                              "git config commit.gpgsign false");
    ASSERT_EQ(R.ExitCode, 0) << R.Err;
  }

  /// A git repository holding only this repository's .pre-commit-hooks.yaml,
  /// committed; returns the commit to use as `rev:`.
  std::string hookRepo() {
    std::string Dir = Tmp + "/hooks";
    gitInit(Dir);
    std::string Hooks = readFile(std::string(WAVECHECK_SOURCE_DIR) + "/.pre-commit-hooks.yaml");
    EXPECT_NE(Hooks.find("id: wavecheck"), std::string::npos) << Hooks;
    writeFile(Dir + "/.pre-commit-hooks.yaml", Hooks);
    ProcessResult R = sh(Dir, "git add .pre-commit-hooks.yaml && git commit -q -m hooks && "
                              "git rev-parse HEAD");
    EXPECT_EQ(R.ExitCode, 0) << R.Err;
    return llvm::StringRef(R.Out).trim().str();
  }

  /// A project with \p Config as .pre-commit-config.yaml (staged) and the
  /// pre-commit git hook installed.
  std::string project(const std::string &Config) {
    std::string Dir = Tmp + "/project";
    gitInit(Dir);
    writeFile(Dir + "/.pre-commit-config.yaml", Config);
    ProcessResult R = sh(Dir, "pre-commit install && git add .pre-commit-config.yaml");
    EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
    return Dir;
  }

  /// Commits the staged files; returns git's result (the hook's output in
  /// Out/Err).
  ProcessResult commit(const std::string &Dir) {
    return sh(Dir, "git commit -m change 2>&1");
  }

  size_t commits(const std::string &Dir) {
    ProcessResult R = sh(Dir, "git rev-list --count HEAD 2>/dev/null || echo 0");
    return std::stoul(llvm::StringRef(R.Out).trim().str());
  }

  /// The scenario of both tests: a buggy file stops the commit and is named;
  /// with only a clean file staged the commit goes through.
  void buggyFailsCleanPasses(const std::string &Dir) {
    writeFile(Dir + "/lanes.hip", BuggyKernel);
    ASSERT_EQ(sh(Dir, "git add lanes.hip").ExitCode, 0);
    ProcessResult Bad = commit(Dir);
    EXPECT_NE(Bad.ExitCode, 0) << "the commit of a file with a finding went through:\n"
                               << Bad.Out;
    EXPECT_NE(Bad.Out.find("lanes.hip:4:28: warning: lane index computed with 32"),
              std::string::npos)
        << Bad.Out;
    EXPECT_NE(Bad.Out.find("[wave64-hardcoded-warp-size]"), std::string::npos) << Bad.Out;
    EXPECT_NE(Bad.Out.find("Failed"), std::string::npos) << Bad.Out;
    EXPECT_EQ(commits(Dir), 0u);

    // Unstage the buggy file (it stays in the work tree) and stage a clean one.
    ASSERT_EQ(sh(Dir, "git rm -q --cached lanes.hip").ExitCode, 0);
    writeFile(Dir + "/clean.hip", CleanKernel);
    ASSERT_EQ(sh(Dir, "git add clean.hip").ExitCode, 0);
    ProcessResult Good = commit(Dir);
    EXPECT_EQ(Good.ExitCode, 0) << Good.Out;
    EXPECT_NE(Good.Out.find("Passed"), std::string::npos) << Good.Out;
    EXPECT_EQ(commits(Dir), 1u) << Good.Out;
  }

  std::string Tmp, Env;
};

TEST_F(PreCommit, HookFromTheRepositoryStopsACommitWithAFinding) {
  std::string Rev = hookRepo();
  ASSERT_EQ(Rev.size(), 40u) << Rev;
  std::string Dir = project("repos:\n  - repo: " + Tmp + "/hooks\n    rev: " + Rev +
                            "\n    hooks:\n      - id: wavecheck\n");
  buggyFailsCleanPasses(Dir);
}

TEST_F(PreCommit, LocalHookStopsACommitWithAFinding) {
  buggyFailsCleanPasses(project(LocalConfig));
}

TEST_F(PreCommit, HooksFileIsAValidManifest) {
  // pre-commit's own schema check of .pre-commit-hooks.yaml.
  ProcessResult R = sh(".", "pre-commit validate-manifest '" +
                                std::string(WAVECHECK_SOURCE_DIR) +
                                "/.pre-commit-hooks.yaml' 2>&1");
  EXPECT_EQ(R.ExitCode, 0) << R.Out;
}

TEST_F(PreCommit, FilesOtherThanHipSourcesAreNotPassed) {
  // A text file with the same content is not HIP: the hook must not run on it
  // (pre-commit reports "(no files to check)Skipped").
  std::string Dir = project("repos:\n  - repo: " + Tmp + "/hooks\n    rev: " + hookRepo() +
                            "\n    hooks:\n      - id: wavecheck\n");
  writeFile(Dir + "/notes.txt", BuggyKernel);
  ASSERT_EQ(sh(Dir, "git add notes.txt").ExitCode, 0);
  ProcessResult R = commit(Dir);
  EXPECT_EQ(R.ExitCode, 0) << R.Out;
  EXPECT_NE(R.Out.find("Skipped"), std::string::npos) << R.Out;
}

} // namespace
