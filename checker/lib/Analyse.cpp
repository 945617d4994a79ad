//===--- Analyse.cpp - the jobs of one run, scheduled and merged -----------===//
///
/// \file
/// analyse(): every source first, then the headers of directory scans that
/// no source included (a header is analysed through the sources that include
/// it, as clang-tidy's header filter does; docs/scans.md, "Headers"). Jobs
/// run on a thread pool; their results are merged in job order, so the
/// output does not depend on Options::Jobs.
///
//===----------------------------------------------------------------------===//
#include "lib/Config.h"
#include "lib/Analysis.h"
#include "lib/Findings.h"
#include "lib/Fixes.h"
#include "lib/Passes.h"

#include "llvm/Support/ThreadPool.h"
#include <algorithm>
#include <map>
#include <mutex>

namespace wavecheck {

namespace {

/// One note per nvcc-only flag, however many commands had it: the flag as
/// written when all wrote it alike ("-Xcompiler=-fPIC"), else its name and up
/// to MaxDroppedExamples of the ways it was written.
void noteDroppedFlags(const std::map<std::string, std::set<std::string>> &Dropped,
                      RunResult &Out) {
  constexpr size_t MaxDroppedExamples = 3;
  for (const auto &[Flag, Uses] : Dropped) {
    std::string Note = "dropped nvcc-only flag '" +
                       (Uses.size() == 1 ? *Uses.begin() : Flag) + "'";
    if (Uses.size() > 1) {
      std::string List = std::to_string(Uses.size()) + " forms: ";
      size_t Shown = 0;
      for (const std::string &U : Uses) {
        if (Shown++ == MaxDroppedExamples) {
          List += ", ...";
          break;
        }
        List += (Shown == 1 ? "'" : ", '") + U + "'";
      }
      Note += " (" + List + ")";
    }
    Out.Notes.push_back(Note);
  }
}

} // namespace

RunResult analyse(const Options &Opts) {
  RunResult Out;
  std::vector<Job> Jobs = collectJobs(Opts, Out);
  // An invalid .wavecheck.yaml stops the run before any parse (exit 2).
  if (!resolveConfigs(Opts, Jobs, Out))
    return Out;

  // Each job's findings are taken out where it ends (to count them for the
  // progress line) and merged below in job order, whatever order the jobs
  // ended in: the output does not depend on Opts.Jobs.
  std::vector<JobResult> Results(Jobs.size());
  std::vector<std::vector<Finding>> JobFindings(Jobs.size());
  std::mutex ProgressLock;
  size_t Done = 0, FindingsSoFar = 0;
  auto Progress = [&](size_t NewlyDone, size_t NewFindings) {
    if (!Opts.Progress)
      return;
    std::lock_guard<std::mutex> Lock(ProgressLock);
    Done += NewlyDone;
    FindingsSoFar += NewFindings;
    Opts.Progress(Done, Jobs.size(), FindingsSoFar);
  };
  auto Run = [&](size_t I) {
    JobResult R = runJob(Jobs[I], Opts);
    std::vector<Finding> Fs = R.Findings.take();
    size_t N = Fs.size();
    Results[I] = std::move(R);
    JobFindings[I] = std::move(Fs);
    Progress(1, N);
  };
  auto RunAll = [&](const std::vector<size_t> &Which) {
    if (Opts.Jobs <= 1 || Which.size() <= 1) {
      for (size_t I : Which)
        Run(I);
      return;
    }
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Opts.Jobs));
    for (size_t I : Which)
      Pool.async([&, I] { Run(I); });
    Pool.wait();
  };

  // The sources (and every file named on the command line or by the compile
  // database), then the scanned headers that none of them read: a header
  // that is not self-contained parses only through its includer.
  std::vector<size_t> Units, Headers;
  for (size_t I = 0; I < Jobs.size(); ++I)
    (Jobs[I].ScannedHeader ? Headers : Units).push_back(I);
  RunAll(Units);
  std::map<std::string, std::vector<std::string>> ReadBy;
  for (size_t I : Units)
    for (const auto &KV : Results[I].Read)
      ReadBy[KV.first].push_back(Jobs[I].File);
  std::vector<size_t> Alone;
  for (size_t I : Headers) {
    auto It = ReadBy.find(Jobs[I].File);
    if (It == ReadBy.end())
      Alone.push_back(I);
    else
      Out.IncludedHeaders[Jobs[I].File] = It->second;
  }
  if (Alone.size() < Headers.size())
    Progress(Headers.size() - Alone.size(), 0);
  RunAll(Alone);
  Units.insert(Units.end(), Alone.begin(), Alone.end());
  std::sort(Units.begin(), Units.end());

  // Files can have different targets (OffloadArch per configuration): the
  // largest count decides whether reports name the targets of a finding.
  Out.PassesPerFile = Opts.Arches.size() * (Opts.DevicePass + Opts.HostPass);
  std::set<std::string> Arches;
  std::map<std::string, std::set<std::string>> Dropped;
  std::set<std::string> RunNotes;
  FindingSet All;
  for (size_t I : Units) {
    const Job &J = Jobs[I];
    JobResult &R = Results[I];
    Out.Files.push_back(J.File);
    Out.PassesPerFile = std::max(Out.PassesPerFile,
                                 J.Config->Arches.size() * (Opts.DevicePass + Opts.HostPass));
    Arches.insert(J.Config->Arches.begin(), J.Config->Arches.end());
    for (Finding &F : JobFindings[I])
      All.add(std::move(F));
    Out.Errors.insert(Out.Errors.end(), R.Errors.begin(), R.Errors.end());
    for (const auto &[File, Hash] : R.Read) {
      recordContent(Out.ParsedContent, File, Hash);
      Out.FilesRead[J.File].insert(File);
    }
    if (!R.Failures.empty())
      Out.ParseFailures[J.File] = R.Failures;
    for (const std::string &D : R.Dropped)
      Dropped[llvm::StringRef(D).split(' ').first.split('=').first.str()].insert(D);
    RunNotes.insert(R.Notes.begin(), R.Notes.end());
  }
  Out.Notes.insert(Out.Notes.end(), RunNotes.begin(), RunNotes.end());
  Out.Arches.assign(Arches.begin(), Arches.end());
  noteDroppedFlags(Dropped, Out);
  Out.Findings = All.take();
  // Fix-its computed on an AST with compiler errors are not applied or
  // exported: the next round could not tell whether they broke the file.
  for (Finding &F : Out.Findings)
    if (F.ParseFailed) {
      F.Fixes.clear();
      F.Raw.Message.Fix.clear();
    }
  sortResult(Out);
  return Out;
}

} // namespace wavecheck
