//===--- WorkgroupIds.cpp - linear workgroup ids and their XCD remaps ------===//
#include "checks/WorkgroupIds.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;

namespace wavecheck {

/// Links followed through local initialisers when looking for the parts of
/// an inline remap (xcd -> id, offset_in_chunk -> slot -> id).
static constexpr unsigned MaxLinks = 4;

static bool nameHas(llvm::StringRef Name, llvm::StringRef Part) {
  return llvm::StringRef(Name.lower()).contains(Part);
}

bool isRemapName(llvm::StringRef Name) {
  return nameHas(Name, "remap") || nameHas(Name, "xcd");
}

/// For a read of `Object.x` (`.y`, `.z`) as written (a member, or the MS
/// property of ROCm's and the stand-in's headers), the component letter;
/// `__builtin_amdgcn_workgroup_id_x()` reads `blockIdx.x`. 0 otherwise.
static char builtinComponent(const Expr *E, llvm::StringRef Object) {
  E = E->IgnoreParenImpCasts();
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E))
    E = POE->getSyntacticForm()->IgnoreParens();
  const Expr *Base = nullptr;
  llvm::StringRef Member;
  if (const auto *P = dyn_cast<MSPropertyRefExpr>(E)) {
    Base = P->getBaseExpr();
    Member = P->getPropertyDecl()->getName();
  } else if (const auto *M = dyn_cast<MemberExpr>(E)) {
    Base = M->getBase();
    if (M->getMemberDecl()->getIdentifier())
      Member = M->getMemberDecl()->getName();
  } else if (const auto *C = dyn_cast<CallExpr>(E)) {
    llvm::StringRef N = calleeName(C);
    return Object == "blockIdx" && N.consume_front("__builtin_amdgcn_workgroup_id_") &&
                   N.size() == 1
               ? N[0]
               : 0;
  }
  if (!Base)
    return 0;
  Base = Base->IgnoreParenImpCasts();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
    Base = OVE->getSourceExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Base);
  if (!DRE || !DRE->getDecl()->getIdentifier() || DRE->getDecl()->getName() != Object)
    return 0;
  return Member.size() == 1 && Member[0] >= 'x' && Member[0] <= 'z' ? Member[0] : 0;
}

static bool reads(const Expr *E, llvm::StringRef Object, char C) {
  return builtinComponent(E, Object) == C;
}

bool isWorkgroupIdRead(const Expr *E) { return builtinComponent(E, "blockIdx") != 0; }

/// `Hi * gridDim.<C> + blockIdx.<C>` in any operand order: returns Hi.
static const Expr *linearStep(const Expr *E, char C) {
  const auto *Sum = dyn_cast<BinaryOperator>(E->IgnoreParenCasts());
  if (!Sum || Sum->getOpcode() != BO_Add)
    return nullptr;
  for (auto [Lo, Hi] : {std::pair(Sum->getLHS(), Sum->getRHS()),
                        std::pair(Sum->getRHS(), Sum->getLHS())}) {
    const auto *Mul = dyn_cast<BinaryOperator>(Hi->IgnoreParenCasts());
    if (!reads(Lo, "blockIdx", C) || !Mul || Mul->getOpcode() != BO_Mul)
      continue;
    if (reads(Mul->getRHS(), "gridDim", C))
      return Mul->getLHS();
    if (reads(Mul->getLHS(), "gridDim", C))
      return Mul->getRHS();
  }
  return nullptr;
}

unsigned linearBlockIdDims(const Expr *E) {
  if (!E)
    return 0;
  if (reads(E, "blockIdx", 'x'))
    return DimX;
  const Expr *Y = linearStep(E, 'x');
  if (!Y)
    return 0;
  if (reads(Y, "blockIdx", 'y'))
    return DimX | DimY;
  const Expr *Z = linearStep(Y, 'y');
  return Z && reads(Z, "blockIdx", 'z') ? DimX | DimY | DimZ : 0;
}

/// True when \p Loc is in the expansion of a macro named remap or xcd.
bool inRemapMacro(SourceLocation Loc, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  while (Loc.isMacroID()) {
    if (isRemapName(Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts())))
      return true;
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  return false;
}

/// The XCD count as a divisor: the target's count as a constant (`8`,
/// `NUM_XCDS`), a variable or macro named like one (`num_xcds`), or a
/// parameter defaulting to the count (`int dies = 8`).
bool XcdRemapRecognizer::isXcdCount(const Expr *K) const {
  if (constantValue(K, Ctx) == static_cast<int64_t>(NumXcds))
    return true;
  K = K->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(K)) {
    if (DRE->getDecl()->getIdentifier() && nameHas(DRE->getDecl()->getName(), "xcd"))
      return true;
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
        P && P->hasDefaultArg() && !P->hasUninstantiatedDefaultArg() &&
        !P->hasUnparsedDefaultArg() &&
        constantValue(P->getDefaultArg(), Ctx) == static_cast<int64_t>(NumXcds))
      return true;
  }
  SourceLocation Loc = K->getBeginLoc();
  return Loc.isMacroID() &&
         nameHas(Lexer::getImmediateMacroName(Loc, Ctx.getSourceManager(), Ctx.getLangOpts()),
                 "xcd");
}

