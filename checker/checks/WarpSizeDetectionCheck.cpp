//===--- WarpSizeDetectionCheck.cpp - wave64-warp-size-detection -----------===//
///
/// The preprocessor recorder (WarpSizePP.h) gathers the macros that arch
/// tests choose and where they are used; check() gathers function bodies,
/// integer constants and references to `warpSize`; onEndOfTranslationUnit()
/// scans the raw tokens of user files, decides with the target profile and
/// the pass, and emits every diagnostic.
///
/// This file holds the matchers, check() and what it records; the per-TU
/// State is in WarpSizeDetectionState.h, the end of the translation unit in
/// WarpSizeDetectionReport.cpp.
///
//===----------------------------------------------------------------------===//
#include "checks/WarpSizeDetectionCheck.h"
#include "checks/ConstantContext.h"
#include "checks/NodeContext.h"
#include "checks/WarpSizeDetectionState.h"
#include "checks/WaveMatchers.h"

#include "clang/Lex/Preprocessor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace wavecheck {
using namespace warp_size_detection::detail;

namespace warp_size_detection::detail {

bool runsOnDevice(const FunctionDecl *FD) {
  return FD && llvm::any_of(FD->redecls(), [](const FunctionDecl *D) {
           const auto *Dev = D->getAttr<CUDADeviceAttr>();
           return D->hasAttr<CUDAGlobalAttr>() || (Dev && !Dev->isImplicit());
         });
}

} // namespace warp_size_detection::detail

namespace {

/// Where the value of the constant initialiser \p Init comes from, beyond
/// macros: the constants it reads (their declarations) and the functions it
/// calls (their return statements, one level down), in user code.
std::vector<std::pair<SourceLocation, std::string>> valueSources(const Expr *Init,
                                                                 const SourceManager &SM) {
  std::vector<std::pair<SourceLocation, std::string>> Out;
  forEachStmt(Init, [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (VD && VD->hasGlobalStorage() && !SM.isInSystemHeader(VD->getLocation()))
        Out.push_back({SM.getFileLoc(VD->getLocation()), VD->getQualifiedNameAsString()});
    }
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
    FD = FD ? FD->getDefinition() : nullptr;
    if (!FD || !FD->hasBody() || SM.isInSystemHeader(FD->getLocation()))
      return;
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    std::string Name = MD && MD->getParent()->isLambda() ? "a lambda"
                                                          : FD->getQualifiedNameAsString();
    forEachStmt(FD->getBody(), [&](const Stmt *X) {
      if (isa<ReturnStmt>(X))
        Out.push_back({SM.getFileLoc(X->getBeginLoc()), Name});
    });
  });
  return Out;
}

} // namespace

void WarpSizeDetectionCheck::State::addBody(const Stmt *B, bool Device) {
  if (!B)
    return;
  auto [F, Begin] = sm().getDecomposedExpansionLoc(B->getBeginLoc());
  auto [G, End] = sm().getDecomposedExpansionLoc(B->getEndLoc());
  if (F == G)
    Bodies.push_back({F, Begin, End, Device});
}

bool WarpSizeDetectionCheck::State::inHostCode(const Expr *Ref) const {
  const FunctionDecl *Fn = enclosingFunction(Ref, *Ctx, /*InnermostLambda=*/true);
  if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Fn);
      MD && MD->getParent()->isLambda())
    return !isDeviceFunction(MD); // HIP lambdas are implicitly host and device
  return Fn && !runsOnDevice(Fn);
}

WarpSizeDetectionCheck::WarpSizeDetectionCheck(llvm::StringRef Name,
                                               clang::tidy::ClangTidyContext *Context)
    : WaveCheck(Name, Context, WaveSizeOption::Used), S(std::make_unique<State>()) {}

WarpSizeDetectionCheck::~WarpSizeDetectionCheck() = default;

void WarpSizeDetectionCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  WaveCheck::storeOptions(Opts);
}

void WarpSizeDetectionCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                                                 Preprocessor *) {
  PP->addPPCallbacks(std::make_unique<ArchConditionRecorder>(S->PP, SM, *PP));
}

void WarpSizeDetectionCheck::registerMatchers(MatchFinder *Finder) {
  auto User = unless(isExpansionInSystemHeader());
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
  Finder->addMatcher(functionDecl(User, isDefinition()).bind("fn"), this);
  Finder->addMatcher(lambdaExpr(User).bind("lambda"), this);
  Finder->addMatcher(
      varDecl(User, hasType(isInteger()), hasInitializer(expr().bind("init"))).bind("var"),
      this);
  Finder->addMatcher(declRefExpr(User, to(varDecl().bind("target"))).bind("ref"), this);
  Finder->addMatcher(namedDecl(User, hasName("warpSize")).bind("decl"), this);
}

void WarpSizeDetectionCheck::check(const MatchFinder::MatchResult &Result) {
  State &St = *S;
  St.Ctx = Result.Context;
  const SourceManager &SM = *Result.SourceManager;
  const BoundNodes &N = Result.Nodes;
  if (const auto *FD = N.getNodeAs<FunctionDecl>("fn")) {
    St.addBody(FD->getBody(), runsOnDevice(FD));
  } else if (const auto *LE = N.getNodeAs<LambdaExpr>("lambda")) {
    St.addBody(LE->getBody(), isDeviceFunction(LE->getCallOperator()));
  } else if (const auto *VD = N.getNodeAs<VarDecl>("var")) {
    const auto *Init = N.getNodeAs<Expr>("init");
    if (!isa<ParmVarDecl>(VD) && (VD->isConstexpr() || VD->getType().isConstQualified()))
      St.Constants.push_back({VD->getCanonicalDecl(),
                              SM.getExpansionRange(Init->getSourceRange()).getAsRange(),
                              constantValue(Init, *St.Ctx), valueSources(Init, SM)});
  } else if (const auto *D = N.getNodeAs<NamedDecl>("decl")) {
    St.WarpSizeInAst.insert(SM.getSpellingLoc(D->getLocation()).getRawEncoding());
  } else if (const auto *Ref = N.getNodeAs<DeclRefExpr>("ref")) {
    const auto *Target = N.getNodeAs<VarDecl>("target");
    if (Target->getName() != "warpSize") {
      if (Target->getType()->isIntegerType() &&
          (Target->isConstexpr() || Target->getType().isConstQualified()))
        St.ConstantRefs.push_back(
            {SM.getFileLoc(Ref->getLocation()), Target->getCanonicalDecl()});
      return;
    }
    St.WarpSizeInAst.insert(SM.getSpellingLoc(Ref->getLocation()).getRawEncoding());
    if (!Target->hasGlobalStorage() ||
        !Target->getDeclContext()->getRedeclContext()->isTranslationUnit())
      return; // the user's own variable named warpSize
    SourceLocation Loc = SM.getFileLoc(Ref->getLocation());
    ConstantContext C = constantContext(Ref, *St.Ctx);
    if (C != ConstantContext::None)
      St.ConstantUses.push_back({Loc, C, fileRange(Ref->getSourceRange(), *St.Ctx)});
    else if (St.inHostCode(Ref))
      St.HostUses.push_back(Loc);
  }
}

} // namespace wavecheck
