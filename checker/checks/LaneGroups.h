//===--- LaneGroups.h - which lane groups device code computes in ---------===//
///
/// \file
/// A 64-lane wavefront computes what two 32-lane warps compute as long as
/// every cross-lane exchange and every wave-wide operation stays inside the
/// lane groups the code itself uses. Code that forms 32-lane logical warps
/// (`lane = tid % 32`, `warp = tid / 32`, xor or down ladders from 16, one
/// leader per group) is therefore correct on wave64, with or without a
/// shuffle width; it breaks only where something spans both groups (a
/// ballot, a vote whose result is stored, `__shfl(v, 0)` without a width) or
/// where a wave-sized quantity (`tid % warpSize`, `__lane_id()`) meets a
/// group-sized one.
///
/// LaneGroups gathers that evidence for every user-written device function of
/// a translation unit and answers, for a function, what the code around it
/// does: the function, what it calls, and, for a helper, the kernels that
/// reach it. The wave64 checks ask it before they call a 32 a warp size or a
/// ladder from 16 partial.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_LANEGROUPS_H
#define WAVECHECK_CHECKS_LANEGROUPS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace wavecheck {

/// One piece of evidence: where it is and the code, quoted for a note.
struct LaneEvidence {
  clang::SourceLocation Loc; ///< invalid when there is none
  std::string Code;
  explicit operator bool() const { return Loc.isValid(); }
};

/// What a group of functions does with the lanes of a wavefront.
struct LaneGroupFacts {
  /// A lane or warp id, or a warp count, computed with the wave size:
  /// `tid % warpSize`, `tid & (warpSize - 1)`, `tid / warpSize`,
  /// `blockDim.x / warpSize`, a wave-size-named constant of 64
  /// (`WARP_SIZE`), `__lane_id()`, `__builtin_amdgcn_mbcnt_*`, a shuffle
  /// offset of `warpSize / 2`, a `_sync` mask naming lanes 32-63.
  LaneEvidence Wave;
  /// A lane or warp id computed with 32 (`tid % 32`, `tid & 31`, `tid / 32`,
  /// `tid >> 5`), or a shuffle of width 32.
  LaneEvidence Group32;
  /// A wave operation whose result mixes both 32-lane halves of a wavefront:
  /// a ballot, `__activemask`, a match, a vote whose result is stored (a
  /// vote that only steers a branch or loop is not), `__shfl(v, c)` without a
  /// width from a constant lane or a lane id computed with 32, a shuffle over
  /// 32 or more lanes, an amdgcn cross-lane builtin.
  LaneEvidence Crossing;
  /// No wave operation at all is reached (shuffle, vote, ballot, `_sync`).
  bool NoWaveOp = true;
  /// Wave is only a `_sync` mask naming lanes 32-63: a mask widened by hand
  /// or by a fix-it, which says nothing certain about how results are used.
  bool WaveFromMaskOnly = false;
};

/// The `31` of `x & 31` (also `TILE - 1`) or the `32` of `x % 32`, for a
/// non-constant x: a source lane kept in 0-31 whatever x is. nullptr for
/// anything else.
const clang::Expr *laneMaskedBelow32(const clang::Expr *LaneArg, const clang::ASTContext &Ctx);

/// The evidence of every user-written device function of one translation
/// unit, gathered once (construction walks the AST), then queried per
/// function.
class LaneGroups {
public:
  explicit LaneGroups(clang::ASTContext &Ctx);

  /// The facts of the code around \p Fn (owningFunction() form): when \p Fn
  /// has no callers in the translation unit, \p Fn and everything it calls,
  /// transitively; otherwise the same for every function without callers
  /// that reaches \p Fn (the kernels using a helper). Empty facts for null.
  LaneGroupFacts around(const clang::FunctionDecl *Fn) const;

  /// The facts of \p Fn and everything it calls, transitively, without its
  /// callers: what the code that computes inside \p Fn sees.
  LaneGroupFacts below(const clang::FunctionDecl *Fn) const;

  /// True when \p Fn has callers in the translation unit.
  bool hasCallers(const clang::FunctionDecl *Fn) const;

  /// The functions around() merges for \p Fn, \p Fn first.
  llvm::SmallVector<const clang::FunctionDecl *, 8> family(const clang::FunctionDecl *Fn) const;

  /// The facts of \p Fn's own body only (lambdas inside it included).
  const LaneGroupFacts *own(const clang::FunctionDecl *Fn) const;

  /// True when \p Gather is a shuffle without a width (or of the whole
  /// wavefront) whose source lane is kept below 32 (laneMaskedBelow32())
  /// and whose value may differ between lane l and lane l + 32: lanes 32-63
  /// read the first half.
  bool crossesHalves(const clang::CallExpr *Gather) const;

private:
  llvm::SmallPtrSet<const clang::CallExpr *, 8> CrossingGathers;
  struct Node {
    LaneGroupFacts Facts;
    llvm::SmallVector<const clang::FunctionDecl *, 4> Callees, Callers;
  };
  llvm::DenseMap<const clang::FunctionDecl *, Node> Nodes;
  friend class LaneGroupsBuilder;
};

} // namespace wavecheck

#endif
