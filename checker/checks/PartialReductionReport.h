//===--- PartialReductionReport.h - how wave64-partial-reduction reports ---===//
///
/// \file
/// The limits of wave64-partial-reduction and the helpers its files share to
/// report a finding: where it is reported, its message texts and the fix-its
/// it may carry (none in rows of `blockDim.x` threads, none where a 32-lane
/// grouping around would break). Defined in PartialReductionReport.cpp.
/// Internal to the check.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_CHECKS_PARTIALREDUCTIONREPORT_H
#define WAVECHECK_CHECKS_PARTIALREDUCTIONREPORT_H

#include "checks/LaneGroups.h"
#include "checks/WaveMatchers.h"

#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>

namespace wavecheck::partial_reduction::detail {

using MatchResult = clang::ast_matchers::MatchFinder::MatchResult;

/// The wave size this check is about; other targets give no finding.
constexpr unsigned Wave64 = 64;
/// First offset of a halving ladder written for a 32-lane warp (half of 32).
constexpr int64_t Warp32HalfOffset = 16;
/// Exclusive bound of a doubling scan written for a 32-lane warp.
constexpr int64_t Warp32Size = 32;
/// The last lane of a 32-lane warp: where a CUDA scan leaves its total.
constexpr int64_t Warp32LastLane = 31;
/// Steps an unrolled ladder needs (16, 8, ...): one lone `__shfl_xor(v, 16)`
/// swaps halves, it is not a reduction.
constexpr size_t MinUnrolledSteps = 2;
/// Masks above this value name lanes 32-63: a mask widened to 64 bits.
constexpr uint64_t Mask32 = 0xffffffffull;
/// Bits of a lane mask with one bit per lane of a wave64 wavefront.
constexpr uint64_t LaneMaskBits64 = 64;

clang::CharSourceRange fileRange(const clang::Expr *E, const MatchResult &R);

/// Replaces \p E as written (a macro use as a whole) by \p Text; no fix-it
/// when \p E is only part of a macro expansion.
clang::FixItHint replaceWith(const clang::Expr *E, llvm::StringRef Text, const MatchResult &R);

clang::SourceLocation reportLoc(const clang::Expr *E, const MatchResult &R);

/// A `_sync` shuffle whose mask was widened to name lanes 32-63
/// (isWidenedMask()).
bool hasWidenedMask(const ShuffleCall &S, const clang::ASTContext &Ctx);

/// \p Fix, unless the function around \p S lays the block out in rows of
/// `blockDim.x` threads (\p Row is then set): a row of 32 threads shares a
/// wave64 with the next row, and widening the reduction would mix the two.
clang::FixItHint unlessRows(const clang::Stmt *S, clang::FixItHint Fix, const clang::Expr *&Row,
                            const MatchResult &R);

/// The message of a shuffle ladder that never folds lanes 32-63, and what it
/// adds when the ladder's mask was widened.
extern const char *const LadderMessage;
extern const char *const WidenedMaskNote;

llvm::StringRef sourceText(const clang::Expr *E, const MatchResult &R);

/// True when a result computed per 32-lane half is wrong around \p F: the
/// code groups lanes by the wavefront or spans both halves.
bool consumedPerWave(const LaneGroupFacts &F);

/// \p Fix when it is certain: no 32-lane grouping around that the widened
/// ladder would break.
clang::FixItHint ifCertain(const LaneGroupFacts &F, clang::FixItHint Fix);

} // namespace wavecheck::partial_reduction::detail

#endif
