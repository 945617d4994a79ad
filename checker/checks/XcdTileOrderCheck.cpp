//===--- XcdTileOrderCheck.cpp - xcd-tile-order ----------------------------===//
#include "checks/XcdTileOrderCheck.h"
#include "checks/NodeContext.h"
#include "checks/TileOrderFlow.h"

#include "clang/AST/Attr.h"
#include "clang/AST/PrettyPrinter.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace clang::tidy {
llvm::ArrayRef<std::pair<wavecheck::XcdTileOrderCheck::RemapStyle, llvm::StringRef>>
OptionEnumMapping<wavecheck::XcdTileOrderCheck::RemapStyle>::getEnumMapping() {
  using Style = wavecheck::XcdTileOrderCheck::RemapStyle;
  static constexpr std::pair<Style, llvm::StringRef> Mapping[] = {
      {Style::Header, "header"}, {Style::Inline, "inline"}};
  return Mapping;
}
} // namespace clang::tidy

namespace wavecheck {

using MatchResult = MatchFinder::MatchResult;

/// The header the `header` fix-it includes; it is installed with wavecheck
/// and resolves in wavecheck's own parse (checker/include).
static constexpr llvm::StringRef RemapHeader = "wavecheck/xcd_remap.h";
/// The helper it declares.
static constexpr llvm::StringRef RemapFunction = "remap_pid_for_xcds";
/// The local an id written in several places is remapped into, once.
static constexpr llvm::StringRef RemappedLocal = "xcd_remapped_id";

namespace {
/// Records the main file's `#include` lines (the last one at the outermost
/// `#if` nesting is where the header fix-it adds its include) and whether
/// <wavecheck/xcd_remap.h> is among them.
class IncludeRecorder : public PPCallbacks {
public:
  IncludeRecorder(const SourceManager &SM, XcdTileOrderCheck::IncludeState &State)
      : SM(SM), State(State) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, llvm::StringRef FileName,
                          bool, CharSourceRange FilenameRange, OptionalFileEntryRef,
                          llvm::StringRef, llvm::StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!SM.isWrittenInMainFile(HashLoc))
      return;
    State.HasRemapHeader |= FileName == RemapHeader;
    State.Directives.push_back({FilenameRange.getEnd(), State.Depth});
  }
  void If(SourceLocation Loc, SourceRange, ConditionValueKind) override { enter(Loc); }
  void Ifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override {
    enter(Loc);
  }
  void Ifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override {
    enter(Loc);
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    if (SM.isWrittenInMainFile(Loc))
      --State.Depth;
  }

private:
  void enter(SourceLocation Loc) {
    if (SM.isWrittenInMainFile(Loc))
      ++State.Depth;
  }
  const SourceManager &SM;
  XcdTileOrderCheck::IncludeState &State;
};
} // namespace

XcdTileOrderCheck::XcdTileOrderCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context)
    : WaveCheck(Name, Context),
      Style(Options.get("RemapStyle", RemapStyle::Inline)) {}

void XcdTileOrderCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  WaveCheck::storeOptions(Opts);
  Options.store(Opts, "RemapStyle", Style);
}

void XcdTileOrderCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                                            Preprocessor *) {
  Includes = IncludeState();
  PP->addPPCallbacks(std::make_unique<IncludeRecorder>(SM, Includes));
}

void XcdTileOrderCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal)).bind("kernel"),
                     this);
}

void XcdTileOrderCheck::check(const MatchResult &R) {
  const TargetProfile &T = target(*R.Context);
  if (T.NumXcds < 2)
    return;
  const auto *Kernel = R.Nodes.getNodeAs<FunctionDecl>("kernel");
  if (inSystemCode(Kernel->getLocation(), *R.SourceManager))
    return;
  auto Mappings = findUnremappedTileMappings(Kernel, *R.Context, T.NumXcds);
  for (const TileMapping &M : Mappings)
    report(M, T, R, nullptr, {});
  // A template kernel whose remap is chosen by a template argument (a
  // trait, `if constexpr`): judged per instantiation, reported once per id
  // for the first instantiation that leaves it off.
  const FunctionTemplateDecl *FTD = Kernel->getDescribedFunctionTemplate();
  if (!Mappings.empty() || !FTD)
    return;
  llvm::SmallVector<const Expr *, 2> PatternRemaps =
      findXcdRemaps(Kernel, *R.Context, T.NumXcds);
  llvm::DenseSet<SourceLocation::UIntTy> Reported;
  for (const FunctionDecl *Spec : FTD->specializations()) {
    if (Spec->getTemplateSpecializationKind() == TSK_ExplicitSpecialization ||
        !Spec->doesThisDeclarationHaveABody())
      continue;
    for (const TileMapping &M : findUnremappedTileMappings(Spec, *R.Context, T.NumXcds)) {
      SourceLocation Loc = R.SourceManager->getFileLoc(M.Roots.front()->getBeginLoc());
      if (Reported.insert(Loc.getRawEncoding()).second)
        report(M, T, R, Spec, PatternRemaps);
    }
  }
}

