//===--- HardcodedWarpSizeCheck.cpp - wave64-hardcoded-warp-size ----------===//
///
/// check() only collects: candidate findings with their enclosing function,
/// lane-indexed arrays, the literals 32, 31, 16 and 5 of each function, and
/// where 32-valued macros are expanded. Whether a 32 is the wrong size depends
/// on the code around it (LaneGroups.h: what spans both halves of a
/// wavefront, what groups lanes by the wavefront), and a macro is reported
/// once for all its uses, so onEndOfTranslationUnit() decides and emits every
/// diagnostic.
///
/// This file holds the preprocessor callbacks, the matchers and check(); the
/// per-TU State is in HardcodedWarpSizeState.h, what a candidate is in
/// HardcodedWarpSizeOrigin.cpp and HardcodedWarpSizeCandidates.cpp, and the
/// end-of-TU decisions in HardcodedWarpSizeReport.cpp.
///
//===----------------------------------------------------------------------===//
#include "checks/HardcodedWarpSizeCheck.h"
#include "checks/ConstantContext.h"
#include "checks/HardcodedWarpSizeState.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace wavecheck {
using namespace hardcoded_warp_size;
using namespace hardcoded_warp_size::detail;

namespace {

/// Records object-like macros of user files whose body is `32` (maybe in
/// parentheses, maybe `32u`), and their expansions in `#if` conditions.
class MacroRecorder : public PPCallbacks {
public:
  MacroRecorder(HardcodedWarpSizeCheck::State &S, const SourceManager &SM,
                const Preprocessor &PP)
      : S(S), SM(SM), PP(PP) {}

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    llvm::SmallString<16> Buf;
    if (const Token *V = valueToken(MD->getMacroInfo())) {
      HardcodedWarpSizeCheck::State::Definition &D = S.Defs[V->getLocation().getRawEncoding()];
      D.Name = Name.getIdentifierInfo()->getName().str();
      D.Value = CharSourceRange::getTokenRange(V->getLocation());
      llvm::StringRef Text = PP.getSpelling(*V, Buf);
      D.Suffix = Text.substr(Text.rtrim("uUlL").size()).str();
    }
  }

  void MacroExpands(const Token &, const MacroDefinition &MD, SourceRange,
                    const MacroArgs *) override {
    const Token *V = valueToken(MD.getMacroInfo());
    if (auto It = V ? S.Defs.find(V->getLocation().getRawEncoding()) : S.Defs.end();
        It != S.Defs.end()) {
      ++It->second.Expansions;
      It->second.NeedsConstant |= PP.isParsingIfOrElifDirective();
    }
  }

private:
  const Token *valueToken(const MacroInfo *MI) const {
    if (!MI || MI->isFunctionLike() || SM.isInSystemHeader(MI->getDefinitionLoc()) ||
        !SM.getFileEntryRefForID(SM.getFileID(MI->getDefinitionLoc())))
      return nullptr; // system header, predefined or command-line macro
    const Token *Num = nullptr;
    for (const Token &T : MI->tokens()) {
      if (T.isOneOf(tok::l_paren, tok::r_paren))
        continue;
      if (Num || T.isNot(tok::numeric_constant))
        return nullptr;
      Num = &T;
    }
    llvm::SmallString<16> Buf;
    uint64_t V = 0;
    if (!Num || PP.getSpelling(*Num, Buf).rtrim("uUlL").getAsInteger(0, V) || V != CudaWarpSize)
      return nullptr;
    return Num;
  }

  HardcodedWarpSizeCheck::State &S;
  const SourceManager &SM;
  const Preprocessor &PP;
};

} // namespace

HardcodedWarpSizeCheck::HardcodedWarpSizeCheck(llvm::StringRef Name,
                                               clang::tidy::ClangTidyContext *Context)
    : WaveCheck(Name, Context, WaveSizeOption::Used), S(std::make_unique<State>()) {}

HardcodedWarpSizeCheck::~HardcodedWarpSizeCheck() = default;

void HardcodedWarpSizeCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  WaveCheck::storeOptions(Opts);
}

void HardcodedWarpSizeCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                                                 Preprocessor *) {
  PP->addPPCallbacks(std::make_unique<MacroRecorder>(*S, SM, *PP));
}

