//===--- WaveModel.cpp - what 64 lanes compute, compared with 32 -----------===//
#include "model/WaveModel.h"
#include "model/WaveInterp.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <optional>
#include <cstdlib>
#include <set>

namespace wavecheck::model {

using namespace llvm;

namespace {

void optimise(Module &M) {
  // Only the kernels are run: every other definition becomes internal, so
  // the pipeline drops what no kernel reaches (generated code can hold
  // thousands of unused device functions) and inlines what is called once.
  for (Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() != CallingConv::AMDGPU_KERNEL)
      F.setLinkage(GlobalValue::InternalLinkage);
  for (GlobalVariable &G : M.globals())
    if (!G.isDeclaration())
      G.setLinkage(GlobalValue::InternalLinkage);
  // No target machine: AMDGPU's own folds (llvm.amdgcn.wavefrontsize to 64)
  // do not run, so the wave size stays a question the interpreter answers.
  PipelineTuningOptions PTO;
  PTO.LoopVectorization = false;
  PTO.SLPVectorization = false;
  PTO.LoopUnrolling = true;
  PassBuilder PB(nullptr, PTO);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM = PB.buildPerModuleDefaultPipeline(OptimizationLevel::O2);
  MPM.run(M, MAM);
}

/// The work-items a host launch laid out in rows (threadIdx.y, .z) is cut
/// down to, keeping the row width: 256, the shape run when none is known.
constexpr unsigned HostRowsWorkItems = 256;

/// Milliseconds since \p Start, for WAVECHECK_MODEL_TRACE.
std::string msSince(std::chrono::steady_clock::time_point Start) {
  double Ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  return std::to_string(static_cast<long>(Ms + 0.5)) + " ms";
}

/// The workgroup shape the model runs: reqd_work_group_size, else the host's
/// one constant shape at 64 lanes (model/HostLaunches.h; rows cut down to
/// HostRowsWorkItems), else the maximum of __launch_bounds__
/// (amdgpu-flat-work-group-size), else 256, the block size most HIP and CUDA
/// code launches with.
Launch launchOf(const Function &K, const HostLaunch *Host = nullptr) {
  Launch L;
  if (MDNode *N = K.getMetadata("reqd_work_group_size"); N && N->getNumOperands() == 3) {
    auto Dim = [&](unsigned I) {
      if (auto *C = mdconst::dyn_extract<ConstantInt>(N->getOperand(I)))
        return unsigned(C->getZExtValue());
      return 1u;
    };
    L.BlockX = Dim(0);
    L.BlockY = Dim(1);
    L.BlockZ = Dim(2);
    return L;
  }
  if (Host && Host->Block64) {
    L.BlockX = (*Host->Block64)[0];
    L.BlockY = (*Host->Block64)[1];
    L.BlockZ = (*Host->Block64)[2];
    // Rows beyond HostRowsWorkItems work-items repeat what the first rows
    // do (each row its own lanes): fewer rows of the same width cost less.
    while (L.BlockY * L.BlockZ > 1 && L.BlockX * L.BlockY * L.BlockZ > HostRowsWorkItems) {
      if (L.BlockZ > 1)
        L.BlockZ = (L.BlockZ + 1) / 2;
      else
        L.BlockY = (L.BlockY + 1) / 2;
    }
    return L;
  }
  Attribute A = K.getFnAttribute("amdgpu-flat-work-group-size");
  if (A.isStringAttribute()) {
    auto [Lo, Hi] = A.getValueAsString().split(',');
    unsigned Max = 0;
    if (!Hi.getAsInteger(10, Max) && Max > 0 && Max < 1024)
      L.BlockX = Max;
  }
  return L;
}

Place placeOf(const DILocation *D) {
  Place P;
  if (!D)
    return P;
  SmallString<256> Path(D->getFilename());
  if (!sys::path::is_absolute(Path) && !D->getDirectory().empty()) {
    SmallString<256> Full(D->getDirectory());
    sys::path::append(Full, Path);
    Path = Full;
  }
  P.File = std::string(Path);
  P.Line = D->getLine();
  P.Column = D->getColumn();
  return P;
}

/// "threads 32-63 and 96-127" for a sorted set of work-items.
std::string describeThreads(const std::set<unsigned> &T) {
  std::vector<std::pair<unsigned, unsigned>> Runs;
  for (unsigned X : T)
    if (!Runs.empty() && Runs.back().second + 1 == X)
      Runs.back().second = X;
    else
      Runs.push_back({X, X});
  std::string S = T.size() == 1 ? "thread " : "threads ";
  for (size_t I = 0; I < Runs.size(); ++I) {
    if (I == 4) {
      S += ", ...";
      break;
    }
    if (I)
      S += I + 1 == Runs.size() ? " and " : ", ";
    S += std::to_string(Runs[I].first);
    if (Runs[I].second != Runs[I].first)
      S += "-" + std::to_string(Runs[I].second);
  }
  return S;
}

Chain chainOf(const DILocation *D) {
  Chain C;
  for (; D; D = D->getInlinedAt())
    C.push_back(placeOf(D));
  return C;
}

Chain chainOf(const Instruction *I) { return chainOf(I ? I->getDebugLoc().get() : nullptr); }

/// Notes at the cross-lane operations a stored value went through (the first
/// MaxExchangeNotes of them).
constexpr unsigned MaxExchangeNotes = 4;
void addExchanges(ModelFinding &F, const std::vector<const Instruction *> &Xs) {
  for (size_t I = 0; I < Xs.size() && I < MaxExchangeNotes; ++I)
    F.Notes.push_back({chainOf(Xs[I]), "a cross-lane operation on the value's way"});
}

std::set<unsigned> readersOf(const BitVector &Elems, const ElementTable &E) {
  std::set<unsigned> T;
  for (unsigned I : Elems.set_bits())
    if (I >= ElementTable::FirstInput)
      T.insert(E.reader(I));
  return T;
}

/// The inputs in A and not in B (the marks below FirstInput left out).
BitVector minus(BitVector A, BitVector B) {
  unsigned N = std::max({A.size(), B.size(), ElementTable::FirstInput});
  A.resize(N);
  B.resize(N);
  B.flip();
  A &= B;
  A.reset(0, ElementTable::FirstInput);
  return A;
}

bool has(const BitVector &B, unsigned I) { return B.size() > I && B[I]; }

/// Floats stored by the two runs agree when they differ by no more than a
/// relative 1e-6: atomics may add in another order at wave 64 (float
/// addition is not associative), which rounds differently by a few ulps of
/// a float (2^-23 is about 1.2e-7).
constexpr double SameFloatTolerance = 1e-6;

bool sameBits(BitVector A, BitVector B) {
  unsigned N = std::max(A.size(), B.size());
  A.resize(N);
  B.resize(N);
  return A == B;
}

/// The two runs stored the same values at the same places, from the same
/// inputs, read the same inputs, read no memory that no lane wrote and did
/// nothing undefined that the other did not: what the kernel leaves in
/// memory does not depend on the wave size.
bool sameOutcome(const RunOutcome &A, const RunOutcome &B) {
  if (A.Global.size() != B.Global.size() || A.Undefined.size() != B.Undefined.size() ||
      !sameBits(A.InputsRead, B.InputsRead))
    return false;
  for (auto X = A.Global.begin(), Y = B.Global.begin(); X != A.Global.end(); ++X, ++Y) {
    const StoredValue &P = X->second, &Q = Y->second;
    if (X->first != Y->first || P.Raced != Q.Raced || P.IsFloat != Q.IsFloat ||
        !sameBits(P.Taint, Q.Taint))
      return false;
    // A value computed from memory no lane wrote, even in both runs, says
    // the run is not the one the kernel was written for (a table filled by
    // more work-items than the model ran): no verdict.
    if (has(P.Taint, ElementTable::Uninit))
      return false;
    if (P.IsFloat) {
      if (P.Float != Q.Float && !(std::isnan(P.Float) && std::isnan(Q.Float)) &&
          !(std::fabs(P.Float - Q.Float) <=
            SameFloatTolerance * std::max(std::fabs(P.Float), std::fabs(Q.Float))))
        return false;
    } else if (P.Bits != Q.Bits) {
      return false;
    }
  }
  return true;
}

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
                        bool SameModule) {
  Differences D;
  // 1. Shifts by the width or more, at wave 64 only.
  std::set<const Instruction *> Undef32, Seen;
  for (const UndefinedOp &U : R32.Undefined)
    Undef32.insert(U.At);
  for (const UndefinedOp &U : R64.Undefined) {
    bool At32 = SameModule ? Undef32.count(U.At) != 0 : !R32.Undefined.empty();
    if (!At32 && Seen.insert(U.At).second)
      D.Undefined.push_back(&U);
  }

  // 2. The same global place, stored in both runs.
  auto Grow = [](BitVector &A, const BitVector &B) {
    if (A.size() < B.size())
      A.resize(B.size());
    BitVector C = B;
    C.resize(A.size());
    A |= C;
  };
  // A place two work-items store without an atomic holds the last writer's
  // value, in an order the model does not know: left out of both runs.
  std::set<std::pair<unsigned, uint64_t>> Raced;
  auto AddRaces = [&](const RunOutcome &Run) {
    for (const auto &[Key, V] : Run.Global)
      if (V.Raced)
        Raced.insert(Key);
  };
  AddRaces(R32);
  AddRaces(R64);
  auto UnionOf = [&](const RunOutcome &Run, BitVector &U) {
    for (const auto &[Key, V] : Run.Global)
      if (!Raced.count(Key))
        Grow(U, V.Taint);
  };
  BitVector Union32, Union64;
  UnionOf(R32, Union32);
  // A kernel written for 64 lanes: its wave-32 run loses what the wave-64
  // run keeps. Not a finding of this model.
  BitVector Own64; // block 0's alone
  UnionOf(R64, Own64);
  BitVector Lost32 = minus(Own64, Union32);
  Union64 = Own64;
  // The next workgroup at wave 64, run only when block 0 at wave 64 leaves
  // inputs of its wave-32 run unstored: where a block's share of the work
  // is counted in wavefronts, the next block does what block 0 did at wave
  // 32 beyond its own share. Only the union (3. below) looks at it.
  const RunOutcome *Next64 = nullptr;
  if (minus(Union32, Own64).any()) {
    Next64 = &Next();
    if (!Next64->Modelled) {
      D.NextNotModelled = Next64->NotModelled;
      return D;
    }
    AddRaces(*Next64);
    UnionOf(*Next64, Union64);
  }
  BitVector Lost64 = minus(Union32, Union64);
  D.WrittenFor64 = Lost32.any() && !Lost64.any();
  if (D.WrittenFor64)
    return D;
  // Each run stores inputs the other never does: the tile a workgroup covers
  // follows the wave size (`lane * V` columns, `threadIdx.x / warpSize`
  // rows), as in code launched with a block size made of wavefronts. The
  // same block size at both widths is then not what the code runs with.
  D.TileFollowsWave = Lost32.any() && Lost64.any();
  for (const auto &[Key, V64] : R64.Global) {
    auto It = R32.Global.find(Key);
    if (It == R32.Global.end() || Raced.count(Key))
      continue;
    const StoredValue &V32 = It->second;
    // A place indexed by the wave size holds another lane group's result in
    // each run: judged by the union below.
    if (V32.WaveAddress || V64.WaveAddress)
      continue;
    bool Uninit = has(V64.Taint, ElementTable::Uninit) && !has(V32.Taint, ElementTable::Uninit);
    BitVector Missing, Extra;
    // A value assembled from per-wavefront slots is judged by the union
    // below, except that it must not read slots nobody wrote.
    if (!has(V32.Taint, ElementTable::WaveSlot) && !has(V64.Taint, ElementTable::WaveSlot)) {
      Missing = minus(V32.Taint, V64.Taint);
      Extra = minus(V64.Taint, V32.Taint);
    }
    // A value that carries other lanes' inputs instead (a broadcast from
    // lane 0 of the wavefront rather than of the 32-lane warp) is what
    // wave-agnostic code means by "the warp's lane 0": without the lane
    // groups the code itself forms, the model cannot tell intent from bug,
    // so it leaves these to the AST tier (which sees the groups written
    // with 32).
    if (Extra.any() && !Uninit) {
      D.CrossedGroups = true;
      continue;
    }
    if (!Missing.any() && !Uninit)
      continue;
    auto [PS, New] = D.ByStore.try_emplace(V64.Store);
    if (New)
      D.Order.push_back(V64.Store);
    for (unsigned T : readersOf(Missing, E))
      PS->second.Missing.insert(T);
    for (unsigned T : readersOf(Extra, E))
      PS->second.Extra.insert(T);
    PS->second.Uninit |= Uninit;
    for (const Instruction *X : V64.Exchanges)
      if (llvm::find(PS->second.Exchanges, X) == PS->second.Exchanges.end())
        PS->second.Exchanges.push_back(X);
    ++PS->second.Places;
  }
  if (!D.Order.empty() || !Lost64.any())
    return D;

  // 3. Inputs that reach global memory at wave 32 and nowhere at wave 64.
  D.Lost64 = Lost64;
  // Blame the store that carried them at wave 32.
  for (const auto &[Key, V32] : R32.Global) {
    if (Raced.count(Key))
      continue;
    BitVector Common = V32.Taint;
    Common.resize(std::max(Common.size(), Lost64.size()));
    BitVector L64 = Lost64;
    L64.resize(Common.size());
    Common &= L64;
    if (Common.any()) {
      D.LostStore = V32.Store;
      D.LostExchanges = V32.Exchanges;
      break;
    }
  }
  // Read at wave 64 but dropped on the way (a reduction that stops short),
  // or never read (rows divided among a count of 32-lane warps).
  BitVector Read64 = R64.InputsRead;
  if (Next64)
    Grow(Read64, Next64->InputsRead);
  Read64.resize(std::max(Read64.size(), Lost64.size()));
  D.Dropped = Lost64;
  D.Dropped.resize(Read64.size());
  D.Dropped &= Read64;
  return D;
}

/// The findings of \p D, in the order of the stores.
void reportDifferences(const Differences &D, const ElementTable &E, ModuleReport &R,
                       function_ref<void(ModelFinding &)> Tier) {
  for (const UndefinedOp *U : D.Undefined) {
    ModelFinding F;
    F.Check = "wave64-lane-mask-width";
    F.At = chainOf(U->At);
    F.Message = "with 64-lane wavefronts this " + U->What +
                "; with 32 lanes it is defined (a full-wave mask built by shifting by the "
                "wave size)";
    Tier(F);
    R.Findings.push_back(std::move(F));
  }
  for (const Instruction *S : D.Order) {
    const PerStore &P = D.ByStore.at(S);
    ModelFinding F;
    F.At = chainOf(S);
    std::string Places = P.Places == 1 ? "the value stored here"
                                       : "the values stored here (" + std::to_string(P.Places) +
                                             " places)";
    if (P.Uninit && P.Missing.empty()) {
      F.Check = "wave64-hardcoded-warp-size";
      F.Message = "with 64-lane wavefronts " + Places +
                  " is computed from LDS that no lane wrote; with 32 lanes every entry it "
                  "reads is written (a per-warp table filled for 32-lane warps)";
    } else if (!P.Extra.empty()) {
      F.Check = "wave64-hardcoded-warp-size";
      F.Message = "with 64-lane wavefronts " + Places + " combines the inputs of " +
                  describeThreads(P.Extra) + " instead of " + describeThreads(P.Missing) +
                  ", which it combines with 32 lanes (lanes grouped by 32 exchange with the "
                  "other half of the wavefront)";
    } else {
      F.Check = "wave64-partial-reduction";
      F.Message = "with 64-lane wavefronts " + Places + " lacks the inputs of " +
                  describeThreads(P.Missing) +
                  ", which it combines with 32 lanes (the exchange stops short of 64 lanes)";
    }
    addExchanges(F, P.Exchanges);
    Tier(F);
    R.Findings.push_back(std::move(F));
  }
  // Inputs lost where each run also stores what the other never does (the
  // work of a workgroup follows the wave size): no finding, but still a
  // difference for a fixed copy.
  if (!D.Order.empty() || !D.Lost64.any() || !D.LostStore || D.TileFollowsWave)
    return;
  ModelFinding F;
  F.At = chainOf(D.LostStore);
  if (D.Dropped.any()) {
    F.Check = "wave64-partial-reduction";
    F.Message = "with 64-lane wavefronts the inputs of " +
                describeThreads(readersOf(D.Dropped, E)) +
                " are read but reach no store to global memory; with 32 lanes they are "
                "combined into the values stored here (the exchange stops short of 64 lanes)";
  } else {
    F.Check = "wave64-hardcoded-warp-size";
    F.Message = "with 64-lane wavefronts the inputs that " +
                describeThreads(readersOf(D.Lost64, E)) +
                " read with 32 lanes are never read, and what they feed is never stored (work "
                "is divided by a count of 32-lane warps)";
  }
  addExchanges(F, D.LostExchanges);
  Tier(F);
  R.Findings.push_back(std::move(F));
}

/// The functions \p K runs: itself and the bodies it calls (what inlining left).
std::vector<const Function *> reachable(const Function &K) {
  std::vector<const Function *> Out{&K};
  std::set<const Function *> Seen{&K};
  for (size_t I = 0; I < Out.size(); ++I)
    for (const Instruction &Ins : instructions(*Out[I]))
      if (const auto *CB = dyn_cast<CallBase>(&Ins))
        if (const Function *C = CB->getCalledFunction();
            C && !C->isDeclaration() && Seen.insert(C).second)
          Out.push_back(C);
  return Out;
}

/// The unit's functions by their debug-info subprogram (ModuleReport::Functions).
using FunctionIds = std::map<const DISubprogram *, unsigned>;

/// The extents of the functions of \p M, read before optimisation.
FunctionIds functionExtents(const Module &M, std::vector<FunctionExtent> &Out) {
  FunctionIds Ids;
  for (const Function &F : M)
    for (const Instruction &I : instructions(F))
      for (const DILocation *D = I.getDebugLoc().get(); D; D = D->getInlinedAt()) {
        const DISubprogram *SP = D->getScope() ? D->getScope()->getSubprogram() : nullptr;
        if (!SP || !D->getLine())
          continue;
        auto [It, New] = Ids.try_emplace(SP, unsigned(Out.size()));
        if (New) {
          FunctionExtent E;
          Place P = placeOf(D);
          E.File = P.File;
          E.First = SP->getLine() ? SP->getLine() : D->getLine();
          Out.push_back(E);
        }
        FunctionExtent &E = Out[It->second];
        E.First = std::min(E.First, D->getLine());
        E.Last = std::max(E.Last, D->getLine());
      }
  return Ids;
}

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

std::vector<const BasicBlock *> blocksOf(const Function &K) {
  std::vector<const BasicBlock *> Out;
  for (const Function *F : reachable(K))
    for (const BasicBlock &BB : *F)
      Out.push_back(&BB);
  return Out;
}

} // namespace

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

