//===--- WaveMatchers.h - what the wave64 checks share ---------------------===//
///
/// \file
/// Shared recognisers for the wave64 checks: thread and lane indices, names
/// of lanes and warps (by whole words), the wave-level builtins (shuffles,
/// ballots, votes), widths and integer constants. They match what users
/// write (`threadIdx`, `__shfl_xor`, `__ballot`) by name, so ROCm's headers
/// and wavecheck's stand-in headers behave the same, and they see through
/// calls whose callee is still unresolved in a template. AST matchers built on them close the file.
/// Where a node stands (its function, device code, system code, a use of 32
/// as bits per word) is in NodeContext.h.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_WAVEMATCHERS_H
#define WAVECHECK_CHECKS_WAVEMATCHERS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace wavecheck {

/// The name of the function a call calls, also when the call is dependent
/// (an unresolved lookup in a template); empty when there is none.
llvm::StringRef calleeName(const clang::CallExpr *Call);

/// Where the callee's name is written in \p Call (for a fix-it renaming it):
/// the name of a direct or dependent callee, else the call's begin location.
clang::SourceLocation calleeNameLoc(const clang::CallExpr *Call);

/// Argument \p I of \p Call as the user wrote it: nullptr when absent or when
/// it is a default argument the user did not write.
const clang::Expr *writtenArg(const clang::CallExpr *Call, unsigned I);

/// Kinds of HIP/CUDA shuffle builtin.
enum class ShuffleKind { Idx, Up, Down, Xor };

/// A call to `__shfl`, `__shfl_up`, `__shfl_down`, `__shfl_xor` or their
/// `_sync` forms, split into its operands.
struct ShuffleCall {
  const clang::CallExpr *Call = nullptr;
  ShuffleKind Kind = ShuffleKind::Idx;
  bool Sync = false;                     ///< `*_sync` form: Mask is set.
  const clang::Expr *Mask = nullptr;     ///< 64-bit lane mask (`_sync` only).
  const clang::Expr *Value = nullptr;    ///< The value shuffled.
  const clang::Expr *LaneArg = nullptr;  ///< Source lane, delta or xor mask.
  const clang::Expr *Width = nullptr;    ///< nullptr: the default, warpSize.
};
std::optional<ShuffleCall> asShuffle(const clang::CallExpr *Call);

/// The shuffles (asShuffle()) in \p S and below it, in source order, a
/// shuffle nested in another's arguments before the one using it.
void collectShuffles(const clang::Stmt *S,
                     llvm::SmallVectorImpl<ShuffleCall> &Out);

/// True for builtins whose meaning is tied to the hardware wavefront rather
/// than to a width argument: `__ballot`, `__activemask`, `__any`, `__all`,
/// their `_sync` forms, `__match_any(_sync)`, `__match_all_sync`,
/// `__lane_id`. Not `__syncwarp`: it only orders memory among the lanes its
/// mask names, which a 32-lane logical warp may do as well.
bool isHardwareWaveBuiltin(llvm::StringRef Name);

/// True for builtins returning a 64-bit lane mask: `__ballot`,
/// `__ballot_sync`, `__activemask`, `__match_any`, `__match_any_sync`,
/// `__match_all_sync`.
bool isMaskProducingBuiltin(llvm::StringRef Name);

/// True for `*_sync` builtins whose first argument is a lane mask.
bool isSyncBuiltin(llvm::StringRef Name);

/// True for builtins whose first argument is a lane mask: the `*_sync`
/// builtins (isSyncBuiltin()) and `__syncwarp`.
bool takesLaneMask(llvm::StringRef Name);

/// The value of \p E when it is an integer constant expression (a literal,
/// a macro, a constexpr variable); std::nullopt otherwise or when dependent.
std::optional<int64_t> constantValue(const clang::Expr *E,
                                     const clang::ASTContext &Ctx);

/// True when \p E (after parentheses and casts) names `warpSize`, also ROCm
/// 7's (and the stand-in's) object read through an implicit `operator int`,
/// or calls `__builtin_amdgcn_wavefrontsize()`.
bool isWarpSizeRef(const clang::Expr *E);

/// How a shuffle's width relates to the hardware wavefront.
enum class WidthKind {
  FullWave,  ///< absent (default warpSize), `warpSize`, or >= 64
  Lanes32,   ///< the constant 32: a 32-lane logical warp
  Other      ///< any other value (a power of two below 32, a runtime value)
};
WidthKind classifyWidth(const clang::Expr *Width, const clang::ASTContext &Ctx);

/// True when the `_sync` mask \p Mask is written to name lanes 32-63: its
/// type as written (before the conversion to the 64-bit parameter) has 64
/// bits, and it is no constant or one above 32 bits (`__activemask()`, an
/// `unsigned long long`, `~0ull`). CUDA's `~0` and `-1` are `int`s that only
/// become 64 bits through the conversion: not widened.
bool isWidenedMask(const clang::Expr *Mask, const clang::ASTContext &Ctx);

