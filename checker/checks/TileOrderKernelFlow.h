//===--- TileOrderKernelFlow.h - the flow of one kernel, for xcd-tile-order ===//
///
/// \file
/// The internals of TileOrderFlow.h: the KernelFlow class that follows the
/// workgroup ids of one kernel (or of a helper it calls) and the values
/// they flow into, and the small types and helpers its files share. Its
/// member functions are defined by concept: TileOrderIds.cpp (live code,
/// ids, remaps), TileOrderMasks.cpp (coordinate bits of values and of
/// helpers' results) and TileOrderFlow.cpp (operand panels and the
/// decision). Internal to the check.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_TILEORDERKERNELFLOW_H
#define WAVECHECK_CHECKS_TILEORDERKERNELFLOW_H

#include "checks/TileOrderFlow.h"
#include "checks/WorkgroupIds.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <map>
#include <optional>
#include <utility>

namespace wavecheck::tile_order::detail {

/// What a value is derived from: the quotient or the remainder of the id by
/// the tile-grid width. A value with one bit is one tile coordinate; a panel
/// indexed by one coordinate only is shared by the tiles of a row or column.
constexpr unsigned QuotientBit = 1;
constexpr unsigned RemainderBit = 2;
/// Rounds of the fixpoint over local variables; each round follows one more
/// link (pid -> group_id -> first_pid_m -> pid_m -> row -> a_ptr needs 5).
constexpr unsigned MaxRounds = 16;
/// Links followed through local initialisers when looking for an id.
constexpr unsigned MaxLinks = 4;
/// Helper calls followed below the kernel (a helper calling a helper).
constexpr unsigned MaxCallDepth = 2;

/// \p E without parentheses, implicit casts, temporaries and copies.
const clang::Expr *strip(const clang::Expr *E);

/// The function a call runs when its body is the user's: a `__device__`
/// helper, a lambda's call operator, a member function.
const clang::FunctionDecl *userCallee(const clang::CallExpr *Call, const clang::SourceManager &SM);

/// The initialiser \p Init gives field \p F: an element of a braced list.
const clang::Expr *fieldInit(const clang::Expr *Init, const clang::FieldDecl *F);

/// A linear workgroup id reached from an expression: the raw id as written
/// and the local whose initialiser it is (nullptr when used directly).
struct IdRef {
  const clang::Expr *Raw = nullptr;
  const clang::VarDecl *Var = nullptr;
  unsigned Dims = 0;
};

/// One `/`, `%`, `>>`, `&` (or `pid - q * n`) of an id.
struct Split {
  const clang::Expr *Node;
  const clang::Expr *Divisor; ///< nullptr for `pid - q * n`
  unsigned Bit;               ///< QuotientBit or RemainderBit
  IdRef Id;
  /// The tile-grid width when constant: the divisor, 2^s for `>> s`, c + 1
  /// for `& c`.
  std::optional<int64_t> Width;
};

/// Field-wise coordinate bits of a value of record type.
using FieldMasks = llvm::DenseMap<const clang::FieldDecl *, unsigned>;

/// What a call of a helper (a `__device__` function, a lambda, a member
/// function) makes of the ids it is given or captures: the coordinate bits
/// of its result, as a scalar or per field of a returned struct.
struct CallResult {
  unsigned Mask = 0; ///< scalar result
  FieldMasks Fields; ///< record result
  unsigned Bits = 0; ///< every coordinate the helper splits off
  unsigned Dims = 0; ///< GridDims of the id it splits
  bool Grouped = false;
  llvm::SmallVector<IdRef, 2> Ids; ///< the ids, as the kernel writes them
};

class KernelFlow {
public:
  KernelFlow(const clang::FunctionDecl *Kernel, clang::ASTContext &Ctx, unsigned NumXcds)
      : Kernel(Kernel), Ctx(Ctx), NumXcds(NumXcds), Remap(Ctx, NumXcds) {}
  llvm::SmallVector<TileMapping, 1> run();
  /// Every remap in the function, also in branches that are never taken.
  llvm::SmallVector<const clang::Expr *, 2> allRemaps();

private:
  /// A flow for the body of a helper called from \p Parent: \p Params
  /// binds parameters to the ids passed, \p This is the object a member
  /// function is called on.
  KernelFlow(const clang::FunctionDecl *Fn, const KernelFlow *Parent, unsigned Depth)
      : Kernel(Fn), Ctx(Parent->Ctx), NumXcds(Parent->NumXcds), Remap(Ctx, NumXcds),
        Parent(Parent), Depth(Depth) {}
  CallResult summarise();

