//===--- Passes.cpp - device and host passes over each job -----------------===//
///
/// \file
/// runJob (Passes.h): the compile command of each pass, the missing-header
/// rounds, and the findings and compiler errors of each pass.
///
//===----------------------------------------------------------------------===//
#include "checks/WaveCheck.h"
#include "lib/Config.h"
#include "lib/Findings.h"
#include "lib/ModelVerdicts.h"
#include "lib/ParseThread.h"
#include "lib/Passes.h"
#include "lib/StandIn.h"
#include "lib/UserFile.h"
#include "model/WaveModel.h"
#include "lib/TidyRunner.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <wavecommon/flags.h>

namespace wavecheck {

namespace {

/// In-memory directory of empty stand-ins for headers the compile command
/// cannot find (searched last, with -idirafter).
constexpr llvm::StringRef MissingHeaderRoot = "/__wavecheck__/missing";

/// Parses of one pass at most: the first, then one more each time clang names
/// a missing header it had not named before (it names one per parse, since a
/// missing header is a fatal error). Past the bound the findings after the
/// next missing header may be lost; the errors still name the headers.
constexpr unsigned MaxMissingHeaderRounds = 8;

/// A compilation database holding one command, for one runClangTidy call.
class OneCommandDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit OneCommandDatabase(clang::tooling::CompileCommand C) : Cmd(std::move(C)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    return {Cmd};
  }
  std::vector<std::string> getAllFiles() const override { return {Cmd.Filename}; }

private:
  clang::tooling::CompileCommand Cmd;
};

struct Pass {
  std::string Arch;
  bool Host;
  llvm::StringRef name() const { return Host ? "host" : "device"; }
};

/// The user's arguments without what wavecheck decides itself (language,
/// offload arch, pass, output) and without nvcc-only flags (noted once each).
std::vector<std::string> filterArgs(const std::vector<std::string> &In,
                                    std::vector<std::string> &Dropped) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < In.size(); ++I) {
    llvm::StringRef A = In[I];
    // GPU-compiler flags clang does not take (nvcc's) and the offload
    // architecture: the one classifier wavesan-cc uses too.
    const wavecommon::FlagClass F = wavecommon::classifyFlag(A, wavecommon::FlagTool::Clang);
    if (F.Kind == wavecommon::FlagKind::GpuOnly) {
      Dropped.push_back(F.TakesValue && I + 1 < In.size() ? (A + " " + In[I + 1]).str()
                                                          : A.str());
      if (F.TakesValue)
        ++I;
      continue;
    }
    if (F.Kind == wavecommon::FlagKind::Arch) {
      if (F.TakesValue)
        ++I;
      continue;
    }
    if (A == "-o" || A == "-x" || A == "-MF" || A == "-MT" || A == "-MQ" ||
        A == "-Xarch_device" || A == "-Xarch_host") {
      ++I;
      continue;
    }
    if (wavecommon::isCompileOnlyFlag(A) || A == "-MD" || A == "-MMD" ||
        A == "--cuda-host-only" || A == "--cuda-device-only" ||
        A == "--offload-host-only" || A == "--offload-device-only" ||
        (A.starts_with("-x") && A.size() > 2) || A.starts_with("-o"))
      continue;
    Out.push_back(A.str());
  }
  return Out;
}

clang::tooling::CompileCommand buildCommand(const Job &J, const Pass &P,
                                            const std::vector<std::string> &UserArgs,
                                            bool StandIn, bool MissingHeaders) {
  std::vector<std::string> Args{"clang++", "-x", "hip"};
  Args.insert(Args.end(), UserArgs.begin(), UserArgs.end());
  if (StandIn) {
    std::vector<std::string> S = standInArgs();
    Args.insert(Args.end(), S.begin(), S.end());
  }
  Args.push_back(P.Host ? "--cuda-host-only" : "--cuda-device-only");
  Args.push_back("--offload-arch=" + P.Arch);
  if (MissingHeaders) {
    // Searched after every user and system directory: only an #include that
    // found nothing else resolves to the empty stand-in.
    Args.push_back("-idirafter");
    Args.push_back(std::string(MissingHeaderRoot));
  }
  Args.push_back("-nogpulib");
  Args.push_back("-resource-dir=" WAVECHECK_RESOURCE_DIR);
  // Compiler warnings are not wavecheck findings (check diagnostics are not
  // affected by -w).
  Args.push_back("-w");
  Args.push_back(J.File);
  return clang::tooling::CompileCommand(J.Directory, J.File, std::move(Args), "");
}

/// The header name of clang's "'name' file not found" error, or "" for any
/// other message.
llvm::StringRef missingHeaderName(llvm::StringRef Msg) {
  if (!Msg.ends_with("' file not found") || !Msg.starts_with("'"))
    return "";
  return Msg.drop_front().drop_back(llvm::StringRef("' file not found").size());
}

