//===--- WaveMatchers.cpp - what the wave64 checks share -------------------===//
///
/// \file
/// The recognisers of WaveMatchers.h for calls and builtins (shuffles,
/// ballots, votes, widths), integer constants, the words of names, and
/// local variables and binary operators seen through templates. Thread,
/// lane and warp indices are in WaveIndices.cpp.
///
//===----------------------------------------------------------------------===//
#include "checks/WaveMatchers.h"
#include "checks/NodeContext.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace wavecheck {

llvm::StringRef calleeName(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    if (const IdentifierInfo *II = FD->getIdentifier())
      return II->getName();
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(Callee))
    if (ULE->getName().isIdentifier())
      return ULE->getName().getAsIdentifierInfo()->getName();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    if (const IdentifierInfo *II = DRE->getDecl()->getIdentifier())
      return II->getName();
  return {};
}

SourceLocation calleeNameLoc(const CallExpr *Call) {
  const Expr *E = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getLocation();
  if (const auto *OE = dyn_cast<OverloadExpr>(E))
    return OE->getNameLoc();
  return Call->getBeginLoc();
}

const Expr *writtenArg(const CallExpr *Call, unsigned I) {
  if (I >= Call->getNumArgs())
    return nullptr;
  const Expr *A = Call->getArg(I);
  if (isa<CXXDefaultArgExpr>(A))
    return nullptr;
  return A;
}

std::optional<ShuffleCall> asShuffle(const CallExpr *Call) {
  llvm::StringRef Name = calleeName(Call);
  ShuffleCall S;
  S.Call = Call;
  S.Sync = Name.consume_back("_sync");
  std::optional<ShuffleKind> Kind =
      llvm::StringSwitch<std::optional<ShuffleKind>>(Name)
          .Case("__shfl", ShuffleKind::Idx)
          .Case("__shfl_up", ShuffleKind::Up)
          .Case("__shfl_down", ShuffleKind::Down)
          .Case("__shfl_xor", ShuffleKind::Xor)
          .Default(std::nullopt);
  if (!Kind)
    return std::nullopt;
  S.Kind = *Kind;
  unsigned First = S.Sync ? 1 : 0;
  if (Call->getNumArgs() < First + 2)
    return std::nullopt;
  S.Mask = S.Sync ? writtenArg(Call, 0) : nullptr;
  S.Value = writtenArg(Call, First);
  S.LaneArg = writtenArg(Call, First + 1);
  S.Width = writtenArg(Call, First + 2);
  return S;
}

void collectShuffles(const Stmt *S, llvm::SmallVectorImpl<ShuffleCall> &Out) {
  for (const Stmt *Child : S->children())
    if (Child)
      collectShuffles(Child, Out);
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (std::optional<ShuffleCall> Shfl = asShuffle(Call))
      Out.push_back(*Shfl);
}

bool isHardwareWaveBuiltin(llvm::StringRef Name) {
  Name.consume_back("_sync");
  return llvm::StringSwitch<bool>(Name)
      .Cases({"__ballot", "__activemask", "__any", "__all"}, true)
      .Cases({"__match_any", "__match_all", "__lane_id"}, true)
      .Default(false);
}

bool isMaskProducingBuiltin(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases({"__ballot", "__ballot_sync", "__activemask"}, true)
      .Cases({"__match_any", "__match_any_sync", "__match_all_sync"}, true)
      .Default(false);
}

bool isSyncBuiltin(llvm::StringRef Name) {
  return Name.starts_with("__") && Name.ends_with("_sync");
}

bool takesLaneMask(llvm::StringRef Name) {
  return isSyncBuiltin(Name) || Name == "__syncwarp";
}

std::optional<int64_t> constantValue(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
    return V->getExtValue();
  return std::nullopt;
}

bool isWarpSizeRef(const Expr *E) {
  if (!E)
    return false;
  // ROCm 7's warpSize (and the stand-in's) is an object read through a
  // user-defined conversion: look through it as well as through casts.
  E = E->IgnoreUnlessSpelledInSource()->IgnoreParenImpCasts();
  // HIP's `warpSize` is declared at namespace scope; a local or a parameter
  // of that name (`int warpSize = 32;`) is the project's own value.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return DRE->getDecl()->getName() == "warpSize" &&
           (!VD || (VD->hasGlobalStorage() && !VD->isStaticLocal()));
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return calleeName(Call) == "__builtin_amdgcn_wavefrontsize";
  return false;
}

bool isWidenedMask(const Expr *Mask, const ASTContext &Ctx) {
  if (!Mask)
    return false;
  const Expr *Written = Mask->IgnoreParenImpCasts();
  QualType Ty = Written->getType();
  if (Ty.isNull() || Ty->isDependentType() || !Ty->isIntegerType() ||
      Ctx.getTypeSize(Ty) != 64)
    return false;
  std::optional<int64_t> V = constantValue(Written, Ctx);
  return !V || static_cast<uint64_t>(*V) > 0xffffffffull;
}

WidthKind classifyWidth(const Expr *Width, const ASTContext &Ctx) {
  if (!Width || isWarpSizeRef(Width))
    return WidthKind::FullWave;
  if (std::optional<int64_t> V = constantValue(Width, Ctx)) {
    if (*V == 32)
      return WidthKind::Lanes32;
    if (*V >= 64)
      return WidthKind::FullWave;
  }
  return WidthKind::Other;
}

