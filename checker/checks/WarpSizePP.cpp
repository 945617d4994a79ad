//===--- WarpSizePP.cpp - where a compile-time wave size comes from --------===//
#include "checks/WarpSizePP.h"
#include "checks/WaveMatchers.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace wavecheck {

bool isRemovedWaveSizeMacro(llvm::StringRef Name) {
  return Name == "__AMDGCN_WAVEFRONT_SIZE" || Name == "__AMDGCN_WAVEFRONT_SIZE__";
}

std::optional<ArchMacroKind> classifyArchMacro(llvm::StringRef Name) {
  if (isRemovedWaveSizeMacro(Name))
    return ArchMacroKind::Removed;
  // `__gfx942__`, `__gfx90a__`, `__gfx1100__`: one macro per offload target.
  if (Name.consume_front("__gfx") && Name.consume_back("__") && !Name.empty() &&
      llvm::all_of(Name, [](char C) { return llvm::isAlnum(C) && !llvm::isUpper(C); }))
    return ArchMacroKind::Target;
  llvm::StringRef Family = Name;
  if (Family.consume_front("__GFX") && Family.consume_back("__") && !Family.empty() &&
      llvm::all_of(Family, llvm::isDigit))
    return ArchMacroKind::Family;
  return llvm::StringSwitch<std::optional<ArchMacroKind>>(Name)
      .Case("__HIP_DEVICE_COMPILE__", ArchMacroKind::DeviceOnly)
      .Cases({"__AMDGCN__", "__AMDGPU__", "__HIP_PLATFORM_AMD__", "__HIP_PLATFORM_HCC__"},
             ArchMacroKind::Platform)
      .Cases({"__HIP_PLATFORM_NVIDIA__", "__HIP_PLATFORM_NVCC__", "__HIP__", "__HIPCC__"},
             ArchMacroKind::Platform)
      .Default(std::nullopt);
}

bool looksLikeWaveSizeName(llvm::StringRef Name) {
  std::string Up = Name.upper();
  llvm::StringRef U(Up);
  bool Wave = U.contains("WARP") || U.contains("WAVE");
  bool Size = U.contains("SIZE") || U.contains("WIDTH") || U.contains("LANES") ||
              U.contains("THREADS");
  return Wave && Size && !isRemovedWaveSizeMacro(Name);
}

bool PPFacts::skipped(SourceLocation Loc, const SourceManager &SM) const {
  auto [FID, Off] = SM.getDecomposedLoc(SM.getFileLoc(Loc));
  return llvm::any_of(Skipped, [&](SourceRange R) {
    auto [BF, B] = SM.getDecomposedLoc(R.getBegin());
    auto [EF, E] = SM.getDecomposedLoc(R.getEnd());
    return BF == FID && EF == FID && B <= Off && Off <= E;
  });
}

const ArchBranch *PPFacts::branchAt(SourceLocation Loc, const SourceManager &SM) const {
  auto [FID, Off] = SM.getDecomposedLoc(SM.getFileLoc(Loc));
  const ArchBranch *Best = nullptr;
  unsigned BestSize = ~0u;
  for (const ArchBranch &B : Branches) {
    auto [BF, Begin] = SM.getDecomposedLoc(B.Range.getBegin());
    auto [EF, End] = SM.getDecomposedLoc(B.Range.getEnd());
    if (BF == FID && EF == FID && Begin <= Off && Off <= End && End - Begin < BestSize) {
      Best = &B;
      BestSize = End - Begin;
    }
  }
  return Best;
}

void ArchConditionRecorder::FileChanged(SourceLocation Loc, FileChangeReason Reason,
                                        SrcMgr::CharacteristicKind FileType, FileID) {
  if (Reason != EnterFile || FileType != SrcMgr::C_User || Loc.isInvalid())
    return;
  FileID FID = SM.getFileID(SM.getFileLoc(Loc));
  if (SM.getFileEntryRefForID(FID) && !llvm::is_contained(Facts.UserFiles, FID))
    Facts.UserFiles.push_back(FID);
}

