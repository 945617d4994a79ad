//===--- WaveKernels.cpp - one kernel run with 32 and with 64 lanes -------===//
///
/// \file
/// compareKernel runs workgroup 0 of a kernel with the launch shape it
/// would have (reqd_work_group_size, the host's launch, __launch_bounds__),
/// once with 32-lane and once with 64-lane wavefronts on the same inputs,
/// the next workgroup when the comparison needs it, and again with small
/// integer arguments and rows of 32 threads before it calls the two widths
/// the same; it keeps the wave-32 run as the reference of a fixed copy,
/// which compareWithReference runs at wave 64 (model/WaveCompare.h).
///
//===----------------------------------------------------------------------===//
#include "model/WaveCompare.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

namespace wavecheck::model::detail {

namespace {

/// The work-items a host launch laid out in rows (threadIdx.y, .z) is cut
/// down to, keeping the row width: 256, the shape run when none is known.
constexpr unsigned HostRowsWorkItems = 256;

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

} // namespace

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

} // namespace wavecheck::model::detail