llvm::SmallVector<std::string, 4> identifierWords(llvm::StringRef Name) {
  llvm::SmallVector<std::string, 4> Words;
  std::string Cur;
  auto Flush = [&] {
    if (!Cur.empty())
      Words.push_back(std::move(Cur));
    Cur.clear();
  };
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (!llvm::isAlnum(C)) {
      Flush();
      continue;
    }
    char Prev = I ? Name[I - 1] : '_';
    char Next = I + 1 < Name.size() ? Name[I + 1] : '_';
    bool Upper = llvm::isUpper(C);
    // `srcLane`, `lane2`, `Lane2x`; `HTTPServer` splits before `Server`.
    if ((Upper && (llvm::isLower(Prev) || llvm::isDigit(Prev))) ||
        (Upper && llvm::isUpper(Prev) && llvm::isLower(Next)) ||
        (llvm::isDigit(C) != llvm::isDigit(Prev) && llvm::isAlnum(Prev)))
      Flush();
    Cur.push_back(llvm::toLower(C));
  }
  Flush();
  return Words;
}

/// True when \p Word is \p Stem, maybe run together with one of \p Prefixes
/// in front (`srclane`) and one of \p Suffixes behind (`laneid`), as
/// identifiers written in one lower-case word are.
static bool isStemWord(llvm::StringRef Word, llvm::StringRef Stem,
                       llvm::ArrayRef<llvm::StringRef> Prefixes,
                       llvm::ArrayRef<llvm::StringRef> Suffixes) {
  size_t P = Word.find(Stem);
  if (P == llvm::StringRef::npos)
    return false;
  llvm::StringRef Pre = Word.take_front(P), Post = Word.drop_front(P + Stem.size());
  return (Pre.empty() || llvm::is_contained(Prefixes, Pre)) &&
         (Post.empty() || llvm::is_contained(Suffixes, Post));
}

/// Words run together with a lane or warp word in lower-case identifiers.
static const llvm::StringRef NamePrefixes[] = {
    "src", "dst", "my", "peer", "leader", "half", "sub", "this", "target", "source",
    "dest", "next", "prev", "first", "last", "other", "own", "n", "num", "per"};
static const llvm::StringRef IdSuffixes[] = {"id", "idx", "index", "ix", "no", "num"};
static const llvm::StringRef WarpSuffixes[] = {
    "s", "id", "ids", "idx", "index", "ix", "no", "num",
    "size", "sz", "count", "cnt", "front", "fronts", "width"};

bool namesLane(llvm::StringRef Name) {
  return llvm::any_of(identifierWords(Name), [](llvm::StringRef W) {
    return isStemWord(W, "lane", NamePrefixes, IdSuffixes);
  });
}

bool namesWarp(llvm::StringRef Name) {
  return llvm::any_of(identifierWords(Name), [](llvm::StringRef W) {
    return isStemWord(W, "warp", NamePrefixes, WarpSuffixes) ||
           isStemWord(W, "wave", NamePrefixes, WarpSuffixes);
  });
}

bool namesWaveSize(llvm::StringRef Name) {
  return namesWarp(Name) || namesLane(Name) ||
         llvm::any_of(identifierWords(Name), [](llvm::StringRef W) {
           return W == "lanes" || W == "nlanes" || W == "ws" || W == "wsize";
         });
}

const VarDecl *localVarRef(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) ? V : nullptr;
}

std::optional<BinaryView> binaryView(const Expr *E) {
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(E))
    return BinaryView{BO->getOpcode(), BO->getLHS(), BO->getRHS()};
  const auto *Call = dyn_cast_or_null<CXXOperatorCallExpr>(E);
  if (!Call || Call->getNumArgs() != 2 || Call->getDirectCallee() ||
      !isa<UnresolvedLookupExpr>(Call->getCallee()->IgnoreImpCasts()))
    return std::nullopt;
  switch (Call->getOperator()) { // the operators that have a binary opcode
  case OO_Plus: case OO_Minus: case OO_Star: case OO_Slash: case OO_Percent:
  case OO_Caret: case OO_Amp: case OO_Pipe: case OO_Equal: case OO_Less:
  case OO_Greater: case OO_PlusEqual: case OO_MinusEqual: case OO_StarEqual:
  case OO_SlashEqual: case OO_PercentEqual: case OO_CaretEqual: case OO_AmpEqual:
  case OO_PipeEqual: case OO_LessLess: case OO_GreaterGreater: case OO_LessLessEqual:
  case OO_GreaterGreaterEqual: case OO_EqualEqual: case OO_ExclaimEqual:
  case OO_LessEqual: case OO_GreaterEqual: case OO_AmpAmp: case OO_PipePipe:
  case OO_Comma:
    break;
  default:
    return std::nullopt;
  }
  BinaryOperatorKind Op = BinaryOperator::getOverloadedOpcode(Call->getOperator());
  return BinaryView{Op, Call->getArg(0), Call->getArg(1)};
}

bool isLiteral(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Not) &&
           isLiteral(UO->getSubExpr());
  return isa<IntegerLiteral>(E);
}

} // namespace wavecheck