/// How many variable initialisers a derivation is followed through: enough
/// for `tid -> lane -> srcLane` chains, small enough to stay linear.
constexpr unsigned MaxDerivationDepth = 4;

/// The words of identifier \p Name, lower-cased: split at `_`, at digits and
/// at camelCase boundaries (`srcLane` -> src lane, `WARP_SIZE` -> warp size,
/// `kWarpSize` -> k warp size, `laneID` -> lane id, `lane2` -> lane 2).
llvm::SmallVector<std::string, 4> identifierWords(llvm::StringRef Name);

/// True when a whole word of \p Name (identifierWords()) names a lane:
/// `lane`, `laneId`, `lane_idx`, `srcLane`, `half_lane`, also run together in
/// lower case (`laneid`, `srclane`). Not `plane`, `planes`, `laneway`, nor
/// `lanes` or `num_lanes` (counts, not lane ids).
bool namesLane(llvm::StringRef Name);

/// True when a whole word of \p Name names a warp or wavefront, or a count,
/// size or id of them: `warp`, `warpId`, `wave`, `nwarps`, `num_waves`,
/// `WARP_SIZE`, `kWarpSize`, `WARPSIZE`, `wavefront`, `half_warp`. Not
/// `microwave`.
bool namesWarp(llvm::StringRef Name);

/// True when the name of a macro or constant says it is the wave size: a
/// whole word of it names a warp, wavefront or lane (namesWarp(),
/// namesLane(), also `LANES`), or is `WS`. `TILE`, `BLOCK` or `kTileDim` may
/// be a tile size that happens to be 32.
bool namesWaveSize(llvm::StringRef Name);

/// True for a read of `threadIdx.x` (`.y`, `.z`) as written, also through
/// `hipThreadIdx_x`: a plain member, or the MS property of wavecheck's
/// stand-in headers and ROCm's, whose base hides behind an OpaqueValueExpr.
bool isThreadIdxRead(const clang::Expr *E);

/// The first read in \p S of `threadIdx.y`, `threadIdx.z`, `blockDim.y` or
/// `blockDim.z` (also through `hipThreadIdx_y`-style macros) or call of
/// `__builtin_amdgcn_workitem_id_y`/`_z`: code that lays a block out in rows
/// of `blockDim.x` threads. nullptr when there is none.
const clang::Expr *findBlockRowIndex(const clang::Stmt *S);

/// True when \p E is derived from the thread index: it mentions `threadIdx`
/// (also behind the OpaqueValueExpr of an MS property read such as
/// `threadIdx.x`), `hipThreadIdx_*`, `__builtin_amdgcn_workitem_id_*`,
/// `__builtin_amdgcn_mbcnt_*` or `__lane_id`, or a local variable whose
/// initialiser is so derived (followed MaxDerivationDepth levels), or a
/// parameter named like a thread index (`tid`, `thread_id`, `lane`...), or a
/// parameter of a lambda, whatever its name, that a call of the lambda in the
/// function it is written in passes a thread index for.
/// A value loaded at a thread index (`keys[tid]`, `*(p + tid)`) and the
/// result of any other call (`f(tid)`) are data, not a thread index.
bool isThreadIndexDerived(const clang::Expr *E);

/// True when \p E is a lane id: `X % 32`, `X & 31`, `X % warpSize`,
/// `X & (warpSize - 1)` (also 64 and 63), `__lane_id()`,
/// `__builtin_amdgcn_mbcnt_*`, a variable named like a lane (namesLane():
/// `lane`, `laneId`, `srcLane`, not `plane`) or a local initialised from a
/// lane id. With
/// \p BareThreadIndex, the thread index itself (`threadIdx.x`, a local copy
/// of it) also counts, as it does in a block of one wave; without it, it does
/// not, as in a block of several (wave64-partial-reduction's `lane == 31`).
bool isLaneId(const clang::Expr *E, const clang::ASTContext &Ctx,
              bool BareThreadIndex = true);

/// True when \p E is a lane id or a thread index: `threadIdx.x`,
/// `x % warpSize`, `x & 63`, `__lane_id()`, `__builtin_amdgcn_workitem_id_*`,
/// a variable named like a lane (namesLane()), a parameter named like a
/// thread index, a local initialised so, or sums, differences, xors and ors
/// of these and constants. Data loaded from memory, quotients (warp ids), explicit casts
/// and global ids (`blockIdx.x * blockDim.x + threadIdx.x`) are not.
bool isLaneLike(const clang::Expr *E, const clang::ASTContext &Ctx);

/// True when \p E or any expression below it is a lane id (isLaneId()) or
/// derived from the thread index (isThreadIndexDerived()); unlike those, it
/// also looks inside subscripts and calls (`keys[lane]`, `f(tid)`).
bool mentionsLaneId(const clang::Expr *E, const clang::ASTContext &Ctx);

