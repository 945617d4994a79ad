//===--- Fp8Source.cpp - FP8 spellings and preprocessor facts -------------===//
#include "checks/Fp8Source.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace wavecheck::fp8 {

namespace {
constexpr Fp8Format OCP = Fp8Format::OCP, FNUZ = Fp8Format::FNUZ;
constexpr Family E4 = Family::E4M3, E5 = Family::E5M2;
} // namespace

/// Every spelling the rule recognises (HIP FP8 documentation, hipDataType,
/// CUDA FP8 documentation, PyTorch's dtypes). hipBLASLt's older
/// `HIPBLASLT_R_8F_E4M3` and `hipblaslt_f8` are left out on purpose: before
/// gfx950 they named the MI300 (FNUZ) format, so the name does not tell.
static const Spelling Spellings[] = {
    {"__hip_fp8_e4m3", OCP, E4, Origin::HipType, "__hip_fp8_e4m3_fnuz"},
    {"__hip_fp8_e5m2", OCP, E5, Origin::HipType, "__hip_fp8_e5m2_fnuz"},
    {"__hip_fp8x2_e4m3", OCP, E4, Origin::HipType, "__hip_fp8x2_e4m3_fnuz"},
    {"__hip_fp8x2_e5m2", OCP, E5, Origin::HipType, "__hip_fp8x2_e5m2_fnuz"},
    {"__hip_fp8x4_e4m3", OCP, E4, Origin::HipType, "__hip_fp8x4_e4m3_fnuz"},
    {"__hip_fp8x4_e5m2", OCP, E5, Origin::HipType, "__hip_fp8x4_e5m2_fnuz"},
    {"__hip_fp8_e4m3_fnuz", FNUZ, E4, Origin::HipType, "__hip_fp8_e4m3"},
    {"__hip_fp8_e5m2_fnuz", FNUZ, E5, Origin::HipType, "__hip_fp8_e5m2"},
    {"__hip_fp8x2_e4m3_fnuz", FNUZ, E4, Origin::HipType, "__hip_fp8x2_e4m3"},
    {"__hip_fp8x2_e5m2_fnuz", FNUZ, E5, Origin::HipType, "__hip_fp8x2_e5m2"},
    {"__hip_fp8x4_e4m3_fnuz", FNUZ, E4, Origin::HipType, "__hip_fp8x4_e4m3"},
    {"__hip_fp8x4_e5m2_fnuz", FNUZ, E5, Origin::HipType, "__hip_fp8x4_e5m2"},
    {"__HIP_E4M3", OCP, E4, Origin::HipEnum, "__HIP_E4M3_FNUZ"},
    {"__HIP_E5M2", OCP, E5, Origin::HipEnum, "__HIP_E5M2_FNUZ"},
    {"__HIP_E4M3_FNUZ", FNUZ, E4, Origin::HipEnum, "__HIP_E4M3"},
    {"__HIP_E5M2_FNUZ", FNUZ, E5, Origin::HipEnum, "__HIP_E5M2"},
    {"HIP_R_8F_E4M3", OCP, E4, Origin::HipEnum, "HIP_R_8F_E4M3_FNUZ"},
    {"HIP_R_8F_E5M2", OCP, E5, Origin::HipEnum, "HIP_R_8F_E5M2_FNUZ"},
    {"HIP_R_8F_E4M3_FNUZ", FNUZ, E4, Origin::HipEnum, "HIP_R_8F_E4M3"},
    {"HIP_R_8F_E5M2_FNUZ", FNUZ, E5, Origin::HipEnum, "HIP_R_8F_E5M2"},
    {"__nv_fp8_e4m3", OCP, E4, Origin::CudaType, "__hip_fp8_e4m3_fnuz"},
    {"__nv_fp8_e5m2", OCP, E5, Origin::CudaType, "__hip_fp8_e5m2_fnuz"},
    {"__nv_fp8x2_e4m3", OCP, E4, Origin::CudaType, "__hip_fp8x2_e4m3_fnuz"},
    {"__nv_fp8x2_e5m2", OCP, E5, Origin::CudaType, "__hip_fp8x2_e5m2_fnuz"},
    {"__nv_fp8x4_e4m3", OCP, E4, Origin::CudaType, "__hip_fp8x4_e4m3_fnuz"},
    {"__nv_fp8x4_e5m2", OCP, E5, Origin::CudaType, "__hip_fp8x4_e5m2_fnuz"},
    // The CUDA interpretation enum has no FNUZ member: no one-token fix.
    {"__NV_E4M3", OCP, E4, Origin::CudaEnum, ""},
    {"__NV_E5M2", OCP, E5, Origin::CudaEnum, ""},
    {"Float8_e4m3fn", OCP, E4, Origin::PyTorch, "Float8_e4m3fnuz"},
    {"Float8_e5m2", OCP, E5, Origin::PyTorch, "Float8_e5m2fnuz"},
    {"kFloat8_e4m3fn", OCP, E4, Origin::PyTorch, "kFloat8_e4m3fnuz"},
    {"kFloat8_e5m2", OCP, E5, Origin::PyTorch, "kFloat8_e5m2fnuz"},
    {"Float8_e4m3fnuz", FNUZ, E4, Origin::PyTorch, "Float8_e4m3fn"},
    {"Float8_e5m2fnuz", FNUZ, E5, Origin::PyTorch, "Float8_e5m2"},
    {"kFloat8_e4m3fnuz", FNUZ, E4, Origin::PyTorch, "kFloat8_e4m3fn"},
    {"kFloat8_e5m2fnuz", FNUZ, E5, Origin::PyTorch, "kFloat8_e5m2"},
};

