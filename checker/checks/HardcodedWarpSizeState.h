//===--- HardcodedWarpSizeState.h - wave64-hardcoded-warp-size state -------===//
///
/// \file
/// What wave64-hardcoded-warp-size gathers over one translation unit
/// (HardcodedWarpSizeCheck::State) and the constants its files share: the
/// candidate findings, the macros and constants whose value is 32, the
/// literals of each function, and the member functions that record them
/// (HardcodedWarpSizeOrigin.cpp, HardcodedWarpSizeCandidates.cpp) and decide
/// on them (HardcodedWarpSizeReport.cpp). Internal to the check.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_HARDCODEDWARPSIZESTATE_H
#define WAVECHECK_CHECKS_HARDCODEDWARPSIZESTATE_H

#include "checks/HardcodedWarpSizeCheck.h"
#include "checks/HardcodedWarpSizeMessages.h"
#include "checks/LaneGroups.h"
#include "checks/NodeContext.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace wavecheck {
namespace hardcoded_warp_size::detail {

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
using DefKey = clang::SourceLocation::UIntTy;

/// A source edit of a fix-it: replace Range (a token range) with Text.
struct Edit {
  clang::SourceRange Range;
  std::string Text;
};

} // namespace hardcoded_warp_size::detail

struct HardcodedWarpSizeCheck::State {
  using Role = hardcoded_warp_size::Role;
  using DefKey = hardcoded_warp_size::detail::DefKey;
  using Edit = hardcoded_warp_size::detail::Edit;

  struct Finding {
    Role R;
    const clang::FunctionDecl *Fn; ///< owningFunction(); null for namespace-scope arrays
    clang::SourceLocation Loc;     ///< the 32 (31, 5), or the macro name, in a file
    std::string Code;              ///< quoted in the message
    std::optional<DefKey> Def;     ///< the 32 comes from this macro or constant
    std::vector<clang::FixItHint> Fixes;
    const clang::VarDecl *Array; ///< Extent: reported only when lane-indexed
    bool Uncertain = false;      ///< fixIsCertain() said no: no fix-it at the definition either
    const clang::CallExpr *Gather = nullptr; ///< Gather: the shuffle
  };
  /// A loop over the slots of an array, `for (i = 0; i < 32; ++i) ... t[i]`.
  struct TableRead {
    const clang::VarDecl *Array;
    const clang::Expr *Bound; ///< the 32
    const clang::BinaryOperator *Cond;
    const clang::FunctionDecl *Fn;
  };
  struct Definition {
    std::string Name;
    clang::CharSourceRange Value;
    bool IsVariable = false;               ///< a constant: its fix is always a literal
    const clang::ValueDecl *Var = nullptr; ///< the constant, when IsVariable
    std::string Suffix;                    ///< a macro's literal suffix (`u` of `32u`)
    bool NeedsConstant = false;            ///< expanded where `warpSize` is illegal
    std::optional<size_t> LogicalUse;      ///< a use in a 32-lane logical warp
    std::vector<size_t> Uses;
    unsigned Expansions = 0; ///< uses of a macro anywhere, in a role or not
    unsigned SafeUses = 0;   ///< uses a larger value cannot break (array extents)
    LaneEvidence Why;        ///< what makes the 32 wrong at the first use
    bool WhyCrosses = false; ///< Why is a wave-wide operation (else a wave-sized id)
  };

  clang::ASTContext *Ctx = nullptr;
  const TargetProfile *Target = nullptr;
  std::string Constant; ///< fix-it text where a constant is required
  std::vector<Finding> Findings;
  std::map<DefKey, Definition> Defs;
  /// Arrays indexed by a lane id computed with 32 (`s[tid % 32]`), with the
  /// function of the first such write: once the lane id is a 64-lane one,
  /// their 32 slots are too few.
  llvm::DenseMap<const clang::VarDecl *, const clang::FunctionDecl *> LaneIndexed;
  /// Per function: every literal 32, 31, 16 or 5 written in it, and the
  /// candidates found there (fixIsCertain()).
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallVector<clang::SourceLocation, 8>> Literals;
  /// Arrays written at a warp id counted in wavefronts (`t[tid / warpSize]`),
  /// arrays written at any other index, and loops reading 32 slots of one.
  llvm::SmallPtrSet<const clang::VarDecl *, 8> PerWaveTables, OtherWrites;
  std::vector<TableRead> TableReads;
  /// A constant `32 * K` (`constexpr int kTile = 32 * kVals;`): the elements
  /// of a tile that 32 lanes cover, K each.
  struct TileConst {
    const clang::VarDecl *Var;
    const clang::IntegerLiteral *Lit;
    const clang::BinaryOperator *Mul;
    int64_t K;
  };
  std::vector<TileConst> TileConsts;
  /// Per function: the constants it reads, and the K of its products
  /// `lane * K` with a lane id counted in wavefronts (`tid % warpSize`).
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallPtrSet<const clang::VarDecl *, 4>>
      ConstUses;
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallVector<int64_t, 4>> LaneProducts;
  /// Per function: the constants that scale a workgroup id into the origin
  /// of its tile (`blockIdx.x * TILE_N`), whatever their initialiser.
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallPtrSet<const clang::VarDecl *, 4>>
      BlockTiles;

  const clang::SourceManager &sm() const { return Ctx->getSourceManager(); }

  clang::CharSourceRange fileRange(clang::SourceRange R) const {
    return wavecheck::fileRange(R, *Ctx);
  }

  // Quoting code, fix-it text and where a 32 comes from
  // (HardcodedWarpSizeOrigin.cpp).

