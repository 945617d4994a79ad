//===--- Fp8Bounds.cpp - FP8 range bounds 448 and 240 ----------------------===//
///
/// \file
/// For fp8-format-target-mismatch: the literals 448 and 240 (and constants
/// holding them) used as an FP8 range bound, how each is used (roleOf()),
/// and the report of those that bound the other format than the target's.
///
//===----------------------------------------------------------------------===//
#include "checks/Fp8FormatTargetMismatchCheck.h"
#include "checks/Fp8Types.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace wavecheck {

using fp8::Origin;
using fp8::Spelling;
using namespace fp8::detail;

/// True for a function that bounds a value by its arguments: clamps,
/// `fminf`/`fmaxf`, `min`/`max` and their builtins (also user helpers named
/// like a clamp or saturation).
static bool isClampName(llvm::StringRef Name) {
  Name.consume_front("__builtin_elementwise_");
  Name.consume_front("__builtin_");
  Name.consume_front("__h");
  if (llvm::is_contained({"fminf", "fmaxf", "fmin", "fmax", "min", "max", "fminl", "fmaxl"},
                         Name))
    return true;
  std::string L = Name.lower();
  return llvm::StringRef(L).contains("clamp") || llvm::StringRef(L).contains("clip") ||
         llvm::StringRef(L).contains("saturat");
}

/// How a value (a literal 448/240, or a constant holding one) is used:
/// as an FP8 range bound (an argument of a clamp, a comparison operand, a
/// scale divisor or factor, an arm of a clamping `?:`; for a literal also
/// the value of a variable, field or function whose name mentions FP8), and
/// whether it is floating-point there.
struct ValueRole {
  bool Bound = false, Floating = false, Reached = false;
};

static ValueRole roleOf(const Expr *Start, ASTContext &Ctx, bool Literal) {
  ValueRole Role;
  Role.Floating = Start->getType()->isRealFloatingType();
  // Up through parentheses, casts, signs and temporaries.
  DynTypedNode Child = DynTypedNode::create(*Start), Parent;
  while (true) {
    DynTypedNodeList Ps = Ctx.getParentMapContext().getParents(Child);
    if (Ps.empty())
      return Role;
    Parent = Ps[0];
    const auto *E = Parent.get<Expr>();
    const auto *U = dyn_cast_or_null<UnaryOperator>(E);
    bool Through = isa_and_nonnull<ParenExpr, CastExpr, MaterializeTemporaryExpr,
                                   ConstantExpr, ExprWithCleanups>(E) ||
                   (U && (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus));
    if (!Through)
      break;
    Role.Floating |= isa<CastExpr>(E) && E->getType()->isRealFloatingType();
    Child = Parent;
  }
  Role.Reached = true;
  // Where the value goes: a clamp or scale needs a floating-point one (the
  // int in `x / 448` is converted, the one in `n < 448` with int n is not).
  const auto *ChildExpr = Child.get<Expr>();
  auto IsFloat = [](QualType T) { return T.getNonReferenceType()->isRealFloatingType(); };
  bool &Bound = Role.Bound, &Floating = Role.Floating;
  if (const auto *Call = Parent.get<CallExpr>()) {
    Bound = !isa<CXXOperatorCallExpr>(Call) && isClampName(calleeName(Call));
    Floating |= IsFloat(Call->getType());
  } else if (const auto *BO = Parent.get<BinaryOperator>()) {
    Bound = BO->isComparisonOp() ||
            llvm::is_contained({BO_Div, BO_Mul, BO_DivAssign, BO_MulAssign}, BO->getOpcode());
    Floating |= IsFloat(BO->getLHS()->getType()) || IsFloat(BO->getRHS()->getType());
  } else if (const auto *CO = Parent.get<ConditionalOperator>()) {
    const auto *Cond = dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
    Bound = ChildExpr != CO->getCond() && Cond && Cond->isComparisonOp();
    Floating |= IsFloat(CO->getType());
  } else if (const auto *ND = Parent.get<DeclaratorDecl>(); ND && Literal) {
    const auto *RD = dyn_cast<RecordDecl>(ND->getDeclContext());
    Bound = (ND->getIdentifier() && fp8::mentionsFp8(ND->getName())) ||
            (RD && RD->getIdentifier() && fp8::mentionsFp8(RD->getName()));
    Floating |= IsFloat(ND->getType());
  } else if (const auto *Ret = Parent.get<ReturnStmt>(); Ret && Literal) {
    const FunctionDecl *FD = enclosingFunction(Ret, Ctx, /*InnermostLambda=*/true);
    Bound = FD && FD->getIdentifier() && fp8::mentionsFp8(FD->getName());
    Floating |= FD && IsFloat(FD->getReturnType());
  }
  return Role;
}

