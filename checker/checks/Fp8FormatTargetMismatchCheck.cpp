//===--- Fp8FormatTargetMismatchCheck.cpp - fp8-format-target-mismatch ----===//
#include "checks/Fp8FormatTargetMismatchCheck.h"
#include "checks/Fp8Bias.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace wavecheck {

using fp8::Origin;
using fp8::Spelling;

namespace {

/// A type or enumerator named like an FP8 spelling the AST can see.
AST_MATCHER(NamedDecl, isFp8Spelling) {
  const Spelling *S = Node.getIdentifier() ? fp8::findSpelling(Node.getName()) : nullptr;
  return S && S->From != Origin::PyTorch;
}

/// Calls whose arguments are the bytes of two objects: copies and bit casts.
AST_MATCHER(CallExpr, copiesBytes) {
  return llvm::StringSwitch<bool>(calleeName(&Node))
      .Cases({"memcpy", "memmove", "__builtin_memcpy", "__builtin_memmove"}, true)
      .Cases({"hipMemcpy", "hipMemcpyAsync", "cudaMemcpy", "cudaMemcpyAsync"}, true)
      .Case("bit_cast", true)
      .Default(false);
}

} // namespace

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

/// The FP8 spelling of the element type of \p T (through references,
/// pointers, arrays and typedefs): a HIP, CUDA or PyTorch FP8 class.
static const Spelling *fp8TypeOf(QualType T) {
  T = T.getNonReferenceType();
  while (!T.isNull() && (T->isPointerType() || T->isArrayType()))
    T = T->isPointerType() ? T->getPointeeType()
                           : QualType(T->getPointeeOrArrayElementType(), 0);
  const auto *RD = T.isNull() ? nullptr : T.getCanonicalType()->getAsRecordDecl();
  const Spelling *S = RD && RD->getIdentifier() ? fp8::findSpelling(RD->getName()) : nullptr;
  return S && (S->From == Origin::HipType || S->From == Origin::CudaType ||
               S->From == Origin::PyTorch)
             ? S
             : nullptr;
}

/// Locals followed back to their initialiser when looking for the bytes a
/// pointer views.
static constexpr unsigned MaxByteLinks = 4;

/// True when local \p V is given a new value after its declaration by a
/// plain assignment (`p = other;`): its initialiser no longer tells what it
/// points at; or when bytes are written through it (`p[i] = fix(p[i])`): the
/// buffer may be converted in place. Stepping it (`++p`, `p += n`) keeps it
/// in the same buffer.
static bool reassigned(const VarDecl *V, const Expr *Use, ASTContext &Ctx) {
  const FunctionDecl *Fn = enclosingFunction(Use, Ctx);
  bool Found = false;
  auto Through = [&](const Expr *L) {
    L = L->IgnoreParenImpCasts();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(L))
      return localVarRef(ASE->getBase()) == V;
    const auto *UO = dyn_cast<UnaryOperator>(L);
    if (!UO || UO->getOpcode() != UO_Deref)
      return false;
    const Expr *P = UO->getSubExpr()->IgnoreParenImpCasts();
    while (const auto *BO = dyn_cast<BinaryOperator>(P))
      P = BO->getLHS()->IgnoreParenImpCasts();
    return localVarRef(P) == V;
  };
  forEachStmt(Fn ? Fn->getBody() : nullptr, [&](const Stmt *S) {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    Found |= BO && BO->getOpcode() == BO_Assign && localVarRef(BO->getLHS()) == V;
    Found |= BO && BO->isAssignmentOp() && Through(BO->getLHS());
    const auto *UO = dyn_cast<UnaryOperator>(S);
    Found |= UO && UO->getOpcode() == UO_AddrOf && localVarRef(UO->getSubExpr()) == V;
  });
  return Found;
}

