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
//===----------------------------------------------------------------------===//
#include "checks/HardcodedWarpSizeCheck.h"
#include "checks/HardcodedWarpSizeMessages.h"
#include "checks/LaneGroups.h"
#include "checks/ConstantContext.h"
#include "checks/NodeContext.h"
#include "checks/WaveMatchers.h"
#include "checks/WorkgroupIds.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace wavecheck {
using namespace hardcoded_warp_size;
namespace {

/// CUDA's warp size: the value this check looks for.
constexpr int64_t CudaWarpSize = 32;
/// `x & 31` keeps the lane within a 32-lane warp.
constexpr int64_t CudaLaneMask = CudaWarpSize - 1;
/// `x >> 5` divides by 32.
constexpr int64_t CudaWarpShift = 5;
/// The rule is about wave64 targets; wave32 targets get no finding.
constexpr unsigned Wave64 = 64;
/// Longest code quoted in a message; longer code is cut and ends in "...".
constexpr size_t MaxQuotedChars = 40;

/// Key of a definition: the raw location of a macro's value token or of a
/// constant's initialiser.
using DefKey = SourceLocation::UIntTy;

/// A source edit of a fix-it: replace Range (a token range) with Text.
struct Edit {
  SourceRange Range;
  std::string Text;
};

} // namespace

struct HardcodedWarpSizeCheck::State {
  struct Finding {
    Role R;
    const FunctionDecl *Fn; ///< owningFunction(); null for namespace-scope arrays
    SourceLocation Loc;     ///< the 32 (31, 5), or the macro name, in a file
    std::string Code;       ///< quoted in the message
    std::optional<DefKey> Def; ///< the 32 comes from this macro or constant
    std::vector<FixItHint> Fixes;
    const VarDecl *Array; ///< Extent: reported only when lane-indexed
    bool Uncertain = false; ///< fixIsCertain() said no: no fix-it at the definition either
    const CallExpr *Gather = nullptr; ///< Gather: the shuffle
  };
  /// A loop over the slots of an array, `for (i = 0; i < 32; ++i) ... t[i]`.
  struct TableRead {
    const VarDecl *Array;
    const Expr *Bound; ///< the 32
    const BinaryOperator *Cond;
    const FunctionDecl *Fn;
  };
  struct Definition {
    std::string Name;
    CharSourceRange Value;
    bool IsVariable = false;    ///< a constant: its fix is always a literal
    const ValueDecl *Var = nullptr; ///< the constant, when IsVariable
    std::string Suffix;         ///< a macro's literal suffix (`u` of `32u`)
    bool NeedsConstant = false; ///< expanded where `warpSize` is illegal
    std::optional<size_t> LogicalUse; ///< a use in a 32-lane logical warp
    std::vector<size_t> Uses;
    unsigned Expansions = 0; ///< uses of a macro anywhere, in a role or not
    unsigned SafeUses = 0;   ///< uses a larger value cannot break (array extents)
    LaneEvidence Why;        ///< what makes the 32 wrong at the first use
    bool WhyCrosses = false; ///< Why is a wave-wide operation (else a wave-sized id)
  };

  ASTContext *Ctx = nullptr;
  const TargetProfile *Target = nullptr;
  std::string Constant; ///< fix-it text where a constant is required
  std::vector<Finding> Findings;
  std::map<DefKey, Definition> Defs;
  /// Arrays indexed by a lane id computed with 32 (`s[tid % 32]`), with the
  /// function of the first such write: once the lane id is a 64-lane one,
  /// their 32 slots are too few.
  llvm::DenseMap<const VarDecl *, const FunctionDecl *> LaneIndexed;
  /// Per function: every literal 32, 31, 16 or 5 written in it, and the
  /// candidates found there (fixIsCertain()).
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<SourceLocation, 8>> Literals;
  /// Arrays written at a warp id counted in wavefronts (`t[tid / warpSize]`),
  /// arrays written at any other index, and loops reading 32 slots of one.
  llvm::SmallPtrSet<const VarDecl *, 8> PerWaveTables, OtherWrites;
  std::vector<TableRead> TableReads;
  /// A constant `32 * K` (`constexpr int kTile = 32 * kVals;`): the elements
  /// of a tile that 32 lanes cover, K each.
  struct TileConst {
    const VarDecl *Var;
    const IntegerLiteral *Lit;
    const BinaryOperator *Mul;
    int64_t K;
  };
  std::vector<TileConst> TileConsts;
  /// Per function: the constants it reads, and the K of its products
  /// `lane * K` with a lane id counted in wavefronts (`tid % warpSize`).
  llvm::DenseMap<const FunctionDecl *, llvm::SmallPtrSet<const VarDecl *, 4>> ConstUses;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<int64_t, 4>> LaneProducts;
  /// Per function: the constants that scale a workgroup id into the origin
  /// of its tile (`blockIdx.x * TILE_N`), whatever their initialiser.
  llvm::DenseMap<const FunctionDecl *, llvm::SmallPtrSet<const VarDecl *, 4>> BlockTiles;