/// The value of the `#define` whose name is the raw token \p Name, when its
/// body is one integer literal, maybe in parentheses.
static std::optional<int64_t> literalBody(const Token &Name, const SourceManager &SM,
                                          const Preprocessor &PP) {
  auto [FID, Off] = SM.getDecomposedLoc(Name.getEndLoc());
  llvm::StringRef Buf = SM.getBufferData(FID);
  Lexer L(SM.getLocForStartOfFile(FID), PP.getLangOpts(), Buf.begin(), Buf.begin() + Off,
          Buf.end());
  std::optional<int64_t> V;
  bool Other = false;
  Token T;
  // A lexer started mid-line takes its first token for the start of a line.
  for (bool First = true; !L.LexFromRawLexer(T) || T.isNot(tok::eof); First = false) {
    if (T.is(tok::eof) || (!First && T.isAtStartOfLine()))
      break;
    if (T.isOneOf(tok::l_paren, tok::r_paren))
      continue;
    uint64_t N = 0;
    llvm::SmallString<16> Spelled;
    if (T.is(tok::numeric_constant) && !V && !PP.getSpelling(T, Spelled).getAsInteger(0, N))
      V = static_cast<int64_t>(N);
    else
      Other = true;
  }
  return Other ? std::nullopt : V;
}

void ArchConditionRecorder::SourceRangeSkipped(SourceRange Range, SourceLocation) {
  Facts.Skipped.push_back(Range);
  // `#define NAME` lines in a skipped branch of an arch test: a later
  // `#ifndef NAME` fallback is then chosen by that test too.
  SourceLocation B = Range.getBegin(), E = Range.getEnd();
  if (B.isInvalid() || !B.isFileID() || SM.isInSystemHeader(B))
    return;
  auto [FID, Off] = SM.getDecomposedLoc(B);
  auto [EFID, EOff] = SM.getDecomposedLoc(E);
  if (FID != EFID || EOff < Off)
    return;
  llvm::StringRef Buf = SM.getBufferData(FID);
  Lexer L(SM.getLocForStartOfFile(FID), PP.getLangOpts(), Buf.begin(), Buf.begin() + Off,
          Buf.end());
  Token T, Prev, Prev2;
  Prev.startToken();
  Prev2.startToken();
  while (!L.LexFromRawLexer(T) && SM.getFileOffset(T.getLocation()) <= EOff) {
    if (T.is(tok::raw_identifier) && Prev.is(tok::raw_identifier) &&
        Prev.getRawIdentifier() == "define" && Prev2.is(tok::hash) &&
        Prev2.isAtStartOfLine())
      if (const ArchBranch *Br = Facts.branchAt(T.getLocation(), SM)) {
        SkippedDefines.try_emplace(T.getRawIdentifier().str(), Br->Cond);
        Facts.SkippedDefs.push_back({T.getRawIdentifier().str(),
                                     literalBody(T, SM, PP), Br->Range.getBegin(),
                                     Br->Cond});
      }
    Prev2 = Prev;
    Prev = T;
  }
}

void ArchConditionRecorder::MacroDefined(const Token &Name, const MacroDirective *MD) {
  const MacroInfo *MI = MD ? MD->getMacroInfo() : nullptr;
  if (!MI || MI->isFunctionLike() || SM.isInSystemHeader(MI->getDefinitionLoc()) ||
      !SM.getFileEntryRefForID(SM.getFileID(MI->getDefinitionLoc())))
    return; // system header, predefined or command-line macro
  llvm::StringRef N = Name.getIdentifierInfo()->getName();
  if (isRemovedWaveSizeMacro(N)) {
    Facts.RemovedMacrosDefined.push_back(N.str()); // a shim for old headers
    if (MI->getNumTokens() == 1 && MI->getReplacementToken(0).is(tok::numeric_constant)) {
      llvm::SmallString<8> Buf;
      uint64_t V = 0;
      if (!PP.getSpelling(MI->getReplacementToken(0), Buf).getAsInteger(0, V))
        Facts.RemovedMacroValue = static_cast<int64_t>(V);
    }
  } else if (N == "warpSize") {
    Facts.UserWarpSizeMacro = true;
  }
  // The condition choosing the macro is written around it in its own file;
  // one around the `#include` of that file (an include guard testing the
  // platform) chooses nothing.
  auto Cond = llvm::find_if(llvm::reverse(Open), [&](const ArchCondition &C) {
    return !C.Tested.empty() && SM.getFileID(SM.getExpansionLoc(C.Loc)) ==
                                    SM.getFileID(SM.getExpansionLoc(Name.getLocation()));
  });
  if (Cond == Open.rend())
    return;
  ChosenMacro C{Name.getIdentifierInfo()->getName().str(), Name.getLocation(), std::nullopt,
                *Cond};
  const Token *Num = nullptr;
  bool Other = false;
  for (const Token &T : MI->tokens()) {
    if (T.isOneOf(tok::l_paren, tok::r_paren))
      continue;
    Other |= Num || T.isNot(tok::numeric_constant);
    Num = T.is(tok::numeric_constant) ? &T : Num;
  }
  if (MI->getNumTokens())
    C.ValueLoc = MI->getReplacementToken(0).getLocation();
  llvm::SmallString<16> Buf;
  uint64_t V = 0;
  if (Num && !Other) {
    C.ValueLoc = Num->getLocation();
    if (!PP.getSpelling(*Num, Buf).rtrim("uUlL").getAsInteger(0, V))
      C.Value = static_cast<int64_t>(V);
  }
  // `ROCPRIM_WARP_SIZE_32 32u` names one size among the supported ones: its
  // name says its value, it is not the size detected for the target.
  if (C.Value && llvm::is_contained(identifierWords(N), std::to_string(*C.Value)))
    return;
  Facts.Chosen[MI] = std::move(C);
}

