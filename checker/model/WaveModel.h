//===--- WaveModel.h - what 64 lanes compute, compared with 32 -------------===//
///
/// \file
/// The wave model: the second tier of wavecheck, after the AST checks. For
/// the device pass of a 64-lane target it generates the translation unit's
/// LLVM IR in process (from the same parse; line tables on), runs LLVM's O2
/// pipeline without a target machine (inlining, SROA, constant folding, full
/// unrolling of constant-trip loops; `llvm.amdgcn.wavefrontsize` stays a
/// call), and interprets workgroup 0 of every kernel twice with the same
/// inputs: with 32-lane wavefronts (what the CUDA original computes) and with
/// 64-lane wavefronts (what the port computes on the target). It reports
/// where the two differ in a way the code's own lane mapping does not
/// explain:
///
///  - a value stored to global memory at the same place that lacks inputs it
///    carries at wave 32 (a reduction or scan that stops at 16 or 32 lanes, a
///    broadcast from the other logical warp): wave64-partial-reduction, or
///    wave64-hardcoded-warp-size when it carries other lanes' inputs instead;
///  - inputs that reach global memory at wave 32 and nowhere at wave 64
///    (rows assigned with a warp count computed from 32);
///  - a stored value computed from LDS that no lane wrote at wave 64 (a
///    per-warp table sized and filled for 32 lanes): wave64-hardcoded-warp-size;
///  - a shift by the width or more at wave 64 only (`1ull << warpSize`):
///    wave64-lane-mask-width.
///
/// A kernel whose wave-32 run already loses inputs that the wave-64 run
/// keeps is written for 64 lanes; the difference is not reported.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_MODEL_WAVEMODEL_H
#define WAVECHECK_MODEL_WAVEMODEL_H

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Module.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTConsumer;
class CompilerInstance;
namespace tidy {
class ClangTidyContext;
}
} // namespace clang

namespace wavecheck::model {

/// One place where a note or finding points: file, line, column.
struct Place {
  std::string File;
  unsigned Line = 0, Column = 0;
};

/// A source place and the places it was inlined into, innermost first (a
/// helper's line, then its call in the kernel).
using Chain = std::vector<Place>;

struct ModelFinding {
  std::string Check;
  Chain At;
  std::string Message;
  std::vector<std::pair<Chain, std::string>> Notes;
};

struct ModuleReport {
  std::vector<ModelFinding> Findings;
  /// Kernels the model could not run, with the reason.
  std::vector<std::pair<std::string, std::string>> NotModelled;
  unsigned Kernels = 0; ///< kernels run
  unsigned Skipped = 0; ///< kernels without a wave operation, not run
};

/// Optimises \p M (the device IR of a 64-lane target) and compares every
/// kernel's runs at wave 32 and wave 64.
ModuleReport analyseModule(llvm::Module &M);

/// A consumer to run beside clang-tidy's: it generates the IR of the
/// translation unit and, at its end, reports the model's findings through
/// \p Context as diagnostics of the checks named above (so NOLINT, the
/// baseline and the outputs treat them as any other finding). Returns null
/// when the pass is not a device pass of a 64-lane target.
std::unique_ptr<clang::ASTConsumer> makeWaveModelConsumer(clang::CompilerInstance &CI,
                                                          clang::tidy::ClangTidyContext &Context);

/// The note every model finding carries, first: how to tell the tiers apart.
inline constexpr const char *ModelNotePrefix = "wave model:";

} // namespace wavecheck::model

#endif
