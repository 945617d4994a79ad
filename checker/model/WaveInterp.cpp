//===--- WaveInterp.cpp - one workgroup of a kernel, lane by lane ----------===//
///
/// \file
/// The element ids of a kernel's inputs, and the run of one workgroup: the
/// kernel's arguments, the lanes stepped in turn (WaveLane.cpp), the lanes of
/// a wavefront waiting at the same cross-lane operation executed together
/// (WaveIntrinsics.cpp), and every lane released from a barrier at once.
/// The Machine that holds a run's state is in model/WaveMachine.h.
///
//===----------------------------------------------------------------------===//
#include "model/WaveInterp.h"
#include "model/WaveMachine.h"

#include "llvm/IR/Argument.h"
#include "llvm/IR/Function.h"
#include <map>

namespace wavecheck::model {

using namespace llvm;

unsigned ElementTable::id(unsigned Arg, uint64_t Offset, unsigned Reader) {
  auto [It, New] = Ids.try_emplace({Arg, Offset}, unsigned(Keys.size()) + FirstInput);
  if (New) {
    Keys.push_back({Arg, Offset});
    Readers.push_back(Reader);
  }
  return It->second;
}

RunOutcome runWorkgroup(const Function &Kernel, const Launch &L, ElementTable &Elements) {
  return detail::Machine(Kernel, L, Elements).run();
}

namespace detail {

RunOutcome Machine::run() {
  try {
    unsigned N = L.BlockX * L.BlockY * L.BlockZ;
    if (N == 0 || N > 1024)
      stop("a workgroup of " + Twine(N) + " work-items");
    if (L.WaveSize != 32 && L.WaveSize != 64)
      stop("a wave size of " + Twine(L.WaveSize));
    // The arguments: each pointer its own global buffer, integers IntArg.
    Frame Top;
    Top.F = &K;
    unsigned ArgNo = 0;
    std::vector<std::pair<const Argument *, Val>> ArgVals;
    for (const Argument &A : K.args()) {
      Type *Ty = A.getType();
      Val V;
      if (Ty->isPointerTy()) {
        Scalar S;
        S.K = Scalar::Ptr;
        S.Obj = newObject(Object::Global, ArgNo + 1);
        V.push_back(S);
      } else if (Ty->isIntegerTy()) {
        V.push_back(intS(Ty->getIntegerBitWidth() <= 8 ? 1 : L.IntArg, Ty->getIntegerBitWidth()));
      } else if (Ty->isFloatingPointTy()) {
        V.push_back(fltS(1.0));
      } else {
        stop("a kernel argument of a type the model does not know");
      }
      ArgVals.push_back({&A, V});
      ++ArgNo;
    }
    for (auto &[A, V] : ArgVals)
      Top.Regs[A] = V;
    Top.BB = &K.getEntryBlock();
    Top.It = Top.BB->begin();
    Out.Visited.insert(Top.BB);
    Lanes.resize(N);
    for (unsigned I = 0; I < N; ++I) {
      Lane &Ln = Lanes[I];
      Ln.Tid = I;
      Ln.X = I % L.BlockX;
      Ln.Y = (I / L.BlockX) % L.BlockY;
      Ln.Z = I / (L.BlockX * L.BlockY);
      Ln.Wave = I / L.WaveSize;
      Ln.InWave = I % L.WaveSize;
      Ln.Stack.push_back(Top);
    }
    unsigned Waves = (N + L.WaveSize - 1) / L.WaveSize;
    for (;;) {
      for (Lane &Ln : Lanes)
        if (Ln.St == Lane::Running)
          stepLane(Ln);
      Cur = nullptr;
      bool Any = false, AllDone = true;
      for (unsigned W = 0; W < Waves; ++W) {
        std::map<const CallBase *, std::vector<Lane *>> Groups;
        for (unsigned I = W * L.WaveSize; I < std::min(N, (W + 1) * L.WaveSize); ++I) {
          if (Lanes[I].St != Lane::Done)
            AllDone = false;
          if (Lanes[I].St == Lane::AtCollective)
            Groups[Lanes[I].Waiting].push_back(&Lanes[I]);
        }
        if (Groups.empty())
          continue;
        auto Best = Groups.begin();
        for (auto It = Groups.begin(); It != Groups.end(); ++It)
          if (It->second.size() > Best->second.size() ||
              (It->second.size() == Best->second.size() &&
               It->second.front()->Tid < Best->second.front()->Tid))
            Best = It;
        Cur = Best->second.front();
        collective(Best->second, *Best->first);
        Any = true;
      }
      if (AllDone)
        break;
      if (Any)
        continue;
      // Every lane left waits at a barrier (lanes that ended count as
      // arrived): release them all.
      bool Released = false;
      for (Lane &Ln : Lanes)
        if (Ln.St == Lane::AtBarrier) {
          Ln.St = Lane::Running;
          ++Ln.Stack.back().It;
          Released = true;
        }
      if (!Released)
        stop("lanes wait for each other forever");
    }
    Out.Modelled = true;
  } catch (const NotModelled &N) {
    Out.Modelled = false;
    Out.NotModelled = N.Why;
  }
  return Out;
}

} // namespace detail

} // namespace wavecheck::model