  const clang::Stmt *deadChild(const clang::Stmt *S) const;
  void forEachLive(const clang::Stmt *S, llvm::function_ref<void(const clang::Stmt *)> Fn) const;
  const clang::Expr *liveCore(const clang::Expr *E) const;
  void collectLocals(const clang::Stmt *Body);
  IdRef idOf(const clang::Expr *E, unsigned Links = MaxLinks) const;
  IdRef idOfField(const clang::Expr *Base, const clang::FieldDecl *F, unsigned Links) const;
  unsigned returnsIdDims(const clang::CallExpr *Call) const;
  void findRemaps(const clang::Stmt *S, bool Live = true);
  void computeCalls(const clang::Stmt *Body);
  unsigned maskOf(const clang::Expr *E) const;
  FieldMasks fieldsOf(const clang::Expr *E) const;
  unsigned fieldMask(const clang::Expr *Base, const clang::FieldDecl *F) const;
  void computeVarMasks();
  void collectSplits(const clang::Stmt *Body,
                     std::map<unsigned, llvm::SmallVector<Split, 4>> &Groups);
  /// The body's locals, remaps and helper calls, and its splits grouped by
  /// the grid dimensions they read (helpers' results included).
  std::map<unsigned, llvm::SmallVector<Split, 4>> analyseBody(const clang::Stmt *Body);
  bool isOperandPointer(const clang::Expr *E, unsigned Links = MaxLinks) const;
  bool pointerChain(const clang::Expr *E, llvm::SmallVectorImpl<const clang::Expr *> &Offsets,
                    llvm::SmallPtrSetImpl<const clang::Stmt *> &Inner) const;
  bool hasFreeTerm(const clang::Expr *E) const;
  const clang::Expr *findPanelRead(const clang::Stmt *Body) const;
  bool onlyThreadTerm(const clang::Expr *E) const;
  bool sameWidth(const Split &A, const Split &B) const;

  const clang::FunctionDecl *Kernel;
  clang::ASTContext &Ctx;
  unsigned NumXcds;
  XcdRemapRecognizer Remap;
  const KernelFlow *Parent = nullptr; ///< the caller, for a helper's flow
  unsigned Depth = MaxCallDepth;      ///< helper levels still followed
  llvm::DenseMap<const clang::ParmVarDecl *, IdRef> ParamIds; ///< a helper's id parameters
  const clang::Expr *This = nullptr; ///< object of a member function call, in the caller
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> Inits;
  /// Stores to a field of a local struct (`t.row = pid / n;`).
  std::map<std::pair<const clang::VarDecl *, const clang::FieldDecl *>,
           llvm::SmallVector<const clang::Expr *, 1>>
      FieldStores;
  llvm::DenseMap<const clang::Expr *, CallResult> Calls; ///< helper calls given an id
  unsigned ActiveDims = 0; ///< the ids whose decomposition is being judged
  llvm::SmallVector<const clang::Expr *, 2> DeadRemaps; ///< remaps in branches never taken
  /// Any call named remap is one, also of an id assigned in place (a
  /// template pattern's `if constexpr (kRemap) pid = remap(pid, n);`).
  bool AnyNamedCall = false;
  llvm::DenseMap<const clang::VarDecl *, FieldMasks> VarFields;
  /// Helpers that return an id as it is (returnsIdDims()), by callee.
  mutable llvm::DenseMap<const clang::FunctionDecl *, unsigned> ReturnsId;
  llvm::MapVector<const clang::VarDecl *, llvm::SmallVector<const clang::Expr *, 2>> Stores;
  llvm::DenseSet<const clang::VarDecl *> Modified;
  llvm::DenseSet<const clang::Expr *> StoreTargets; ///< left of a plain `=`
  /// Each remap found, with the GridDims of the ids it remaps.
  llvm::SmallVector<std::pair<const clang::Expr *, llvm::SmallVector<unsigned, 1>>, 2> Remaps;
  llvm::DenseSet<const clang::Stmt *> InRemap;
  llvm::DenseMap<const clang::Stmt *, unsigned> NodeBits; ///< splits of one id
  llvm::DenseMap<const clang::VarDecl *, unsigned> VarMasks;
};

} // namespace wavecheck::tile_order::detail

#endif