namespace {

RunOutcome withoutPointers(RunOutcome R) {
  for (auto &[Key, V] : R.Global) {
    V.Store = nullptr;
    V.Exchanges.clear();
  }
  for (UndefinedOp &U : R.Undefined)
    U.At = nullptr;
  R.Visited.clear();
  return R;
}

/// The integer arguments of the second run of a kernel found the same at
/// both widths: 3, small and odd, so that `tid % s` or `tid / s` makes
/// work-items share elements and groups straddle 32-lane boundaries.
constexpr uint64_t SmallIntArg = 3;

/// The row width of the second shape a kernel laid out in rows is run with:
/// 32 threads, CUDA's warp (dim3(32, 8) and dim3(32, 32) are the usual 2-D
/// blocks of CUDA code).
constexpr unsigned RowWidth = 32;

/// \p K, or a function it calls, reads threadIdx.y or threadIdx.z.
bool usesRows(const Function &K) {
  for (const Function *F : reachable(K))
    for (const Instruction &I : instructions(*F))
      if (const auto *CB = dyn_cast<CallBase>(&I))
        if (const Function *C = CB->getCalledFunction())
          if (C->getIntrinsicID() == Intrinsic::amdgcn_workitem_id_y ||
              C->getIntrinsicID() == Intrinsic::amdgcn_workitem_id_z)
            return true;
  return false;
}

/// The next workgroup (blockIdx.x 1) at wave 64, run once on demand: what
/// compareRuns asks for when block 0 leaves inputs of the wave-32 run unstored.
class NextWorkgroup {
public:
  NextWorkgroup(const Function &K, Launch L, ElementTable &E) : K(K), L(L), E(E) {
    this->L.WaveSize = 64;
    this->L.Block = 1;
  }
  const RunOutcome &operator()() {
    if (!Run)
      Run = runWorkgroup(K, L, E);
    return *Run;
  }

private:
  const Function &K;
  Launch L;
  ElementTable &E;
  std::optional<RunOutcome> Run;
};

/// Runs \p K with launch \p L at both widths on fresh inputs: true when
/// both complete and store the same (sameOutcome).
bool sameAtBothWidths(const Function &K, Launch L) {
  ElementTable E;
  L.WaveSize = 32;
  RunOutcome R32 = runWorkgroup(K, L, E);
  if (!R32.Modelled)
    return false;
  L.WaveSize = 64;
  RunOutcome R64 = runWorkgroup(K, L, E);
  return R64.Modelled && sameOutcome(R32, R64);
}

/// A fixed copy of a unit (the fix-it check): only the kernel's wave-64 run,
/// compared with the reference's wave-32 run of the kernel of the same symbol.
void compareWithReference(const Function &K, ModuleReport &R, const ModelReference &Ref) {
  KernelVerdict V;
  V.Symbol = K.getName().str();
  V.Run = true;
  if (auto It = Ref.Kernels.find(V.Symbol); It != Ref.Kernels.end()) {
    const KernelReference &KR = It->second;
    ElementTable FE = KR.E;
    Launch FL = KR.L;
    FL.WaveSize = 64;
    RunOutcome F64 = runWorkgroup(K, FL, FE);
    NextWorkgroup NextF(K, FL, FE);
    V.Modelled = F64.Modelled;
    if (F64.Modelled) {
      Differences FD = compareRuns(KR.R32, F64, NextF, FE, /*SameModule=*/false);
      // What the model reports (values that lose inputs, inputs that
      // reach nothing, undefined shifts), not values that gain other
      // lanes' inputs: a fix that groups lanes by the wavefront instead of
      // by 32 gives each group more lanes, which is what it is for.
      V.MatchesReference = !FD.NextNotModelled && !FD.reported();
    }
  }
  ++R.Kernels;
  R.Verdicts.push_back(std::move(V));
}

void compareKernel(const Function &K, ModuleReport &R, ModelReference &NewRef,
                   const FunctionIds &Ids, const HostLaunch *Host) {
  Launch L = launchOf(K, Host);
  ElementTable E;
  L.WaveSize = 32;
  RunOutcome R32 = runWorkgroup(K, L, E);
  L.WaveSize = 64;
  // A wave-32 run that could not complete leaves nothing to compare with.
  RunOutcome R64 = R32.Modelled ? runWorkgroup(K, L, E) : RunOutcome();
  ++R.Kernels;
  KernelVerdict V;
  V.Symbol = K.getName().str();
  V.Run = true;
  std::vector<const BasicBlock *> All = blocksOf(K);
  V.Lines = linesOf(All);
  V.Reaches = functionsOf(All, Ids);
  std::string Name = K.getSubprogram() ? K.getSubprogram()->getName().str() : K.getName().str();
  auto Push = [&] { R.Verdicts.push_back(std::move(V)); };
  if (!R32.Modelled || !R64.Modelled) {
    R.NotModelled.push_back({Name, !R32.Modelled ? R32.NotModelled : R64.NotModelled});
    return Push();
  }
  std::vector<const BasicBlock *> Both;
  for (const BasicBlock *BB : R32.Visited)
    if (R64.Visited.count(BB))
      Both.push_back(BB);
  V.Executed = linesOf(Both);
  V.Entered = functionsOf(Both, Ids);
  NextWorkgroup Next(K, L, E);
  Differences D = compareRuns(R32, R64, Next, E, /*SameModule=*/true);
  if (D.NextNotModelled) {
    R.NotModelled.push_back({Name, *D.NextNotModelled});
    return Push();
  }
  V.Modelled = true;
  V.Same = sameOutcome(R32, R64);
  // Integer arguments of 256 give every work-item its own element in code
  // like `d + tid % s`; the same at both widths must also hold when work-items
  // share elements (a small argument: SmallIntArg).
  if (V.Same && llvm::any_of(K.args(), [](const Argument &A) {
        return A.getType()->isIntegerTy() && A.getType()->getIntegerBitWidth() > 8;
      })) {
    Launch Small = L;
    Small.IntArg = SmallIntArg;
    V.Same = sameAtBothWidths(K, Small);
  }
  // A kernel laid out in rows (threadIdx.y or .z) without a fixed shape is
  // usually launched with rows of 32 threads, two of which share a 64-lane
  // wavefront: the same at both widths only if it is so with such rows too.
  unsigned Size = L.BlockX * L.BlockY * L.BlockZ;
  if (V.Same && !K.getMetadata("reqd_work_group_size") && usesRows(K) &&
      Size >= 2 * RowWidth) {
    Launch Rows = L;
    Rows.BlockX = RowWidth;
    Rows.BlockY = Size / RowWidth;
    Rows.BlockZ = 1;
    V.Same = sameAtBothWidths(K, Rows);
  }
  V.Differs = D.any();

  NewRef.Kernels.try_emplace(V.Symbol, KernelReference{L, E, withoutPointers(R32)});

  std::string Shape = "one workgroup of " + std::to_string(L.BlockX * L.BlockY * L.BlockZ) +
                      " work-items";
  auto Tier = [&](ModelFinding &F) {
    F.Notes.insert(F.Notes.begin(),
                   {Chain(), std::string(ModelNotePrefix) + " " + Shape + " of '" + Name +
                              "' run with 32-lane and with 64-lane wavefronts on the same "
                              "inputs"});
  };
  reportDifferences(D, E, R, Tier);
  Push();
}

} // namespace