const Spelling *findSpelling(llvm::StringRef Name) {
  for (const Spelling &S : Spellings)
    if (S.Name == Name)
      return &S;
  return nullptr;
}

llvm::StringRef formatName(Fp8Format F) { return F == OCP ? "OCP" : "FNUZ"; }
llvm::StringRef familyName(Family F) { return F == E4 ? "E4M3" : "E5M2"; }

const char *consequence(Fp8Format From, Family F) {
  if (From == OCP)
    return F == E4 ? "the same byte decodes to half the value in FNUZ, OCP E4M3 "
                     "saturates at 448 and FNUZ at 240, and 0x80 (-0 in OCP) is NaN in "
                     "FNUZ"
                   : "the same byte decodes to half the value in FNUZ, and 0x80 (-0 in "
                     "OCP) is NaN in FNUZ";
  return F == E4 ? "the same byte decodes to twice the value in OCP, FNUZ E4M3 "
                   "saturates at 240 and OCP at 448, and 0x80 (NaN in FNUZ) is -0 in OCP"
                 : "the same byte decodes to twice the value in OCP, and 0x80 (NaN in "
                   "FNUZ) is -0 in OCP";
}

bool mentionsFp8(llvm::StringRef Identifier) {
  std::string L = Identifier.lower();
  llvm::StringRef S(L);
  return S.contains("fp8") || S.contains("float8") || S.contains("e4m3") ||
         S.contains("e5m2");
}

std::optional<double> literalValue(llvm::StringRef Text) {
  if (Text.empty() || !(llvm::isDigit(Text[0]) || Text[0] == '.'))
    return std::nullopt;
  std::string Digits;
  for (char C : Text)
    if (C != '\'')
      Digits += C;
  llvm::StringRef T(Digits);
  bool Hex = T.starts_with_insensitive("0x");
  // Suffixes: u, l, f (not hex digits f in a hex integer).
  while (!T.empty() && (llvm::is_contained("uUlL", T.back()) ||
                        (!Hex && llvm::is_contained("fF", T.back()))))
    T = T.drop_back();
  double V = 0;
  if (T.getAsDouble(V, /*AllowInexact=*/true))
    return std::nullopt;
  return V;
}

// --- FP8 guards ------------------------------------------------------------

