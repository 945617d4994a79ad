//===--- TileOrderFlow.h - how a kernel maps its workgroup id to tiles -----===//
///
/// \file
/// The analysis behind xcd-tile-order: in one `__global__` function, find the
/// linear workgroup ids (`blockIdx.x`, `blockIdx.y * gridDim.x + blockIdx.x`,
/// held in locals or used directly), the XCD remaps applied to them (as
/// WorkgroupIds.h recognises them), and the tile decompositions left without
/// one: the id split by `/` and `%` (or `pid - q * n`, `>>`, `&`) into tile
/// coordinates, one of which alone addresses an operand read from a kernel
/// pointer parameter (a panel that neighbouring tiles share: an offset added
/// to the pointer, or a subscript that also walks it with another index).
///
/// Values are tracked by the coordinates they derive from (quotient,
/// remainder, or both), through expressions and local variables; divisors
/// and moduli are sizes, not coordinates.
///
/// Ids and coordinates are also followed into the helpers the kernel passes
/// an id to (`__device__` functions, lambdas, member functions; two levels),
/// out of what they return (a scalar or the fields of a struct), and through
/// the fields of local structs and structured bindings. Branches whose
/// condition is a constant (a trait of a template instantiation) are judged
/// as they run: the arm never taken is left out.
///
/// The analysis is flow-insensitive: ids are followed through local variable
/// initialisers (and fields stored once), and a local that is assigned
/// after its declaration (a remap in place, a persistent tile loop) is no id.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_TILEORDERFLOW_H
#define WAVECHECK_CHECKS_TILEORDERFLOW_H

#include "checks/WorkgroupIds.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

namespace wavecheck {

/// One linear workgroup id mapped onto tiles without an XCD remap.
struct TileMapping {
  /// Where the raw id is written: each is to be wrapped by the remap. The
  /// initialiser of a local holding the id, or the id used directly as the
  /// dividend of a decomposition; in source order.
  llvm::SmallVector<const clang::Expr *, 2> Roots;
  /// The local holding the id when Roots[0] initialises one, else nullptr.
  const clang::VarDecl *IdVar = nullptr;
  unsigned Dims = 0;     ///< GridDims of the id
  bool Grouped = false;  ///< divisors differ, or a remainder is split again: GROUP_M
  const clang::Expr *PanelRead = nullptr; ///< operand indexed by one coordinate
  /// A remap of this id whose result the decomposition does not use (a
  /// remap disabled by a refactor), else nullptr.
  const clang::Expr *UnusedRemap = nullptr;
  /// A remap of the id in a branch that never runs (its condition is a
  /// constant false: a trait of this instantiation, a configuration flag),
  /// else nullptr.
  const clang::Expr *DeadRemap = nullptr;
};

/// The tile mappings of kernel \p Kernel that need the remap, for a target
/// with \p NumXcds XCDs (the count an inline `% 8` remap is recognised by).
llvm::SmallVector<TileMapping, 1>
findUnremappedTileMappings(const clang::FunctionDecl *Kernel, clang::ASTContext &Ctx,
                           unsigned NumXcds);

/// Every XCD remap written in \p Fn, also in branches that never run: for
/// the template pattern of an instantiation that leaves its remap off.
llvm::SmallVector<const clang::Expr *, 2> findXcdRemaps(const clang::FunctionDecl *Fn,
                                                       clang::ASTContext &Ctx,
                                                       unsigned NumXcds);

} // namespace wavecheck

#endif