/// True when \p E is a warp id: `X / 32`, `X >> 5`, `X / warpSize` (also 64
/// and 6) of a thread index (isThreadIndexDerived()), or a variable named
/// like one (namesWarp(): `warp`, `warpId`, `wave`; or `wid`) or a local
/// initialised from one.
bool isWarpId(const clang::Expr *E, const clang::ASTContext &Ctx);

/// The `tid / 32` or `tid >> 5` (the 32 or 5 may come from a macro or
/// constant) of a thread index (isThreadIndexDerived()) that the warp id \p E
/// is, or that the local \p E names was initialised with (followed \p Depth
/// levels); nullptr for anything else, `tid / warpSize` among them.
const clang::BinaryOperator *warpIdComputedWith32(const clang::Expr *E,
                                                  const clang::ASTContext &Ctx,
                                                  unsigned Depth = MaxDerivationDepth);

/// The `tid % 32` or `tid & 31` (the 32 or 31 may come from a macro or
/// constant) of a thread index (isThreadIndexDerived()) that the lane id \p E
/// is, or that the local \p E names was initialised with (followed \p Depth
/// levels); nullptr for anything else, `tid % warpSize` among them.
const clang::BinaryOperator *laneIdComputedWith32(const clang::Expr *E,
                                                  const clang::ASTContext &Ctx,
                                                  unsigned Depth = MaxDerivationDepth);

/// True when the element \p Sub selects (or an element of it, `s[i][k]`) is
/// assigned, compound-assigned, incremented or decremented.
bool isWrittenElement(const clang::ArraySubscriptExpr *Sub, clang::ASTContext &Ctx);

/// True when `blockDim` appears in \p S, also behind the OpaqueValueExpr of
/// an MS property read (`blockDim.x`).
bool mentionsBlockDim(const clang::Stmt *S);

/// The local, non-parameter variable \p E (after parentheses and implicit
/// casts) names; nullptr for anything else, and for nullptr.
const clang::VarDecl *localVarRef(const clang::Expr *E);

/// A binary operation as the checks read it: a BinaryOperator, or, in a
/// template's pattern, the call of an overloaded operator clang leaves
/// unresolved because an operand's type depends on a template parameter and
/// operator templates are in scope (HIP's vector-type operators are):
/// `a += m * 128 * K` with `const T *a` is such a call. Calls resolved to a
/// function are not viewed (a user's operator is a function call).
struct BinaryView {
  clang::BinaryOperatorKind Op;
  const clang::Expr *LHS;
  const clang::Expr *RHS;
  bool isAssignment() const { return clang::BinaryOperator::isAssignmentOp(Op); }
};

/// The BinaryView of \p E (not looking through parentheses or casts), or
/// nothing when \p E is neither form.
std::optional<BinaryView> binaryView(const clang::Expr *E);

/// True when \p E (after parentheses and implicit casts) is an integer
/// literal, maybe negated or complemented: `0xffffffff`, `~0u`, `-1`.
bool isLiteral(const clang::Expr *E);

// AST matchers over the recognisers above, for registerMatchers().

/// A shuffle builtin (asShuffle()).
AST_MATCHER(clang::CallExpr, isShuffleCall) { return asShuffle(&Node).has_value(); }

/// A shuffle builtin of kind \p Kind.
AST_MATCHER_P(clang::CallExpr, shuffleKindIs, ShuffleKind, Kind) {
  std::optional<ShuffleCall> S = asShuffle(&Node);
  return S && S->Kind == Kind;
}

/// A shuffle builtin whose width is of kind \p Kind (classifyWidth()).
AST_MATCHER_P(clang::CallExpr, shuffleWidthIs, WidthKind, Kind) {
  std::optional<ShuffleCall> S = asShuffle(&Node);
  return S && classifyWidth(S->Width, Finder->getASTContext()) == Kind;
}

/// A shuffle builtin whose lane argument (source lane, delta or xor mask),
/// after parentheses and casts, matches \p Inner.
AST_MATCHER_P(clang::CallExpr, hasLaneArg,
              clang::ast_matchers::internal::Matcher<clang::Expr>, Inner) {
  std::optional<ShuffleCall> S = asShuffle(&Node);
  return S && S->LaneArg &&
         Inner.matches(*S->LaneArg->IgnoreParenCasts(), Finder, Builder);
}

/// An integer constant expression of value \p Value (constantValue()).
AST_MATCHER_P(clang::Expr, hasIntValue, int64_t, Value) {
  return constantValue(&Node, Finder->getASTContext()) == Value;
}

/// A call of a builtin returning a lane mask (isMaskProducingBuiltin()).
AST_MATCHER(clang::CallExpr, producesLaneMask) {
  return isMaskProducingBuiltin(calleeName(&Node));
}

/// A call, with arguments, of a builtin taking a lane mask (takesLaneMask()).
AST_MATCHER(clang::CallExpr, takesLaneMaskArg) {
  return Node.getNumArgs() > 0 && takesLaneMask(calleeName(&Node));
}

} // namespace wavecheck

#endif
