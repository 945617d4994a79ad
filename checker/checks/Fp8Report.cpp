//===--- Fp8Report.cpp - FP8 spellings judged at the end of the TU ---------===//
///
/// \file
/// For fp8-format-target-mismatch: the scopes in which naming both formats
/// is a run-time choice, the format expected where an FP8 type is named,
/// and onEndOfTranslationUnit(), which reports the spellings, biases, byte
/// views and bounds of the other format than the target's.
///
//===----------------------------------------------------------------------===//
#include "checks/Fp8FormatTargetMismatchCheck.h"
#include "checks/Fp8Types.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include "checks/Fp8Bias.h"

using namespace clang;

namespace wavecheck {

using fp8::Origin;
using fp8::Spelling;
using namespace fp8::detail;

bool Fp8FormatTargetMismatchCheck::inConversion(SourceLocation Loc) const {
  auto [F, Off] = SM->getDecomposedLoc(Loc);
  return llvm::any_of(Converted, [&](const Scope &C) {
    return C.File == F && C.Begin <= Off && Off <= C.End;
  });
}

int Fp8FormatTargetMismatchCheck::scopeOf(SourceLocation Loc) const {
  auto [F, Off] = SM->getDecomposedLoc(Loc);
  int Best = -1;
  for (size_t I = 0; I < Scopes.size(); ++I) {
    const Scope &S = Scopes[I];
    if (S.File == F && S.Begin <= Off && Off <= S.End &&
        (Best < 0 || S.End - S.Begin < Scopes[Best].End - Scopes[Best].Begin))
      Best = static_cast<int>(I);
  }
  return Best;
}

Fp8FormatTargetMismatchCheck::Expected
Fp8FormatTargetMismatchCheck::expectedAt(SourceLocation Written, SourceLocation Expansion,
                                         Fp8Format Target) const {
  if (Target == Fp8Format::None)
    return {Fp8Format::None, false, false};
  fp8::Guard G = Facts.guardAt(Written, *SM);
  if (G == fp8::Guard::None)
    G = Facts.guardAt(Expansion, *SM);
  Fp8Format Branch = G == fp8::Guard::OCP    ? Fp8Format::OCP
                     : G == fp8::Guard::FNUZ ? Fp8Format::FNUZ
                                             : Fp8Format::None;
  // The device pass compiles the branch of its own target (a hand-kept arch
  // list that misses it shows up here), so the target decides. The host pass
  // compiles the branch HIP_FP8_TYPE_* = 1 (both) selects: there the branch
  // decides; branches for either format, or chosen by __gfx macros (which
  // the host pass never defines), are left to the device pass.
  // In a branch of a hand-kept arch list, the fix is to the list (other
  // targets share the branch): no fix-it there.
  bool Fixable = G != fp8::Guard::Arch;
  if (LangOpts->CUDAIsDevice || G == fp8::Guard::None)
    return {Target, Branch == Target, Fixable};
  return {Branch, Branch != Fp8Format::None, Fixable};
}

void Fp8FormatTargetMismatchCheck::reportUses(Fp8Format Target) {
  // Scopes that name both formats (CUDA leftovers aside) choose at run time;
  // counted on the first mismatch only, as most translation units have none.
  std::vector<unsigned> Named;
  auto NamesBoth = [&](int S) {
    if (Named.empty()) {
      Named.resize(Scopes.size() + 1);
      for (const Use &U : Uses)
        if (U.S->From != Origin::CudaType && U.S->From != Origin::CudaEnum &&
            !inConversion(U.Expansion))
          Named[scopeOf(U.Expansion) + 1] |= 1u << static_cast<unsigned>(U.S->Format);
    }
    return S >= 0 && Named[S + 1] == ((1u << static_cast<unsigned>(Fp8Format::OCP)) |
                                      (1u << static_cast<unsigned>(Fp8Format::FNUZ)));
  };
  llvm::DenseSet<unsigned> Done;
  for (const Use &U : Uses) {
    auto [Want, InBranch, CanFix] = expectedAt(U.Written, U.Expansion, Target);
    if (Want == Fp8Format::None || Want == U.S->Format || NamesBoth(scopeOf(U.Expansion)) ||
        inKeyedScope(U.Expansion, U.S->Format) ||
        !Done.insert(U.Written.getRawEncoding()).second)
      continue;
    CharSourceRange Name = CharSourceRange::getTokenRange(U.Written);
    bool Fixable = CanFix && !U.Alias && !U.S->Counterpart.empty() &&
                   Lexer::getSourceText(Name, *SM, *LangOpts) == U.S->Name;
    bool Cuda = U.S->From == Origin::CudaType || U.S->From == Origin::CudaEnum;
    {
      auto D = diag(U.Written, "'%0'%1 is %2 %3 FP8 but %select{this target computes|this "
                               "branch is compiled for targets that compute}6 FP8 in %4: %5")
               << U.S->Name << (Cuda ? " (CUDA)" : "") << fp8::formatName(U.S->Format)
               << fp8::familyName(U.S->Fam) << fp8::formatName(Want)
               << fp8::consequence(U.S->Format, U.S->Fam) << InBranch;
      if (Fixable)
        D << FixItHint::CreateReplacement(Name, U.S->Counterpart);
    }
    if (U.Alias)
      diag(SM->getFileLoc(U.Alias->getLocation()),
           "'%0' is an alias of '%1' here, which is %2 %3 FP8 too; no fix-it is offered, "
           "as the alias serves every use",
           DiagnosticIDs::Note)
          << U.Alias->getName()
          << U.Alias->getUnderlyingType().getAsString(PrintingPolicy(*LangOpts))
          << fp8::formatName(U.S->Format) << fp8::familyName(U.S->Fam);
  }
}

bool Fp8FormatTargetMismatchCheck::inKeyedScope(SourceLocation Loc, Fp8Format F) const {
  auto [File, Off] = SM->getDecomposedLoc(Loc);
  return llvm::any_of(Keyed, [&](const std::pair<Scope, Fp8Format> &K) {
    return K.second == F && K.first.File == File && K.first.Begin <= Off &&
           Off <= K.first.End;
  });
}

void Fp8FormatTargetMismatchCheck::reportBiases(Fp8Format Target) {
  // Only in a unit that converts with the target's own format (its types or
  // conversion enums): the hand-written code's bytes meet the hardware's
  // there. An encoder of the other format kept for a file format or a
  // wire protocol, in a unit that never touches the target's FP8, is not a
  // finding.
  bool UsesTargetFormat = llvm::any_of(Uses, [&](const Use &U) {
    return U.S->Format == Target && U.S->From != Origin::CudaType &&
           U.S->From != Origin::CudaEnum;
  });
  if (Target == Fp8Format::None || !UsesTargetFormat)
    return;
  llvm::DenseSet<unsigned> Done;
  for (const fp8::HandBias &B : Biases) {
    SourceLocation L = SM->getFileLoc(B.Constant->getBeginLoc());
    if (B.Format == Target || inSystemCode(L, *SM) || !Done.insert(L.getRawEncoding()).second)
      continue;
    bool E4 = B.Fam == fp8::Family::E4M3;
    int Want = (E4 ? 7 : 15) + (Target == Fp8Format::FNUZ ? 1 : 0);
    diag(L, "%0 is the %1 %2 exponent bias, but this target computes FP8 in %3, whose %2 bias "
            "is %4: this hand-written %select{decoder|encoder}5 does not match the %3 "
            "conversions of this translation unit (%6)")
        << Lexer::getSourceText(CharSourceRange::getTokenRange(L), *SM, *LangOpts)
        << fp8::formatName(B.Format) << fp8::familyName(B.Fam) << fp8::formatName(Target) << Want
        << B.Encoder << fp8::consequence(B.Format, B.Fam);
  }
}

void Fp8FormatTargetMismatchCheck::onEndOfTranslationUnit() {
  if (!SM || !LangOpts)
    return;
  const TargetProfile *T = &target(Ctx);
  if (!llvm::is_contained(Facts.UserFiles, SM->getMainFileID()))
    Facts.UserFiles.insert(Facts.UserFiles.begin(), SM->getMainFileID());
  for (const fp8::PreprocessorFacts::Range &M : Facts.MacroBodies)
    Scopes.push_back({M.File, M.Begin, M.End});
  bool MentionsFp8 = false;
  fp8::scanIdentifiers(*SM, *LangOpts, Facts, [&](SourceLocation L, llvm::StringRef Id) {
    MentionsFp8 |= fp8::mentionsFp8(Id);
    if (const Spelling *S = fp8::findSpelling(Id); S && S->From == Origin::PyTorch)
      Uses.push_back({S, L, L});
  });
  reportUses(T->Fp8);
  reportBiases(T->Fp8);
  reportParamViews();
  if (MentionsFp8)
    reportBounds(T->Fp8);
}

} // namespace wavecheck
