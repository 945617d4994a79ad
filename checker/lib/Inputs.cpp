//===--- Inputs.cpp - files, directories and compile databases -------------===//
#include "lib/Driver.h"
#include "lib/Findings.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace wavecheck {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

/// Extensions a directory scan picks up (DESIGN.md, "Inputs").
static bool isScannedSource(llvm::StringRef File) {
  return llvm::StringSwitch<bool>(path::extension(File))
      .Cases({".hip", ".cu", ".cuh", ".h", ".hpp"}, true)
      .Default(false);
}

static std::string absolute(llvm::StringRef P, llvm::StringRef Base = "") {
  llvm::SmallString<256> S(P);
  if (!path::is_absolute(S)) {
    if (!Base.empty()) {
      llvm::SmallString<256> B(Base);
      fs::make_absolute(B);
      path::append(B, S);
      S = B;
    } else {
      fs::make_absolute(S);
    }
  }
  path::remove_dots(S, /*remove_dot_dot=*/true);
  return std::string(S);
}

/// Arguments of a database command without the compiler and the input file.
static std::vector<std::string>
argsFromCommand(const clang::tooling::CompileCommand &C) {
  std::vector<std::string> Args;
  for (size_t I = 1; I < C.CommandLine.size(); ++I) {
    const std::string &A = C.CommandLine[I];
    if (A == C.Filename || absolute(A, C.Directory) == absolute(C.Filename, C.Directory))
      continue;
    Args.push_back(A);
  }
  return Args;
}

static void addDirectory(llvm::StringRef Dir, const Options &Opts,
                         std::vector<Job> &Jobs, RunResult &Out) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (fs::recursive_directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
       It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = path::filename(It->path());
    if (Name.starts_with(".") && It->type() == fs::file_type::directory_file) {
      It.no_push();
      continue;
    }
    if (It->type() != fs::file_type::directory_file && isScannedSource(It->path()))
      Files.push_back(absolute(It->path()));
  }
  if (EC)
    Out.Errors.push_back({absolute(Dir), "cannot scan directory: " + EC.message()});
  else if (Files.empty())
    Out.Errors.push_back({absolute(Dir), "directory holds no .hip, .cu, .cuh, .h or .hpp "
                                         "source (symlinked directories are not followed)"});
  std::sort(Files.begin(), Files.end());
  for (std::string &F : Files)
    Jobs.push_back({F, absolute("."), Opts.ExtraArgs});
}

std::vector<Job> collectJobs(const Options &Opts, RunResult &Out) {
  std::vector<Job> Jobs;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  std::string DBFile;
  if (!Opts.BuildPath.empty()) {
    llvm::SmallString<256> P(absolute(Opts.BuildPath));
    if (path::filename(P) != "compile_commands.json")
      path::append(P, "compile_commands.json");
    DBFile = std::string(P);
    std::string Err;
    DB = clang::tooling::JSONCompilationDatabase::loadFromFile(
        DBFile, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!DB) {
      Out.Errors.push_back({DBFile, "cannot read compile database: " + Err});
      return Jobs;
    }
  }
  auto FromDB = [&](const clang::tooling::CompileCommand &C) {
    std::string Dir = absolute(C.Directory, path::parent_path(DBFile));
    Job J{absolute(C.Filename, Dir), Dir, argsFromCommand(C)};
    J.Args.insert(J.Args.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
    return J;
  };

  if (DB && Opts.Inputs.empty()) {
    std::vector<clang::tooling::CompileCommand> All = DB->getAllCompileCommands();
    for (const auto &C : All)
      Jobs.push_back(FromDB(C));
  }
  for (const std::string &In : Opts.Inputs) {
    std::string Abs = absolute(In);
    if (fs::is_directory(Abs)) {
      addDirectory(Abs, Opts, Jobs, Out);
      continue;
    }
    if (!fs::exists(Abs)) {
      Out.Errors.push_back({Abs, "no such file or directory"});
      continue;
    }
    if (DB) {
      // Matched by hand: the database's own index keys entries whose
      // "directory" is relative by that relative path.
      bool Found = false;
      for (const clang::tooling::CompileCommand &C : DB->getAllCompileCommands()) {
        Job J = FromDB(C);
        if (J.File == Abs) {
          Jobs.push_back(std::move(J));
          Found = true;
          break;
        }
      }
      if (Found)
        continue;
    }
    Jobs.push_back({Abs, absolute("."), Opts.ExtraArgs});
  }
  // A file named twice (or by two database entries, or through a symlink) is
  // analysed once.
  for (Job &J : Jobs)
    J.File = canonicalPath(J.File);
  std::stable_sort(Jobs.begin(), Jobs.end(),
                   [](const Job &A, const Job &B) { return A.File < B.File; });
  Jobs.erase(std::unique(Jobs.begin(), Jobs.end(),
                         [](const Job &A, const Job &B) { return A.File == B.File; }),
             Jobs.end());
  for (const Job &J : Jobs)
    if (!fs::exists(J.File))
      Out.Errors.push_back({J.File, "compile database names a file that does not exist"});
  Jobs.erase(std::remove_if(Jobs.begin(), Jobs.end(),
                            [](const Job &J) { return !fs::exists(J.File); }),
             Jobs.end());
  return Jobs;
}

} // namespace wavecheck