/// True when \p E mentions (through local initialisers) the id's XCD,
/// `id % K` (Slot false), or its slot on that XCD, `id / K` (Slot true), K
/// the XCD count; also `& (K-1)` and `>> log2(K)`. The matched nodes are
/// appended to \p Parts.
bool XcdRemapRecognizer::mentionsXcdPart(const Expr *E, bool Slot, IdPredicate IsId,
                                         llvm::SmallVectorImpl<const Expr *> &Parts,
                                         unsigned Links) const {
  if (!E)
    return false;
  E = E->IgnoreParenCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && IsId(BO->getLHS())) {
    BinaryOperatorKind Op = BO->getOpcode();
    std::optional<int64_t> R = constantValue(BO->getRHS(), Ctx);
    bool Pow2 = llvm::isPowerOf2_32(NumXcds);
    bool Hit = Slot ? (Op == BO_Div && isXcdCount(BO->getRHS())) ||
                          (Op == BO_Shr && Pow2 && R == llvm::Log2_32(NumXcds))
                    : (Op == BO_Rem && isXcdCount(BO->getRHS())) ||
                          (Op == BO_And && Pow2 && R == NumXcds - 1);
    if (Hit) {
      Parts.push_back(BO);
      return true;
    }
  }
  if (const VarDecl *V = localVarRef(E))
    return Links && V->getInit() && mentionsXcdPart(V->getInit(), Slot, IsId, Parts, Links - 1);
  bool Found = false;
  for (const Stmt *C : E->children())
    Found |= mentionsXcdPart(dyn_cast_or_null<Expr>(C), Slot, IsId, Parts, Links);
  return Found;
}

static void flatten(const Expr *E, BinaryOperatorKind A, BinaryOperatorKind B,
                    llvm::SmallVectorImpl<const Expr *> &Out) {
  E = E->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (BO && (BO->getOpcode() == A || BO->getOpcode() == B)) {
    flatten(BO->getLHS(), A, B, Out);
    flatten(BO->getRHS(), A, B, Out);
    return;
  }
  Out.push_back(E);
}

/// The remap arithmetic and its variants: a sum with a product term whose
/// factor is the id's XCD (`(pid % 8) * per_xcd`, `xcd * CHUNK`,
/// `(xcd - tall) * (per - 1)`) and a plain term holding the id's slot on it
/// (`pid / 8`, `local`, `pos_in_chunk` from `local % CHUNK`).
bool XcdRemapRecognizer::isRemapArithmetic(const Expr *E, IdPredicate IsId,
                                           llvm::SmallVectorImpl<const Expr *> &Parts) const {
  const auto *Top = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!Top || (Top->getOpcode() != BO_Add && Top->getOpcode() != BO_Sub))
    return false;
  llvm::SmallVector<const Expr *, 4> Terms, Found;
  flatten(Top, BO_Add, BO_Sub, Terms);
  bool XcdTerm = false, SlotTerm = false;
  for (const Expr *T : Terms) {
    const auto *Mul = dyn_cast<BinaryOperator>(T);
    if (Mul && Mul->getOpcode() == BO_Mul) {
      llvm::SmallVector<const Expr *, 4> Factors;
      flatten(Mul, BO_Mul, BO_Mul, Factors);
      for (const Expr *F : Factors)
        XcdTerm |= mentionsXcdPart(F, /*Slot=*/false, IsId, Found, MaxLinks);
    } else {
      SlotTerm |= mentionsXcdPart(T, /*Slot=*/true, IsId, Found, MaxLinks);
    }
  }
  if (XcdTerm && SlotTerm)
    Parts.append(Found.begin(), Found.end());
  return XcdTerm && SlotTerm;
}

/// A function whose body holds the remap arithmetic over its parameters (a
/// helper named neither remap nor xcd).
bool XcdRemapRecognizer::isRemapFunction(const FunctionDecl *FD) {
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  if (!Def || !Def->hasBody())
    return false;
  auto [It, New] = Functions.try_emplace(Def, false);
  if (!New)
    return It->second;
  auto IsParam = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
    return DRE && isa<ParmVarDecl>(DRE->getDecl());
  };
  bool Found = false;
  llvm::SmallVector<const Expr *, 4> Parts;
  forEachStmt(Def->getBody(), [&](const Stmt *S) {
    if (const auto *E = dyn_cast<Expr>(S); E && !Found)
      Found = isRemapArithmetic(E, IsParam, Parts);
  });
  return Functions[Def] = Found;
}

} // namespace wavecheck
