#include "lib/ModelVerdicts.h"
#include "lib/Findings.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/STLExtras.h"
#include <set>
#include <tuple>

namespace wavecheck {

bool modelJudges(llvm::StringRef Check) {
  return Check == "wave64-partial-reduction" || Check == "wave64-hardcoded-warp-size";
}

namespace {

using Key = FindingKey;

/// The kernels of a report by the functions (and lines) of their code.
class KernelIndex {
public:
  explicit KernelIndex(const model::ModuleReport &R) : R(R) {
    std::map<std::string, std::string> Canon;
    auto Path = [&](const std::string &F) -> const std::string & {
      auto [It, New] = Canon.try_emplace(F);
      if (New)
        It->second = canonicalPath(F, "");
      return It->second;
    };
    for (const model::FunctionExtent &E : R.Functions)
      Files.push_back(Path(E.File));
    for (const model::KernelVerdict &V : R.Verdicts) {
      std::set<std::pair<std::string, unsigned>> L, X;
      for (const model::SourceLine &S : V.Lines)
        L.insert({Path(S.first), S.second});
      for (const model::SourceLine &S : V.Executed)
        X.insert({Path(S.first), S.second});
      Lines.push_back(std::move(L));
      Executed.push_back(std::move(X));
    }
  }

  /// The innermost function whose extent holds \p File:\p Line, if any.
  std::optional<unsigned> functionAt(const std::string &File, unsigned Line) const {
    std::optional<unsigned> Best;
    for (unsigned I = 0; I < R.Functions.size(); ++I) {
      const model::FunctionExtent &E = R.Functions[I];
      if (Files[I] == File && E.First <= Line && Line <= E.Last &&
          (!Best || E.First > R.Functions[*Best].First))
        Best = I;
    }
    return Best;
  }
  /// The kernels that hold the code of function \p F.
  std::vector<size_t> kernelsOf(unsigned F) const {
    std::vector<size_t> Out;
    for (size_t K = 0; K < R.Verdicts.size(); ++K)
      if (R.Verdicts[K].Reaches.count(F))
        Out.push_back(K);
    return Out;
  }
  /// Kernel \p K ran the code at \p File:\p Line (in function \p F) at both
  /// widths: both runs entered the function and, where the line kept code
  /// after optimisation, executed it.
  bool ran(size_t K, unsigned F, const std::string &File, unsigned Line) const {
    const model::KernelVerdict &V = R.Verdicts[K];
    if (!V.Entered.count(F))
      return false;
    return !Lines[K].count({File, Line}) || Executed[K].count({File, Line});
  }
  const model::KernelVerdict &operator[](size_t K) const { return R.Verdicts[K]; }
  size_t size() const { return R.Verdicts.size(); }

private:
  const model::ModuleReport &R;
  std::vector<std::string> Files;
  std::vector<std::set<std::pair<std::string, unsigned>>> Lines, Executed;
};

void withhold(Finding &F, std::string Why) {
  F.Fixes.clear();
  F.Raw.Message.Fix.clear();
  F.Notes.push_back({F.File, F.Line, F.Column, std::move(Why)});
}

} // namespace

ModelJudgement
judgeWithModel(std::vector<Finding> &Fs, const model::ModuleReport &Report,
               llvm::function_ref<std::optional<std::string>(llvm::StringRef File)> Contents,
               RerunFixed Rerun) {
  KernelIndex Index(Report);
  // The functions a finding is about: the one that holds it or, for a
  // finding outside any function (a macro or constant at file scope), those
  // that hold the uses its notes point at.
  auto FunctionsOf = [&](const Finding &F) {
    std::vector<std::pair<unsigned, const Note *>> Out;
    if (std::optional<unsigned> Fn = Index.functionAt(F.File, F.Line))
      return std::vector<std::pair<unsigned, const Note *>>{{*Fn, nullptr}};
    for (const Note &N : F.Notes)
      if (std::optional<unsigned> Fn = Index.functionAt(N.File, N.Line))
        Out.push_back({*Fn, &N});
    return Out;
  };

  ModelJudgement J;
  // 1. Shown harmless: dropped.
  llvm::erase_if(Fs, [&](const Finding &F) {
    if (F.Tier != "ast" || !modelJudges(F.Check))
      return false;
    // Only a finding inside a function: a macro or constant at file scope
    // reaches code the model may run with arguments that hide the bug
    // (a `#define warpSize 32` in a kernel whose pointers the model gives
    // every work-item its own); its finding stays.
    if (!Index.functionAt(F.File, F.Line))
      return false;
    auto Fns = FunctionsOf(F);
    bool Harmless = !Fns.empty() && llvm::all_of(Fns, [&](const auto &FnNote) {
      auto [Fn, N] = FnNote;
      std::vector<size_t> Ks = Index.kernelsOf(Fn);
      return !Ks.empty() && llvm::all_of(Ks, [&](size_t K) {
        return Index[K].Modelled && Index[K].Same &&
               Index.ran(K, Fn, N ? N->File : F.File, N ? N->Line : F.Line);
      });
    });
    if (Harmless)
      J.Dropped.insert({F.Check, F.File, F.Offset});
    return Harmless;
  });

  // 2. Fix-its: confirmed, then checked on the fixed code. The kernels
  // concerned are those holding the functions the finding is about, or
  // else every kernel of the unit.
  std::set<Key> &Withheld = J.Withheld;
  std::vector<std::pair<Finding *, std::vector<size_t>>> Candidates;
  for (Finding &F : Fs) {
    if (F.Tier != "ast" || !modelJudges(F.Check) || F.Fixes.empty())
      continue;
    std::set<size_t> KSet;
    auto Fns = FunctionsOf(F);
    for (const auto &FnNote : Fns)
      for (size_t K : Index.kernelsOf(FnNote.first))
        KSet.insert(K);
    if (Fns.empty())
      for (size_t K = 0; K < Index.size(); ++K)
        KSet.insert(K);
    std::vector<size_t> Ks(KSet.begin(), KSet.end());
    bool Confirmed = !Ks.empty() &&
                     llvm::all_of(Ks, [&](size_t K) { return Index[K].Modelled; }) &&
                     llvm::any_of(Ks, [&](size_t K) { return !Index[K].Same; });
    if (Confirmed) {
      Candidates.push_back({&F, std::move(Ks)});
      continue;
    }
    Withheld.insert({F.Check, F.File, F.Offset});
    withhold(F, Ks.empty()
                    ? "no fix-it: the wave model runs no kernel that holds this code, so it "
                      "cannot confirm that the change computes what 32-lane warps do"
                    : "no fix-it: the wave model could not confirm this finding by running "
                      "the kernels that hold this code");
  }
  if (Candidates.empty())
    return J;

  // Every candidate's replacements applied at once, per file.
  std::map<std::string, clang::tooling::Replacements> Repl;
  bool Conflict = false;
  for (const auto &C : Candidates)
    for (const Replacement &R : C.first->Fixes)
      if (llvm::Error E =
              Repl[R.File].add(clang::tooling::Replacement(R.File, R.Offset, R.Length, R.Text))) {
        llvm::consumeError(std::move(E));
        Conflict = true;
      }
  std::map<std::string, std::string> Fixed;
  for (const auto &[File, Rs] : Repl) {
    std::optional<std::string> Text = Contents(File);
    if (!Text) {
      Conflict = true;
      break;
    }
    llvm::Expected<std::string> New = clang::tooling::applyAllReplacements(*Text, Rs);
    if (!New) {
      llvm::consumeError(New.takeError());
      Conflict = true;
      break;
    }
    Fixed[File] = std::move(*New);
  }
  std::optional<model::ModuleReport> After;
  if (!Conflict)
    After = Rerun(Fixed);
  for (auto &[F, Ks] : Candidates) {
    bool Ok = false;
    if (After) {
      Ok = true;
      for (size_t K : Ks) {
        const std::string &Sym = Index[K].Symbol;
        auto It = llvm::find_if(After->Verdicts,
                                [&](const model::KernelVerdict &V) { return V.Symbol == Sym; });
        Ok &= It != After->Verdicts.end() && It->MatchesReference;
      }
    }
    if (Ok)
      continue;
    Withheld.insert({F->Check, F->File, F->Offset});
    withhold(*F, After ? "no fix-it: with the change, the wave model still finds that 64-lane "
                         "wavefronts compute something else than 32-lane warps do"
                       : "no fix-it: the changed code could not be compiled and run by the "
                         "wave model");
  }
  return J;
}

void applyJudgement(std::vector<Finding> &Fs, const ModelJudgement &J) {
  llvm::erase_if(Fs, [&](const Finding &F) {
    return J.Dropped.count({F.Check, F.File, F.Offset}) != 0;
  });
  for (Finding &F : Fs)
    if (J.Withheld.count({F.Check, F.File, F.Offset})) {
      F.Fixes.clear();
      F.Raw.Message.Fix.clear();
    }
}

} // namespace wavecheck
