//===--- WaveSource.cpp - where the model's IR comes from in the source ---===//
///
/// \file
/// Source places and chains of inlined places from the line tables, the
/// functions a kernel runs, the extents of the unit's functions read before
/// optimisation, and the blocks of a kernel (model/WaveSource.h).
///
//===----------------------------------------------------------------------===//
#include "model/WaveSource.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace wavecheck::model::detail {

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

Chain chainOf(const DILocation *D) {
  Chain C;
  for (; D; D = D->getInlinedAt())
    C.push_back(placeOf(D));
  return C;
}

Chain chainOf(const Instruction *I) { return chainOf(I ? I->getDebugLoc().get() : nullptr); }

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

std::vector<const BasicBlock *> blocksOf(const Function &K) {
  std::vector<const BasicBlock *> Out;
  for (const Function *F : reachable(K))
    for (const BasicBlock &BB : *F)
      Out.push_back(&BB);
  return Out;
}

} // namespace wavecheck::model::detail