static llvm::StringRef sourceText(CharSourceRange Range, const MatchResult &R) {
  return Lexer::getSourceText(Range, *R.SourceManager, R.Context->getLangOpts());
}

/// The number of workgroups in the grid the id counts, as HIP code spells it.
static std::string workgroupCount(unsigned Dims) {
  if (Dims & DimZ)
    return "gridDim.x * gridDim.y * gridDim.z";
  if (Dims & DimY)
    return "gridDim.x * gridDim.y";
  return "gridDim.x";
}

/// The remap of \p Id over \p Num workgroups in the chosen style. The inline
/// form is the remap's arithmetic written out; it evaluates Id and Num more than once,
/// which is harmless for ids and counts read from blockIdx and gridDim.
static std::string remapText(llvm::StringRef Id, llvm::StringRef Num, unsigned NumXcds,
                             XcdTileOrderCheck::RemapStyle Style) {
  if (Style == XcdTileOrderCheck::RemapStyle::Header)
    return (RemapFunction + "(" + Id + ", " + Num + ")").str();
  std::string E = ("(" + Id + ")").str(), N = ("(" + Num + ")").str();
  std::string K = std::to_string(NumXcds);
  return "(" + E + " < " + N + " / " + K + " * " + K + " ? (" + E + " % " + K + ") * (" +
         N + " / " + K + ") + " + E + " / " + K + " : " + E + ")";
}

/// Where the header fix-it adds its include: the line after the last of the
/// least nested main-file #include lines that come before \p Use (so it is
/// outside `#ifdef` blocks and declares the helper before the kernel), else
/// the top of the file.
static FixItHint includeRemapHeader(const XcdTileOrderCheck::IncludeState &Includes,
                                    SourceLocation Use, const SourceManager &SM) {
  std::string Line = ("#include <" + RemapHeader + ">\n").str();
  FileID Main = SM.getMainFileID();
  SourceLocation After;
  int Depth = 0;
  for (auto [Loc, D] : Includes.Directives)
    if (SM.isBeforeInTranslationUnit(Loc, Use) && (After.isInvalid() || D <= Depth)) {
      After = Loc;
      Depth = D;
    }
  if (After.isInvalid())
    return FixItHint::CreateInsertion(SM.getLocForStartOfFile(Main), Line);
  llvm::StringRef Buffer = SM.getBufferData(Main);
  unsigned Offset = SM.getFileOffset(After);
  size_t Eol = Buffer.find('\n', Offset);
  if (Eol == llvm::StringRef::npos)
    return FixItHint::CreateInsertion(SM.getLocForEndOfFile(Main), "\n" + Line);
  return FixItHint::CreateInsertion(After.getLocWithOffset(Eol + 1 - Offset), Line);
}

/// "k<Cfg, 64>": an instantiation as the user would write it.
static std::string instantiationName(const FunctionDecl *Spec) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  PrintingPolicy P(Spec->getASTContext().getLangOpts());
  P.SuppressScope = true;
  Spec->getNameForDiagnostic(OS, P, /*Qualified=*/false);
  return Name;
}