/// The expression whose bytes \p E reads: through parentheses, implicit
/// casts, explicit casts to pointers that are not FP8 (`(void *)p`,
/// `reinterpret_cast<uint8_t *>(p)`), pointer arithmetic (`p + off`,
/// `&p[i]`), element reads (`p[i]`, `*p`: the buffer read) and local
/// pointers set once (`const uint8_t *p = (const uint8_t *)ocp;`).
static const Expr *bytesSource(const Expr *E, ASTContext &Ctx) {
  unsigned Links = MaxByteLinks;
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (fp8TypeOf(E->getType()))
      return E;
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E); C && C->getType()->isPointerType()) {
      E = C->getSubExpr();
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->getType()->isPointerType() &&
        (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref)) {
      E = UO->getSubExpr();
      continue;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      E = ASE->getBase();
      continue;
    }
    const VarDecl *V = localVarRef(E);
    if (V && Links && V->getType()->isPointerType() && V->getInit() && !reassigned(V, E, Ctx)) {
      --Links;
      E = V->getInit();
      continue;
    }
    return E;
  }
}

/// The FP8 type an explicit specialization of a class template is keyed by
/// (`template <> struct limits<__hip_fp8_e4m3_fnuz>`): the bounds it holds
/// are that type's, whatever the target.
static const Spelling *specializationKey(const DeclContext *DC) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(DC);
  if (!Spec)
    return nullptr;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type)
      if (const Spelling *S = fp8TypeOf(A.getAsType()))
        return S;
  return nullptr;
}

