#include "Harness.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

namespace wavecheck::test {

std::string testdataDir() { return WAVECHECK_TESTDATA_DIR; }
std::string wavecheckBinary() { return WAVECHECK_BINARY; }

std::string readFile(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

void writeFile(const std::string &Path, const std::string &Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  ASSERT_FALSE(EC) << Path << ": " << EC.message();
  OS << Text;
}

std::string makeTempDir() {
  llvm::SmallString<128> Dir;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("wavecheck-test", Dir));
  return std::string(Dir);
}

void removeTree(const std::string &Dir) { llvm::sys::fs::remove_directories(Dir); }

const char *const LaneKernel = "#include <hip/hip_runtime.h>\n"
                               "__global__ void k(float *out) {\n"
                               "  int tid = threadIdx.x;\n"
                               "  int lane = tid % 32;\n"
                               "  out[tid] = lane + __popcll(__ballot(out[tid] > 0.0f));\n"
                               "}\n";

void TempDirTest::SetUp() { Dir = makeTempDir(); }

void TempDirTest::TearDown() {
  // An unreadable or read-only file must not stop the clean-up. Symbolic
  // links are neither followed nor changed: they may point out of Dir.
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
       It != End && !EC; It.increment(EC))
    if (It->type() != llvm::sys::fs::file_type::symlink_file)
      llvm::sys::fs::setPermissions(It->path(), llvm::sys::fs::all_all);
  removeTree(Dir);
}

std::string TempDirTest::write(const std::string &Name, const std::string &Text) {
  std::string P = Dir + "/" + Name;
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
  writeFile(P, Text);
  return P;
}

ProcessResult runProgram(const std::string &Program,
                         const std::vector<std::string> &Args,
                         const std::string &Cwd, unsigned SecondsToWait) {
  ProcessResult R;
  llvm::SmallString<128> OutFile, ErrFile;
  llvm::sys::fs::createTemporaryFile("wavecheck-out", "txt", OutFile);
  llvm::sys::fs::createTemporaryFile("wavecheck-err", "txt", ErrFile);
  // sh changes directory, then execs the program: no quoting of arguments.
  std::vector<std::string> Argv{"sh", "-c", "cd \"$0\" && exec \"$@\"",
                                Cwd.empty() ? "." : Cwd, Program};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::vector<llvm::StringRef> Refs(Argv.begin(), Argv.end());
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""),
                                                llvm::StringRef(OutFile),
                                                llvm::StringRef(ErrFile)};
  std::string ErrMsg;
  R.ExitCode = llvm::sys::ExecuteAndWait("/bin/sh", Refs, std::nullopt, Redirects,
                                         SecondsToWait, 0, &ErrMsg);
  R.Out = readFile(std::string(OutFile));
  R.Err = readFile(std::string(ErrFile)) + ErrMsg;
  llvm::sys::fs::remove(OutFile);
  llvm::sys::fs::remove(ErrFile);
  return R;
}

bool asanBuild() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

ProcessResult runClangTidy(const std::vector<std::string> &Args) {
#ifdef WAVECHECK_TIDY_PRELOAD
  std::vector<std::string> EnvArgs{"LD_PRELOAD=" WAVECHECK_TIDY_PRELOAD,
                                   "/usr/bin/clang-tidy-22"};
  EnvArgs.insert(EnvArgs.end(), Args.begin(), Args.end());
  return runProgram("/usr/bin/env", EnvArgs);
#else
  return runProgram("/usr/bin/clang-tidy-22", Args);
#endif
}

ProcessResult runWavecheck(const std::vector<std::string> &Args,
                           const std::string &Cwd) {
  return runProgram(wavecheckBinary(), Args, Cwd);
}

llvm::json::Object parseReport(const std::string &Out) {
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Out);
  if (!V) {
    ADD_FAILURE() << "not JSON: " << llvm::toString(V.takeError()) << "\n" << Out;
    return {};
  }
  if (const llvm::json::Object *O = V->getAsObject())
    return *O;
  ADD_FAILURE() << "JSON is not an object:\n" << Out;
  return {};
}

} // namespace wavecheck::test