void HardcodedWarpSizeCheck::registerMatchers(MatchFinder *Finder) {
  auto user = unless(isExpansionInSystemHeader());
  auto arithmetic = binaryOperator(hasAnyOperatorName("%", "&", "/", ">>")).bind("bo");
  auto loop = stmt(anyOf(forStmt(), whileStmt(), doStmt()));
  auto stride = binaryOperator(hasOperatorName("+="), hasAncestor(loop)).bind("inc");
  auto macroValue = integerLiteral(anyOf(equals(CudaWarpSize), equals(CudaLaneMask),
                                         equals(CudaWarpSize / 2), equals(CudaWarpShift)))
                        .bind("lit");
  Finder->addMatcher(stmt(user, anyOf(arithmetic, stride, callExpr().bind("call"),
                                      arraySubscriptExpr().bind("sub"), macroValue)),
                     this);
  Finder->addMatcher(varDecl(user, hasType(constantArrayType())).bind("arr"), this);
  Finder->addMatcher(
      expr(user, anyOf(declRefExpr(to(varDecl(hasType(isConstQualified())))),
                       binaryOperator(hasOperatorName("*"))))
          .bind("tileuse"),
      this);
}

void HardcodedWarpSizeCheck::check(const MatchFinder::MatchResult &Result) {
  State &St = *S;
  St.Ctx = Result.Context;
  if (!St.Target) {
    St.Target = &target(*Result.Context);
    St.Constant = constantWaveSize(*St.Target);
  }
  if (St.Target->WaveSize != Wave64)
    return;
  const BoundNodes &N = Result.Nodes;
  if (const auto *Lit = N.getNodeAs<IntegerLiteral>("lit")) {
    SourceLocation L = Lit->getBeginLoc();
    if (!L.isMacroID()) // written in the function: fixIsCertain() looks for it
      if (const FunctionDecl *Fn = enclosingDeviceFunction(Lit, *St.Ctx))
        St.Literals[Fn].push_back(L);
    if (Lit->getValue() != CudaWarpSize)
      return;
    St.tileConst(Lit);
    auto It = St.Defs.find(St.sm().getSpellingLoc(L).getRawEncoding());
    if (L.isMacroID() && It != St.Defs.end() && requiresConstant(Lit, *St.Ctx))
      It->second.NeedsConstant = true;
  } else if (const auto *Sub = N.getNodeAs<ArraySubscriptExpr>("sub")) {
    // An extent of 32 is per-lane when a lane id computed with 32 (or a
    // WARP_SIZE-like 32) indexes it: the lane id's fix makes it reach 63. A
    // per-warp array (`s[tid / 32]`) is not reported: 32 slots hold the 16
    // wavefronts of a 1024-thread block, and the warp id is reported itself.
    // Only writes count (`s[lane] = v`, `s[lane][k] += v`): a read such as
    // `(tid < nwarps) ? s[lane] : 0` is usually guarded to the first slots.
    const auto *DRE = dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts());
    const BinaryOperator *By32 =
        isWrittenElement(Sub, *St.Ctx) ? laneIdComputedWith32(Sub->getIdx(), *St.Ctx)
                                       : nullptr;
    bool Skip = false;
    std::optional<DefKey> D = By32 ? St.origin(By32->getRHS(), Skip) : std::nullopt;
    if (const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        VD && By32 && (!D || namesWaveSize(St.Defs[*D].Name)))
      St.LaneIndexed.try_emplace(VD->getCanonicalDecl(), enclosingDeviceFunction(Sub, *St.Ctx));
    if (const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr)
      St.table(Sub, VD);
  } else if (const auto *Call = N.getNodeAs<CallExpr>("call")) {
    St.call(Call);
  } else if (const auto *VD = N.getNodeAs<VarDecl>("arr")) {
    St.array(VD);
  } else if (const auto *BO = N.getNodeAs<BinaryOperator>("bo")) {
    St.arithmetic(BO);
  } else if (const auto *Inc = N.getNodeAs<BinaryOperator>("inc")) {
    St.stride(Inc);
  } else if (const auto *Use = N.getNodeAs<Expr>("tileuse")) {
    St.tileUse(Use);
  }
}

} // namespace wavecheck