/// The format a macro tested in an `#if` stands for:
/// the HIP header's per-target macros and the device-pass arch macros (the
/// ones starting with "__").
static Guard macroGuard(llvm::StringRef Id) {
  if (Id == "HIP_FP8_TYPE_OCP" || Id == "__gfx950__" || Id.starts_with("__gfx12") ||
      Id == "__GFX12__")
    return Guard::OCP;
  if (Id == "HIP_FP8_TYPE_FNUZ" || Id == "__gfx940__" || Id == "__gfx941__" ||
      Id == "__gfx942__")
    return Guard::FNUZ;
  return Guard::None;
}

static Guard flip(Guard G) {
  return G == Guard::OCP ? Guard::FNUZ : G == Guard::FNUZ ? Guard::OCP : G;
}

/// The tokens of an `#if` condition from \p Begin to the end of its logical
/// line: identifiers, numbers and operators, without comments.
static std::vector<llvm::StringRef> conditionTokens(llvm::StringRef Buf, size_t I) {
  std::vector<llvm::StringRef> Out;
  while (I < Buf.size()) {
    char C = Buf[I];
    if (C == '\n')
      break;
    if (C == '\\' && I + 1 < Buf.size() && (Buf[I + 1] == '\n' || Buf[I + 1] == '\r')) {
      I = Buf.find('\n', I) + 1;
      continue;
    }
    if (Buf.substr(I).starts_with("//"))
      break;
    if (Buf.substr(I).starts_with("/*")) {
      size_t E = Buf.find("*/", I + 2);
      I = E == llvm::StringRef::npos ? Buf.size() : E + 2;
      continue;
    }
    size_t J = I + 1;
    if (llvm::isAlnum(C) || C == '_') {
      while (J < Buf.size() && (llvm::isAlnum(Buf[J]) || Buf[J] == '_'))
        ++J;
    } else if (J < Buf.size() && llvm::is_contained(
                                     {"==", "!=", "&&", "||"}, Buf.substr(I, 2))) {
      ++J;
    } else if (llvm::isSpace(C)) {
      I = J;
      continue;
    }
    Out.push_back(Buf.substr(I, J - I));
    I = J;
  }
  return Out;
}

/// The format the branch of condition \p T is written for: each FP8 macro
/// votes for its format, flipped when negated (`!`, `!defined(...)`,
/// `== 0`); \p Negate flips everything (`#ifndef`).
static Guard classify(const std::vector<llvm::StringRef> &T, bool Negate) {
  bool Ocp = false, Fnuz = false, Arch = false;
  for (size_t I = 0; I < T.size(); ++I) {
    Guard G = macroGuard(T[I]);
    if (G == Guard::None)
      continue;
    Arch |= T[I].starts_with("__");
    bool Neg = Negate, Paren = false;
    size_t J = I;
    if (J >= 2 && T[J - 1] == "(" && T[J - 2] == "defined")
      J -= 2, Paren = true;
    else if (J >= 1 && T[J - 1] == "defined")
      J -= 1;
    for (; J >= 1 && T[J - 1] == "!"; --J)
      Neg = !Neg;
    size_t K = I + 1 + (Paren ? 1 : 0);
    if (K + 1 < T.size() && (T[K] == "==" || T[K] == "!=")) {
      std::optional<double> V = literalValue(T[K + 1]);
      if (V && T[K] == "==")
        Neg ^= *V == 0;
      else if (V)
        Neg ^= *V != 0;
    }
    G = Neg ? flip(G) : G;
    (G == Guard::OCP ? Ocp : Fnuz) = true;
  }
  if (Arch)
    return Guard::Arch;
  if (Ocp && Fnuz)
    return Guard::Unknown;
  return Ocp ? Guard::OCP : Fnuz ? Guard::FNUZ : Guard::None;
}

