//===--- Fp8FormatTargetMismatchCheck.cpp - fp8-format-target-mismatch ----===//
///
/// \file
/// The matchers and check() of fp8-format-target-mismatch, which collect the
/// FP8 spellings the code names (types, enumerators, typedefs) and pass
/// range bounds and conversions on (Fp8Bounds.cpp, Fp8Conversions.cpp); and
/// the FP8 type of a C++ type (Fp8Types.h). The end-of-TU report is in
/// Fp8Report.cpp.
///
//===----------------------------------------------------------------------===//
#include "checks/Fp8FormatTargetMismatchCheck.h"
#include "checks/Fp8Bias.h"
#include "checks/Fp8Types.h"
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

namespace fp8::detail {

const Spelling *fp8TypeOf(QualType T) {
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

const Spelling *specializationKey(const DeclContext *DC) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(DC);
  if (!Spec)
    return nullptr;
  for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type)
      if (const Spelling *S = fp8TypeOf(A.getAsType()))
        return S;
  return nullptr;
}

} // namespace fp8::detail

using namespace fp8::detail;

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

} // namespace wavecheck