/// True when \p K, or a function it calls, asks the wave size or a lane id
/// or exchanges across lanes. Otherwise both runs execute the same
/// instructions on the same values, so there is nothing to compare and the
/// kernel is not run (a GEMM main loop without a shuffle costs most of the
/// model's time and can never differ).
bool dependsOnTheWave(const Function &K) {
  std::set<const Function *> Seen;
  std::vector<const Function *> Work{&K};
  while (!Work.empty()) {
    const Function *F = Work.back();
    Work.pop_back();
    if (!Seen.insert(F).second)
      continue;
    for (const Instruction &I : instructions(*F)) {
      const auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      const Function *Callee = CB->getCalledFunction();
      if (!Callee)
        return true; // an indirect call: the run will say it is not modelled
      if (Callee->isIntrinsic()) {
        StringRef N = Callee->getName();
        if (N.starts_with("llvm.amdgcn.") &&
            (N.contains("wavefrontsize") || N.contains("mbcnt") || N.contains("bpermute") ||
             N.contains("ballot") || N.contains("readlane") || N.contains("readfirstlane") ||
             N.contains("dpp") || N.contains("permlane") || N.contains("swizzle") ||
             N.contains("wave.reduce") || N.contains("icmp") || N.contains("fcmp") ||
             N.contains("writelane") || N.contains("wwm") || N.contains("mfma") ||
             N.contains("wmma")))
          return true;
      } else if (!Callee->isDeclaration()) {
        Work.push_back(Callee);
      }
    }
  }
  return false;
}