  std::string text(clang::SourceRange R) const;

  /// The code of \p R on one line, cut to MaxQuotedChars.
  std::string quote(clang::SourceRange R) const;

  /// The wave size as fix-it text at \p At, minus one when \p Minus1 (then
  /// parenthesised when \p Paren): `warpSize`, or where a constant is
  /// required the constant (requiresConstant(): also `__host__ __device__`
  /// functions, as `warpSize` does not exist on the host).
  std::string waveSize(const clang::Stmt *At, bool Minus1 = false, bool Paren = false) const;

  /// The expression that gives the field \p ME reads its value, and the
  /// object holding it: the field's initialiser in a `constexpr` object
  /// (`constexpr Cfg cfg{32, 4}; ... cfg.warp`, also a default member
  /// initialiser), or the one assignment `cfg.warp = 32;` of a local object
  /// of the function that is written no other way (not assigned whole, not
  /// initialised with a value for the field, its address never taken, never
  /// passed to a call). nullptr when there is no such expression.
  const clang::Expr *fieldSource(const clang::MemberExpr *ME, const clang::VarDecl *&Holder) const;

  /// The value of \p E: its constant value, or that of a struct field
  /// fieldSource() finds (`cfg.warp` after `cfg.warp = 32;`).
  std::optional<int64_t> valueOf(const clang::Expr *E) const;

  /// Where the value of \p E comes from: std::nullopt for the code as
  /// written, else the 32-valued macro or constant (also through `X - 1`),
  /// or the struct field (fieldSource()) whose value is written as 32.
  /// \p Skip is set for macros and constants of system headers.
  std::optional<DefKey> origin(const clang::Expr *E, bool &Skip);

  /// Records a candidate; its fix-it is \p Edits, or none when an edit falls
  /// inside a macro expansion or the 32 comes from a macro or constant.
  bool add(Role R, const clang::FunctionDecl *Fn, const clang::Expr *Operand, std::string Code,
           llvm::ArrayRef<Edit> Edits, const clang::VarDecl *Array = nullptr);

  // Collecting candidates (HardcodedWarpSizeCandidates.cpp).

  /// Lane `tid % 32`, `tid & 31`; warp id `tid / 32`, `tid >> 5`; warp count
  /// `blockDim.x / 32`.
  void arithmetic(const clang::BinaryOperator *BO);

  /// The 32 of a stride over a lane-indexed variable initialised with
  /// \p Init: the stride itself when it is 32 (`k = lane; k += 32`), or the
  /// factor 32 of `32 * V` when the variable starts at `lane * V` with the
  /// same constant V (lanes that each take V consecutive elements); nullptr
  /// otherwise (`k += warpSize * V` with V = 32 is a count of values).
  const clang::Expr *strideFactor32(const clang::Expr *E, const clang::Expr *Init) const;

  /// `k += 32` in a loop, where `k` starts from a lane id, or `k += 32 * V`
  /// where it starts from `lane * V`.
  void stride(const clang::BinaryOperator *Inc);

  /// A shuffle of width 32 (a candidate; LaneGroups judges the code around),
  /// or a gather over the whole wavefront from a source lane kept below 32
  /// (`__shfl(v, src & 31)`: no fix-it, as the width the code means is
  /// not written anywhere).
  void call(const clang::CallExpr *Call);

  /// Records what \p Sub does with a per-warp table: a write at a warp id
  /// counted in wavefronts, another write, or a read in a loop over 32
  /// slots (`for (int i = 0; i < 32; ++i) s += t[i]`).
  void table(const clang::ArraySubscriptExpr *Sub, const clang::VarDecl *VD);

  /// Records `32 * K` initialising a constant, read by tileCandidates().
  void tileConst(const clang::IntegerLiteral *Lit);

  /// Records a read of a constant, or a product `lane * K` with a lane id
  /// counted in wavefronts, in device code.
  void tileUse(const clang::Expr *E);

  /// Candidates for the tiles of `32 * K` elements that a function walks
  /// with `lane * K` and a lane id counted in wavefronts: a constant written
  /// `32 * K`, or one written as its value (`TILE_N = 256` with `lane * 8`)
  /// that places the workgroup's tile (`blockIdx.x * TILE_N`).
  void tileCandidates();

  /// Candidates for the loops over 32 slots of a table that only a warp id
  /// counted in wavefronts writes, and of 32 slots.
  void tableCandidates();

  /// `T a[32]` / `T a[32][N]` in device code, or `__shared__` at namespace scope.
  void array(const clang::VarDecl *VD);

  // Deciding on candidates (HardcodedWarpSizeReport.cpp).

  /// True when replacing the 32s of \p F cannot change what correct code
  /// computes: \p F has its edits, \p Fn lays out no rows of `blockDim.x`
  /// threads (two 32-thread rows share one wavefront), and every literal
  /// 32, 31, 16 or 5 written in the functions around \p Fn is one that a
  /// candidate's fix-it replaces, so no other 32 of the same computation
  /// (a ladder from 16, a `1 << (5 + k)`) stays behind.
  bool fixIsCertain(const clang::FunctionDecl *Fn, const Finding &F, const LaneGroups &G) const;

  /// How often the translation unit refers to \p V.
  size_t references(const clang::ValueDecl *V) const;

  /// The note that says why a 32 is the wrong size here: \p Why spans both
  /// halves of the wavefront (\p Crosses) or groups lanes by the wavefront.
  void noteWhy(HardcodedWarpSizeCheck &C, const LaneEvidence &Why, bool Crosses) const;
};

} // namespace wavecheck

#endif