/// The branch after \p Prev in an `#if` chain with no FP8 macro of its own
/// (`#else`): the other format when all earlier branches chose one.
static Guard complement(const std::vector<Guard> &Prev) {
  if (llvm::is_contained(Prev, Guard::Arch))
    return Guard::Arch;
  bool Ocp = llvm::is_contained(Prev, Guard::OCP);
  bool Fnuz = llvm::is_contained(Prev, Guard::FNUZ);
  if (llvm::is_contained(Prev, Guard::Unknown) || (Ocp && Fnuz))
    return Guard::Unknown;
  return Ocp ? Guard::FNUZ : Fnuz ? Guard::OCP : Guard::None;
}

static bool contains(const PreprocessorFacts::Range &R, SourceLocation Loc,
                     const SourceManager &SM) {
  auto [F, Off] = SM.getDecomposedLoc(Loc);
  return F == R.File && R.Begin <= Off && Off <= R.End;
}

Guard PreprocessorFacts::guardAt(SourceLocation Loc, const SourceManager &SM) const {
  const Range *Best = nullptr;
  for (const Range &R : Branches)
    if (contains(R, Loc, SM) && (!Best || R.End - R.Begin < Best->End - Best->Begin))
      Best = &R;
  return Best ? Best->G : Guard::None;
}

namespace {

class FactsCollector : public PPCallbacks {
public:
  FactsCollector(const SourceManager &SM, PreprocessorFacts &Facts)
      : SM(SM), Facts(Facts) {}

  void LexedFileChanged(FileID FID, LexedFileChangeReason Reason,
                        SrcMgr::CharacteristicKind Kind, FileID, SourceLocation) override {
    if (Reason == LexedFileChangeReason::EnterFile && !SrcMgr::isSystem(Kind) &&
        SM.getFileEntryRefForID(FID) && !llvm::is_contained(Facts.UserFiles, FID))
      Facts.UserFiles.push_back(FID);
  }

  void SourceRangeSkipped(SourceRange R, SourceLocation) override {
    if (user(R.getBegin()))
      Facts.Skipped.push_back(range(R.getBegin(), R.getEnd(), Guard::None));
  }

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const MacroInfo *MI = MD->getMacroInfo();
    if (!MI || !user(Name.getLocation()))
      return;
    Facts.MacroBodies.push_back(
        range(Name.getLocation(), MI->getDefinitionEndLoc(), Guard::None));
    if (!mentionsFp8(Name.getIdentifierInfo()->getName()))
      return;
    const Token *Number = nullptr;
    for (const Token &T : MI->tokens()) {
      if (T.isOneOf(tok::l_paren, tok::r_paren))
        continue;
      if (Number || !T.is(tok::numeric_constant))
        return;
      Number = &T;
    }
    if (!Number || !Number->getLiteralData())
      return;
    std::optional<double> V =
        literalValue(llvm::StringRef(Number->getLiteralData(), Number->getLength()));
    if (V == OcpE4m3Max || V == FnuzE4m3Max)
      Facts.Constants.push_back({Number->getLocation(), static_cast<int>(*V)});
  }

  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    open(Loc, classify(tokensAt(Cond.getBegin()), false));
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    open(Loc, classify({Name.getIdentifierInfo()->getName()}, false));
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    open(Loc, classify({Name.getIdentifierInfo()->getName()}, true));
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind,
            SourceLocation IfLoc) override {
    if (Branch *B = close(Loc, IfLoc)) {
      Guard G = classify(tokensAt(Cond.getBegin()), false);
      B->Cur = G == Guard::None ? complement(B->Prev) : G;
    }
  }
  void Else(SourceLocation Loc, SourceLocation IfLoc) override {
    if (Branch *B = close(Loc, IfLoc))
      B->Cur = complement(B->Prev);
  }
  void Endif(SourceLocation Loc, SourceLocation IfLoc) override {
    if (close(Loc, IfLoc))
      Open.pop_back();
  }