/// Turns the compiler errors of pass \p PassName into InputErrors: a missing
/// header is named and is not fatal; the first other error of the pass is
/// its failure (JobResult::Failures), and the first of the file makes the
/// file fatal (exit code 3), except in a scanned header analysed on its own
/// (no analysed source includes it): there it is a note, "header-not-parsed".
void collectCompilerError(const clang::tidy::ClangTidyError &E, const Job &J,
                          const std::string &PassName, LineTable &Lines, JobResult &R) {
  llvm::StringRef Msg = E.Message.Message;
  if (Msg.ends_with("file not found")) {
    R.Errors.push_back({J.File, "missing header: " + Msg.str() +
                                    "; findings for this file may be incomplete",
                        false, "missing-header"});
    return;
  }
  std::string Path = canonicalPath(E.Message.FilePath, E.BuildDirectory);
  auto [Line, Col] = Lines.lineColumn(Path, E.Message.FileOffset);
  std::string Where = Path.empty()
                          ? std::string()
                          : displayPath(Path) + ":" +
                                std::to_string(Line) + ":" + std::to_string(Col) + ": ";
  R.Failures.try_emplace(PassName, Where + Msg.str());
  for (const InputError &Old : R.Errors)
    if (Old.Fatal || Old.Kind == "header-not-parsed")
      return; // one compiler error per file is enough to say it is broken
  if (J.ScannedHeader)
    R.Errors.push_back({J.File,
                        "no analysed source includes this header, and it does not parse on "
                        "its own: " + Where + Msg.str() +
                            "; its findings are marked and do not fail the gate",
                        false, "header-not-parsed"});
  else
    R.Errors.push_back({J.File, "cannot be analysed: " + Where + Msg.str(), true});
  // Where clang's excerpt of the error goes (lib/Output.cpp).
  if (!Path.empty()) {
    InputError &Added = R.Errors.back();
    Added.CompilerFile = Path;
    Added.CompilerOffset = E.Message.FileOffset;
    for (const clang::tooling::FileByteRange &Rg : E.Message.Ranges)
      if (canonicalPath(Rg.FilePath, E.BuildDirectory) == Path)
        Added.CompilerRanges.push_back({Rg.FileOffset, Rg.Length});
  }
}

} // namespace

/// True for a finding of the wave model (its first note names the tier).
static bool fromModel(const Finding &F) {
  return !F.Notes.empty() && llvm::StringRef(F.Notes.front().Message).starts_with(model::ModelNotePrefix);
}

/// Lines before a model finding's cross-lane operation where an AST finding
/// is taken to be about the same code: 4 (a ladder's `for` header sits one
/// to three lines above its shuffle).
constexpr unsigned SameCodeLines = 4;

/// A bug both tiers see is reported once, with the AST tier's message and
/// fix-it: a model finding is dropped when it, or a place its notes name (the
/// exchange on the value's way, the helper's call), is on a line where the
/// AST tier reports a finding or points a note, or up to SameCodeLines
/// below an AST finding.
static void dropModelDuplicates(std::vector<Finding> &Fs) {
  std::set<std::pair<std::string, unsigned>> AstLines;
  for (const Finding &F : Fs)
    if (!fromModel(F)) {
      for (unsigned D = 0; D <= SameCodeLines; ++D)
        AstLines.insert({F.File, F.Line + D});
      for (const Note &N : F.Notes)
        AstLines.insert({N.File, N.Line});
    }
  llvm::erase_if(Fs, [&](const Finding &F) {
    if (!fromModel(F))
      return false;
    if (AstLines.count({F.File, F.Line}))
      return true;
    return llvm::any_of(F.Notes, [&](const Note &N) { return AstLines.count({N.File, N.Line}); });
  });
}

