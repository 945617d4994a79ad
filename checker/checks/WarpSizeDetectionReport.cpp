//===--- WarpSizeDetectionReport.cpp - decisions and diagnostics -----------===//
///
/// \file
/// For wave64-warp-size-detection: onEndOfTranslationUnit(), which scans the
/// raw tokens of user files, decides with the target profile and the pass
/// which wave sizes are wrong and why (State::reason()), and emits every
/// diagnostic: removed macros, `warpSize` where a constant is required or in
/// host code, and wave sizes an arch test chose wrongly.
///
//===----------------------------------------------------------------------===//
#include "checks/WarpSizeDetectionState.h"
#include "checks/ConstantContext.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace wavecheck {
using namespace warp_size_detection::detail;

namespace {

/// The two wave sizes of AMD GPUs: a macro or constant
/// of any other value is taken to be something else.
constexpr int64_t Wave32 = 32, Wave64 = 64;
/// Arch macros quoted in one message at most; more end in ", ...".
constexpr size_t MaxQuotedNames = 3;

const char *const Advice =
    "in device code use 'warpSize' where a run-time value will do, or a constant derived per "
    "target (64 where '__GFX9__' is defined, 32 for gfx10 and later; those macros exist in "
    "the device pass only); on the host query hipDeviceProp_t::warpSize or "
    "hipDeviceGetAttribute(hipDeviceAttributeWarpSize)";

const char *const RemovedMessage =
    "'%0' was deprecated in LLVM in late 2024 and removed in October 2025: clang 22 leaves "
    "it undefined, so %1; where clang did define it, every host pass saw 64, even for "
    "wave32 targets";

bool isWaveSize(std::optional<int64_t> V) { return V == Wave32 || V == Wave64; }

/// "from 'NAME'", or "by a lambda" for a value a lambda returns.
std::string from(const std::string &Via) {
  return Via == "a lambda" ? "by a lambda" : "from '" + Via + "'";
}

/// True when the wave-size macro \p C holds a value in this pass that is
/// not the target's wave size \p W: 32 or 64; in the host pass also a
/// placeholder 0 or 1 that a device-only test leaves there, since host code
/// that sizes a launch from it is wrong. (Other numbers may be something
/// else, a log2 or a shift, and are left alone.)
bool wrongValue(const ChosenMacro &C, int64_t W, bool Host) {
  if (!C.Value || *C.Value == W)
    return false;
  if (isWaveSize(C.Value))
    return true;
  return Host && (*C.Value == 0 || *C.Value == 1) &&
         llvm::any_of(C.Cond.Tested, [](const std::string &N) {
           std::optional<ArchMacroKind> K = classifyArchMacro(N);
           return K == ArchMacroKind::Target || K == ArchMacroKind::Family ||
                  K == ArchMacroKind::DeviceOnly;
         });
}


/// "'a', 'b' and 'c'", at most MaxQuotedNames names.
std::string quoteNames(llvm::ArrayRef<std::string> Names) {
  std::vector<std::string> Q;
  for (size_t I = 0; I < Names.size() && I < MaxQuotedNames; ++I)
    Q.push_back("'" + Names[I] + "'");
  if (Names.size() > MaxQuotedNames)
    return llvm::join(Q, ", ") + ", ...";
  std::string Last = Q.back();
  Q.pop_back();
  return Q.empty() ? Last : llvm::join(Q, ", ") + " and " + Last;
}

} // namespace

std::optional<bool> WarpSizeDetectionCheck::State::deviceAt(SourceLocation Loc) const {
  auto [F, Off] = sm().getDecomposedExpansionLoc(Loc);
  const Body *Best = nullptr;
  for (const Body &B : Bodies)
    if (B.File == F && B.Begin <= Off && Off <= B.End &&
        (!Best || B.End - B.Begin < Best->End - Best->Begin))
      Best = &B;
  return Best ? std::optional<bool>(Best->Device) : std::nullopt;
}

bool WarpSizeDetectionCheck::State::contains(SourceRange R, SourceLocation Loc) const {
  auto [F, Off] = sm().getDecomposedLoc(Loc);
  auto [BF, B] = sm().getDecomposedLoc(R.getBegin());
  auto [EF, E] = sm().getDecomposedLoc(R.getEnd());
  return F == BF && F == EF && B <= Off && Off <= E;
}

