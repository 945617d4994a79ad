//===--- WaveInterp.h - one workgroup of a kernel, lane by lane ------------===//
///
/// \file
/// The wave model's interpreter. It runs one workgroup of an AMDGPU kernel
/// in LLVM IR with concrete lane ids, at a chosen wavefront size (64 for
/// gfx9 targets, 32 for the CUDA original), and records for every byte range
/// the kernel stores to global memory which of the kernel's inputs the stored
/// value carries.
///
/// What it computes:
///  - every value is concrete (integers, floats, pointers into named memory
///    objects) and carries a taint: the set of input elements (global loads
///    of memory nobody stored before) it was computed from, plus a mark for
///    reads of LDS or private memory no lane wrote;
///  - the lanes of a wavefront run in lockstep at every cross-lane operation
///    (ds_bpermute, ballot, readlane, readfirstlane): each lane runs to its
///    next one, then the lanes waiting at the same instruction execute it
///    together, the others counting as inactive (the EXEC mask of a divergent
///    branch); s_barrier waits for every lane of the workgroup;
///  - the wavefront size reaches the program only through
///    llvm.amdgcn.wavefrontsize and the lane-id intrinsics (mbcnt): the IR is
///    generated without folding it (WaveModel.cpp).
///
/// Inputs get deterministic values (a hash of the element), so a branch on
/// data takes the same side in both runs. What it cannot bound (more than
/// StepBudget instructions, recursion deeper than MaxCallDepth, an
/// instruction or intrinsic it does not know) ends the run as not modelled,
/// with the reason; it never hangs.
///
/// The approach follows GKLEE (Li et al., PPoPP 2012: executing CUDA kernels
/// in LLVM IR with concrete thread ids, warps in lockstep) without its
/// symbolic inputs, and keeps from GPUVerify (Betts et al., OOPSLA 2012) the
/// idea of judging a kernel by what lanes exchange, not by its spelling.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_MODEL_WAVEINTERP_H
#define WAVECHECK_MODEL_WAVEINTERP_H

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace wavecheck::model {

/// The launch of one workgroup.
struct Launch {
  unsigned BlockX = 256, BlockY = 1, BlockZ = 1; ///< work-items per workgroup
  unsigned GridBlocksX = 4;                      ///< gridDim.x (blocks)
  unsigned Block = 0;                            ///< blockIdx.x of the workgroup run
  unsigned WaveSize = 64;                        ///< lanes per wavefront: 32 or 64
  uint64_t IntArg = 256;                         ///< value of every integer argument
};

/// Ids of input elements, shared by the runs of one kernel so that the same
/// element (argument, byte offset) has the same id at wave 32 and wave 64.
class ElementTable {
public:
  /// Element 0 stands for "read memory no lane wrote".
  static constexpr unsigned Uninit = 0;
  /// Element 1 marks a value computed from the wave size or a lane id
  /// (llvm.amdgcn.wavefrontsize, mbcnt, ballot, the lane a shuffle reads).
  static constexpr unsigned WaveDependent = 1;
  /// Element 2 marks a value that went through LDS or private memory at a
  /// place indexed by the wave size (`partial[tid / warpSize]`): it is one
  /// lane group's result, and which group differs between the runs.
  static constexpr unsigned WaveSlot = 2;
  static constexpr unsigned FirstInput = 3;
  unsigned id(unsigned Arg, uint64_t Offset, unsigned Reader);
  unsigned size() const { return unsigned(Keys.size()) + FirstInput; }
  /// The work-item that first read element \p Id (in the first run).
  unsigned reader(unsigned Id) const { return Id >= FirstInput ? Readers[Id - FirstInput] : 0; }

private:
  std::map<std::pair<unsigned, uint64_t>, unsigned> Ids;
  std::vector<std::pair<unsigned, uint64_t>> Keys;
  std::vector<unsigned> Readers;
};

/// What one global byte range ends up holding.
struct StoredValue {
  llvm::BitVector Taint;                        ///< input elements (and Uninit)
  const llvm::Instruction *Store = nullptr;     ///< the last store or atomic
  /// The cross-lane operations on its way (shuffles, ballots), in the
  /// order first seen.
  std::vector<const llvm::Instruction *> Exchanges;
  unsigned Thread = 0;                          ///< work-item that stored it
  /// The address depends on the wave size (`out[tid / warpSize]`): the same
  /// place means another group of lanes at wave 32 and at wave 64.
  bool WaveAddress = false;
  /// Stored by more than one work-item without an atomic: the last writer
  /// wins, which is an order the model does not know.
  bool Raced = false;
  /// The value last stored: an integer's bits (a pointer's offset), or a
  /// float's value when IsFloat. Compared only to tell whether two runs
  /// stored the same thing (WaveCompare.cpp, sameOutcome).
  uint64_t Bits = 0;
  double Float = 0;
  bool IsFloat = false;
};

/// An undefined operation at one instruction (a shift by the width or more).
struct UndefinedOp {
  const llvm::Instruction *At = nullptr;
  std::string What;
  unsigned Thread = 0;
};

/// The outcome of one run.
struct RunOutcome {
  bool Modelled = false;
  std::string NotModelled; ///< why not, naming the instruction or intrinsic
  /// (argument index, byte offset) -> what the workgroup stored there.
  std::map<std::pair<unsigned, uint64_t>, StoredValue> Global;
  llvm::BitVector InputsRead; ///< every element any lane loaded
  std::vector<UndefinedOp> Undefined;
  uint64_t Steps = 0;
  /// Every basic block some lane entered: what the run executed, so that a
  /// finding of the AST tier can be matched with the runs that reached it.
  llvm::DenseSet<const llvm::BasicBlock *> Visited;
};

/// Instructions one run may execute, over all lanes: 4 million (a 256-lane
/// workgroup of a kernel with a 64-iteration K loop is about 2 million).
constexpr uint64_t StepBudget = 4'000'000;
/// Calls deeper than this end the run: 64 (recursion).
constexpr unsigned MaxCallDepth = 64;
/// Input elements one run may read: 16384 (a 256-lane workgroup reading a
/// 64 x 64 tile is 4096). More ends the run: taint sets grow with them.
constexpr unsigned MaxInputElements = 16384;
/// Distinct taint sets one run may build: 100000 (each is a bit vector over
/// the elements, so this bounds the memory: about 400 MB at the largest).
constexpr unsigned MaxTaintSets = 100000;

/// Runs workgroup L.Block of \p Kernel as \p L says.
RunOutcome runWorkgroup(const llvm::Function &Kernel, const Launch &L, ElementTable &Elements);

} // namespace wavecheck::model

#endif