ModuleReport analyseModule(Module &M, const ModelReference *Ref,
                           const std::map<std::string, HostLaunch> *Launches) {
  ModuleReport R;
  FunctionIds Ids = functionExtents(M, R.Functions);
  auto Start = std::chrono::steady_clock::now();
  optimise(M);
  if (std::getenv("WAVECHECK_MODEL_TRACE"))
    llvm::errs() << "wave model: optimised in " << msSince(Start) << "\n";
  auto NewRef = std::make_shared<ModelReference>();
  for (const Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() == CallingConv::AMDGPU_KERNEL) {
      const HostLaunch *Host = nullptr;
      if (Launches)
        if (auto It = Launches->find(F.getName().str()); It != Launches->end())
          Host = &It->second;
      // Launched only where wavefronts have 32 lanes: it never runs here.
      bool Unlaunched = Host && !Host->AtWave64;
      // Launched only where wavefronts have 64 lanes: no 32-lane original
      // to compare with (the host picks another kernel there).
      if (Host && !Host->AtWave32 && !Unlaunched && dependsOnTheWave(F)) {
        KernelVerdict V;
        V.Symbol = F.getName().str();
        V.Run = true;
        ++R.Kernels;
        R.NotModelled.push_back(
            {F.getSubprogram() ? F.getSubprogram()->getName().str() : V.Symbol,
             "the host launches it only where wavefronts have 64 lanes, so there is no "
             "32-lane run to compare with"});
        R.Verdicts.push_back(std::move(V));
        continue;
      }
      if (dependsOnTheWave(F) && !Unlaunched) {
        if (Ref)
          compareWithReference(F, R, *Ref);
        else
          compareKernel(F, R, *NewRef, Ids, Host);
      } else {
        // Both runs would execute the same instructions on the same values,
        // or the kernel never runs on a 64-lane device.
        ++(Unlaunched ? R.Unlaunched : R.Skipped);
        KernelVerdict V;
        V.Symbol = F.getName().str();
        V.Modelled = V.Same = true;
        V.MatchesReference = Unlaunched;
        std::vector<const BasicBlock *> All = blocksOf(F);
        V.Lines = V.Executed = linesOf(All);
        V.Reaches = V.Entered = functionsOf(All, Ids);
        R.Verdicts.push_back(std::move(V));
      }
    }
  R.Reference = std::move(NewRef);
  return R;
}

