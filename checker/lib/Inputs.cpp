//===--- Inputs.cpp - files, directories and compile databases -------------===//
#include "lib/CompileDatabase.h"
#include "lib/Analysis.h"
#include "lib/Exclude.h"
#include "lib/Findings.h"
#include "lib/UserFile.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Options/Options.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Option/ArgList.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <set>

namespace wavecheck {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

/// What a directory scan makes of a file, by its extension (docs/scans.md):
/// a source is a translation unit, a header is analysed through the sources
/// that include it (or on its own when none does).
enum class ScanKind { None, Source, Header };

ScanKind scanKind(llvm::StringRef File) {
  return llvm::StringSwitch<ScanKind>(path::extension(File))
      .Cases({".hip", ".cu"}, ScanKind::Source)
      .Cases({".cuh", ".h", ".hpp"}, ScanKind::Header)
      .Default(ScanKind::None);
}

/// True for commands that compile HIP or CUDA: by extension, language flag,
/// offload flags or compiler name.
bool isGpuCommand(const clang::tooling::CompileCommand &C) {
  llvm::StringRef Ext = path::extension(C.Filename);
  if (Ext == ".hip" || Ext == ".cu" || Ext == ".cuh")
    return true;
  for (size_t I = 0; I < C.CommandLine.size(); ++I) {
    llvm::StringRef A = C.CommandLine[I];
    if (I == 0 && (path::filename(A).contains("nvcc") || path::filename(A).contains("hipcc")))
      return true;
    if (A == "-xhip" || A == "-xcuda" || A == "--language=hip" || A == "--language=cuda" ||
        A.starts_with("--offload-arch") || A.starts_with("--cuda-gpu-arch") ||
        A.starts_with("-fgpu-rdc") || A.starts_with("--hip-path") ||
        A.starts_with("--cuda-path") ||
        ((A == "-x") && I + 1 < C.CommandLine.size() &&
         (C.CommandLine[I + 1] == "hip" || C.CommandLine[I + 1] == "cuda")) ||
        ((A == "--language") && I + 1 < C.CommandLine.size() &&
         (C.CommandLine[I + 1] == "hip" || C.CommandLine[I + 1] == "cuda")))
      return true;
  }
  return false;
}

/// Arguments of a database command without the compiler and the input file.
/// A `--` ends the options: what follows is input files (the command clang
/// infers for a file the database does not list ends `-- <file>`), and
/// wavecheck appends options of its own after these arguments.
std::vector<std::string> argsFromCommand(const clang::tooling::CompileCommand &C) {
  std::vector<std::string> Args;
  for (size_t I = 1; I < C.CommandLine.size(); ++I) {
    if (C.CommandLine[I] == "--")
      break;
    if (C.CommandLine[I] != C.Filename)
      Args.push_back(C.CommandLine[I]);
  }
  return Args;
}

/// \p Path relative to \p Dir with '/' separators ("" when not under it).
std::string relativeTo(llvm::StringRef Path, llvm::StringRef Dir) {
  llvm::StringRef Rel = Path;
  if (!Rel.consume_front(Dir))
    return "";
  Rel = Rel.ltrim("/\\");
  return path::convert_to_slash(Rel);
}

/// An input file and whether a directory scan found it as a header.
using InputFile = std::pair<std::string, bool>;

/// Adds the sources and headers below \p Dir to \p Files. A directory with
/// none is appended to \p Empty with the error saying so: collectJobs makes it
/// a note when other inputs give sources, an input error when none does.
void addDirectory(llvm::StringRef Dir, const ExcludeMatcher &Excludes,
                  std::vector<InputFile> &Files, RunResult &Out,
                  std::vector<InputError> &Empty) {
  std::vector<InputFile> Found;
  std::error_code EC;
  unsigned Excluded = 0;
  // Symlinked directories are not followed (no cycles); FIFOs, sockets and
  // devices are skipped (reading one would block). An excluded directory is
  // not entered (as in git, nothing below it can be re-included).
  for (fs::recursive_directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Name = path::filename(It->path());
    fs::file_status St;
    if (fs::status(It->path(), St, /*follow=*/true))
      continue;
    bool IsDir = St.type() == fs::file_type::directory_file;
    if (!Excludes.empty() && Excludes.excluded(relativeTo(It->path(), Dir), IsDir)) {
      ++Excluded;
      if (IsDir)
        It.no_push();
      continue;
    }
    if (IsDir) {
      if (Name.starts_with("."))
        It.no_push();
      continue;
    }
    ScanKind Kind = scanKind(It->path());
    if (St.type() != fs::file_type::regular_file || Kind == ScanKind::None)
      continue;
    Found.push_back({absolutePath(It->path()), Kind == ScanKind::Header});
  }
  if (EC)
    Out.Errors.push_back({absolutePath(Dir), "cannot scan directory: " + EC.message()});
  else if (Found.empty())
    Empty.push_back(
        {absolutePath(Dir), "directory holds no .hip, .cu, .cuh, .h or .hpp source" +
                            std::string(Excluded ? " that --exclude leaves" : "") +
                            " (symlinked directories are not followed)"});
  std::sort(Found.begin(), Found.end());
  Files.insert(Files.end(), Found.begin(), Found.end());
}

/// The arguments given after `--`. When they start with a compiler (CMake's
/// `<LANG>_CLANG_TIDY` passes the whole compile command: `/usr/bin/c++
/// <flags> -o x.o -c x.hip`), the compiler and the positional inputs are
/// dropped, as clang-tidy's FixedCompilationDatabase does: clang's driver
/// option table tells inputs from option values (`-MT x.o`); `-c`, `-o` and
/// the dependency-file flags are dropped with the passes' own flags.
std::vector<std::string> withoutCompilerAndInputs(const std::vector<std::string> &Args) {
  if (Args.empty() || llvm::StringRef(Args.front()).starts_with("-"))
    return Args;
  std::vector<const char *> Argv;
  for (size_t I = 1; I < Args.size(); ++I)
    Argv.push_back(Args[I].c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList List = clang::getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::options::ClangOption));
  std::vector<bool> Input(Argv.size(), false);
  for (const llvm::opt::Arg *A : List)
    if (A->getOption().getKind() == llvm::opt::Option::InputClass)
      Input[A->getIndex()] = true;
  std::vector<std::string> Out;
  for (size_t I = 0; I < Argv.size(); ++I)
    if (!Input[I])
      Out.push_back(Argv[I]);
  return Out;
}

} // namespace

