//===--- WaveCompare.h - a kernel's runs at wave 32 and wave 64 compared ---===//
///
/// \file
/// Internal to the wave model (model/WaveModel.h), not installed: what
/// differs between two runs of a kernel and whether they store the same
/// (WaveCompare.cpp), the findings of a difference (WaveFindings.cpp), and a
/// kernel run at both widths, or at wave 64 against the reference of the
/// unit before its fix-its (WaveKernels.cpp), for analyseModule
/// (WaveModel.cpp). The helpers are in wavecheck::model::detail, which sees
/// LLVM's names.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_MODEL_WAVECOMPARE_H
#define WAVECHECK_MODEL_WAVECOMPARE_H

#include "model/WaveInterp.h"
#include "model/WaveModel.h"
#include "model/WaveSource.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace wavecheck::model {

/// What a fixed copy of a unit is compared with: per kernel symbol, the
/// launch, the element ids and the wave-32 run, with the run's pointers into
/// its module cleared (the module is gone when the copy is analysed).
struct KernelReference {
  Launch L;
  ElementTable E;
  RunOutcome R32;
};

struct ModelReference {
  std::map<std::string, KernelReference> Kernels;
};

namespace detail {

using namespace llvm;

std::set<unsigned> readersOf(const BitVector &Elems, const ElementTable &E);

/// The two runs stored the same values at the same places, from the same
/// inputs, read the same inputs, read no memory that no lane wrote and did
/// nothing undefined that the other did not: what the kernel leaves in
/// memory does not depend on the wave size.
bool sameOutcome(const RunOutcome &A, const RunOutcome &B);

struct PerStore {
  std::set<unsigned> Missing, Extra;
  bool Uninit = false;
  std::vector<const Instruction *> Exchanges;
  unsigned Places = 0;
};

/// What differs between a wave-32 run and a wave-64 run of one kernel that
/// the code's own lane mapping does not explain (docs/wave-model.md).
struct Differences {
  /// Undefined operations at wave 64 only.
  std::vector<const UndefinedOp *> Undefined;
  /// Places stored in both runs whose value lacks inputs (or reads LDS no
  /// lane wrote), by the store that wrote them at wave 64.
  std::map<const Instruction *, PerStore> ByStore;
  std::vector<const Instruction *> Order;
  /// A value that carries other lanes' inputs instead: not reported by the
  /// model (docs/wave-model.md), but a difference all the same.
  bool CrossedGroups = false;
  /// Inputs that reach global memory at wave 32 and nowhere at wave 64; of
  /// them, those read at wave 64 (Dropped); the wave-32 store they reached.
  BitVector Lost64, Dropped;
  const Instruction *LostStore = nullptr;
  std::vector<const Instruction *> LostExchanges;
  /// The wave-32 run loses inputs the wave-64 run keeps: written for 64
  /// lanes, nothing to report.
  bool WrittenFor64 = false;
  /// Each run stores inputs the other never stores: the work a workgroup
  /// covers scales with the wave size; its lost inputs are no finding.
  bool TileFollowsWave = false;
  /// The next workgroup was needed and could not be run.
  std::optional<std::string> NextNotModelled;

  bool any() const { return reported() || (!WrittenFor64 && CrossedGroups); }
  /// A difference of the kinds the model reports.
  bool reported() const {
    return !WrittenFor64 && (!Undefined.empty() || !Order.empty() || Lost64.any());
  }
};

/// Compares \p R32 with \p R64 (and, where block 0 at wave 64 leaves inputs
/// of the wave-32 run unstored, with the next workgroup at wave 64, which
/// \p Next runs on demand). \p SameModule: both runs are of the same IR, so
/// instructions can be matched; otherwise (a fixed copy compared with the
/// original) only the stored data is.
Differences compareRuns(const RunOutcome &R32, const RunOutcome &R64,
                        function_ref<const RunOutcome &()> Next, const ElementTable &E,
                        bool SameModule);

/// The findings of \p D, in the order of the stores.
void reportDifferences(const Differences &D, const ElementTable &E, ModuleReport &R,
                       function_ref<void(ModelFinding &)> Tier);

/// A fixed copy of a unit (the fix-it check): only the kernel's wave-64 run,
/// compared with the reference's wave-32 run of the kernel of the same symbol.
void compareWithReference(const Function &K, ModuleReport &R, const ModelReference &Ref);

void compareKernel(const Function &K, ModuleReport &R, ModelReference &NewRef,
                   const FunctionIds &Ids, const HostLaunch *Host);

} // namespace detail

} // namespace wavecheck::model

#endif