private:
  /// The `#if` chain being read: the guard of its current branch, those of
  /// the branches before it, where the branch starts.
  struct Branch {
    SourceLocation IfLoc, Start;
    Guard Cur;
    std::vector<Guard> Prev;
  };

  bool user(SourceLocation Loc) const {
    return Loc.isValid() && Loc.isFileID() && !SM.isInSystemHeader(Loc);
  }
  PreprocessorFacts::Range range(SourceLocation B, SourceLocation E, Guard G) const {
    auto [F, Begin] = SM.getDecomposedLoc(B);
    auto [F2, End] = SM.getDecomposedLoc(E);
    return {F, Begin, F2 == F ? End : ~0u, G};
  }
  std::vector<llvm::StringRef> tokensAt(SourceLocation Loc) const {
    // A condition that starts with a macro begins at the macro's expansion.
    Loc = SM.getExpansionLoc(Loc);
    if (!Loc.isValid())
      return {};
    auto [F, Off] = SM.getDecomposedLoc(Loc);
    return conditionTokens(SM.getBufferData(F), Off);
  }
  void open(SourceLocation Loc, Guard G) { Open.push_back({Loc, Loc, G, {}}); }
  /// Ends the current branch of the chain opened at \p IfLoc at \p Loc and
  /// records it when it is FP8-guarded; nullptr for an unknown chain.
  Branch *close(SourceLocation Loc, SourceLocation IfLoc) {
    while (!Open.empty() && Open.back().IfLoc != IfLoc)
      Open.pop_back(); // chains left open by a malformed file
    if (Open.empty())
      return nullptr;
    Branch &B = Open.back();
    if (B.Cur != Guard::None && user(B.Start))
      Facts.Branches.push_back(range(B.Start, Loc, B.Cur));
    B.Prev.push_back(B.Cur);
    B.Start = Loc;
    return &B;
  }

  const SourceManager &SM;
  PreprocessorFacts &Facts;
  std::vector<Branch> Open;
};

} // namespace

std::unique_ptr<PPCallbacks> makeFactsCollector(const SourceManager &SM,
                                                PreprocessorFacts &Facts) {
  return std::make_unique<FactsCollector>(SM, Facts);
}

void scanIdentifiers(const SourceManager &SM, const LangOptions &LO,
                     const PreprocessorFacts &Facts,
                     llvm::function_ref<void(SourceLocation, llvm::StringRef)> OnIdentifier) {
  for (FileID F : Facts.UserFiles) {
    // This file's skipped ranges in order (they never overlap), walked
    // along with the tokens.
    std::vector<const PreprocessorFacts::Range *> Skipped;
    for (const PreprocessorFacts::Range &R : Facts.Skipped)
      if (R.File == F)
        Skipped.push_back(&R);
    llvm::sort(Skipped, [](auto *A, auto *B) { return A->Begin < B->Begin; });
    size_t NextSkip = 0;
    llvm::StringRef Buf = SM.getBufferData(F);
    Lexer Raw(SM.getLocForStartOfFile(F), LO, Buf.begin(), Buf.begin(), Buf.end());
    Token Tok;
    bool AfterHash = false, IncludeLine = false;
    for (bool End = false; !End;) {
      End = Raw.LexFromRawLexer(Tok);
      if (Tok.is(tok::eof))
        break;
      if (Tok.isAtStartOfLine()) {
        IncludeLine = false;
        AfterHash = Tok.is(tok::hash);
        if (AfterHash)
          continue;
      } else if (AfterHash) {
        AfterHash = false;
        IncludeLine = Tok.is(tok::raw_identifier) &&
                      llvm::is_contained({"include", "include_next", "import"},
                                         Tok.getRawIdentifier());
        continue;
      }
      if (IncludeLine || Tok.isNot(tok::raw_identifier))
        continue;
      unsigned Off = SM.getFileOffset(Tok.getLocation());
      while (NextSkip < Skipped.size() && Skipped[NextSkip]->End < Off)
        ++NextSkip;
      if (NextSkip < Skipped.size() && Skipped[NextSkip]->Begin <= Off)
        continue;
      OnIdentifier(Tok.getLocation(), Tok.getRawIdentifier());
    }
  }
}

} // namespace wavecheck::fp8
