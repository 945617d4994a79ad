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

#include "model/HostLaunches.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Module.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
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

/// A source line: the file (as the line tables name it, joined with the
/// compile directory) and the line.
using SourceLine = std::pair<std::string, unsigned>;

/// A function's extent in the source: its file and the lines from its
/// first (the declaration) to the last that holds code, read from the line
/// tables before optimisation (so helpers later inlined are included).
struct FunctionExtent {
  std::string File;
  unsigned First = 0, Last = 0;
};

/// What the model learned of one kernel, for judging the AST tier's
/// findings in the code it runs (lib/ModelVerdicts.h): an AST finding in a
/// function that every kernel reaching it ran, at both widths, to the same
/// stored values is shown harmless; a fix-it is kept only where the fixed
/// code, run at wave 64, shows no difference from the original at wave 32.
struct KernelVerdict {
  std::string Symbol;    ///< the kernel's (mangled) name, the same in a fixed copy
  bool Run = false;      ///< false: no wave operation, not run (same at both widths)
  bool Modelled = false; ///< both runs completed, or the kernel was not run
  /// Wave 32 and wave 64 stored the same values at the same places, from the
  /// same inputs, read the same inputs and did nothing undefined.
  bool Same = false;
  /// The comparison found a difference (reported or left to the AST tier).
  bool Differs = false;
  /// With a reference (analyseModule's second argument): the kernel, run at
  /// wave 64, shows no difference from the reference's run at wave 32.
  bool MatchesReference = false;
  std::set<SourceLine> Lines;    ///< lines with code in the kernel, inlined helpers included
  std::set<SourceLine> Executed; ///< the lines both runs executed (all of Lines if not run)
  /// Functions (indices into ModuleReport::Functions) whose code the kernel
  /// holds after inlining or calls, and those both runs entered.
  std::set<unsigned> Reaches, Entered;
};

/// The wave-32 runs of a translation unit's kernels, kept to compare a fixed
/// copy of the unit with (the fix-it check). It holds no pointer into the
/// module it came from.
struct ModelReference;

struct ModuleReport {
  std::vector<ModelFinding> Findings;
  /// Kernels the model could not run, with the reason.
  std::vector<std::pair<std::string, std::string>> NotModelled;
  unsigned Kernels = 0; ///< kernels run
  unsigned Skipped = 0; ///< kernels without a wave operation, not run
  unsigned Unlaunched = 0; ///< kernels the host launches only at 32 lanes, not run
  std::vector<KernelVerdict> Verdicts;
  std::vector<FunctionExtent> Functions; ///< the unit's device functions with code
  std::shared_ptr<const ModelReference> Reference;
};

/// Optimises \p M (the device IR of a 64-lane target) and compares every
/// kernel's runs at wave 32 and wave 64. With \p Ref (the reference of the
/// unit before its fix-its were applied), each kernel's wave-64 run is also
/// compared with the reference's wave-32 run of the kernel of the same
/// symbol (KernelVerdict::MatchesReference).
///
/// With \p Launches (model/HostLaunches.h), a kernel that the host launches
/// only where wavefronts have 32 lanes is not run (it never runs on this
/// target: the same at both widths for the AST tier's findings), and a
/// kernel whose launches at 64 lanes all have one constant block shape is
/// run with that shape (a `reqd_work_group_size` comes first).
ModuleReport analyseModule(llvm::Module &M, const ModelReference *Ref = nullptr,
                           const std::map<std::string, HostLaunch> *Launches = nullptr);

/// What a pass hands the model and gets back: the reference to compare with
/// (in), the report of the unit (out). Owned by the caller of the parse.
struct ModelExchange {
  std::shared_ptr<const ModelReference> Reference;
  std::optional<ModuleReport> Report;
};

/// A consumer to run beside clang-tidy's: it generates the IR of the
/// translation unit and, at its end, reports the model's findings through
/// \p Context as diagnostics of the checks named above (so NOLINT, the
/// baseline and the outputs treat them as any other finding), and leaves the
/// module's report in \p Exchange when given. Returns null
/// when the pass is not a device pass of a 64-lane target.
std::unique_ptr<clang::ASTConsumer> makeWaveModelConsumer(clang::CompilerInstance &CI,
                                                          clang::tidy::ClangTidyContext &Context,
                                                          ModelExchange *Exchange = nullptr);

/// The note every model finding carries, first: how to tell the tiers apart.
inline constexpr const char *ModelNotePrefix = "wave model:";

} // namespace wavecheck::model

#endif