Fp8FormatTargetMismatchCheck::Fp8FormatTargetMismatchCheck(
    llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
    : WaveCheck(Name, Context) {}

void Fp8FormatTargetMismatchCheck::storeOptions(
    clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  WaveCheck::storeOptions(Opts);
}

void Fp8FormatTargetMismatchCheck::registerPPCallbacks(const SourceManager &SM,
                                                       Preprocessor *PP,
                                                       Preprocessor *) {
  this->SM = &SM;
  LangOpts = &PP->getLangOpts();
  Ctx = nullptr;
  Facts = fp8::PreprocessorFacts();
  Uses.clear();
  Bounds.clear();
  Biases.clear();
  AllMaxima.clear();
  Scopes.clear();
  Converted.clear();
  Keyed.clear();
  ParamViews.clear();
  ParamArgs.clear();
  PP->addPPCallbacks(fp8::makeFactsCollector(SM, Facts));
}

void Fp8FormatTargetMismatchCheck::registerMatchers(MatchFinder *Finder) {
  auto Maximum = anyOf(equals(fp8::OcpE4m3Max), equals(fp8::FnuzE4m3Max));
  auto NamespaceScope =
      hasDeclContext(anyOf(translationUnitDecl(), namespaceDecl(), linkageSpecDecl()));
  Finder->addMatcher(typeLoc(loc(qualType(hasDeclaration(namedDecl(isFp8Spelling())))))
                         .bind("type"),
                     this);
  Finder->addMatcher(declRefExpr(to(enumConstantDecl(isFp8Spelling()))).bind("enum"), this);
  Finder->addMatcher(expr(anyOf(floatLiteral(), integerLiteral(Maximum))).bind("lit"), this);
  Finder->addMatcher(
      declRefExpr(to(varDecl(anyOf(isConstexpr(), hasType(isConstQualified()))))).bind("cref"),
      this);
  Finder->addMatcher(classTemplateSpecializationDecl().bind("spec"), this);
  Finder->addMatcher(explicitCastExpr().bind("cast"), this);
  Finder->addMatcher(callExpr(copiesBytes()).bind("copy"), this);
  Finder->addMatcher(callExpr(unless(copiesBytes()), hasAnyArgument(hasType(pointerType())))
                         .bind("call"),
                     this);
  Finder->addMatcher(recordDecl(isUnion(), isDefinition()).bind("union"), this);
  Finder->addMatcher(binaryOperator(hasAnyOperatorName("+", "-"),
                                    unless(isExpansionInSystemHeader()))
                         .bind("bias"),
                     this);
  Finder->addMatcher(functionDecl(isDefinition()).bind("scope"), this);
  Finder->addMatcher(
      decl(NamespaceScope, unless(anyOf(namespaceDecl(), linkageSpecDecl(), functionDecl())))
          .bind("scope"),
      this);
}

void Fp8FormatTargetMismatchCheck::check(const MatchResult &R) {
  Ctx = R.Context;
  if (!SM) { // no preprocessor callbacks (a host that skips them): AST only
    SM = R.SourceManager;
    LangOpts = &R.Context->getLangOpts();
  }
  if (const auto *D = R.Nodes.getNodeAs<Decl>("scope")) {
    if (inSystemCode(D->getLocation(), *SM))
      return;
    auto [F, B] = SM->getDecomposedLoc(SM->getExpansionLoc(D->getBeginLoc()));
    auto [F2, E] = SM->getDecomposedLoc(SM->getExpansionLoc(D->getEndLoc()));
    if (F == F2 && B <= E)
      Scopes.push_back({F, B, E});
    return;
  }
  if (R.Nodes.getNodeAs<TypeLoc>("type") || R.Nodes.getNodeAs<DeclRefExpr>("enum"))
    return checkTypeOrEnum(R);
  if (R.Nodes.getNodeAs<Expr>("lit"))
    return checkLiteral(R);
  if (const auto *BO = R.Nodes.getNodeAs<BinaryOperator>("bias")) {
    if (std::optional<fp8::HandBias> B = fp8::handWrittenBias(BO, *R.Context))
      Biases.push_back(*B);
    return;
  }
  if (R.Nodes.getNodeAs<DeclRefExpr>("cref"))
    return checkConstantRef(R);
  if (const auto *Spec = R.Nodes.getNodeAs<ClassTemplateSpecializationDecl>("spec")) {
    // An explicit specialization for an FP8 type names that type as a key:
    // its own format there is no use of it.
    const Spelling *Key = specializationKey(Spec);
    if (!Key || Spec->getSpecializationKind() != TSK_ExplicitSpecialization ||
        inSystemCode(Spec->getLocation(), *SM))
      return;
    auto [F, B] = SM->getDecomposedLoc(SM->getExpansionLoc(Spec->getBeginLoc()));
    auto [F2, E] = SM->getDecomposedLoc(SM->getExpansionLoc(Spec->getEndLoc()));
    if (F == F2 && B <= E)
      Keyed.push_back({{F, B, E}, Key->Format});
    return;
  }
  checkConversion(R);
}

void Fp8FormatTargetMismatchCheck::addUse(const Spelling *S, SourceLocation Loc,
                                          const TypedefNameDecl *Alias) {
  if (!S || inSystemCode(Loc, *SM))
    return;
  SourceLocation Written = SM->getSpellingLoc(Loc);
  if (!SM->getFileEntryRefForID(SM->getFileID(Written))) // pasted in scratch space
    Written = SM->getExpansionLoc(Loc);
  Uses.push_back({S, Written, SM->getExpansionLoc(Loc), Alias});
}

void Fp8FormatTargetMismatchCheck::checkTypeOrEnum(const MatchResult &R) {
  if (const auto *DRE = R.Nodes.getNodeAs<DeclRefExpr>("enum"))
    return addUse(fp8::findSpelling(DRE->getDecl()->getName()), DRE->getLocation());
  const TypeLoc *Loc = R.Nodes.getNodeAs<TypeLoc>("type");
  if (auto TTL = Loc->getUnqualifiedLoc().getAs<TypedefTypeLoc>()) {
    // A use of a compatibility alias (`__nv_fp8_e4m3` after `typedef
    // __hip_fp8_e4m3 __nv_fp8_e4m3;`): the typedef itself is no finding (see
    // below), so the use is judged here, by the format both names share.
    const TypedefNameDecl *TD = TTL.getDecl();
    const TagDecl *Under = TD ? TD->getUnderlyingType()->getAsTagDecl() : nullptr;
    const Spelling *A = TD && TD->getIdentifier() ? fp8::findSpelling(TD->getName()) : nullptr;
    const Spelling *U =
        Under && Under->getIdentifier() ? fp8::findSpelling(Under->getName()) : nullptr;
    if (A && U && A->Format == U->Format && A->Fam == U->Fam && A->From != U->From &&
        !inSystemCode(TD->getLocation(), *SM))
      addUse(A, TTL.getNameLoc(), TD);
    return;
  }
  auto TL = Loc->getUnqualifiedLoc().getAs<TagTypeLoc>();
  if (!TL || !TL.getDecl()->getIdentifier())
    return;
  const Spelling *S = fp8::findSpelling(TL.getDecl()->getName());
  // `typedef __hip_fp8_e4m3 __nv_fp8_e4m3;` in a port's compatibility
  // header names CUDA's type by HIP's type of the same format: the port is
  // faithful, and the uses of the CUDA name are judged where they are.
  DynTypedNodeList Ps = R.Context->getParents(*Loc);
  if (const auto *TD = Ps.empty() ? nullptr : Ps[0].get<TypedefNameDecl>(); TD && S)
    if (const Spelling *Alias = fp8::findSpelling(TD->getName());
        Alias && Alias->Format == S->Format && Alias->From != S->From)
      return;
  addUse(S, TL.getNameLoc());
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

void Fp8FormatTargetMismatchCheck::reportConversion(SourceRange Span,
                                                    llvm::StringRef Verb, QualType From,
                                                    QualType To) {
  const Spelling *F = fp8TypeOf(From), *T = fp8TypeOf(To);
  SourceLocation Loc = Span.getBegin();
  if (!F || !T || F->Format == T->Format || inSystemCode(Loc, *SM))
    return;
  // The types named here are the conversion, not a run-time format choice.
  auto [File, B] = SM->getDecomposedLoc(SM->getExpansionLoc(Loc));
  auto [File2, E] = SM->getDecomposedLoc(SM->getExpansionLoc(Span.getEnd()));
  if (File == File2)
    Converted.push_back({File, B, E});
  bool Union = Verb == "overlays";
  diag(SM->getFileLoc(Loc), "%0 %1 FP8 bytes %2 %3 ('%4' %5 '%6'): %7; convert the "
                            "values through float instead")
      << Verb << fp8::formatName(F->Format)
      << (Verb == "copies" ? "into" : Union ? "with" : "as") << fp8::formatName(T->Format)
      << F->Name << (Union ? "and" : "to") << T->Name << fp8::consequence(F->Format, F->Fam);
}

/// Bytes of one format read as the other, wrong on every target: pointer and
/// reference casts, byte copies, bit casts and unions.
void Fp8FormatTargetMismatchCheck::checkConversion(const MatchResult &R) {
  if (const auto *C = R.Nodes.getNodeAs<ExplicitCastExpr>("cast")) {
    QualType To = C->getTypeAsWritten();
    // `__builtin_bit_cast(T, v)` and `reinterpret_cast<T &>(v)`: v's bytes.
    if (isa<BuiltinBitCastExpr>(C) || To->isReferenceType())
      return reportConversion(C->getSourceRange(), "reinterprets",
                              bytesSource(C->getSubExpr(), *R.Context)->getType(), To);
    if (To->isPointerType()) {
      const Expr *Src = bytesSource(C->getSubExpr(), *R.Context);
      reportConversion(C->getSourceRange(), "reinterprets", Src->getType(), To);
      // A byte or `void *` parameter viewed as FP8: what callers pass in is
      // judged at the end of the translation unit.
      const auto *DRE = dyn_cast<DeclRefExpr>(Src);
      const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
      if (P && !fp8TypeOf(P->getType()) && fp8TypeOf(To) && !inSystemCode(C->getBeginLoc(), *SM))
        ParamViews.push_back({P, fp8TypeOf(To), SM->getFileLoc(C->getBeginLoc())});
    }
    return;
  }
  if (const auto *Call = R.Nodes.getNodeAs<CallExpr>("call")) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || inSystemCode(Call->getBeginLoc(), *SM))
      return;
    // A lambda's (or any) call operator takes its object as argument 0.
    unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD) ? 1 : 0;
    for (unsigned I = 0; I + Shift < Call->getNumArgs() && I < FD->getNumParams(); ++I) {
      const ParmVarDecl *P = FD->getParamDecl(I);
      const Expr *Arg = Call->getArg(I + Shift);
      if (!P->getType()->isPointerType() || fp8TypeOf(P->getType()))
        continue;
      if (const Spelling *S = fp8TypeOf(bytesSource(Arg, *R.Context)->getType()))
        ParamArgs.push_back({P, S, Arg});
    }
    return;
  }
  if (const auto *Call = R.Nodes.getNodeAs<CallExpr>("copy")) {
    if (calleeName(Call) == "bit_cast") {
      if (Call->getNumArgs() == 1)
        reportConversion(Call->getSourceRange(), "reinterprets",
                         bytesSource(Call->getArg(0), *R.Context)->getType(),
                         Call->getType());
    } else if (Call->getNumArgs() >= 2) {
      reportConversion(Call->getSourceRange(), "copies",
                       bytesSource(Call->getArg(1), *R.Context)->getType(),
                       bytesSource(Call->getArg(0), *R.Context)->getType());
    }
    return;
  }
  const auto *U = R.Nodes.getNodeAs<RecordDecl>("union");
  const FieldDecl *First = nullptr;
  for (const FieldDecl *F : U->fields()) {
    const Spelling *S = fp8TypeOf(F->getType());
    if (!S)
      continue;
    if (!First)
      First = F;
    else if (fp8TypeOf(First->getType())->Format != S->Format)
      return reportConversion({U->getLocation(), U->getEndLoc()}, "overlays",
                              First->getType(), F->getType());
  }
}

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