JobResult runJob(const Job &J, const Options &Opts) {
  JobResult R;
  std::vector<std::string> UserArgs = filterArgs(J.Args, R.Dropped);
  std::string OldHip; // an include directory with HIP headers clang 22 cannot parse
  bool StandIn = Opts.Headers == HeaderMode::StandIn ||
                 (Opts.Headers == HeaderMode::Auto &&
                  !rocmHeadersReachable(UserArgs, J.Directory, &OldHip));
  if (StandIn && Opts.Headers == HeaderMode::Auto && !OldHip.empty())
    R.Notes.push_back(oldHipNote(OldHip));
  if (Opts.Headers == HeaderMode::System) {
    std::string Old = oldSystemHip(UserArgs, J.Directory);
    if (!Old.empty())
      R.Notes.push_back(oldSystemHipNote(Old));
  }

  // Files read from disk are hashed as they are parsed: --fix edits only the
  // content that was analysed (Fixes.h).
  std::vector<std::string> Refused; // files not opened: not regular
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      makeContentRecorder(
          // A physical file system with its own working directory: ClangTool
          // sets the compile command's directory on it, and the process-wide
          // one would chdir under the other -j workers.
          // A FIFO or device reached by an #include is not opened (UserFile.h).
          makeRegularFileGuard(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(
                                   llvm::vfs::createPhysicalFileSystem().release()),
                               Refused),
          R.Read));
  if (StandIn)
    Overlay->pushOverlay(makeStandInFileSystem());
  // Empty stand-ins for the headers found missing (see the pass loop).
  auto MissingFS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Overlay->pushOverlay(MissingFS);
  std::set<std::string> Missing;
  LineTable Lines(Overlay);

  std::vector<Pass> Passes;
  // The file's targets: --offload-arch, else its configuration's OffloadArch.
  for (const std::string &A : J.Config ? J.Config->Arches : Opts.Arches) {
    if (Opts.DevicePass)
      Passes.push_back({A, false});
    if (Opts.HostPass)
      Passes.push_back({A, true});
  }
  // What the device passes' wave model decided (ModelVerdicts.h): the same
  // finding from a pass without the model is dropped or loses its fix-its too.
  ModelJudgement Judged;
  for (const Pass &P : Passes) {
    clang::tidy::ClangTidyOptions TidyOpts = clang::tidy::ClangTidyOptions::getDefaults();
    // defaults <- .wavecheck.yaml files <- command line (lib/Config.h);
    // resolveConfigs gave every job its configuration.
    const clang::tidy::ClangTidyOptions &C = J.Config->Tidy;
    TidyOpts.Checks = "-*," + C.Checks.value_or(std::string(DefaultChecks));
    TidyOpts.WarningsAsErrors = C.WarningsAsErrors.value_or("");
    TidyOpts.HeaderFilterRegex = C.HeaderFilterRegex.value_or(".*");
    TidyOpts.ExcludeHeaderFilterRegex = C.ExcludeHeaderFilterRegex.value_or("");
    for (const auto &KV : C.CheckOptions)
      TidyOpts.CheckOptions[KV.getKey()] = KV.getValue();
    TidyOpts.SystemHeaders = false;
    // The pass's target reaches the checks through this one option (checks/WaveCheck.h).
    TidyOpts.CheckOptions[OffloadArchOption].Value = P.Arch;
    clang::tidy::ClangTidyContext Context(
        std::make_unique<clang::tidy::DefaultOptionsProvider>(
            clang::tidy::ClangTidyGlobalOptions(), TidyOpts));
    std::vector<clang::tidy::ClangTidyError> Errors;
    // A missing header is a fatal error for clang: after it, clang stops
    // instantiating templates and silences every later diagnostic, so the
    // findings after it would be lost (a `__shfl_xor_sync` call is a template).
    // The pass runs again with an empty stand-in for each header found
    // missing, until none is new. The first round's compiler errors are the
    // file's own; later rounds report only findings and more missing headers
    // (the errors there are the consequences of the empty headers).
    std::vector<clang::tidy::ClangTidyError> Later;
    bool Ok = true;
    model::ModelExchange Model; // the wave model's report of the last round
    for (unsigned Round = 0; Ok && Round < MaxMissingHeaderRounds; ++Round) {
      OneCommandDatabase DB(buildCommand(J, P, UserArgs, StandIn, !Missing.empty()));
      std::vector<clang::tidy::ClangTidyError> RoundErrors;
      Model.Report.reset();
      // On a thread with a big stack, where even a stack overflow fails only
      // this file (ParseThread.h).
      Ok = runParseSafely([&] {
        RoundErrors =
            runChecks(Context, DB, J.File, Overlay, Opts.WaveModel && !P.Host, &Model);
      });
      bool New = false;
      for (const clang::tidy::ClangTidyError &E : RoundErrors) {
        llvm::StringRef Name = missingHeaderName(E.Message.Message);
        if (Name.empty() || llvm::sys::path::is_absolute(Name) ||
            Name.contains("..") || !Missing.insert(Name.str()).second)
          continue;
        llvm::SmallString<128> Path(MissingHeaderRoot);
        llvm::sys::path::append(Path, Name);
        New |= MissingFS->addFile(Path, 0, llvm::MemoryBuffer::getMemBuffer(""));
      }
      if (Round == 0)
        Errors = std::move(RoundErrors);
      else
        for (clang::tidy::ClangTidyError &E : RoundErrors)
          if (!llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic-") ||
              !missingHeaderName(E.Message.Message).empty())
            Later.push_back(std::move(E));
      if (!New)
        break;
    }
    std::string PassName = P.name().str() + " pass for " + P.Arch;
    if (!Ok) {
      R.Failures.try_emplace(PassName, "the parser crashed");
      R.Errors.push_back({J.File, "cannot be analysed: the parser crashed in the " + PassName,
                          true});
      continue;
    }
    for (clang::tidy::ClangTidyError &E : Later)
      Errors.push_back(std::move(E));
    // A compiler error on a line where a check reports a finding is the
    // finding's consequence (e.g. `int a[warpSize]` with ROCm 7 headers): the
    // finding explains it, and the file was analysed.
    std::set<std::pair<std::string, unsigned>> FindingLines;
    std::vector<Finding> PassFindings;
    for (const clang::tidy::ClangTidyError &E : Errors)
      if (!llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic-")) {
        PassFindings.push_back(toFinding(E, P.Arch, P.name(), Lines));
        if (fromModel(PassFindings.back()))
          PassFindings.back().Tier = "model";
        FindingLines.insert({PassFindings.back().File, PassFindings.back().Line});
      }
    if (Model.Report) {
      auto Contents = [&](llvm::StringRef File) -> std::optional<std::string> {
        auto B = Overlay->getBufferForFile(File);
        if (!B)
          return std::nullopt;
        return (*B)->getBuffer().str();
      };
      // The unit again, with the fixed files in memory over the real ones;
      // only the model runs (no check), comparing with this round's runs.
      auto Rerun = [&](const std::map<std::string, std::string> &Fixed)
          -> std::optional<model::ModuleReport> {
        auto Mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
        for (const auto &[File, Text] : Fixed)
          Mem->addFile(File, 0, llvm::MemoryBuffer::getMemBufferCopy(Text, File));
        auto FixedFS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Overlay);
        FixedFS->pushOverlay(Mem);
        clang::tidy::ClangTidyOptions NoChecks = TidyOpts;
        NoChecks.Checks = "-*";
        clang::tidy::ClangTidyContext Ctx(std::make_unique<clang::tidy::DefaultOptionsProvider>(
            clang::tidy::ClangTidyGlobalOptions(), NoChecks));
        model::ModelExchange X;
        X.Reference = Model.Report->Reference;
        OneCommandDatabase DB(buildCommand(J, P, UserArgs, StandIn, !Missing.empty()));
        if (!runParseSafely([&] { runChecks(Ctx, DB, J.File, FixedFS, true, &X); }))
          return std::nullopt;
        return std::move(X.Report);
      };
      ModelJudgement J = judgeWithModel(PassFindings, *Model.Report, Contents, Rerun);
      Judged.Dropped.insert(J.Dropped.begin(), J.Dropped.end());
      Judged.Withheld.insert(J.Withheld.begin(), J.Withheld.end());
    } else {
      applyJudgement(PassFindings, Judged);
    }
    dropModelDuplicates(PassFindings);
    // Errors with a location first: "too many errors emitted" says nothing.
    std::vector<const clang::tidy::ClangTidyError *> CompilerErrors;
    for (const clang::tidy::ClangTidyError &E : Errors)
      if (llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic-") &&
          E.DiagLevel == clang::tooling::Diagnostic::Error &&
          !FindingLines.count(
              {canonicalPath(E.Message.FilePath, E.BuildDirectory),
               Lines.lineColumn(canonicalPath(E.Message.FilePath, E.BuildDirectory),
                                E.Message.FileOffset)
                   .first}))
        CompilerErrors.push_back(&E);
    std::stable_partition(CompilerErrors.begin(), CompilerErrors.end(),
                          [](const clang::tidy::ClangTidyError *E) {
                            return !E->Message.FilePath.empty();
                          });
    for (const clang::tidy::ClangTidyError *E : CompilerErrors)
      collectCompilerError(*E, J, PassName, Lines, R);
    // The findings of a pass with a compiler error come from an AST that is
    // not the code's: marked, so that they neither fail the gate nor get
    // fixed (unless a pass that parsed reports them too; FindingSet::add).
    bool Failed = R.Failures.count(PassName);
    for (Finding &F : PassFindings) {
      if (Failed) {
        F.ParseFailed = true;
        F.FailedUnits.insert(J.File);
      }
      R.Findings.add(std::move(F));
    }
  }
  std::sort(Refused.begin(), Refused.end());
  Refused.erase(std::unique(Refused.begin(), Refused.end()), Refused.end());
  for (const std::string &F : Refused)
    R.Errors.push_back({J.File, "not read: " + F + ", not a regular file; expected a source or header file",
                        false, "missing-header"});
  return R;
}

} // namespace wavecheck