std::string WarpSizeDetectionCheck::State::reason(const ArchCondition &C, const TargetProfile &T,
                                                  bool Host, SourceLocation ReportLoc,
                                                  llvm::StringRef It) const {
  std::string Where = ("the " + C.Directive + " at ").str();
  if (sm().getFileID(C.Loc) != sm().getFileID(sm().getFileLoc(ReportLoc)))
    Where += (sm().getFilename(C.Loc) + ":").str();
  else
    Where += "line ";
  Where += std::to_string(sm().getSpellingLineNumber(C.Loc));
  std::vector<std::string> DeviceOnly, Targets;
  bool Family = false;
  for (const std::string &N : C.Tested) {
    switch (*classifyArchMacro(N)) {
    case ArchMacroKind::Removed:
      return Where + " tests '" + N + "', which clang 22 no longer defines";
    case ArchMacroKind::Target:
      Targets.push_back(N);
      DeviceOnly.push_back(N);
      break;
    case ArchMacroKind::Family:
      Family = true;
      DeviceOnly.push_back(N);
      break;
    case ArchMacroKind::DeviceOnly:
      DeviceOnly.push_back(N);
      break;
    case ArchMacroKind::Platform:
      break;
    }
  }
  if (Host && !DeviceOnly.empty())
    return Where + " tests " + quoteNames(DeviceOnly) +
           ", which only the device pass defines";
  if (!Targets.empty() && !llvm::is_contained(Targets, ("__" + T.Name + "__").str()))
    return (Where + " chooses " + It + " from a list of gfx targets that does not include " +
            T.Name)
        .str();
  if (Targets.empty() && !Family)
    return Where + " tests " + quoteNames(C.Tested) +
           ", which does not tell one AMD GPU target from another, wave32 or wave64";
  return (Where + " tests " + quoteNames(C.Tested) + " and takes this branch for " + T.Name)
      .str();
}

/// Raw tokens of user files: uses of `__AMDGCN_WAVEFRONT_SIZE` in code and
/// `#define` bodies (conditions come from the recorder), and `warpSize` that
/// the parser dropped because it was not a constant where one is required.
static void scanUserTokens(WarpSizeDetectionCheck::State &St) {
  const SourceManager &SM = St.sm();
  for (FileID F : St.PP.UserFiles) {
    std::vector<RawToken> Toks = rawTokens(F, SM, St.Ctx->getLangOpts());
    for (size_t I = 0; I < Toks.size(); ++I) {
      const Token &T = Toks[I].Tok;
      if (T.isNot(tok::raw_identifier))
        continue;
      llvm::StringRef Name = T.getRawIdentifier(), Dir = Toks[I].Directive;
      bool Removed = isRemovedWaveSizeMacro(Name);
      if ((!Removed && (Name != "warpSize" || St.PP.UserWarpSizeMacro)) ||
          St.PP.skipped(T.getLocation(), SM))
        continue; // a project macro named warpSize is no use of HIP's variable
      bool DefinedName = I > 0 && Toks[I - 1].Tok.is(tok::raw_identifier) &&
                         Toks[I - 1].Tok.getRawIdentifier() == Dir;
      if (Removed && (Dir.empty() || (Dir == "define" && !DefinedName)))
        St.RemovedUses.push_back(
            {T.getLocation(), llvm::is_contained(St.PP.RemovedMacrosDefined, Name)
                                  ? "only the project's own definition keeps this working"
                              : Dir.empty() ? "this code does not compile"
                                            : "this macro expands to an undeclared name"});
      if (Removed || !Dir.empty() ||
          St.WarpSizeInAst.count(T.getLocation().getRawEncoding()) ||
          (I > 0 && Toks[I - 1].Tok.isOneOf(tok::period, tok::arrow, tok::coloncolon)))
        continue; // conditions come from the recorder; members and parsed uses from the AST
      if (ConstantContext C = lexicalContext(Toks, I); C != ConstantContext::None)
        St.ConstantUses.push_back(
            {T.getLocation(), C, CharSourceRange::getTokenRange(T.getLocation())});
    }
  }
}