void XcdTileOrderCheck::report(const TileMapping &M, const TargetProfile &T,
                               const MatchResult &R, const FunctionDecl *Instantiation,
                               llvm::ArrayRef<const Expr *> PatternRemaps) {
  const SourceManager &SM = *R.SourceManager;
  const Expr *First = M.Roots.front();
  SourceLocation Loc = SM.getFileLoc(First->getBeginLoc());
  std::string Name = M.IdVar ? M.IdVar->getName().str()
                             : sourceText(fileRange(First->getSourceRange(), *R.Context), R)
                                   .str();
  if (Name.empty()) { // written inside a macro's arguments
    llvm::raw_string_ostream OS(Name);
    First->IgnoreParenImpCasts()->printPretty(OS, nullptr,
                                              PrintingPolicy(R.Context->getLangOpts()));
    while (Name.size() > 2 && Name.front() == '(' && Name.back() == ')')
      Name = Name.substr(1, Name.size() - 2);
  }

  // One edit per place the raw id is written; all or none.
  llvm::SmallVector<FixItHint, 3> Fixes;
  std::string Num = workgroupCount(M.Dims);
  bool Header = Style == RemapStyle::Header;
  // A remap that exists but is switched off (a trait, a constant flag) is
  // the configuration's to switch on: wrapping the id would remap it twice
  // where it is on.
  const Expr *Off = M.DeadRemap;
  if (Instantiation && !Off && !PatternRemaps.empty())
    Off = PatternRemaps.front();
  // The inline remap evaluates the id several times: fine for blockIdx and
  // builtins, not for the call of a user's helper (side effects, cost).
  bool CalledId = llvm::any_of(M.Roots, [](const Expr *Root) {
    const auto *Call = dyn_cast<CallExpr>(Root->IgnoreParenImpCasts());
    return Call && !Call->getBuiltinCallee();
  });
  if (!M.UnusedRemap && !Off && !Instantiation && !(CalledId && !Header) &&
      (!Header || SM.isWrittenInMainFile(Loc))) {
    // An id written in several places is remapped once, into a local at the
    // top of the kernel, and each place reads that local.
    const FunctionDecl *Fn = enclosingFunction(First, *R.Context);
    const auto *Body = Fn ? dyn_cast_or_null<CompoundStmt>(Fn->getBody()) : nullptr;
    bool Once = M.Roots.size() > 1;
    std::string Text;
    for (const Expr *Root : M.Roots) {
      CharSourceRange Range = fileRange(Root->getSourceRange(), *R.Context);
      llvm::StringRef Id = Range.isValid() ? sourceText(Range, R) : "";
      if (Range.isInvalid() || (Once && (!Body || (!Text.empty() && Id != Text)))) {
        Fixes.clear();
        break;
      }
      Text = Id.str();
      Fixes.push_back(FixItHint::CreateReplacement(
          Range, Once ? RemappedLocal.str() : remapText(Id, Num, T.NumXcds, Style)));
    }
    if (Once && !Fixes.empty()) {
      SourceLocation At = Body->getLBracLoc().getLocWithOffset(1);
      unsigned Col = SM.getSpellingColumnNumber(SM.getFileLoc(Fn->getBeginLoc()));
      std::string Indent(Col + 1, ' ');
      Fixes.push_back(FixItHint::CreateInsertion(
          At, "\n" + Indent + "const unsigned " + RemappedLocal.str() + " = " +
                  remapText(Text, Num, T.NumXcds, Style) + ";"));
    }
    if (!Fixes.empty() && Header && !Includes.HasRemapHeader && !Includes.IncludeOffered) {
      Fixes.push_back(includeRemapHeader(Includes, Loc, SM));
      Includes.IncludeOffered = true;
    }
  }

  diag(Loc, "workgroup id '%0' is mapped %select{row-major|in GROUP_M groups}1 onto "
            "output tiles without the XCD remap; neighbouring tiles run on different "
            "XCDs, so a panel shared by %2 of them is fetched into %2 L2 caches "
            "instead of one")
      << Name << M.Grouped << T.NumXcds << Fixes;
  diag(SM.getFileLoc(M.PanelRead->getBeginLoc()),
       "this operand read depends on one tile coordinate only, so neighbouring tiles "
       "share it; in SPX mode workgroup i runs on XCD i %% %0 and each XCD has its own "
       "4 MB L2",
       DiagnosticIDs::Note)
      << T.NumXcds;
  diag(Loc,
       "with the remap XCD x computes the contiguous block of tiles [x * per_xcd, "
       "(x + 1) * per_xcd), per_xcd = workgroups / %0, and its panels stay in one L2 "
       "(1.8x-2.7x less L2 traffic per K step for one row of 256x256 BF16 tiles, "
       "'wavesan xcd --seed-example'); measure the gain, it is not always positive: "
       "gains of 10-40%% and regressions are reported",
       DiagnosticIDs::Note)
      << T.NumXcds;
  if (Off && Instantiation)
    diag(SM.getFileLoc(Off->getBeginLoc()),
         "a remap is written here, but the instantiation '%0' does not apply it: the "
         "condition that selects it is false there (no fix-it: switch it on in the "
         "configuration)",
         DiagnosticIDs::Note)
        << instantiationName(Instantiation);
  else if (Off)
    diag(SM.getFileLoc(Off->getBeginLoc()),
         "a remap is written here, but the condition that selects it is always false "
         "(no fix-it: switch it on in the configuration)",
         DiagnosticIDs::Note);
  else if (Instantiation)
    diag(Loc, "in the instantiation '%0'", DiagnosticIDs::Note)
        << instantiationName(Instantiation);
  if (M.UnusedRemap)
    diag(SM.getFileLoc(M.UnusedRemap->getBeginLoc()),
         "a remap of '%0' is computed here, but the tile coordinates are taken from "
         "'%0' itself; use the remapped id (no fix-it)",
         DiagnosticIDs::Note)
        << Name;
}

} // namespace wavecheck
