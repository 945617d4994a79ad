//===--- FixRounds.cpp - `--fix`: analyse, fix, analyse again --------------===//
#include "lib/FixRounds.h"

#include "llvm/Support/WithColor.h"
#include <set>
#include <string>
#include <utility>

namespace wavecheck {

FixRoundsResult runFixRounds(RunResult &R, Options Opts,
                             const std::function<void(RunResult &)> &ApplyBaseline) {
  FixRoundsResult Out;
  FixSession Session;
  std::set<std::pair<std::string, std::string>> Seen; // each problem once
  auto Apply = [&](RunResult &Round) {
    size_t Before = Round.Errors.size();
    unsigned N = applyFixes(Round, &Session);
    for (auto E = Round.Errors.begin() + Before; E != Round.Errors.end(); ++E)
      if (Seen.insert({E->File, E->Message}).second)
        Out.Problems.push_back(*E);
    return N;
  };
  // The progress line belongs to the analysis the report shows.
  Opts.Progress = nullptr;
  Out.FileWrites = Apply(R);
  for (unsigned Changed = Out.FileWrites; Changed; ++Out.Rounds) {
    RunResult Next = analyse(Opts);
    Out.Restored += revertBreakingFixes(R, Next, Session, Out.Problems);
    if (Out.Rounds == MaxFixRounds)
      break;
    if (ApplyBaseline)
      ApplyBaseline(Next);
    Changed = Apply(Next);
    Out.FileWrites += Changed;
  }
  return Out;
}

bool printFixRounds(const FixRoundsResult &F, llvm::raw_ostream &OS) {
  bool Fatal = false;
  for (const InputError &E : F.Problems) {
    (E.Fatal ? llvm::WithColor::error(OS, "wavecheck") : llvm::WithColor::warning(OS, "wavecheck"))
        << E.File << ": " << E.Message << "\n";
    Fatal |= E.Fatal;
  }
  llvm::WithColor::note(OS, "wavecheck")
      << "applied fix-its: " << F.FileWrites
      << (F.FileWrites == 1 ? " file write" : " file writes") << " in " << F.Rounds
      << (F.Rounds == 1 ? " round" : " rounds")
      << (F.Restored ? ", " + std::to_string(F.Restored) +
                           (F.Restored == 1 ? " file restored" : " files restored")
                     : std::string())
      << "\n";
  return Fatal;
}

} // namespace wavecheck