void WarpSizeDetectionCheck::reportRemovedMacro(State &St) {
  // `#ifndef __AMDGCN_WAVEFRONT_SIZE` / `#define __AMDGCN_WAVEFRONT_SIZE 64`:
  // where the project's own value is the target's wave size, the code keeps
  // working for this target (a wave32 target is then reported).
  if (St.PP.RemovedMacroValue &&
      *St.PP.RemovedMacroValue == target(*St.Ctx).WaveSize)
    return;
  for (SourceLocation Loc : St.PP.RemovedMacroTests)
    St.RemovedUses.push_back(
        {Loc, "this test sees no definition unless the project provides one"});
  llvm::DenseSet<SourceLocation::UIntTy> Seen;
  for (auto [Loc, Consequence] : St.RemovedUses) {
    if (!Seen.insert(Loc.getRawEncoding()).second)
      continue;
    llvm::SmallString<32> Buf;
    diag(Loc, RemovedMessage) << Lexer::getSpelling(Loc, Buf, St.sm(), St.Ctx->getLangOpts())
                              << Consequence;
    diag(Loc, Advice, DiagnosticIDs::Note);
  }
}

void WarpSizeDetectionCheck::reportWarpSize(State &St) {
  const TargetProfile &T = target(*St.Ctx);
  std::string Constant = constantWaveSize(T);
  llvm::DenseSet<SourceLocation::UIntTy> Seen;
  for (const State::WarpSizeUse &U : St.ConstantUses) {
    if (!Seen.insert(U.Loc.getRawEncoding()).second)
      continue;
    auto D = diag(U.Loc, "'warpSize' is not a constant expression since ROCm 7; as %0 it "
                         "compiled with ROCm 6 headers, where it was constexpr, and is an "
                         "error with ROCm 7")
             << contextPhrase(U.Context);
    // A literal would make `static_assert(warpSize == 64)` vacuous: only a
    // project constant (the option) keeps its meaning.
    bool Vacuous = U.Context == ConstantContext::StaticAssert && !hasConstantWaveSize();
    if (U.Range.isValid() && !Vacuous)
      D << FixItHint::CreateReplacement(U.Range, Constant);
  }
  for (SourceLocation Loc : St.HostUses)
    if (Seen.insert(Loc.getRawEncoding()).second)
      diag(Loc, "'warpSize' read in host code: since ROCm 7 it exists in device code only, "
                "and before that the host saw 64 even for wave32 targets; query "
                "hipDeviceProp_t::warpSize or "
                "hipDeviceGetAttribute(hipDeviceAttributeWarpSize) on the host");
}