/// FP8 data of one format passed as bytes (`void *`, `uint8_t *`) to a
/// function that views that parameter as the other format. A function that
/// views it as both (a format chosen at run time) is left alone.
void Fp8FormatTargetMismatchCheck::reportParamViews() {
  for (const ParamArg &A : ParamArgs) {
    const ParamView *View = nullptr;
    bool Both = false;
    for (const ParamView &V : ParamViews) {
      if (V.Param->getCanonicalDecl() != A.Param->getCanonicalDecl() &&
          V.Param != A.Param)
        continue;
      Both |= View && View->As->Format != V.As->Format;
      if (!View)
        View = &V;
    }
    if (!View || Both || View->As->Format == A.From->Format ||
        View->As->Fam != A.From->Fam)
      continue;
    SourceLocation Loc = SM->getFileLoc(A.Arg->getBeginLoc());
    const auto *Fn = dyn_cast<FunctionDecl>(A.Param->getDeclContext());
    diag(Loc, "passes %0 FP8 bytes ('%1') as '%2' to %3, which reads them as %4 ('%5'): "
              "%6; convert the values through float instead")
        << fp8::formatName(A.From->Format) << A.From->Name
        << A.Param->getType().getAsString(PrintingPolicy(Ctx->getLangOpts()))
        << (!Fn ? std::string("the callee")
            : isa<CXXMethodDecl>(Fn) && cast<CXXMethodDecl>(Fn)->getParent()->isLambda()
                ? std::string("a lambda")
                : "'" + Fn->getNameAsString() + "'")
        << fp8::formatName(View->As->Format) << View->As->Name
        << fp8::consequence(A.From->Format, A.From->Fam);
    diag(View->Loc, "the parameter is read as %0 FP8 here", DiagnosticIDs::Note)
        << fp8::formatName(View->As->Format);
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