void ArchConditionRecorder::MacroExpands(const Token &Name, const MacroDefinition &MD,
                                         SourceRange Range, const MacroArgs *) {
  const MacroInfo *MI = MD.getMacroInfo();
  if (PP.isParsingIfOrElifDirective()) {
    // Tested through a macro: `#if IS_CDNA` with `IS_CDNA` defined as a list
    // of `defined(__gfxNNN__)`, or a macro itself chosen by an arch test.
    Pending.push_back(Name.getIdentifierInfo()->getName().str());
    if (MI)
      for (const Token &T : MI->tokens())
        if (const IdentifierInfo *II = T.getIdentifierInfo())
          Pending.push_back(II->getName().str());
    testBody(MI);
    return;
  }
  SourceLocation Loc = SM.getExpansionLoc(Range.getBegin());
  if (MI && Facts.Chosen.count(MI) && !SM.isInSystemHeader(Loc))
    Facts.Uses.push_back({Loc, MI});
}

void ArchConditionRecorder::Defined(const Token &Name, const MacroDefinition &MD,
                                    SourceRange) {
  Pending.push_back(Name.getIdentifierInfo()->getName().str());
  testBody(MD.getMacroInfo());
  testSkipped(Name, MD);
}

/// A macro this pass leaves undefined because its `#define` was in a
/// skipped branch of an arch test carries that test into the conditions
/// that test it (`#ifndef WAVE_SZ` after `#ifdef __GFX9__ / #define WAVE_SZ`).
void ArchConditionRecorder::testSkipped(const Token &Name, const MacroDefinition &MD) {
  if (MD.getMacroInfo())
    return;
  auto It = SkippedDefines.find(Name.getIdentifierInfo()->getName().str());
  if (It != SkippedDefines.end())
    Pending.insert(Pending.end(), It->second.Tested.begin(), It->second.Tested.end());
}

/// A macro chosen by an arch test carries that test into the conditions that
/// test it.
void ArchConditionRecorder::testBody(const MacroInfo *MI) {
  if (auto It = MI ? Facts.Chosen.find(MI) : Facts.Chosen.end(); It != Facts.Chosen.end())
    Pending.insert(Pending.end(), It->second.Cond.Tested.begin(),
                   It->second.Cond.Tested.end());
}

void ArchConditionRecorder::test(llvm::StringRef Name) {
  std::vector<std::string> &Tested = Open.back().Tested;
  if (classifyArchMacro(Name) && !llvm::is_contained(Tested, Name))
    Tested.push_back(Name.str());
}

void ArchConditionRecorder::open(SourceLocation Loc, llvm::StringRef Directive) {
  Open.push_back({Loc, Directive, {}, Loc});
}

/// Closes the current branch of the innermost conditional at \p Loc (an
/// #elif, #else or #endif) and opens the next one there.
void ArchConditionRecorder::nextBranch(SourceLocation Loc) {
  if (Open.empty())
    return;
  ArchCondition &C = Open.back();
  if (!C.Tested.empty() && !SM.isInSystemHeader(Loc))
    Facts.Branches.push_back({SourceRange(C.Branch, Loc), C});
  C.Branch = Loc;
}