std::vector<Job> collectJobs(const Options &Opts, RunResult &Out) {
  std::vector<Job> Jobs;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  if (!Opts.BuildPath.empty()) {
    llvm::SmallString<256> P(absolutePath(Opts.BuildPath));
    auto ConfigError = [&](llvm::StringRef File, const std::string &Msg) {
      Out.Errors.push_back({std::string(File), Msg});
      Out.ConfigError = true;
      return Jobs;
    };
    const char *Expected =
        "; expected a build directory holding compile_commands.json (CMake writes one "
        "with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON) or the path of that file";
    if (!fs::exists(P))
      return ConfigError(P, "-p names no such directory" + std::string(Expected));
    if (fs::is_directory(P))
      path::append(P, "compile_commands.json");
    else if (path::filename(P) != "compile_commands.json")
      return ConfigError(P, "-p names a file that is not compile_commands.json" +
                                std::string(Expected));
    if (!fs::exists(P))
      return ConfigError(P, "no compile_commands.json in the -p directory" +
                                std::string(Expected));
    llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> Buf =
        readUserFile(P, CompileDatabaseFile);
    if (!Buf)
      return ConfigError(P, llvm::toString(Buf.takeError()));
    std::string Where, Err;
    DB = readCompileDatabase((*Buf)->getBuffer(), P, Where, Err);
    if (!DB)
      return ConfigError(Where, Err);
  }
  std::vector<std::string> ExtraArgs = withoutCompilerAndInputs(Opts.ExtraArgs);
  auto WithExtraArgs = [&](std::vector<std::string> Args) {
    Args.insert(Args.begin(), Opts.ExtraArgsBefore.begin(), Opts.ExtraArgsBefore.end());
    Args.insert(Args.end(), ExtraArgs.begin(), ExtraArgs.end());
    return Args;
  };
  auto FromCommand = [&](const clang::tooling::CompileCommand &C, llvm::StringRef File) {
    return Job{std::string(File), C.Directory, WithExtraArgs(argsFromCommand(C))};
  };

  // Main checks the patterns first (a usage error); here a bad one excludes
  // nothing.
  ExcludeMatcher Excludes;
  if (llvm::Expected<ExcludeMatcher> M = ExcludeMatcher::create(Opts.Excludes))
    Excludes = std::move(*M);
  else
    llvm::consumeError(M.takeError());

  std::vector<InputFile> Files; // explicit and directory inputs
  std::vector<InputError> EmptyDirs; // directories without a source
  for (const std::string &In : Opts.Inputs) {
    std::string Abs = absolutePath(In);
    if (fs::is_directory(Abs))
      addDirectory(Abs, Excludes, Files, Out, EmptyDirs);
    else if (!fs::exists(Abs)) {
      // The reason: missing, or a symlink loop ("too many levels of symbolic links").
      fs::file_status St;
      std::error_code EC = fs::status(Abs, St);
      Out.Errors.push_back({Abs, EC && EC != std::errc::no_such_file_or_directory
                                     ? "cannot open: " + EC.message()
                                     : std::string("no such file or directory"),
                            true, "no-input"});
    } else if (fs::file_status St; !fs::status(Abs, St) &&
                                   St.type() != fs::file_type::regular_file) {
      // A FIFO would block clang's open until a writer comes; a device such
      // as /dev/zero would be read until memory runs out.
      Out.Errors.push_back({Abs, "it is " + describeFileType(St.type()) +
                                     ", not a regular file; expected a HIP or CUDA source file",
                            true, "no-input"});
    } else
      Files.push_back({Abs, false});
  }

  // A directory without sources among inputs that have some (`wavecheck src
  // docs`) is a note and the scan goes on; when no input has a source, each
  // such directory is an input error (exit 3), as a lone one is, and so is a
  // directory named like a source file.
  for (InputError &E : EmptyDirs) {
    // A directory named like a source (`x.hip`) stands where a file was
    // meant: an input error whatever the other inputs.
    if (Files.empty() || scanKind(E.File) != ScanKind::None)
      Out.Errors.push_back(std::move(E));
    else
      Out.Notes.push_back(displayPath(E.File) + ": no sources to analyse");
  }

  if (DB && Opts.Inputs.empty()) {
    unsigned Skipped = 0;
    for (const std::string &F : DB->getAllFiles()) {
      clang::tooling::CompileCommand C = DB->getCompileCommands(F).front();
      if (isGpuCommand(C))
        Jobs.push_back(FromCommand(C, F));
      else
        ++Skipped;
    }
    if (Skipped)
      Out.Notes.push_back("skipped " + std::to_string(Skipped) +
                          " compile database entries that compile neither HIP nor CUDA");
  }
  // Files the database does not list (headers, new files) borrow the command
  // of the most similar listed file, as clangd does.
  std::unique_ptr<clang::tooling::CompilationDatabase> Inferred =
      DB ? clang::tooling::inferMissingCompileCommands(std::move(DB)) : nullptr;
  for (const auto &[F, ScannedHeader] : Files) {
    std::vector<clang::tooling::CompileCommand> Cs =
        Inferred ? Inferred->getCompileCommands(F) : std::vector<clang::tooling::CompileCommand>();
    if (!Cs.empty())
      Jobs.push_back(FromCommand(Cs.front(), F));
    else
      Jobs.push_back({F, absolutePath("."), WithExtraArgs({})});
    Jobs.back().ScannedHeader = ScannedHeader;
  }

  // A file named twice (or by two database entries, or through a symlink) is
  // analysed once. A header named on the command line is analysed on its
  // own, as named, even when a scanned directory holds it too.
  std::set<std::string> Named;
  for (Job &J : Jobs) {
    J.File = canonicalPath(J.File);
    if (!J.ScannedHeader)
      Named.insert(J.File);
  }
  for (Job &J : Jobs)
    J.ScannedHeader = J.ScannedHeader && !Named.count(J.File);
  std::stable_sort(Jobs.begin(), Jobs.end(),
                   [](const Job &A, const Job &B) { return A.File < B.File; });
  Jobs.erase(std::unique(Jobs.begin(), Jobs.end(),
                         [](const Job &A, const Job &B) { return A.File == B.File; }),
             Jobs.end());
  // A database entry whose file is gone (deleted, generated later) is an
  // input that could not be analysed (exit 3); the other entries still are.
  for (const Job &J : Jobs)
    if (!fs::exists(J.File))
      Out.Errors.push_back({J.File, "the compile database names this file, which does "
                                    "not exist; its entry was skipped",
                         true, "no-input"});
  Jobs.erase(std::remove_if(Jobs.begin(), Jobs.end(),
                            [](const Job &J) { return !fs::exists(J.File); }),
             Jobs.end());
  return Jobs;
}

} // namespace wavecheck
