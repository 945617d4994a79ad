//===--- HardcodedWarpSizeReport.cpp - decisions and diagnostics -----------===//
///
/// \file
/// For wave64-hardcoded-warp-size: onEndOfTranslationUnit(), which decides
/// with LaneGroups which candidates are findings and whether their fix-its
/// are certain, and emits every diagnostic: at each use, or once at a
/// macro's or constant's definition with notes at its uses.
///
//===----------------------------------------------------------------------===//
#include "checks/HardcodedWarpSizeState.h"
#include "checks/LaneGroups.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringExtras.h"
#include <set>

using namespace clang;

namespace wavecheck {
using namespace hardcoded_warp_size;
using namespace hardcoded_warp_size::detail;

bool HardcodedWarpSizeCheck::State::fixIsCertain(const FunctionDecl *Fn, const Finding &F,
                                                 const LaneGroups &G) const {
  if (F.Fixes.empty() && !F.Def)
    return false;
  if (Fn && Fn->getBody() && findBlockRowIndex(Fn->getBody()))
    return false;
  llvm::SmallVector<CharSourceRange, 16> Fixed;
  for (const Finding &Other : Findings)
    for (const FixItHint &H : Other.Fixes)
      Fixed.push_back(H.RemoveRange);
  auto Covered = [&](SourceLocation L) {
    return llvm::any_of(Fixed, [&](const CharSourceRange &R) {
      return !sm().isBeforeInTranslationUnit(L, R.getBegin()) &&
             (sm().isBeforeInTranslationUnit(L, R.getEnd()) || L == R.getBegin());
    });
  };
  for (const FunctionDecl *Member : G.family(Fn)) {
    if (Member && Member->getBody() && findBlockRowIndex(Member->getBody()))
      return false;
    if (auto It = Literals.find(Member); It != Literals.end())
      for (SourceLocation L : It->second)
        if (!Covered(L))
          return false;
  }
  return true;
}

size_t HardcodedWarpSizeCheck::State::references(const ValueDecl *V) const {
  size_t N = 0;
  struct Counter : RecursiveASTVisitor<Counter> {
    const ValueDecl *V;
    size_t *N;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      *N += E->getDecl()->getCanonicalDecl() == V->getCanonicalDecl();
      return true;
    }
  } C;
  C.V = V;
  C.N = &N;
  C.TraverseAST(*Ctx);
  return N;
}

void HardcodedWarpSizeCheck::State::noteWhy(HardcodedWarpSizeCheck &C, const LaneEvidence &Why,
                                            bool Crosses) const {
  C.diag(Why.Loc,
         Crosses ? "'%0' spans both 32-lane halves of the 64-lane wavefront, so the groups "
                   "of 32 lanes formed with this 32 see each other's lanes"
                 : "'%0' groups lanes by the 64-lane wavefront, so it does not match the "
                   "groups of 32 lanes formed with this 32",
         DiagnosticIDs::Note)
      << Why.Code;
}

