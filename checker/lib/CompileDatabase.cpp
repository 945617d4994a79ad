//===--- CompileDatabase.cpp - reading compile_commands.json ---------------===//
#include "lib/CompileDatabase.h"
#include "lib/Findings.h"
#include "lib/UserFile.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace wavecheck {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::string absolutePath(llvm::StringRef P, llvm::StringRef Base) {
  llvm::SmallString<256> S(P);
  if (!path::is_absolute(S)) {
    llvm::SmallString<256> B(Base);
    fs::make_absolute(B);
    path::append(B, S);
    S = B;
  }
  path::remove_dots(S, /*remove_dot_dot=*/true);
  return std::string(S);
}

namespace {

/// The database's commands with absolute directories (a relative one is taken
/// relative to the database's folder) and canonical file names, looked up by
/// canonical path: JSONCompilationDatabase's own index keys an entry with a
/// relative directory by that relative path.
class ResolvedDatabase : public clang::tooling::CompilationDatabase {
public:
  ResolvedDatabase(const clang::tooling::CompilationDatabase &DB, llvm::StringRef DBDir) {
    for (clang::tooling::CompileCommand C : DB.getAllCompileCommands()) {
      C.Directory = absolutePath(C.Directory, DBDir);
      std::string File = canonicalPath(absolutePath(C.Filename, C.Directory));
      for (std::string &A : C.CommandLine)
        if (A == C.Filename)
          A = File;
      C.Filename = File;
      if (!ByFile.count(File))
        Order.push_back(File);
      ByFile[File].push_back(std::move(C));
    }
  }
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    auto It = ByFile.find(canonicalPath(File));
    return It == ByFile.end() ? std::vector<clang::tooling::CompileCommand>() : It->second;
  }
  std::vector<std::string> getAllFiles() const override { return Order; }

private:
  std::map<std::string, std::vector<clang::tooling::CompileCommand>> ByFile;
  std::vector<std::string> Order;
};

const char *const ExpectedShape =
    "; expected a JSON array of objects with \"directory\", \"file\" and \"arguments\" or "
    "\"command\"";

/// Deeper JSON nesting than a compile database can use (it needs three
/// levels: the array, an entry, its arguments) is rejected before parsing:
/// llvm::json::parse recurses once per level and overflowed the stack at
/// some 50,000 levels.
constexpr unsigned MaxNesting = 256;

} // namespace

std::unique_ptr<clang::tooling::CompilationDatabase>
readCompileDatabase(llvm::StringRef Text, llvm::StringRef Path, std::string &Where,
                    std::string &Err) {
  // JSONCompilationDatabase takes the entries before a cut-off end and
  // drops the rest: a truncated database must not pass as a smaller one.
  if (std::optional<std::pair<size_t, size_t>> At = jsonTooDeep(Text, MaxNesting)) {
    Where = (Path + ":" + llvm::Twine(At->first) + ":" + llvm::Twine(At->second)).str();
    Err = "not a valid compile database: JSON nested deeper than " +
          std::to_string(MaxNesting) + " levels" + ExpectedShape;
    return nullptr;
  }
  if (llvm::Expected<llvm::json::Value> V = llvm::json::parse(Text); !V) {
    // ParseError logs "[line:column, byte=N]: message".
    std::string Msg = llvm::toString(V.takeError());
    llvm::StringRef At = llvm::StringRef(Msg).drop_front().split(',').first;
    llvm::StringRef What = llvm::StringRef(Msg).split("]: ").second;
    Where = (Path + ":" + At).str();
    Err = "not a valid compile database: " + What.str() + ExpectedShape;
    return nullptr;
  }
  std::string LoadErr;
  std::unique_ptr<clang::tooling::JSONCompilationDatabase> JSON =
      clang::tooling::JSONCompilationDatabase::loadFromBuffer(
          Text, LoadErr, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!JSON) {
    Where = Path.str();
    Err = "not a valid compile database: " + LoadErr + ExpectedShape;
    return nullptr;
  }
  return std::make_unique<ResolvedDatabase>(*JSON, path::parent_path(Path));
}

} // namespace wavecheck
