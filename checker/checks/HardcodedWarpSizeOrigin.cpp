//===--- HardcodedWarpSizeOrigin.cpp - where a 32 comes from ---------------===//
///
/// \file
/// For wave64-hardcoded-warp-size: the code a finding quotes, the wave size
/// as fix-it text, where the value of a 32 comes from (the code as written,
/// a 32-valued macro or constant, a struct field written as 32), and how a
/// candidate is recorded with its fix-it.
///
//===----------------------------------------------------------------------===//
#include "checks/HardcodedWarpSizeState.h"
#include "checks/ConstantContext.h"
#include "checks/WaveMatchers.h"

#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace wavecheck {
using namespace hardcoded_warp_size;
using namespace hardcoded_warp_size::detail;

std::string HardcodedWarpSizeCheck::State::text(SourceRange R) const {
  CharSourceRange CR = fileRange(R);
  return Lexer::getSourceText(CR.isValid() ? CR : sm().getExpansionRange(R), sm(),
                              Ctx->getLangOpts())
      .str();
}

std::string HardcodedWarpSizeCheck::State::quote(SourceRange R) const {
  llvm::SmallVector<llvm::StringRef, 8> Words;
  std::string Text = text(R);
  llvm::SplitString(Text, Words);
  std::string Out = llvm::join(Words, " ");
  return Out.size() <= MaxQuotedChars ? Out : Out.substr(0, MaxQuotedChars - 3) + "...";
}

std::string HardcodedWarpSizeCheck::State::waveSize(const Stmt *At, bool Minus1, bool Paren) const {
  std::string W = requiresConstant(At, *Ctx) ? Constant : "warpSize";
  if (uint64_t V = 0; Minus1 && !llvm::StringRef(W).getAsInteger(0, V) && V > 0)
    return std::to_string(V - 1);
  return !Minus1 ? W : Paren ? "(" + W + " - 1)" : W + " - 1";
}

const Expr *HardcodedWarpSizeCheck::State::fieldSource(const MemberExpr *ME,
                                                       const VarDecl *&Holder) const {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  const auto *Base = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  const auto *VD = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
  if (!FD || !VD || isa<ParmVarDecl>(VD) || ME->isArrow())
    return nullptr;
  Holder = VD;
  auto Default = [&](const Expr *I) -> const Expr * {
    if (isa_and_nonnull<CXXDefaultInitExpr>(I))
      return FD->getInClassInitializer();
    return I;
  };
  if (VD->isConstexpr()) {
    const Expr *Init = VD->getAnyInitializer();
    const auto *ILE = dyn_cast_or_null<InitListExpr>(Init ? Init->IgnoreImplicit() : nullptr);
    if (ILE && FD->getFieldIndex() < ILE->getNumInits())
      return Default(ILE->getInit(FD->getFieldIndex()));
    return nullptr;
  }
  if (!VD->hasLocalStorage() || VD->getType().isConstQualified())
    return nullptr;
  if (const Expr *Init = VD->getInit()) // only a default construction, no values
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit());
        !CE || CE->getNumArgs() != 0)
      return nullptr;
  const auto *Fn = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  const Expr *Found = nullptr;
  bool Other = !Fn || !Fn->getBody();
  auto IsHolder = [&](const Expr *E) {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return D && D->getDecl() == VD;
  };
  forEachStmt(Fn ? Fn->getBody() : nullptr, [&](const Stmt *S) {
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp()) {
      const auto *L = dyn_cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts());
      if (IsHolder(B->getLHS()))
        Other = true;
      else if (L && IsHolder(L->getBase()) && L->getMemberDecl() == FD) {
        Other |= Found || B->getOpcode() != BO_Assign;
        Found = B->getRHS();
      }
    } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
      const auto *M = dyn_cast<MemberExpr>(U->getSubExpr()->IgnoreParenImpCasts());
      if ((U->getOpcode() == UO_AddrOf && IsHolder(U->getSubExpr())) ||
          (U->isIncrementDecrementOp() && M && IsHolder(M->getBase())))
        Other = true;
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) { // operators as well
      for (const Expr *A : Call->arguments())
        Other |= IsHolder(A);
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
        Other |= MC->getImplicitObjectArgument() && IsHolder(MC->getImplicitObjectArgument());
    }
  });
  return Other ? nullptr : Found;
}

