//===--- WaveMatchers.h - what the wave64 checks share ---------------------===//
///
/// \file
/// Shared recognisers for the wave64 checks: thread and lane indices, the
/// wave-level builtins (shuffles, ballots, votes), widths and integer
/// constants. They match what users write (`threadIdx`, `__shfl_xor`,
/// `__ballot`) by name, so ROCm's headers and wavecheck's stand-in headers
/// behave the same, and they see through calls whose callee is still
/// unresolved in a template.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_WAVEMATCHERS_H
#define WAVECHECK_CHECKS_WAVEMATCHERS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <optional>

namespace wavecheck {

/// The name of the function a call calls, also when the call is dependent
/// (an unresolved lookup in a template); empty when there is none.
llvm::StringRef calleeName(const clang::CallExpr *Call);

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

/// True for builtins whose meaning is tied to the hardware wavefront rather
/// than to a width argument: `__ballot`, `__activemask`, `__any`, `__all`,
/// their `_sync` forms, `__syncwarp`, `__match_any(_sync)`, `__lane_id`.
bool isHardwareWaveBuiltin(llvm::StringRef Name);

/// True for builtins returning a 64-bit lane mask: `__ballot`,
/// `__ballot_sync`, `__activemask`, `__match_any`, `__match_any_sync`,
/// `__match_all_sync`.
bool isMaskProducingBuiltin(llvm::StringRef Name);

/// True for `*_sync` builtins whose first argument is a lane mask.
bool isSyncBuiltin(llvm::StringRef Name);

/// The value of \p E when it is an integer constant expression (a literal,
/// a macro, a constexpr variable); std::nullopt otherwise or when dependent.
std::optional<int64_t> constantValue(const clang::Expr *E,
                                     const clang::ASTContext &Ctx);

/// True when \p E (after parentheses and casts) names `warpSize`.
bool isWarpSizeRef(const clang::Expr *E);

/// How a shuffle's width relates to the hardware wavefront.
enum class WidthKind {
  FullWave,  ///< absent (default warpSize), `warpSize`, or >= 64
  Lanes32,   ///< the constant 32: a 32-lane logical warp
  Other      ///< any other value (a power of two below 32, a runtime value)
};
WidthKind classifyWidth(const clang::Expr *Width, const clang::ASTContext &Ctx);

/// True when \p E is derived from the thread index: it mentions `threadIdx`
/// (or `hipThreadIdx_*`, `__builtin_amdgcn_workitem_id_*`, `__lane_id`), or a
/// local variable whose initialiser is so derived (followed a few levels), or
/// a parameter named like a thread index (`tid`, `thread_id`, `lane`...).
bool isThreadIndexDerived(const clang::Expr *E);

/// True when \p E is a lane id: `X % 32`, `X & 31`, `X % warpSize`,
/// `X & (warpSize - 1)`, `__lane_id()`, a variable named like a lane
/// (`lane`, `laneId`, `lane_id`...) or initialised from a lane id, or the
/// thread index itself.
bool isLaneId(const clang::Expr *E, const clang::ASTContext &Ctx);

/// True when \p E is a warp id: `X / 32`, `X >> 5`, `X / warpSize` of a
/// thread index, or a variable named like one (`warp`, `warpId`, `wid`) or
/// initialised from one.
bool isWarpId(const clang::Expr *E, const clang::ASTContext &Ctx);

/// True when the 32 in \p E (a `/`, `%`, `>>` or `&` by 32/5/31) means bits
/// per word: \p E indexes an array of 32-bit integers, or it is the shift
/// amount of a 32-bit value in a statement that indexes such an array.
bool isBitsPerWordUse(const clang::Expr *E, clang::ASTContext &Ctx);

/// The full statement (child of a compound statement, or the condition or
/// increment of a loop) that contains \p E.
const clang::Stmt *enclosingStatement(const clang::Stmt *S,
                                      clang::ASTContext &Ctx);

/// The function (or lambda body) containing \p S; nullptr at namespace scope.
const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S,
                                             clang::ASTContext &Ctx);

/// True when the location is in code the HIP compile of this translation unit
/// never sees written by the user: a system header (stand-in or ROCm).
bool inSystemHeader(clang::SourceLocation Loc, const clang::SourceManager &SM);

} // namespace wavecheck

#endif
