//===--- WaveSource.h - where the model's IR comes from in the source -----===//
///
/// \file
/// Internal to the wave model (model/WaveModel.h), not installed: the source
/// places of instructions (with the places they were inlined into), the
/// functions a kernel runs, the extents of the unit's functions and the lines
/// and functions a set of blocks holds, for the findings (WaveFindings.cpp)
/// and the kernel verdicts (WaveKernels.cpp, WaveModel.cpp). Defined in
/// WaveSource.cpp, except the templates. In wavecheck::model::detail, which
/// sees LLVM's names.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_MODEL_WAVESOURCE_H
#define WAVECHECK_MODEL_WAVESOURCE_H

#include "model/WaveModel.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"
#include <map>
#include <set>
#include <vector>

namespace wavecheck::model::detail {

using namespace llvm;

Place placeOf(const DILocation *D);

Chain chainOf(const DILocation *D);
Chain chainOf(const Instruction *I);

/// The functions \p K runs: itself and the bodies it calls (what inlining left).
std::vector<const Function *> reachable(const Function &K);

/// The unit's functions by their debug-info subprogram (ModuleReport::Functions).
using FunctionIds = std::map<const DISubprogram *, unsigned>;

/// The extents of the functions of \p M, read before optimisation.
FunctionIds functionExtents(const Module &M, std::vector<FunctionExtent> &Out);

/// The functions whose code the instructions of \p BBs come from.
template <typename Blocks>
std::set<unsigned> functionsOf(const Blocks &BBs, const FunctionIds &Ids) {
  std::set<const DILocation *> Locs;
  for (const BasicBlock *BB : BBs)
    for (const Instruction &I : *BB)
      for (const DILocation *D = I.getDebugLoc().get(); D && Locs.insert(D).second;
           D = D->getInlinedAt())
        ;
  std::set<unsigned> Out;
  for (const DILocation *D : Locs)
    if (const DISubprogram *SP = D->getScope() ? D->getScope()->getSubprogram() : nullptr)
      if (auto It = Ids.find(SP); It != Ids.end())
        Out.insert(It->second);
  return Out;
}

/// The source lines of the instructions of \p BBs: each instruction's own
/// line and the lines it was inlined at.
template <typename Blocks> std::set<SourceLine> linesOf(const Blocks &BBs) {
  std::set<const DILocation *> Locs;
  for (const BasicBlock *BB : BBs)
    for (const Instruction &I : *BB)
      for (const DILocation *D = I.getDebugLoc().get(); D && Locs.insert(D).second;
           D = D->getInlinedAt())
        ;
  std::set<SourceLine> Out;
  for (const DILocation *D : Locs) {
    Place P = placeOf(D);
    if (P.Line)
      Out.insert({P.File, P.Line});
  }
  return Out;
}

std::vector<const BasicBlock *> blocksOf(const Function &K);

} // namespace wavecheck::model::detail

#endif