  const SourceManager &sm() const { return Ctx->getSourceManager(); }

  CharSourceRange fileRange(SourceRange R) const { return wavecheck::fileRange(R, *Ctx); }

  std::string text(SourceRange R) const {
    CharSourceRange CR = fileRange(R);
    return Lexer::getSourceText(CR.isValid() ? CR : sm().getExpansionRange(R), sm(),
                                Ctx->getLangOpts())
        .str();
  }

  /// The code of \p R on one line, cut to MaxQuotedChars.
  std::string quote(SourceRange R) const {
    llvm::SmallVector<llvm::StringRef, 8> Words;
    std::string Text = text(R);
    llvm::SplitString(Text, Words);
    std::string Out = llvm::join(Words, " ");
    return Out.size() <= MaxQuotedChars ? Out : Out.substr(0, MaxQuotedChars - 3) + "...";
  }

  /// The wave size as fix-it text at \p At, minus one when \p Minus1 (then
  /// parenthesised when \p Paren): `warpSize`, or where a constant is
  /// required the constant (requiresConstant(): also `__host__ __device__`
  /// functions, as `warpSize` does not exist on the host).
  std::string waveSize(const Stmt *At, bool Minus1 = false, bool Paren = false) const {
    std::string W = requiresConstant(At, *Ctx) ? Constant : "warpSize";
    if (uint64_t V = 0; Minus1 && !llvm::StringRef(W).getAsInteger(0, V) && V > 0)
      return std::to_string(V - 1);
    return !Minus1 ? W : Paren ? "(" + W + " - 1)" : W + " - 1";
  }