void HardcodedWarpSizeCheck::onEndOfTranslationUnit() {
  State &St = *S;
  unsigned W = St.Target ? St.Target->WaveSize : 0;
  std::optional<LaneGroups> Groups;
  if (W == Wave64)
    St.tableCandidates(), St.tileCandidates();
  if (W == Wave64 && !St.Findings.empty())
    Groups.emplace(*St.Ctx);
  for (size_t I = 0; W == Wave64 && I < St.Findings.size(); ++I) {
    State::Finding &F = St.Findings[I];
    auto Written = F.Array ? St.LaneIndexed.find(F.Array) : St.LaneIndexed.end();
    if (F.Array && Written == St.LaneIndexed.end()) {
      if (F.Def) // a per-warp extent: growing it to the wave size is harmless
        ++St.Defs[*F.Def].SafeUses;
      continue;
    }
    const FunctionDecl *Fn = F.Fn ? F.Fn : Written->second;
    LaneGroupFacts Around = Groups->around(Fn);
    State::Definition *Def = F.Def ? &St.Defs[*F.Def] : nullptr;
    bool Named = !Def || namesWaveSize(Def->Name);
    // Consistent 32-lane logical warps, or no wave operation at all: each
    // aligned half of a wavefront computes its own group, as two CUDA warps
    // would. Only a wave-wide operation or a wave-sized lane id next to the
    // 32 makes it the wrong size.
    // A helper returning nothing that forms its own 32-lane groups, with
    // nothing inside it or below it spanning both halves: its lane and warp
    // ids stay in it, so what its callers do across the wavefront (a ballot
    // of their own) does not meet its groups.
    if ((Around.Crossing || Around.Wave) && F.Fn && !F.Array &&
        F.Fn->getReturnType()->isVoidType() && Groups->hasCallers(F.Fn)) {
      LaneGroupFacts Inside = Groups->below(F.Fn);
      if (Inside.Group32 && !Inside.Crossing && !Inside.Wave)
        Around = Inside;
    }
    if (!Around.Crossing && !Around.Wave) {
      if (Def && Named && !Def->LogicalUse)
        Def->LogicalUse = I;
      continue;
    }
    // A gather whose value is the same in both halves reads what it means.
    if (F.R == Role::Gather && !Groups->crossesHalves(F.Gather))
      continue;
    // The source lane `tid % 32` of a gather is also a lane index: one
    // finding for the one 32, the lane index's (it has the fix-it).
    if (F.R == Role::Gather &&
        llvm::any_of(St.Findings, [&](const auto &O) {
          return &O != &F && O.R != Role::Gather && O.Loc == F.Loc;
        }))
      continue;
    const LaneEvidence &Why = Around.Crossing ? Around.Crossing : Around.Wave;
    if (!St.fixIsCertain(Fn, F, *Groups) || F.R == Role::Gather || F.R == Role::TableRows ||
        F.R == Role::TileWidth)
      F.Fixes.clear(), F.Uncertain = true;
    if (Def && Named) {
      Def->Uses.push_back(I); // reported at the definition below
      if (!Def->Why)
        Def->Why = Why, Def->WhyCrosses = bool(Around.Crossing);
      continue;
    }
    diag(F.Loc, Messages[int(F.R)]) << F.Code << St.Target->Name << W << W - 1
                                    << unsigned(W / CudaWarpSize) << F.Fixes;
    St.noteWhy(*this, Why, bool(Around.Crossing));
    if (F.Fixes.empty() && !Named)
      diag(Def->Value.getBegin(),
           "'%0' is 32 here; its name does not say it is the wavefront size, so no fix-it "
           "is offered",
           DiagnosticIDs::Note)
          << Def->Name;
  }
  for (const auto &[Key, D] : St.Defs) {
    if (D.Uses.empty())
      continue;
    // The first use in each role of each function, in source order: a
    // second kernel that counts lanes with the same constant is a second
    // place the user must change.
    std::vector<size_t> Firsts;
    unsigned RoleSet = 0;
    std::set<std::pair<const FunctionDecl *, int>> Seen;
    for (size_t I : D.Uses) {
      RoleSet |= 1u << int(St.Findings[I].R);
      if (Seen.insert({St.Findings[I].Fn, int(St.Findings[I].R)}).second)
        Firsts.push_back(I);
    }
    llvm::SmallVector<llvm::StringRef, 6> Names;
    for (unsigned R = 0; R < std::size(RolePhrases); ++R)
      if (RoleSet & (1u << R))
        Names.push_back(RolePhrases[R]);
    std::string Roles = Names.back().str(); // "a lane index, a warp id and a shuffle width"
    if (Names.size() > 1)
      Roles = llvm::join(llvm::ArrayRef(Names).drop_back(), ", ") + " and " + Roles;
    {
      auto Diag = diag(D.Value.getBegin(), "'%0' defines the wavefront size as 32 and is used "
                                           "as %1; wavefronts have %3 lanes on this target")
                  << D.Name << Roles << St.Target->Name << W;
      std::string Text = D.IsVariable || D.NeedsConstant ? St.Constant + D.Suffix : "warpSize";
      // Certain only when every use of the definition is a use reported
      // here (a `float buf[WARP_SIZE]` or `i < WARP_SIZE` elsewhere would
      // change too), each in code whose 32s are all fixed, and the macro is
      // not rewritten into itself (`#define warpSize 32`).
      bool AllUses = llvm::all_of(D.Uses, [&](size_t I) { return !St.Findings[I].Uncertain; }) &&
                     (D.IsVariable ? St.references(D.Var) : D.Expansions) ==
                         D.Uses.size() + D.SafeUses;
      if (!D.LogicalUse && D.Value.isValid() && AllUses && Text != D.Name)
        Diag << FixItHint::CreateReplacement(D.Value, Text);
    }
    if (D.Why)
      St.noteWhy(*this, D.Why, D.WhyCrosses);
    for (size_t I : Firsts)
      diag(St.Findings[I].Loc, "'%0' used as %1 here ('%2')", DiagnosticIDs::Note)
          << D.Name << RolePhrases[int(St.Findings[I].R)] << St.Findings[I].Code;
    if (D.LogicalUse)
      diag(St.Findings[*D.LogicalUse].Loc,
           "'%0' also sets the width of 32-lane logical warps here; no fix-it is offered, as "
           "changing it would change them too",
           DiagnosticIDs::Note)
          << D.Name;
  }
  *S = State(); // the macro recorder keeps a reference to *S
}

} // namespace wavecheck