namespace {

/// Swallows every diagnostic LLVM emits on the model's IR.
struct SilentLLVMDiagnostics : llvm::DiagnosticHandler {
  bool handleDiagnostics(const llvm::DiagnosticInfo &) override { return true; }
};

/// Generates the translation unit's IR (it owns the code generator and
/// forwards it every declaration) and runs the model at its end.
class ModelRunner : public clang::ASTConsumer {
public:
  ModelRunner(clang::CompilerInstance &CI, clang::tidy::ClangTidyContext &Context,
              ModelExchange *Exchange)
      : LLCtx(std::make_unique<llvm::LLVMContext>()),
        CGO(std::make_unique<clang::CodeGenOptions>(CI.getCodeGenOpts())), Context(Context),
        Exchange(Exchange) {
    // LLVM's own remarks and warnings on the model's IR ("loop not unrolled")
    // are about wavecheck's internal optimisation, not the user's code: the
    // model's context keeps them to itself instead of printing them to stderr.
    LLCtx->setDiagnosticHandler(std::make_unique<SilentLLVMDiagnostics>());
    CGO->OptimizationLevel = 2; // no optnone on the functions
    CGO->DisableO0ImplyOptNone = true;
    CGO->setDebugInfo(llvm::codegenoptions::DebugLineTablesOnly);
    // The code generator's own diagnostics (a builtin the target lacks) are
    // not the file's: they only stop the model.
    Diags = std::make_unique<clang::DiagnosticsEngine>(
        clang::DiagnosticIDs::create(), CI.getDiagnosticOpts(),
        new clang::IgnoringDiagConsumer(), /*ShouldOwnClient=*/true);
    Diags->setSourceManager(&CI.getSourceManager());
    CG = clang::CreateLLVMCodeGen(*Diags, "wave-model", CI.getVirtualFileSystemPtr(),
                                  CI.getHeaderSearchOpts(), CI.getPreprocessorOpts(), *CGO,
                                  *LLCtx);
  }