void WarpSizeDetectionCheck::reportChosen(State &St) {
  const SourceManager &SM = St.sm();
  const TargetProfile &T = target(*St.Ctx);
  const int64_t W = T.WaveSize;
  const bool Host = !St.Ctx->getLangOpts().CUDAIsDevice;
  const char *DeviceMsg =
      "'%0' resolves to %1 for %2 (device pass), whose wavefronts have %3 lanes: %4";
  const char *HostMsg = "%0 resolves to %1 in the host pass, where no __gfx*__ macro is "
                        "defined, so this host code assumes %1-lane wavefronts, but %2 "
                        "wavefronts have %3 lanes: %4";

  // Wave-size macros whose value in this pass is not the target's.
  llvm::DenseMap<const MacroInfo *, const ChosenMacro *> Wrong;
  for (const auto &[MI, C] : St.PP.Chosen)
    if (looksLikeWaveSizeName(C.Name) && wrongValue(C, W, Host))
      Wrong[MI] = &C;

  // Constants: wave-size constants an arch test chose (declared in one of its
  // branches, or computed from a macro it chose), and, for the host pass,
  // namespace-scope constants computed from a wrong wave-size macro.
  struct Taint {
    std::string Name, Via; ///< Via: the macro the constant is computed from
    int64_t Value;
    const ArchCondition *Cond;
    bool FromSizeMacro; ///< Via is a wrong wave-size macro, Name any constant
  };
  llvm::DenseMap<const VarDecl *, Taint> Tainted;
  for (const State::Constant &K : St.Constants) {
    const ChosenMacro *Selector = nullptr, *SizeMacro = nullptr;
    for (const ChosenMacroUse &U : St.PP.Uses)
      if (St.contains(K.Init, U.Loc)) {
        const ChosenMacro &C = St.PP.Chosen.find(U.Macro)->second;
        bool IsSize = looksLikeWaveSizeName(C.Name) &&
                      (isWaveSize(C.Value) || (Host && wrongValue(C, W, Host)));
        (IsSize ? SizeMacro : Selector) = &C;
      }
    llvm::StringRef Name = K.VD->getName();
    if (looksLikeWaveSizeName(Name) && isWaveSize(K.Value) && !SizeMacro) {
      const ArchBranch *B = St.PP.branchAt(K.VD->getLocation(), SM);
      const ArchCondition *Cond = Selector ? &Selector->Cond : B ? &B->Cond : nullptr;
      std::string Via = Selector ? Selector->Name : "";
      // A constexpr function or a trait member whose value an arch test
      // chose: the branch around its return statement or declaration.
      for (const auto &[Loc, From] : K.Sources)
        if (const ArchBranch *SB = Cond ? nullptr : St.PP.branchAt(Loc, SM)) {
          Cond = &SB->Cond;
          Via = From;
        }
      if (!Cond || *K.Value == W)
        continue;
      Taint Tn{Name.str(), Via, *K.Value, Cond, false};
      if (Host) {
        Tainted[K.VD] = Tn;
        continue;
      }
      std::string Why = !Via.empty() ? "it is computed " + from(Via) + ", and " +
                                           St.reason(*Cond, T, Host, K.Init.getBegin(), "that")
                                     : St.reason(*Cond, T, Host, K.Init.getBegin(), "it");
      diag(K.Init.getBegin(), DeviceMsg) << Name << *K.Value << T.Name << W << Why;
      diag(K.Init.getBegin(), Advice, DiagnosticIDs::Note);
    } else if (Host && SizeMacro && *SizeMacro->Value != W && !K.VD->isLocalVarDeclOrParm()) {
      Tainted[K.VD] = {Name.str(), SizeMacro->Name, *SizeMacro->Value, &SizeMacro->Cond, true};
    }
  }

  if (!Host) {
    reportHostBranchInDevicePass(St, T, HostMsg);
    std::vector<const ChosenMacro *> InOrder;
    for (const auto &[MI, C] : Wrong)
      InOrder.push_back(C);
    llvm::sort(InOrder, [&](const ChosenMacro *A, const ChosenMacro *B) {
      return SM.isBeforeInTranslationUnit(A->ValueLoc, B->ValueLoc);
    });
    for (const ChosenMacro *C : InOrder) {
      diag(C->ValueLoc, DeviceMsg) << C->Name << *C->Value << T.Name << W
                                   << St.reason(C->Cond, T, Host, C->ValueLoc, "it");
      diag(C->ValueLoc, Advice, DiagnosticIDs::Note);
    }
    return;
  }
  // Host pass: report where host code uses the wrong value.
  llvm::DenseSet<SourceLocation::UIntTy> Seen;
  for (const ChosenMacroUse &U : St.PP.Uses) {
    auto It = Wrong.find(U.Macro);
    if (It == Wrong.end() || St.deviceAt(U.Loc) != false ||
        !Seen.insert(U.Loc.getRawEncoding()).second)
      continue;
    const ChosenMacro &C = *It->second;
    llvm::SmallString<32> Buf;
    llvm::StringRef Written = Lexer::getSpelling(U.Loc, Buf, SM, St.Ctx->getLangOpts());
    std::string Name = "'" + C.Name + "'";
    if (Written != C.Name) // `BLOCK_THREADS` expanding to `(4 * WAVE_SIZE)`
      Name += " (through '" + Written.str() + "')";
    diag(U.Loc, HostMsg) << Name << *C.Value << T.Name << W
                         << St.reason(C.Cond, T, Host, U.Loc, "it");
    diag(U.Loc, Advice, DiagnosticIDs::Note);
  }
  for (const auto &[Loc, VD] : St.ConstantRefs) {
    auto It = Tainted.find(VD);
    if (It == Tainted.end() || St.deviceAt(Loc) != false ||
        !Seen.insert(Loc.getRawEncoding()).second)
      continue;
    const Taint &Tn = It->second;
    if (Tn.FromSizeMacro)
      diag(Loc, "'%0' is computed from '%1', which resolves to %2 in the host pass, where no "
                "__gfx*__ macro is defined, so this host code assumes %2-lane wavefronts, "
                "but %3 wavefronts have %4 lanes: %5")
          << Tn.Name << Tn.Via << Tn.Value << T.Name << W
          << St.reason(*Tn.Cond, T, Host, Loc, "it");
    else
      diag(Loc, HostMsg) << ("'" + Tn.Name + "'") << Tn.Value << T.Name << W
                         << (Tn.Via.empty() ? St.reason(*Tn.Cond, T, Host, Loc, "it")
                                            : "it is computed " + from(Tn.Via) + ", and " +
                                                  St.reason(*Tn.Cond, T, Host, Loc, "that"));
    diag(Loc, Advice, DiagnosticIDs::Note);
  }
}