/// The value of \p E when it is the literal 448 or 240 (also `-448.f`,
/// `(float)448`), and the literal.
static std::optional<std::pair<int, const Expr *>> maximumLiteral(const Expr *E) {
  while (E) {
    E = E->IgnoreParenCasts();
    const auto *U = dyn_cast<UnaryOperator>(E);
    if (!U || (U->getOpcode() != UO_Minus && U->getOpcode() != UO_Plus))
      break;
    E = U->getSubExpr();
  }
  double V = -1;
  if (const auto *FL = dyn_cast_or_null<FloatingLiteral>(E))
    V = FL->getValueAsApproximateDouble();
  else if (const auto *IL = dyn_cast_or_null<IntegerLiteral>(E))
    V = static_cast<double>(IL->getValue().getZExtValue());
  if (V != fp8::OcpE4m3Max && V != fp8::FnuzE4m3Max)
    return std::nullopt;
  return std::pair(static_cast<int>(V), E);
}

/// Literals 448 and 240 used as an FP8 range bound (roleOf()).
void Fp8FormatTargetMismatchCheck::checkLiteral(const MatchResult &R) {
  const auto *Lit = R.Nodes.getNodeAs<Expr>("lit");
  double V = 0;
  if (const auto *FL = dyn_cast<FloatingLiteral>(Lit))
    V = FL->getValueAsApproximateDouble();
  else
    V = static_cast<double>(cast<IntegerLiteral>(Lit)->getValue().getZExtValue());
  if ((V != fp8::OcpE4m3Max && V != fp8::FnuzE4m3Max) ||
      inSystemCode(Lit->getBeginLoc(), *SM))
    return;
  ValueRole Role = roleOf(Lit, *R.Context, /*Literal=*/true);
  if (!Role.Reached || !Role.Floating)
    return;
  // A software encoder that builds the FP8 byte itself (it returns the
  // 8-bit code) implements the format it is written for; the hardware's
  // format does not apply to it.
  if (const FunctionDecl *FD = enclosingFunction(Lit, *R.Context, /*InnermostLambda=*/true);
      FD && FD->getReturnType()->isIntegerType() && !FD->getReturnType()->isDependentType() &&
      R.Context->getTypeSize(FD->getReturnType()) == 8)
    return;
  SourceLocation Written = SM->getSpellingLoc(Lit->getBeginLoc());
  SourceLocation Expansion = SM->getExpansionLoc(Lit->getBeginLoc());
  int Value = static_cast<int>(V);
  AllMaxima.push_back({Written, Expansion, Value});
  // A member of `template <> struct limits<__hip_fp8_e4m3_fnuz>` bounds that
  // type; one of a class named for FP8 or a constant so named is a bound.
  const Spelling *Key = nullptr;
  if (DynTypedNodeList Ps = R.Context->getParents(*Lit); !Ps.empty())
    for (DynTypedNode N = Ps[0];;) {
      if (const auto *VD = N.get<VarDecl>()) {
        Key = specializationKey(VD->getDeclContext());
        break;
      }
      if (!N.get<Expr>())
        break;
      DynTypedNodeList Up = R.Context->getParents(N);
      if (Up.empty())
        break;
      N = Up[0];
    }
  if (Role.Bound || Key)
    Bounds.push_back({Written, Expansion, Value, Key});
}

/// A constant equal to 448 or 240 used as an FP8 range bound:
/// `constexpr float kMax = 448.f;` then `fminf(v, kMax)`, or the member of
/// a limits trait (`limits<__hip_fp8_e4m3_fnuz>::max`). Reported at the
/// constant's literal.
void Fp8FormatTargetMismatchCheck::checkConstantRef(const MatchResult &R) {
  const auto *Ref = R.Nodes.getNodeAs<DeclRefExpr>("cref");
  const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
  const Expr *Init = VD ? VD->getAnyInitializer() : nullptr;
  auto Max = Init ? maximumLiteral(Init) : std::nullopt;
  if (!Max || inSystemCode(Ref->getBeginLoc(), *SM) ||
      inSystemCode(Max->second->getBeginLoc(), *SM))
    return;
  ValueRole Role = roleOf(Ref, *R.Context, /*Literal=*/false);
  if (!Role.Bound || !(Role.Floating || VD->getType()->isRealFloatingType()))
    return;
  const Expr *Lit = Max->second;
  Bound B{SM->getSpellingLoc(Lit->getBeginLoc()), SM->getExpansionLoc(Lit->getBeginLoc()),
          Max->first, specializationKey(VD->getDeclContext())};
  B.Use = SM->getFileLoc(Ref->getLocation());
  B.NameMentionsFp8 = VD->getIdentifier() && fp8::mentionsFp8(VD->getName());
  Bounds.push_back(B);
}