  void Initialize(clang::ASTContext &C) override {
    AST = &C;
    CG->Initialize(C);
  }
  // After clang's first error the AST holds invalid declarations, which the
  // code generator must not see: the model stops there (clang-tidy reports
  // the error).
  bool broken() const { return !AST || AST->getDiagnostics().hasErrorOccurred(); }
  bool HandleTopLevelDecl(clang::DeclGroupRef D) override {
    return broken() || CG->HandleTopLevelDecl(D);
  }
  void HandleInlineFunctionDefinition(clang::FunctionDecl *D) override {
    if (!broken())
      CG->HandleInlineFunctionDefinition(D);
  }
  void HandleInterestingDecl(clang::DeclGroupRef D) override {
    if (!broken())
      CG->HandleInterestingDecl(D);
  }
  void HandleTagDeclDefinition(clang::TagDecl *D) override {
    if (!broken())
      CG->HandleTagDeclDefinition(D);
  }
  void HandleTagDeclRequiredDefinition(const clang::TagDecl *D) override {
    if (!broken())
      CG->HandleTagDeclRequiredDefinition(D);
  }
  void HandleCXXImplicitFunctionInstantiation(clang::FunctionDecl *D) override {
    if (!broken())
      CG->HandleCXXImplicitFunctionInstantiation(D);
  }
  void HandleTopLevelDeclInObjCContainer(clang::DeclGroupRef D) override {
    if (!broken())
      CG->HandleTopLevelDeclInObjCContainer(D);
  }
  void HandleImplicitImportDecl(clang::ImportDecl *D) override {
    if (!broken())
      CG->HandleImplicitImportDecl(D);
  }
  void CompleteTentativeDefinition(clang::VarDecl *D) override {
    if (!broken())
      CG->CompleteTentativeDefinition(D);
  }
  void CompleteExternalDeclaration(clang::DeclaratorDecl *D) override {
    if (!broken())
      CG->CompleteExternalDeclaration(D);
  }
  void AssignInheritanceModel(clang::CXXRecordDecl *RD) override {
    if (!broken())
      CG->AssignInheritanceModel(RD);
  }
  void HandleCXXStaticMemberVarInstantiation(clang::VarDecl *D) override {
    if (!broken())
      CG->HandleCXXStaticMemberVarInstantiation(D);
  }
  void HandleVTable(clang::CXXRecordDecl *RD) override {
    if (!broken())
      CG->HandleVTable(RD);
  }

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    if (broken())
      return;
    bool Trace = std::getenv("WAVECHECK_MODEL_TRACE");
    auto Start = std::chrono::steady_clock::now();
    CG->HandleTranslationUnit(Ctx);
    if (Diags->hasErrorOccurred())
      return;
    Module *M = CG->GetModule();
    if (!M)
      return;
    if (Trace)
      llvm::errs() << "wave model: IR generated in " << msSince(Start) << "\n";
    std::map<std::string, HostLaunch> Launches =
        hostLaunches(Ctx, [&](const clang::FunctionDecl *FD) {
          return CG->GetMangledName(clang::GlobalDecl(FD)).str();
        });
    ModuleReport R =
        analyseModule(*M, Exchange ? Exchange->Reference.get() : nullptr, &Launches);
    // WAVECHECK_MODEL_TRACE=1: which kernels the model could not run, why.
    if (Trace) {
      llvm::errs() << "wave model: " << msSince(Start) << " in all; " << R.Kernels << " kernels run, " << R.NotModelled.size()
                   << " of them not modelled, " << R.Skipped
                   << " without a wave operation not run, " << R.Unlaunched
                   << " launched only at 32 lanes not run\n";
      for (const auto &[K, Why] : R.NotModelled)
        llvm::errs() << "wave model: '" << K << "' not modelled: " << Why << "\n";
      for (const KernelVerdict &V : R.Verdicts)
        llvm::errs() << "wave model: '" << V.Symbol << "': "
                     << (!V.Run ? "not run" : !V.Modelled ? "not modelled"
                                          : V.Same         ? "the same at both widths"
                                          : V.Differs      ? "differs (reported or crossed groups)"
                                                           : "differs where the code's own lane mapping explains it")
                     << (Exchange && Exchange->Reference
                             ? (V.MatchesReference ? "; matches the original at wave 32"
                                                   : "; does not match the original at wave 32")
                             : "")
                     << "\n";
    }
    clang::SourceManager &SM = Ctx.getSourceManager();
    auto Loc = [&](const Place &P) -> clang::SourceLocation {
      if (P.File.empty() || !P.Line)
        return {};
      auto FE = SM.getFileManager().getOptionalFileRef(P.File);
      if (!FE)
        return {};
      return SM.translateFileLineCol(*FE, P.Line, std::max(P.Column, 1u));
    };
    // The first place of a chain in user code (not a stand-in or ROCm
    // header), and its position in the chain.
    auto User = [&](const Chain &C, size_t From) -> std::pair<clang::SourceLocation, size_t> {
      for (size_t I = From; I < C.size(); ++I) {
        clang::SourceLocation L = Loc(C[I]);
        if (L.isValid() && !SM.isInSystemHeader(L))
          return {L, I};
      }
      return {{}, C.size()};
    };
    for (const ModelFinding &F : R.Findings) {
      if (!Context.isCheckEnabled(F.Check))
        continue;
      auto [L, At] = User(F.At, 0);
      if (L.isInvalid())
        continue;
      Context.diag(F.Check, L, F.Message);
      std::set<std::pair<clang::SourceLocation, std::string>> Said;
      for (const auto &[C, Text] : F.Notes) {
        // A note without a place (the tier) goes at the finding; several
        // operations inlined from one line are one note.
        clang::SourceLocation NL = C.empty() ? L : User(C, 0).first;
        if (NL.isValid() && Said.insert({NL, Text}).second)
          Context.diag(F.Check, NL, Text, clang::DiagnosticIDs::Note);
      }
      for (auto [CL, I] = User(F.At, At + 1); CL.isValid(); std::tie(CL, I) = User(F.At, I + 1))
        Context.diag(F.Check, CL, "inlined from here", clang::DiagnosticIDs::Note);
    }
    if (Exchange)
      Exchange->Report = std::move(R);
  }

private:
  // Destroyed in reverse: the generator (and its module) before the
  // context, options and diagnostics it uses.
  std::unique_ptr<llvm::LLVMContext> LLCtx;
  std::unique_ptr<clang::CodeGenOptions> CGO;
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
  std::unique_ptr<clang::CodeGenerator> CG;
  clang::tidy::ClangTidyContext &Context;
  ModelExchange *Exchange;
  clang::ASTContext *AST = nullptr;
};

} // namespace

std::unique_ptr<clang::ASTConsumer> makeWaveModelConsumer(clang::CompilerInstance &CI,
                                                          clang::tidy::ClangTidyContext &Context,
                                                          ModelExchange *Exchange) {
  const clang::LangOptions &LO = CI.getLangOpts();
  if (!LO.CUDAIsDevice || !CI.getTarget().getTriple().isAMDGCN())
    return nullptr;
  // Only where wavefronts have 64 lanes (gfx9): elsewhere a port computes
  // what the 32-lane original does.
  if (CI.getTarget().getGridValue().GV_Warp_Size != 64)
    return nullptr;
  return std::make_unique<ModelRunner>(CI, Context, Exchange);
}

} // namespace wavecheck::model