/// Tests the identifiers written in \p Cond (raw: also macros that are not
/// defined and so never expand) and those gathered while it was evaluated.
void ArchConditionRecorder::testCondition(SourceRange Cond) {
  if (Open.empty())
    return;
  std::vector<std::string> Names;
  Names.swap(Pending);
  SourceLocation Begin = SM.getExpansionLoc(Cond.getBegin()); // a macro may start it
  if (Begin.isValid() && Begin.isFileID() && !SM.isInSystemHeader(Begin)) {
    auto [FID, Off] = SM.getDecomposedLoc(Begin);
    llvm::StringRef Buf = SM.getBufferData(FID);
    Lexer L(SM.getLocForStartOfFile(FID), PP.getLangOpts(), Buf.begin(), Buf.begin() + Off,
            Buf.end());
    Token T;
    while (!L.LexFromRawLexer(T) && !(T.isAtStartOfLine() && T.getLocation() != Begin)) {
      if (T.isNot(tok::raw_identifier))
        continue;
      Names.push_back(T.getRawIdentifier().str());
      if (isRemovedWaveSizeMacro(T.getRawIdentifier()))
        Facts.RemovedMacroTests.push_back(T.getLocation());
    }
  }
  for (const std::string &N : Names)
    test(N);
}

void ArchConditionRecorder::testName(const Token &Name, const MacroDefinition &MD) {
  if (Open.empty())
    return;
  llvm::StringRef N = Name.getIdentifierInfo()->getName();
  if (isRemovedWaveSizeMacro(N) && !SM.isInSystemHeader(Name.getLocation()))
    Facts.RemovedMacroTests.push_back(Name.getLocation());
  test(N);
  Pending.clear();
  testBody(MD.getMacroInfo()); // `#ifdef USE_WAVE64`, itself chosen by an arch test
  testSkipped(Name, MD);       // ... or left undefined by one
  std::vector<std::string> Inherited;
  Inherited.swap(Pending);
  for (const std::string &P : Inherited)
    test(P);
}

void ArchConditionRecorder::If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) {
  open(Loc, "#if");
  testCondition(Cond);
}

void ArchConditionRecorder::Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind,
                                 SourceLocation) {
  nextBranch(Loc);
  testCondition(Cond);
}

void ArchConditionRecorder::Ifdef(SourceLocation Loc, const Token &Name,
                                  const MacroDefinition &MD) {
  open(Loc, "#ifdef");
  testName(Name, MD);
}

void ArchConditionRecorder::Ifndef(SourceLocation Loc, const Token &Name,
                                   const MacroDefinition &MD) {
  open(Loc, "#ifndef");
  testName(Name, MD);
}

void ArchConditionRecorder::Elifdef(SourceLocation Loc, const Token &Name,
                                    const MacroDefinition &MD) {
  nextBranch(Loc);
  testName(Name, MD);
}

void ArchConditionRecorder::Elifdef(SourceLocation Loc, SourceRange Cond, SourceLocation) {
  nextBranch(Loc);
  testCondition(Cond);
}

void ArchConditionRecorder::Elifndef(SourceLocation Loc, const Token &Name,
                                     const MacroDefinition &MD) {
  nextBranch(Loc);
  testName(Name, MD);
}

void ArchConditionRecorder::Elifndef(SourceLocation Loc, SourceRange Cond, SourceLocation) {
  nextBranch(Loc);
  testCondition(Cond);
}

void ArchConditionRecorder::Else(SourceLocation Loc, SourceLocation) { nextBranch(Loc); }

void ArchConditionRecorder::Endif(SourceLocation Loc, SourceLocation IfLoc) {
  // Conditionals nested in a skipped block get no callback: close up to the
  // one this #endif ends.
  if (!Open.empty() && Open.back().Loc == IfLoc)
    nextBranch(Loc);
  while (!Open.empty()) {
    SourceLocation L = Open.back().Loc;
    Open.pop_back();
    if (L == IfLoc)
      break;
  }
}

std::vector<RawToken> rawTokens(FileID FID, const SourceManager &SM, const LangOptions &LO) {
  std::vector<RawToken> Out;
  llvm::MemoryBufferRef Buf = SM.getBufferOrFake(FID);
  Lexer L(FID, Buf, SM, LO);
  L.SetCommentRetentionState(false);
  llvm::StringRef Directive;
  bool AfterHash = false;
  Token T;
  while (!L.LexFromRawLexer(T) || T.isNot(tok::eof)) {
    if (T.isAtStartOfLine()) {
      AfterHash = T.is(tok::hash);
      Directive = AfterHash ? "#" : "";
    } else if (AfterHash) {
      AfterHash = false;
      Directive = T.is(tok::raw_identifier) ? T.getRawIdentifier() : "#";
    }
    Out.push_back({T, Directive});
    if (T.is(tok::eof))
      break;
  }
  return Out;
}

} // namespace wavecheck
