//===--- ModelVerdicts.h - the wave model's word on the AST tier's findings -===//
///
/// \file
/// The two tiers meet here, per device pass of a 64-lane target. For the
/// checks the model judges (wave64-partial-reduction,
/// wave64-hardcoded-warp-size), an AST finding sits on a source line that
/// the kernels of the translation unit may contain (inlined helpers and
/// template instantiations included; model/WaveModel.h, KernelVerdict):
///
///  - shown harmless: every kernel whose code includes the line was run at
///    both widths, both runs executed the line, and they stored the same
///    values at the same places from the same inputs (or the kernel never
///    asks the wave size nor exchanges across lanes). The finding is
///    dropped: whatever the 32 means there, a 64-lane wavefront computes
///    what the 32-lane original does.
///  - a fix-it is kept only where the model confirms the finding (a kernel
///    containing the line stores something else at wave 64) and the fixed
///    code, run at wave 64, shows no difference from the original at wave
///    32. Otherwise the fix-it is withheld and a note says why.
///
/// What the model cannot judge (a line in no kernel of the unit: a macro
/// definition, host code, a helper no kernel calls; a kernel it could not
/// run) keeps the AST finding, and then keeps its fix-it too only when the
/// check is not one the model judges.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_LIB_MODELVERDICTS_H
#define WAVECHECK_LIB_MODELVERDICTS_H

#include "lib/RunResult.h"
#include "model/WaveModel.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <string>
#include <vector>

namespace wavecheck {

/// True for the checks whose findings the wave model confirms or shows
/// harmless.
bool modelJudges(llvm::StringRef Check);

/// Reruns the pass on the unit with the files of the map (absolute path to
/// new content) replaced, comparing with \p Report's reference; the report
/// of the fixed unit, or none when it did not compile.
using RerunFixed = llvm::function_ref<std::optional<model::ModuleReport>(
    const std::map<std::string, std::string> &Fixed)>;

/// A finding by what identifies it across passes and targets: check, file,
/// offset.
using FindingKey = std::tuple<std::string, std::string, unsigned>;

/// What one device pass decided, for the same findings from other passes.
struct ModelJudgement {
  std::set<FindingKey> Dropped;  ///< shown harmless
  std::set<FindingKey> Withheld; ///< fix-its withheld
};

/// Applies the model's verdicts (see the file comment) to the AST findings
/// of one device pass, \p Fs, given the model's \p Report of the same
/// parse. \p Contents reads a file as analysed; \p Rerun checks the fixes.
ModelJudgement
judgeWithModel(std::vector<Finding> &Fs, const model::ModuleReport &Report,
               llvm::function_ref<std::optional<std::string>(llvm::StringRef File)> Contents,
               RerunFixed Rerun);

/// Applies what a device pass decided to the findings of a pass the model
/// did not run in (the host pass): the same findings are dropped or lose
/// their fix-its.
void applyJudgement(std::vector<Finding> &Fs, const ModelJudgement &J);

} // namespace wavecheck

#endif
