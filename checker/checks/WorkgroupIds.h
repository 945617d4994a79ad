//===--- WorkgroupIds.h - linear workgroup ids and their XCD remaps --------===//
///
/// \file
/// Recognisers for xcd-tile-order (TileOrderFlow.h): a linear workgroup id
/// as HIP code spells it, and the XCD remaps applied to one. The remap is the
/// arithmetic derived from round-robin dispatch (workgroup i
/// runs on XCD i % 8): with per_xcd = n / 8, ids below per_xcd * 8 become
/// (id % 8) * per_xcd + id / 8. Recognised spellings: that sum with the XCD
/// count as a constant, `NUM_XCDS`-style name or defaulted parameter, also
/// with `& 7` and `>> 3`, through locals (`xcd = id % 8; slot = id / 8`),
/// chunked (`round * 8 * CHUNK + xcd * CHUNK + offset`) and uneven
/// (`tall * per + (xcd - tall) * (per - 1) + slot`) variants; calls and
/// macros named *remap* or *xcd*; functions whose body holds the sum.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_WORKGROUPIDS_H
#define WAVECHECK_CHECKS_WORKGROUPIDS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace wavecheck {

/// Grid dimensions a linear workgroup id is built from (bit set).
enum GridDims : unsigned { DimX = 1, DimY = 2, DimZ = 4 };

/// The grid dimensions \p E linearises in dispatch order (x fastest):
/// `blockIdx.x` (also `hipBlockIdx_x`, `__builtin_amdgcn_workgroup_id_x()`)
/// gives DimX; `blockIdx.y * gridDim.x + blockIdx.x` DimX|DimY;
/// `(blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x` all
/// three. 0 for anything else (casts and parentheses are looked through).
unsigned linearBlockIdDims(const clang::Expr *E);

/// True when \p E reads one component of the workgroup id: `blockIdx.x`
/// (`.y`, `.z`; also `hipBlockIdx_x`, `__builtin_amdgcn_workgroup_id_x()`).
bool isWorkgroupIdRead(const clang::Expr *E);

/// True for a name that says remap or XCD (case-insensitive): a remap
/// helper (`remap_pid_for_xcds`, `xcdSwizzle`) or macro (`REMAP_PID`).
bool isRemapName(llvm::StringRef Name);

/// True when \p Loc is in the expansion of a macro named like a remap.
bool inRemapMacro(clang::SourceLocation Loc, const clang::ASTContext &Ctx);

/// Recognises the remap arithmetic for a target with a given XCD count.
class XcdRemapRecognizer {
public:
  /// Whether an expression is the id being remapped.
  using IdPredicate = llvm::function_ref<bool(const clang::Expr *)>;

  XcdRemapRecognizer(const clang::ASTContext &Ctx, unsigned NumXcds)
      : Ctx(Ctx), NumXcds(NumXcds) {}

  /// True when \p E is the remap sum over an id (\p IsId): a product term
  /// with a factor holding the id's XCD (`id % 8`) and a plain term holding
  /// its slot (`id / 8`). The `%`/`/` nodes found are appended to \p Parts.
  bool isRemapArithmetic(const clang::Expr *E, IdPredicate IsId,
                         llvm::SmallVectorImpl<const clang::Expr *> &Parts) const;

  /// True when \p FD's definition holds the remap sum over its parameters
  /// (a helper named neither remap nor xcd). Cached per function.
  bool isRemapFunction(const clang::FunctionDecl *FD);

private:
  bool isXcdCount(const clang::Expr *K) const;
  bool mentionsXcdPart(const clang::Expr *E, bool Slot, IdPredicate IsId,
                       llvm::SmallVectorImpl<const clang::Expr *> &Parts,
                       unsigned Links) const;

  const clang::ASTContext &Ctx;
  unsigned NumXcds;
  llvm::DenseMap<const clang::FunctionDecl *, bool> Functions;
};

} // namespace wavecheck

#endif