  /// The expression that gives the field \p ME reads its value, and the
  /// object holding it: the field's initialiser in a `constexpr` object
  /// (`constexpr Cfg cfg{32, 4}; ... cfg.warp`, also a default member
  /// initialiser), or the one assignment `cfg.warp = 32;` of a local object
  /// of the function that is written no other way (not assigned whole, not
  /// initialised with a value for the field, its address never taken, never
  /// passed to a call). nullptr when there is no such expression.
  const Expr *fieldSource(const MemberExpr *ME, const VarDecl *&Holder) const {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    const auto *Base = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
    const auto *VD = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
    if (!FD || !VD || isa<ParmVarDecl>(VD) || ME->isArrow())
      return nullptr;
    Holder = VD;
    auto Default = [&](const Expr *I) -> const Expr * {
      if (isa_and_nonnull<CXXDefaultInitExpr>(I))
        return FD->getInClassInitializer();
      return I;
    };
    if (VD->isConstexpr()) {
      const Expr *Init = VD->getAnyInitializer();
      const auto *ILE = dyn_cast_or_null<InitListExpr>(Init ? Init->IgnoreImplicit() : nullptr);
      if (ILE && FD->getFieldIndex() < ILE->getNumInits())
        return Default(ILE->getInit(FD->getFieldIndex()));
      return nullptr;
    }
    if (!VD->hasLocalStorage() || VD->getType().isConstQualified())
      return nullptr;
    if (const Expr *Init = VD->getInit()) // only a default construction, no values
      if (const auto *CE = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit());
          !CE || CE->getNumArgs() != 0)
        return nullptr;
    const auto *Fn = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    const Expr *Found = nullptr;
    bool Other = !Fn || !Fn->getBody();
    auto IsHolder = [&](const Expr *E) {
      const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return D && D->getDecl() == VD;
    };
    forEachStmt(Fn ? Fn->getBody() : nullptr, [&](const Stmt *S) {
      if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp()) {
        const auto *L = dyn_cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts());
        if (IsHolder(B->getLHS()))
          Other = true;
        else if (L && IsHolder(L->getBase()) && L->getMemberDecl() == FD) {
          Other |= Found || B->getOpcode() != BO_Assign;
          Found = B->getRHS();
        }
      } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
        const auto *M = dyn_cast<MemberExpr>(U->getSubExpr()->IgnoreParenImpCasts());
        if ((U->getOpcode() == UO_AddrOf && IsHolder(U->getSubExpr())) ||
            (U->isIncrementDecrementOp() && M && IsHolder(M->getBase())))
          Other = true;
      } else if (const auto *Call = dyn_cast<CallExpr>(S)) { // operators as well
        for (const Expr *A : Call->arguments())
          Other |= IsHolder(A);
        if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
          Other |= MC->getImplicitObjectArgument() && IsHolder(MC->getImplicitObjectArgument());
      }
    });
    return Other ? nullptr : Found;
  }

  /// The value of \p E: its constant value, or that of a struct field
  /// fieldSource() finds (`cfg.warp` after `cfg.warp = 32;`).
  std::optional<int64_t> valueOf(const Expr *E) const {
    if (std::optional<int64_t> V = constantValue(E, *Ctx))
      return V;
    const VarDecl *Holder = nullptr;
    const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    const Expr *Src = ME ? fieldSource(ME, Holder) : nullptr;
    return Src ? constantValue(Src, *Ctx) : std::nullopt;
  }

  /// Where the value of \p E comes from: std::nullopt for the code as
  /// written, else the 32-valued macro or constant (also through `X - 1`),
  /// or the struct field (fieldSource()) whose value is written as 32.
  /// \p Skip is set for macros and constants of system headers.
  std::optional<DefKey> origin(const Expr *E, bool &Skip) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const Expr *Init = nullptr;
      const VarDecl *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (VD && !isa<ParmVarDecl>(VD) && VD->getType().isConstQualified())
        Init = VD->getAnyInitializer(VD);
      else if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
        Init = EC->getInitExpr();
      if (!Init || constantValue(Init, *Ctx) != CudaWarpSize)
        return std::nullopt;
      if (inSystemHeader(DRE->getDecl()->getLocation(), sm()))
        return Skip = true, std::nullopt;
      if (std::optional<DefKey> Macro = origin(Init, Skip); Macro || Skip)
        return Macro; // `constexpr int kWarp = WARP_SIZE;`: the macro is the source
      DefKey K = sm().getFileLoc(Init->getBeginLoc()).getRawEncoding();
      if (auto [It, New] = Defs.try_emplace(K); New)
        It->second = {DRE->getDecl()->getName().str(), fileRange(Init->getSourceRange()), true,
                      DRE->getDecl()};
      return K;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const VarDecl *Holder = nullptr;
      const Expr *Src = fieldSource(ME, Holder);
      if (!Src || constantValue(Src, *Ctx) != CudaWarpSize)
        return std::nullopt;
      if (inSystemHeader(ME->getMemberDecl()->getLocation(), sm()))
        return Skip = true, std::nullopt;
      if (std::optional<DefKey> Macro = origin(Src, Skip); Macro || Skip)
        return Macro;
      DefKey K = sm().getFileLoc(Src->getBeginLoc()).getRawEncoding();
      // Named by the field; a fix at the definition needs every reference
      // of the holder to be a reported use, which an assignment never is.
      if (auto [It, New] = Defs.try_emplace(K); New)
        It->second = {ME->getMemberDecl()->getName().str(), fileRange(Src->getSourceRange()),
                      true, Holder};
      return K;
    }
    if (const auto *Sub = dyn_cast<BinaryOperator>(E))
      if (Sub->getOpcode() == BO_Sub && constantValue(Sub->getRHS(), *Ctx) == 1)
        if (std::optional<DefKey> K = origin(Sub->getLHS(), Skip); K || Skip)
          return K;
    SourceLocation Spelling = sm().getSpellingLoc(E->getBeginLoc());
    if (!E->getBeginLoc().isMacroID())
      return std::nullopt;
    if (sm().isInSystemHeader(Spelling))
      return Skip = true, std::nullopt;
    if (Defs.count(Spelling.getRawEncoding()))
      return Spelling.getRawEncoding();
    return std::nullopt;
  }

  /// Records a candidate; its fix-it is \p Edits, or none when an edit falls
  /// inside a macro expansion or the 32 comes from a macro or constant.
  bool add(Role R, const FunctionDecl *Fn, const Expr *Operand, std::string Code,
           llvm::ArrayRef<Edit> Edits, const VarDecl *Array = nullptr) {
    bool Skip = false;
    std::optional<DefKey> Def = origin(Operand, Skip);
    if (Skip || (!Fn && !Array)) // host code; arrays may be at namespace scope
      return false;
    // A 32 computed from something else (`WarpSize / 2`, `sizeof(int) * 8`)
    // is a deliberate half-wave split or a bit count, not a CUDA warp size.
    if (!Def && !isa<IntegerLiteral>(Operand->IgnoreParenImpCasts()))
      return false;
    std::vector<FixItHint> Fixes;
    for (const Edit &E : Edits)
      if (CharSourceRange CR = fileRange(E.Range); CR.isValid() && !Def)
        Fixes.push_back(FixItHint::CreateReplacement(CR, E.Text));
    if (Fixes.size() != Edits.size())
      Fixes.clear();
    Findings.push_back({R, Fn, sm().getFileLoc(Operand->getBeginLoc()), std::move(Code), Def,
                        std::move(Fixes), Array});
    return true;
  }

  /// Lane `tid % 32`, `tid & 31`; warp id `tid / 32`, `tid >> 5`; warp count
  /// `blockDim.x / 32`.
  void arithmetic(const BinaryOperator *BO) {
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    std::optional<int64_t> V = valueOf(R);
    BinaryOperatorKind Op = BO->getOpcode();
    bool Lane = (Op == BO_Rem && V == CudaWarpSize) || (Op == BO_And && V == CudaLaneMask);
    bool Warp = (Op == BO_Div && V == CudaWarpSize) || (Op == BO_Shr && V == CudaWarpShift);
    if (!Lane && !Warp)
      return;
    bool Thread = isThreadIndexDerived(L);
    const FunctionDecl *Fn = enclosingDeviceFunction(BO, *Ctx);
    if (!Fn || (Lane && !Thread) || (!Thread && !mentionsBlockDim(L)) ||
        isBitsPerWordUse(BO, *Ctx))
      return;
    Role Ro = Lane ? Role::Lane : Thread ? Role::WarpId : Role::WarpCount;
    llvm::SmallVector<Edit, 3> Edits{
        {R->getSourceRange(), Op == BO_And ? waveSize(BO, true, true) : waveSize(BO)}};
    const auto *Inner = dyn_cast<BinaryOperator>(L->IgnoreImpCasts());
    if (Op == BO_Shr) // `tid >> 5` becomes `tid / warpSize`
      Edits.push_back({BO->getOperatorLoc(), "/"});
    // `a + tid >> 5` is `(a + tid) >> 5`: keep that grouping under `/`.
    if (Op == BO_Shr && Inner && (Inner->isAdditiveOp() || Inner->isShiftOp()))
      Edits.push_back({L->getSourceRange(), "(" + text(L->getSourceRange()) + ")"});
    // `(blockDim.x + 31) / 32` rounds up: that 31 is the wave size minus one.
    if (const auto *Add = dyn_cast<BinaryOperator>(L->IgnoreParenImpCasts()))
      if (Ro == Role::WarpCount && Add->getOpcode() == BO_Add &&
          isa<IntegerLiteral>(Add->getRHS()->IgnoreImpCasts()) &&
          constantValue(Add->getRHS(), *Ctx) == CudaLaneMask)
        Edits.push_back({Add->getRHS()->getSourceRange(), waveSize(BO, true)});
    add(Ro, Fn, R, quote(BO->getSourceRange()), Edits);
  }

  /// The 32 of a stride over a lane-indexed variable initialised with
  /// \p Init: the stride itself when it is 32 (`k = lane; k += 32`), or the
  /// factor 32 of `32 * V` when the variable starts at `lane * V` with the
  /// same constant V (lanes that each take V consecutive elements); nullptr
  /// otherwise (`k += warpSize * V` with V = 32 is a count of values).
  const Expr *strideFactor32(const Expr *E, const Expr *Init) const {
    if (constantValue(E, *Ctx) == CudaWarpSize)
      return E;
    const auto *Mul = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    const auto *Start = dyn_cast_or_null<BinaryOperator>(Init ? Init->IgnoreParenImpCasts()
                                                              : nullptr);
    if (!Mul || Mul->getOpcode() != BO_Mul || !Start || Start->getOpcode() != BO_Mul)
      return nullptr;
    std::optional<int64_t> PerLane;
    for (auto [L, K] : {std::pair(Start->getLHS(), Start->getRHS()),
                        std::pair(Start->getRHS(), Start->getLHS())})
      if (std::optional<int64_t> V = constantValue(K, *Ctx); V && mentionsLaneId(L, *Ctx))
        PerLane = V;
    for (auto [Factor, Other] : {std::pair(Mul->getLHS(), Mul->getRHS()),
                                 std::pair(Mul->getRHS(), Mul->getLHS())})
      if (PerLane && constantValue(Factor, *Ctx) == CudaWarpSize &&
          constantValue(Other, *Ctx) == PerLane)
        return Factor;
    return nullptr;
  }

  /// `k += 32` in a loop, where `k` starts from a lane id, or `k += 32 * V`
  /// where it starts from `lane * V`.
  void stride(const BinaryOperator *Inc) {
    const VarDecl *VD = localVarRef(Inc->getLHS());
    const Expr *By32 = VD ? strideFactor32(Inc->getRHS(), VD->getInit()) : nullptr;
    if (By32 && mentionsLaneId(VD->getInit(), *Ctx))
      add(Role::Stride, enclosingDeviceFunction(Inc, *Ctx), By32,
          quote(Inc->getSourceRange()), {{By32->getSourceRange(), waveSize(Inc)}});
  }

  /// A shuffle of width 32 (a candidate; LaneGroups judges the code around),
  /// or a gather over the whole wavefront from a source lane kept below 32
  /// (`__shfl(v, src & 31)`: no fix-it, as the width the code means is
  /// not written anywhere).
  void call(const CallExpr *Call) {
    std::optional<ShuffleCall> Sh = asShuffle(Call);
    if (!Sh)
      return;
    WidthKind W = classifyWidth(Sh->Width, *Ctx);
    if (W == WidthKind::Lanes32)
      add(Role::Width, enclosingDeviceFunction(Call, *Ctx), Sh->Width, calleeName(Call).str(),
          {{Sh->Width->getSourceRange(), waveSize(Call)}});
    const Expr *Mask = laneMaskedBelow32(Sh->LaneArg, *Ctx);
    if (W == WidthKind::FullWave && Sh->Kind == ShuffleKind::Idx && Mask &&
        add(Role::Gather, enclosingDeviceFunction(Call, *Ctx), Mask,
            quote(Sh->LaneArg->getSourceRange()), {}))
      Findings.back().Gather = Call;
  }

  /// Records what \p Sub does with a per-warp table: a write at a warp id
  /// counted in wavefronts, another write, or a read in a loop over 32
  /// slots (`for (int i = 0; i < 32; ++i) s += t[i]`).
  void table(const ArraySubscriptExpr *Sub, const VarDecl *VD) {
    VD = VD->getCanonicalDecl();
    const Expr *Idx = Sub->getIdx();
    if (isWrittenElement(Sub, *Ctx)) {
      if (isWarpId(Idx, *Ctx) && !warpIdComputedWith32(Idx, *Ctx))
        PerWaveTables.insert(VD);
      else
        OtherWrites.insert(VD);
      return;
    }
    const VarDecl *I = localVarRef(Idx);
    DynTypedNodeList Ps = I ? Ctx->getParents(*I) : DynTypedNodeList(DynTypedNode());
    const auto *DS = I && !Ps.empty() ? Ps[0].get<DeclStmt>() : nullptr;
    DynTypedNodeList Ls = DS ? Ctx->getParents(*DS) : DynTypedNodeList(DynTypedNode());
    const auto *Loop = DS && !Ls.empty() ? Ls[0].get<ForStmt>() : nullptr;
    const auto *Cond = Loop && Loop->getInit() == DS && Loop->getCond()
                           ? dyn_cast<BinaryOperator>(Loop->getCond()->IgnoreParenImpCasts())
                           : nullptr;
    if (!Cond || !I->getInit() || constantValue(I->getInit(), *Ctx) != 0 ||
        Cond->getOpcode() != BO_LT || localVarRef(Cond->getLHS()) != I ||
        valueOf(Cond->getRHS()) != CudaWarpSize)
      return;
    if (const FunctionDecl *Fn = enclosingDeviceFunction(Sub, *Ctx))
      TableReads.push_back({VD, Cond->getRHS(), Cond, Fn});
  }

  /// Records `32 * K` initialising a constant, read by tileCandidates().
  void tileConst(const IntegerLiteral *Lit) {
    const Stmt *Child = nullptr;
    const auto *Mul = dyn_cast_or_null<BinaryOperator>(semanticParent(Lit, *Ctx, &Child));
    if (!Mul || Mul->getOpcode() != BO_Mul)
      return;
    const Expr *Other = Mul->getLHS()->IgnoreParenImpCasts() == Lit ? Mul->getRHS() : Mul->getLHS();
    std::optional<int64_t> K = constantValue(Other, *Ctx);
    const Stmt *Top = Mul;
    while (true) { // up through parentheses and implicit casts to the variable
      DynTypedNodeList Ps = Ctx->getParents(*Top);
      if (Ps.empty())
        return;
      if (const auto *VD = Ps[0].get<VarDecl>()) {
        if (K && *K > 1 && VD->getType().isConstQualified() && VD->getInit() &&
            VD->getInit()->IgnoreParenImpCasts() == Mul)
          TileConsts.push_back({VD->getCanonicalDecl(), Lit, Mul, *K});
        return;
      }
      const Stmt *P = Ps[0].get<Stmt>();
      if (!isa_and_nonnull<ParenExpr, ImplicitCastExpr>(P))
        return;
      Top = P;
    }
  }

  /// Records a read of a constant, or a product `lane * K` with a lane id
  /// counted in wavefronts, in device code.
  void tileUse(const Expr *E) {
    const FunctionDecl *Fn = enclosingDeviceFunction(E, *Ctx);
    if (!Fn)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD)
        return;
      ConstUses[Fn].insert(VD->getCanonicalDecl());
      const Stmt *Child = nullptr;
      const auto *Mul = dyn_cast_or_null<BinaryOperator>(semanticParent(DRE, *Ctx, &Child));
      if (Mul && Mul->getOpcode() == BO_Mul &&
          isWorkgroupIdRead(Mul->getLHS() == Child ? Mul->getRHS() : Mul->getLHS()))
        BlockTiles[Fn].insert(VD->getCanonicalDecl());
      return;
    }
    const auto *Mul = cast<BinaryOperator>(E);
    for (auto [Lane, Other] : {std::pair(Mul->getLHS(), Mul->getRHS()),
                               std::pair(Mul->getRHS(), Mul->getLHS())})
      if (std::optional<int64_t> K = constantValue(Other, *Ctx);
          K && isLaneId(Lane, *Ctx, /*BareThreadIndex=*/false) &&
          !laneIdComputedWith32(Lane, *Ctx))
        LaneProducts[Fn].push_back(*K);
  }

  /// Candidates for the tiles of `32 * K` elements that a function walks
  /// with `lane * K` and a lane id counted in wavefronts: a constant written
  /// `32 * K`, or one written as its value (`TILE_N = 256` with `lane * 8`)
  /// that places the workgroup's tile (`blockIdx.x * TILE_N`).
  void tileCandidates() {
    for (const TileConst &T : TileConsts)
      for (const auto &[Fn, Uses] : ConstUses)
        if (Uses.contains(T.Var) && LaneProducts.count(Fn) &&
            llvm::is_contained(LaneProducts.find(Fn)->second, T.K)) {
          add(Role::TileWidth, Fn, T.Lit, quote(T.Mul->getSourceRange()), {});
          break;
        }
    std::set<const VarDecl *> Done;
    for (const TileConst &T : TileConsts)
      Done.insert(T.Var);
    for (const auto &[Fn, Tiles] : BlockTiles) {
      auto Products = LaneProducts.find(Fn);
      if (Products == LaneProducts.end())
        continue;
      for (const VarDecl *VD : Tiles) {
        const auto *Lit = VD->getInit() ? dyn_cast<IntegerLiteral>(VD->getInit()->IgnoreParenImpCasts())
                                        : nullptr;
        if (!Lit || Done.count(VD) || Lit->getBeginLoc().isMacroID())
          continue;
        int64_t V = int64_t(Lit->getValue().getLimitedValue(1u << 30));
        if (V <= CudaWarpSize || V % CudaWarpSize ||
            !llvm::is_contained(Products->second, V / CudaWarpSize))
          continue;
        Done.insert(VD);
        add(Role::TileWidth, Fn, Lit,
            VD->getName().str() + " = " + std::to_string(V) + " = 32 x " +
                std::to_string(V / CudaWarpSize),
            {});
      }
    }
  }

  /// Candidates for the loops over 32 slots of a table that only a warp id
  /// counted in wavefronts writes, and of 32 slots.
  void tableCandidates() {
    llvm::SmallPtrSet<const BinaryOperator *, 8> Seen;
    for (const TableRead &T : TableReads) {
      const ConstantArrayType *CAT = Ctx->getAsConstantArrayType(T.Array->getType());
      if (!CAT || CAT->getSize() != CudaWarpSize || !PerWaveTables.contains(T.Array) ||
          OtherWrites.contains(T.Array) || !Seen.insert(T.Cond).second)
        continue;
      add(Role::TableRows, T.Fn, T.Bound, quote(T.Cond->getSourceRange()), {});
    }
  }

  /// `T a[32]` / `T a[32][N]` in device code, or `__shared__` at namespace scope.
  void array(const VarDecl *VD) {
    const ConstantArrayType *CAT = Ctx->getAsConstantArrayType(VD->getType());
    const FunctionDecl *Fn = owningFunctionOfDecl(VD);
    if (!CAT || CAT->getSize() != CudaWarpSize || !VD->getTypeSourceInfo() ||
        !(isDeviceFunction(Fn) || (!Fn && VD->hasAttr<CUDASharedAttr>())))
      return;
    auto ATL = VD->getTypeSourceInfo()->getTypeLoc().getAsAdjusted<ConstantArrayTypeLoc>();
    if (const Expr *Size = ATL ? ATL.getSizeExpr() : nullptr)
      add(Role::Extent, Fn, Size, (VD->getName() + "[" + quote(Size->getSourceRange()) + "]").str(),
          {{Size->getSourceRange(), Constant}}, VD->getCanonicalDecl());
  }

  /// True when replacing the 32s of \p F cannot change what correct code
  /// computes: \p F has its edits, \p Fn lays out no rows of `blockDim.x`
  /// threads (two 32-thread rows share one wavefront), and every literal
  /// 32, 31, 16 or 5 written in the functions around \p Fn is one that a
  /// candidate's fix-it replaces, so no other 32 of the same computation
  /// (a ladder from 16, a `1 << (5 + k)`) stays behind.
  bool fixIsCertain(const FunctionDecl *Fn, const Finding &F, const LaneGroups &G) const {
    if (F.Fixes.empty() && !F.Def)
      return false;
    if (Fn && Fn->getBody() && findBlockRowIndex(Fn->getBody()))
      return false;
    llvm::SmallVector<CharSourceRange, 16> Fixed;
    for (const Finding &Other : Findings)
      for (const FixItHint &H : Other.Fixes)
        Fixed.push_back(H.RemoveRange);
    auto Covered = [&](SourceLocation L) {
      return llvm::any_of(Fixed, [&](const CharSourceRange &R) {
        return !sm().isBeforeInTranslationUnit(L, R.getBegin()) &&
               (sm().isBeforeInTranslationUnit(L, R.getEnd()) || L == R.getBegin());
      });
    };
    for (const FunctionDecl *Member : G.family(Fn)) {
      if (Member && Member->getBody() && findBlockRowIndex(Member->getBody()))
        return false;
      if (auto It = Literals.find(Member); It != Literals.end())
        for (SourceLocation L : It->second)
          if (!Covered(L))
            return false;
    }
    return true;
  }

  /// How often the translation unit refers to \p V.
  size_t references(const ValueDecl *V) const {
    size_t N = 0;
    struct Counter : RecursiveASTVisitor<Counter> {
      const ValueDecl *V;
      size_t *N;
      bool VisitDeclRefExpr(DeclRefExpr *E) {
        *N += E->getDecl()->getCanonicalDecl() == V->getCanonicalDecl();
        return true;
      }
    } C;
    C.V = V;
    C.N = &N;
    C.TraverseAST(*Ctx);
    return N;
  }

  /// The note that says why a 32 is the wrong size here: \p Why spans both
  /// halves of the wavefront (\p Crosses) or groups lanes by the wavefront.
  void noteWhy(HardcodedWarpSizeCheck &C, const LaneEvidence &Why, bool Crosses) const {
    C.diag(Why.Loc,
           Crosses ? "'%0' spans both 32-lane halves of the 64-lane wavefront, so the groups "
                     "of 32 lanes formed with this 32 see each other's lanes"
                   : "'%0' groups lanes by the 64-lane wavefront, so it does not match the "
                     "groups of 32 lanes formed with this 32",
           DiagnosticIDs::Note)
        << Why.Code;
  }
};

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