/// The directive at \p Loc ("if", "ifdef", "elif", "else", ...) and the rest
/// of its line.
static std::pair<std::string, std::string> directiveAt(SourceLocation Loc,
                                                       const SourceManager &SM,
                                                       const LangOptions &LO) {
  auto [FID, Off] = SM.getDecomposedLoc(SM.getExpansionLoc(Loc));
  llvm::StringRef Buf = SM.getBufferData(FID);
  if (Off >= Buf.size())
    return {};
  llvm::StringRef Rest = Buf.substr(Off);
  Rest = Rest.take_until([](char C) { return C == '\n'; });
  Rest = Rest.ltrim(" \t#");
  llvm::StringRef Word = Rest.take_while([](char C) { return std::isalpha(C); });
  return {Word.str(), Rest.drop_front(Word.size()).str()};
}

/// Device pass: a wave-size macro that a device-only test chose here (64
/// where `__GFX9__` is defined) and whose `#else` branch, which the host pass
/// takes because it defines no gfx macro, gives it another value. Host code
/// that uses it sizes work with the `#else` value: reported in the words of
/// the host pass, so that a run of both passes reports it once.
void WarpSizeDetectionCheck::reportHostBranchInDevicePass(State &St, const TargetProfile &T,
                                                          const char *HostMsg) {
  const SourceManager &SM = St.sm();
  const LangOptions &LO = St.Ctx->getLangOpts();
  const int64_t W = T.WaveSize;
  auto DeviceOnlyTest = [](const ArchCondition &C) {
    return llvm::any_of(C.Tested, [](const std::string &N) {
      std::optional<ArchMacroKind> K = classifyArchMacro(N);
      return K == ArchMacroKind::Target || K == ArchMacroKind::Family ||
             K == ArchMacroKind::DeviceOnly;
    });
  };
  // A taken branch opened by a positive test (`#if defined(__GFX9__)`,
  // `#ifdef`, `#elif`): the host pass fails that test. A negated one
  // (`#ifndef`, `!defined`) may be taken by the host pass too.
  auto PositiveTest = [&](SourceLocation Loc) {
    auto [Word, Rest] = directiveAt(Loc, SM, LO);
    return (Word == "if" || Word == "ifdef" || Word == "elif" || Word == "elifdef") &&
           Rest.find('!') == std::string::npos;
  };
  llvm::DenseSet<SourceLocation::UIntTy> Seen;
  for (const ChosenMacroUse &U : St.PP.Uses) {
    auto CI = St.PP.Chosen.find(U.Macro);
    if (CI == St.PP.Chosen.end())
      continue;
    const ChosenMacro &C = CI->second;
    if (!looksLikeWaveSizeName(C.Name) || !C.Value || !DeviceOnlyTest(C.Cond) ||
        St.deviceAt(U.Loc) != false || !PositiveTest(C.Cond.Loc) ||
        !PositiveTest(C.Cond.Branch))
      continue;
    const SkippedDefine *Else = nullptr;
    for (const SkippedDefine &D : St.PP.SkippedDefs)
      if (D.Name == C.Name && D.Cond.Loc == C.Cond.Loc &&
          directiveAt(D.Branch, SM, LO).first == "else")
        Else = &D;
    if (!Else || !Else->Value || *Else->Value == *C.Value)
      continue;
    ChosenMacro HostSide = C;
    HostSide.Value = Else->Value;
    HostSide.Cond = Else->Cond;
    if (!wrongValue(HostSide, W, /*Host=*/true) || !Seen.insert(U.Loc.getRawEncoding()).second)
      continue;
    llvm::SmallString<32> Buf;
    llvm::StringRef Written = Lexer::getSpelling(U.Loc, Buf, SM, LO);
    std::string Name = "'" + C.Name + "'";
    if (Written != C.Name)
      Name += " (through '" + Written.str() + "')";
    diag(U.Loc, HostMsg) << Name << *Else->Value << T.Name << W
                         << St.reason(Else->Cond, T, /*Host=*/true, U.Loc, "it");
    diag(U.Loc, Advice, DiagnosticIDs::Note);
  }
}

void WarpSizeDetectionCheck::onEndOfTranslationUnit() {
  State &St = *S;
  if (St.Ctx) {
    scanUserTokens(St);
    reportRemovedMacro(St);
    reportWarpSize(St);
    reportChosen(St);
  }
  *S = State(); // the recorder keeps a reference to S->PP
}

} // namespace wavecheck

