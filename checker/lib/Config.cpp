//===--- Config.cpp - .wavecheck.yaml: lookup, merge, dump ---------------===//
///
/// \file
/// ConfigResolver finds the configuration files that apply to a source file
/// (as clang-tidy's FileOptionsProvider), validates their check options
/// against the registered checks and merges them with the defaults and the
/// command line; resolveConfigs and dumpConfig use it. Parsing one file is
/// ConfigParse.cpp.
///
//===----------------------------------------------------------------------===//
#include "lib/Config.h"
#include "checks/Targets.h"
#include "lib/Catalogue.h"
#include "lib/ConfigParse.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/GlobList.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <set>

namespace wavecheck {

namespace {

using detail::loadProblem;
using detail::Problem;

/// The check options a configuration may set: those the wavecheck checks read
/// ("<check>.<Option>", as clang-tidy --verify-config lists them), without
/// OffloadArch, which the driver sets for each pass.
const llvm::StringSet<> &knownCheckOptions() {
  static const llvm::StringSet<> Known = [] {
    llvm::StringSet<> S;
    for (const auto &K :
         clang::tidy::getAllChecksAndOptions(/*AllowEnablingAnalyzerAlphaCheckers=*/false,
                                             /*ExperimentalCustomChecks=*/false)
             .Options) {
      auto [Check, Option] = K.getKey().rsplit('.');
      if (findRule(Check) && Option != "OffloadArch")
        S.insert(K.getKey());
    }
    return S;
  }();
  return Known;
}

/// Check option names must be options of a check; their values are checked by
/// constructing every check with them, as a run would: each check reports a
/// bad value as a clang-tidy configuration diagnostic.
bool checkOptionsValid(const WavecheckConfig &C, llvm::StringRef Shown, Problem &P) {
  auto At = [&](llvm::StringRef Key) {
    auto It = C.KeyLines.find(("CheckOptions." + Key).str());
    unsigned Line = It != C.KeyLines.end() ? It->second : C.KeyLines.lookup("CheckOptions");
    return (Shown + ":" + llvm::Twine(Line ? Line : 1) + ":1").str();
  };
  const llvm::StringSet<> &Known = knownCheckOptions();
  std::vector<std::string> Sorted;
  for (const auto &KV : C.Tidy.CheckOptions)
    Sorted.push_back(KV.getKey().str());
  std::sort(Sorted.begin(), Sorted.end());
  for (const std::string &Key : Sorted) {
    if (Known.contains(Key))
      continue;
    if (Key == "OffloadArch" || llvm::StringRef(Key).ends_with(".OffloadArch")) {
      P = {At(Key), "'" + Key + "' is set by wavecheck for each pass; expected the "
                    "top-level key OffloadArch instead of a check option"};
      return false;
    }
    std::vector<std::string> Names;
    for (const auto &K : Known)
      Names.push_back(K.getKey().str());
    std::sort(Names.begin(), Names.end());
    P = {At(Key), "unknown check option '" + Key + "'; expected one of " +
                      llvm::join(Names, ", ")};
    return false;
  }
  if (C.Tidy.CheckOptions.empty())
    return true;

  clang::tidy::ClangTidyOptions O = clang::tidy::ClangTidyOptions::getDefaults();
  O.Checks = "*";
  for (const auto &KV : C.Tidy.CheckOptions)
    O.CheckOptions[KV.getKey()] = KV.getValue();
  clang::tidy::ClangTidyContext Context(std::make_unique<clang::tidy::DefaultOptionsProvider>(
      clang::tidy::ClangTidyGlobalOptions(), O));
  clang::tidy::ClangTidyDiagnosticConsumer Consumer(Context);
  auto DiagOpts = std::make_unique<clang::DiagnosticOptions>();
  clang::DiagnosticsEngine DE(clang::DiagnosticIDs::create(), *DiagOpts, &Consumer,
                              /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(std::move(DiagOpts), &DE);
  clang::tidy::ClangTidyCheckFactories Factories;
  for (const auto &Module : clang::tidy::ClangTidyModuleRegistry::entries())
    Module.instantiate()->addCheckFactories(Factories);
  (void)Factories.createChecks(&Context);
  for (const clang::tidy::ClangTidyError &E : Consumer.take()) {
    std::string Key;
    for (const std::string &K : Sorted)
      if (llvm::StringRef(E.Message.Message).contains("'" + K + "'"))
        Key = K;
    P = {At(Key), E.Message.Message};
    return false;
  }
  return true;
}

} // namespace

ConfigResolver::ConfigResolver(const Options &Opts) : Opts(Opts) {}

ConfigResolver::Loaded ConfigResolver::load(const std::string &Path) {
  auto It = Files.find(Path);
  if (It != Files.end())
    return It->second;
  Loaded L;
  L.Path = Path;
  auto C = std::make_shared<WavecheckConfig>();
  Problem P;
  if (loadProblem(Path, *C, P) && checkOptionsValid(*C, displayPath(Path), P))
    L.Config = std::move(C);
  else
    L.Where = P.Where, L.What = P.What;
  return Files[Path] = L;
}

ConfigResolver::Chain ConfigResolver::chainFor(const std::string &Dir) {
  auto It = Chains.find(Dir);
  if (It != Chains.end())
    return It->second;
  Chain C;
  llvm::SmallString<256> Candidate(Dir);
  llvm::sys::path::append(Candidate, ConfigFileName);
  std::string Parent = llvm::sys::path::parent_path(Dir).str();
  bool HasParent = !Parent.empty() && Parent != Dir;
  if (llvm::sys::fs::exists(Candidate)) {
    Loaded L = load(std::string(Candidate));
    if (!L.Config) {
      C.Broken = L;
    } else {
      if (L.Config->Tidy.InheritParentConfig.value_or(false) && HasParent)
        C = chainFor(Parent);
      if (!C.Broken)
        C.Files.push_back(L);
    }
  } else if (HasParent) {
    C = chainFor(Parent);
  }
  return Chains[Dir] = C;
}

std::shared_ptr<const FileConfig> ConfigResolver::merge(const Chain &C) {
  auto F = std::make_shared<FileConfig>();
  clang::tidy::ClangTidyOptions &T = F->Tidy;
  T.Checks = std::string(DefaultChecks);
  T.WarningsAsErrors = "";
  T.HeaderFilterRegex = ".*";
  T.ExcludeHeaderFilterRegex = "";
  F->Arches = Opts.Arches;
  unsigned Priority = 0;
  for (const Loaded &L : C.Files) {
    T.mergeWith(L.Config->Tidy, ++Priority);
    if (L.Config->OffloadArch)
      F->Arches = *L.Config->OffloadArch;
    F->Sources.push_back(L.Path);
  }
  clang::tidy::ClangTidyOptions Cli;
  Cli.Checks = Opts.CliChecks;
  Cli.WarningsAsErrors = Opts.CliWarningsAsErrors;
  T.mergeWith(Cli, ++Priority);
  T.InheritParentConfig.reset();
  if (Opts.ArchesFromCommandLine && !Opts.Arches.empty())
    F->Arches = Opts.Arches;
  if (F->Arches.empty())
    F->Arches = {std::string(DefaultArch)};
  return F;
}

std::shared_ptr<const FileConfig> ConfigResolver::forFile(llvm::StringRef AbsFile,
                                                         std::string &Where,
                                                         std::string &What) {
  std::string Dir = llvm::sys::fs::is_directory(AbsFile)
                        ? AbsFile.str()
                        : llvm::sys::path::parent_path(AbsFile).str();
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Merged.find(Dir);
  if (It != Merged.end())
    return It->second;
  Chain C;
  if (!Opts.ConfigFile.empty()) {
    llvm::SmallString<256> Abs(Opts.ConfigFile);
    llvm::sys::fs::make_absolute(Abs);
    Loaded Explicit = load(std::string(Abs));
    if (!Explicit.Config)
      C.Broken = Explicit;
    else if (Explicit.Config->Tidy.InheritParentConfig.value_or(false))
      C = chainFor(Dir);
    if (!C.Broken)
      C.Files.push_back(Explicit);
  } else {
    C = chainFor(Dir);
  }
  if (C.Broken) {
    Where = C.Broken->Where;
    What = C.Broken->What;
    return nullptr;
  }
  std::shared_ptr<const FileConfig> F = merge(C);
  // As clang-tidy ("no checks enabled"): a gate that runs no check would
  // always pass, so a configuration that disables every rule is an error.
  clang::tidy::GlobList Enabled("-*," + F->Tidy.Checks.value_or(""));
  bool Any = false;
  for (const RuleInfo &R : catalogue())
    Any |= Enabled.contains(R.Name);
  if (!Any && !F->Sources.empty()) {
    Where = F->Sources.back();
    What = "Checks (merged: '" + F->Tidy.Checks.value_or("") +
           "') enables no wavecheck check; to skip files, use --exclude";
    return nullptr;
  }
  return Merged[Dir] = F;
}

bool resolveConfigs(const Options &Opts, std::vector<Job> &Jobs, RunResult &Out) {
  ConfigResolver R(Opts);
  std::set<std::string> Reported;
  bool Ok = true;
  for (Job &J : Jobs) {
    std::string Where, What;
    J.Config = R.forFile(J.File, Where, What);
    if (J.Config)
      continue;
    Ok = false;
    // Reported once, however many files it governs; Where holds the line.
    if (Reported.insert(Where + What).second)
      Out.Errors.push_back({Where, What, true});
  }
  Out.ConfigError |= !Ok;
  return Ok;
}

std::string dumpConfig(const FileConfig &C) {
  clang::tidy::ClangTidyOptions D;
  D.Checks = C.Tidy.Checks;
  D.WarningsAsErrors = C.Tidy.WarningsAsErrors;
  D.HeaderFilterRegex = C.Tidy.HeaderFilterRegex;
  D.ExcludeHeaderFilterRegex = C.Tidy.ExcludeHeaderFilterRegex;
  // As clang-tidy --dump-config: every option of the enabled checks, with the
  // value the checks read (defaults filled in).
  clang::tidy::ClangTidyOptions Run = clang::tidy::ClangTidyOptions::getDefaults();
  Run.Checks = "-*," + C.Tidy.Checks.value_or("");
  for (const auto &KV : C.Tidy.CheckOptions)
    Run.CheckOptions[KV.getKey()] = KV.getValue();
  D.CheckOptions = clang::tidy::getCheckOptions(Run, false, false);
  // Options the configuration sets for a check it disables are shown too:
  // they apply when --checks enables the check again.
  for (const auto &KV : C.Tidy.CheckOptions)
    D.CheckOptions.try_emplace(KV.getKey(), KV.getValue());
  std::string Yaml = clang::tidy::configurationAsText(D);
  // configurationAsText ends the document with "...\n": OffloadArch goes
  // before it, as one comma-separated string (a valid OffloadArch value).
  llvm::StringRef Body = llvm::StringRef(Yaml).rtrim("\n");
  if (Body.ends_with("..."))
    Body = Body.drop_back(3);
  std::string Out;
  for (const std::string &S : C.Sources)
    Out += "# from " + displayPath(S) + "\n";
  if (C.Sources.empty())
    Out += "# no .wavecheck.yaml applies: wavecheck's defaults\n";
  Out += Body.rtrim("\n").str() + "\n";
  Out += "OffloadArch:     '" + llvm::join(C.Arches, ",") + "'\n...\n";
  return Out;
}

} // namespace wavecheck