void HardcodedWarpSizeCheck::onEndOfTranslationUnit() {
  State &St = *S;
  unsigned W = St.Target ? St.Target->WaveSize : 0;
  std::optional<LaneGroups> Groups;
  if (W == Wave64)
    St.tableCandidates(), St.tileCandidates();
  if (W == Wave64 && !St.Findings.empty())
    Groups.emplace(*St.Ctx);
  for (size_t I = 0; W == Wave64 && I < St.Findings.size(); ++I) {
    State::Finding &F = St.Findings[I];
    auto Written = F.Array ? St.LaneIndexed.find(F.Array) : St.LaneIndexed.end();
    if (F.Array && Written == St.LaneIndexed.end()) {
      if (F.Def) // a per-warp extent: growing it to the wave size is harmless
        ++St.Defs[*F.Def].SafeUses;
      continue;
    }
    const FunctionDecl *Fn = F.Fn ? F.Fn : Written->second;
    LaneGroupFacts Around = Groups->around(Fn);
    State::Definition *Def = F.Def ? &St.Defs[*F.Def] : nullptr;
    bool Named = !Def || namesWaveSize(Def->Name);
    // Consistent 32-lane logical warps, or no wave operation at all: each
    // aligned half of a wavefront computes its own group, as two CUDA warps
    // would. Only a wave-wide operation or a wave-sized lane id next to the
    // 32 makes it the wrong size.
    // A helper returning nothing that forms its own 32-lane groups, with
    // nothing inside it or below it spanning both halves: its lane and warp
    // ids stay in it, so what its callers do across the wavefront (a ballot
    // of their own) does not meet its groups.
    if ((Around.Crossing || Around.Wave) && F.Fn && !F.Array &&
        F.Fn->getReturnType()->isVoidType() && Groups->hasCallers(F.Fn)) {
      LaneGroupFacts Inside = Groups->below(F.Fn);
      if (Inside.Group32 && !Inside.Crossing && !Inside.Wave)
        Around = Inside;
    }
    if (!Around.Crossing && !Around.Wave) {
      if (Def && Named && !Def->LogicalUse)
        Def->LogicalUse = I;
      continue;
    }
    // A gather whose value is the same in both halves reads what it means.
    if (F.R == Role::Gather && !Groups->crossesHalves(F.Gather))
      continue;
    // The source lane `tid % 32` of a gather is also a lane index: one
    // finding for the one 32, the lane index's (it has the fix-it).
    if (F.R == Role::Gather &&
        llvm::any_of(St.Findings, [&](const auto &O) {
          return &O != &F && O.R != Role::Gather && O.Loc == F.Loc;
        }))
      continue;
    const LaneEvidence &Why = Around.Crossing ? Around.Crossing : Around.Wave;
    if (!St.fixIsCertain(Fn, F, *Groups) || F.R == Role::Gather || F.R == Role::TableRows ||
        F.R == Role::TileWidth)
      F.Fixes.clear(), F.Uncertain = true;
    if (Def && Named) {
      Def->Uses.push_back(I); // reported at the definition below
      if (!Def->Why)
        Def->Why = Why, Def->WhyCrosses = bool(Around.Crossing);
      continue;
    }
    diag(F.Loc, Messages[int(F.R)]) << F.Code << St.Target->Name << W << W - 1
                                    << unsigned(W / CudaWarpSize) << F.Fixes;
    St.noteWhy(*this, Why, bool(Around.Crossing));
    if (F.Fixes.empty() && !Named)
      diag(Def->Value.getBegin(),
           "'%0' is 32 here; its name does not say it is the wavefront size, so no fix-it "
           "is offered",
           DiagnosticIDs::Note)
          << Def->Name;
  }
  for (const auto &[Key, D] : St.Defs) {
    if (D.Uses.empty())
      continue;
    // The first use in each role of each function, in source order: a
    // second kernel that counts lanes with the same constant is a second
    // place the user must change.
    std::vector<size_t> Firsts;
    unsigned RoleSet = 0;
    std::set<std::pair<const FunctionDecl *, int>> Seen;
    for (size_t I : D.Uses) {
      RoleSet |= 1u << int(St.Findings[I].R);
      if (Seen.insert({St.Findings[I].Fn, int(St.Findings[I].R)}).second)
        Firsts.push_back(I);
    }
    llvm::SmallVector<llvm::StringRef, 6> Names;
    for (unsigned R = 0; R < std::size(RolePhrases); ++R)
      if (RoleSet & (1u << R))
        Names.push_back(RolePhrases[R]);
    std::string Roles = Names.back().str(); // "a lane index, a warp id and a shuffle width"
    if (Names.size() > 1)
      Roles = llvm::join(llvm::ArrayRef(Names).drop_back(), ", ") + " and " + Roles;
    {
      auto Diag = diag(D.Value.getBegin(), "'%0' defines the wavefront size as 32 and is used "
                                           "as %1; wavefronts have %3 lanes on this target")
                  << D.Name << Roles << St.Target->Name << W;
      std::string Text = D.IsVariable || D.NeedsConstant ? St.Constant + D.Suffix : "warpSize";
      // Certain only when every use of the definition is a use reported
      // here (a `float buf[WARP_SIZE]` or `i < WARP_SIZE` elsewhere would
      // change too), each in code whose 32s are all fixed, and the macro is
      // not rewritten into itself (`#define warpSize 32`).
      bool AllUses = llvm::all_of(D.Uses, [&](size_t I) { return !St.Findings[I].Uncertain; }) &&
                     (D.IsVariable ? St.references(D.Var) : D.Expansions) ==
                         D.Uses.size() + D.SafeUses;
      if (!D.LogicalUse && D.Value.isValid() && AllUses && Text != D.Name)
        Diag << FixItHint::CreateReplacement(D.Value, Text);
    }
    if (D.Why)
      St.noteWhy(*this, D.Why, D.WhyCrosses);
    for (size_t I : Firsts)
      diag(St.Findings[I].Loc, "'%0' used as %1 here ('%2')", DiagnosticIDs::Note)
          << D.Name << RolePhrases[int(St.Findings[I].R)] << St.Findings[I].Code;
    if (D.LogicalUse)
      diag(St.Findings[*D.LogicalUse].Loc,
           "'%0' also sets the width of 32-lane logical warps here; no fix-it is offered, as "
           "changing it would change them too",
           DiagnosticIDs::Note)
          << D.Name;
  }
  *S = State(); // the macro recorder keeps a reference to *S
}

} // namespace wavecheck