void Fp8FormatTargetMismatchCheck::reportBounds(Fp8Format Target) {
  // Scopes holding both maxima choose the bound at run time (counted lazily).
  std::vector<unsigned> Seen;
  auto HoldsBoth = [&](int S) {
    if (Seen.empty()) {
      Seen.resize(Scopes.size() + 1);
      for (const Bound &B : AllMaxima)
        Seen[scopeOf(B.Expansion) + 1] |= B.Value == fp8::OcpE4m3Max ? 1 : 2;
    }
    return S >= 0 && Seen[S + 1] == 3;
  };
  for (const fp8::NamedConstant &C : Facts.Constants)
    Bounds.push_back({C.Literal, C.Literal, C.Value});
  llvm::DenseSet<unsigned> Done;
  for (const Bound &B : Bounds) {
    auto [Want, InBranch, CanFix] = expectedAt(B.Written, B.Expansion, Target);
    if (B.Key) {
      // A trait member of one FP8 type is judged by that type, on every
      // target; 448 and 240 say nothing about E5M2.
      if (B.Key->Fam != fp8::Family::E4M3)
        continue;
      Want = B.Key->Format;
      InBranch = false;
      CanFix = true;
    } else if (B.Use.isValid() && !B.NameMentionsFp8) {
      CanFix = false; // the constant may serve elsewhere too
    }
    int Wrong = Want == Fp8Format::FNUZ  ? fp8::OcpE4m3Max
                : Want == Fp8Format::OCP ? fp8::FnuzE4m3Max
                                         : 0;
    if (B.Value != Wrong || (!B.Key && HoldsBoth(scopeOf(B.Expansion))) ||
        !Done.insert(B.Written.getRawEncoding()).second)
      continue;
    bool ToFnuz = Want == Fp8Format::FNUZ;
    CharSourceRange Tok = CharSourceRange::getTokenRange(B.Written);
    llvm::StringRef Text = Lexer::getSourceText(Tok, *SM, *LangOpts);
    llvm::StringRef From = ToFnuz ? "448" : "240", To = ToFnuz ? "240" : "448";
    std::optional<DiagnosticBuilder> D;
    if (B.Key)
      D.emplace(diag(B.Written,
                     ToFnuz ? "448 is the OCP E4M3 maximum but it bounds '%0', an FNUZ "
                              "type, whose E4M3 saturates at 240: values scaled or clamped "
                              "to 448 saturate at 240 or convert to NaN"
                            : "240 is the FNUZ E4M3 maximum but it bounds '%0', an OCP "
                              "type, whose E4M3 saturates at 448: scaling or clamping to "
                              "240 cuts values in (240, 448] and leaves the top of the "
                              "range unused")
                << B.Key->Name);
    else
      D.emplace(diag(B.Written,
                     ToFnuz ? "448 is the OCP E4M3 maximum but %select{this target computes|"
                              "this branch is compiled for targets that compute}0 FP8 in "
                              "FNUZ, whose E4M3 saturates at 240: values scaled or clamped "
                              "to 448 saturate at 240 or convert to NaN"
                            : "240 is the FNUZ E4M3 maximum but %select{this target "
                              "computes|this branch is compiled for targets that compute}0 "
                              "FP8 in OCP, whose E4M3 saturates at 448: scaling or clamping "
                              "to 240 cuts values in (240, 448] and leaves the top of the "
                              "range unused")
                << InBranch);
    if (CanFix && Text.starts_with(From))
      *D << FixItHint::CreateReplacement(Tok, (To + Text.drop_front(3)).str());
    D.reset();
    if (B.Use.isValid())
      diag(B.Use, "the constant is used as an FP8 range bound here", DiagnosticIDs::Note);
  }
}

} // namespace wavecheck