std::optional<int64_t> HardcodedWarpSizeCheck::State::valueOf(const Expr *E) const {
  if (std::optional<int64_t> V = constantValue(E, *Ctx))
    return V;
  const VarDecl *Holder = nullptr;
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  const Expr *Src = ME ? fieldSource(ME, Holder) : nullptr;
  return Src ? constantValue(Src, *Ctx) : std::nullopt;
}

std::optional<DefKey> HardcodedWarpSizeCheck::State::origin(const Expr *E, bool &Skip) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const Expr *Init = nullptr;
    const VarDecl *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && !isa<ParmVarDecl>(VD) && VD->getType().isConstQualified())
      Init = VD->getAnyInitializer(VD);
    else if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
      Init = EC->getInitExpr();
    if (!Init || constantValue(Init, *Ctx) != CudaWarpSize)
      return std::nullopt;
    if (inSystemHeader(DRE->getDecl()->getLocation(), sm()))
      return Skip = true, std::nullopt;
    if (std::optional<DefKey> Macro = origin(Init, Skip); Macro || Skip)
      return Macro; // `constexpr int kWarp = WARP_SIZE;`: the macro is the source
    DefKey K = sm().getFileLoc(Init->getBeginLoc()).getRawEncoding();
    if (auto [It, New] = Defs.try_emplace(K); New)
      It->second = {DRE->getDecl()->getName().str(), fileRange(Init->getSourceRange()), true,
                    DRE->getDecl()};
    return K;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const VarDecl *Holder = nullptr;
    const Expr *Src = fieldSource(ME, Holder);
    if (!Src || constantValue(Src, *Ctx) != CudaWarpSize)
      return std::nullopt;
    if (inSystemHeader(ME->getMemberDecl()->getLocation(), sm()))
      return Skip = true, std::nullopt;
    if (std::optional<DefKey> Macro = origin(Src, Skip); Macro || Skip)
      return Macro;
    DefKey K = sm().getFileLoc(Src->getBeginLoc()).getRawEncoding();
    // Named by the field; a fix at the definition needs every reference
    // of the holder to be a reported use, which an assignment never is.
    if (auto [It, New] = Defs.try_emplace(K); New)
      It->second = {ME->getMemberDecl()->getName().str(), fileRange(Src->getSourceRange()),
                    true, Holder};
    return K;
  }
  if (const auto *Sub = dyn_cast<BinaryOperator>(E))
    if (Sub->getOpcode() == BO_Sub && constantValue(Sub->getRHS(), *Ctx) == 1)
      if (std::optional<DefKey> K = origin(Sub->getLHS(), Skip); K || Skip)
        return K;
  SourceLocation Spelling = sm().getSpellingLoc(E->getBeginLoc());
  if (!E->getBeginLoc().isMacroID())
    return std::nullopt;
  if (sm().isInSystemHeader(Spelling))
    return Skip = true, std::nullopt;
  if (Defs.count(Spelling.getRawEncoding()))
    return Spelling.getRawEncoding();
  return std::nullopt;
}

bool HardcodedWarpSizeCheck::State::add(Role R, const FunctionDecl *Fn, const Expr *Operand,
                                        std::string Code, llvm::ArrayRef<Edit> Edits,
                                        const VarDecl *Array) {
  bool Skip = false;
  std::optional<DefKey> Def = origin(Operand, Skip);
  if (Skip || (!Fn && !Array)) // host code; arrays may be at namespace scope
    return false;
  // A 32 computed from something else (`WarpSize / 2`, `sizeof(int) * 8`)
  // is a deliberate half-wave split or a bit count, not a CUDA warp size.
  if (!Def && !isa<IntegerLiteral>(Operand->IgnoreParenImpCasts()))
    return false;
  std::vector<FixItHint> Fixes;
  for (const Edit &E : Edits)
    if (CharSourceRange CR = fileRange(E.Range); CR.isValid() && !Def)
      Fixes.push_back(FixItHint::CreateReplacement(CR, E.Text));
  if (Fixes.size() != Edits.size())
    Fixes.clear();
  Findings.push_back({R, Fn, sm().getFileLoc(Operand->getBeginLoc()), std::move(Code), Def,
                      std::move(Fixes), Array});
  return true;
}

} // namespace wavecheck
