//===--- WaveLane.cpp - one lane's instructions, branches and calls -------===//
///
/// \file
/// stepLane runs one lane of a workgroup (model/WaveMachine.h) until it ends
/// or reaches a cross-lane operation or a barrier: branches and PHIs, calls
/// into functions with a body, calls of functions without one, returns, and
/// every instruction with a value (arithmetic in WaveArith.cpp, memory in
/// WaveMemory.cpp, intrinsics in WaveIntrinsics.cpp).
///
//===----------------------------------------------------------------------===//
#include "model/WaveMachine.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include <cmath>

namespace wavecheck::model::detail {

namespace {

bool isCollective(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::amdgcn_ds_bpermute:
  case Intrinsic::amdgcn_ballot:
  case Intrinsic::amdgcn_readfirstlane:
  case Intrinsic::amdgcn_readlane:
  case Intrinsic::amdgcn_s_barrier:
    return true;
  default:
    return false;
  }
}

/// Cross-lane operations the interpreter does not model: the run stops.
bool isUnmodelledCrossLane(StringRef Name) {
  for (StringRef P : {"llvm.amdgcn.mov.dpp", "llvm.amdgcn.update.dpp", "llvm.amdgcn.permlane",
                      "llvm.amdgcn.ds.swizzle", "llvm.amdgcn.mfma", "llvm.amdgcn.smfmac",
                      "llvm.amdgcn.wmma", "llvm.amdgcn.wave.reduce", "llvm.amdgcn.ds.permute",
                      "llvm.amdgcn.writelane", "llvm.amdgcn.icmp", "llvm.amdgcn.fcmp",
                      "llvm.amdgcn.inverse.ballot", "llvm.amdgcn.set.inactive",
                      "llvm.amdgcn.wwm", "llvm.amdgcn.strict", "llvm.amdgcn.s.barrier.signal"})
    if (Name.starts_with(P))
      return true;
  return false;
}

} // namespace

void Machine::enterBlock(Frame &F, const BasicBlock *To, const BasicBlock *From) {
  // PHIs read their incoming values all at once.
  SmallVector<std::pair<const PHINode *, Val>, 8> New;
  for (const PHINode &P : To->phis())
    New.push_back({&P, eval(F, P.getIncomingValueForBlock(From))});
  for (auto &[P, V] : New)
    F.Regs[P] = std::move(V);
  F.BB = To;
  F.It = To->getFirstNonPHIIt();
  Out.Visited.insert(To);
}

void Machine::returnFrom(Lane &Ln, std::optional<Val> V) {
  const CallBase *Call = Ln.Stack.back().Call;
  Ln.Stack.pop_back();
  if (Ln.Stack.empty()) {
    Ln.St = Lane::Done;
    return;
  }
  Frame &Caller = Ln.Stack.back();
  if (V && Call)
    Caller.Regs[Call] = std::move(*V);
  if (const auto *II = dyn_cast<InvokeInst>(Call))
    enterBlock(Caller, II->getNormalDest(), Caller.BB);
}

void Machine::opaqueCall(Frame &F, const CallBase &CB) {
  // A function with no body here: its result is a function of its operands
  // (deterministic, so both runs agree), carrying their taints.
  uint32_t Taint = 0;
  uint32_t X = 0;
  uint64_t H = 0;
  for (const Use &A : CB.args()) {
    Val V = eval(F, A.get());
    for (const Scalar &S : V) {
      Taint = T.unite(Taint, S.T);
      X = Ex.unite(X, S.X);
      H = hashOf(H, S.K == Scalar::Flt ? uint64_t(S.F * 1e6) : S.I + S.Obj);
    }
  }
  Type *Ty = CB.getType();
  if (Ty->isVoidTy())
    return;
  Val R;
  auto One = [&](Type *E) {
    if (E->isFloatingPointTy())
      return fltS(0.25 + double(H % 1000) / 1000.0, Taint, X);
    if (E->isIntegerTy())
      return intS(H % 64, E->getIntegerBitWidth(), Taint, X);
    stop("a call returning a pointer or an aggregate from a function without a body" +
         where(CB));
  };
  if (auto *VT = dyn_cast<FixedVectorType>(Ty))
    for (unsigned I = 0; I < VT->getNumElements(); ++I)
      R.push_back(One(VT->getElementType()));
  else
    R.push_back(One(Ty));
  F.Regs[&CB] = std::move(R);
}

void Machine::call(Lane &Ln, Frame &F, const CallBase &CB, const Function &Callee) {
  if (Ln.Stack.size() >= MaxCallDepth)
    stop("calls nest deeper than " + Twine(MaxCallDepth) + " (recursion)" + where(CB));
  Frame N;
  N.F = &Callee;
  N.Call = &CB;
  unsigned I = 0;
  for (const Argument &A : Callee.args())
    N.Regs[&A] = eval(F, CB.getArgOperand(I++));
  N.BB = &Callee.getEntryBlock();
  N.It = N.BB->begin();
  Out.Visited.insert(N.BB);
  Ln.Stack.push_back(std::move(N));
}

void Machine::stepLane(Lane &Ln) {
  Cur = &Ln;
  while (Ln.St == Lane::Running) {
    if (++Out.Steps > StepBudget)
      stop("more than " + Twine(StepBudget) + " instructions for one workgroup (a loop "
           "the model cannot bound)");
    Frame &F = Ln.Stack.back();
    const Instruction &I = *F.It;
    switch (I.getOpcode()) {
    case Instruction::Br: {
      const auto &B = cast<BranchInst>(I);
      const BasicBlock *To = B.getSuccessor(0);
      if (B.isConditional())
        To = (eval(F, B.getCondition())[0].I & 1) ? B.getSuccessor(0) : B.getSuccessor(1);
      enterBlock(F, To, F.BB);
      continue;
    }
    case Instruction::Switch: {
      const auto &S = cast<SwitchInst>(I);
      uint64_t V = eval(F, S.getCondition())[0].I;
      const BasicBlock *To = S.getDefaultDest();
      for (auto C : S.cases())
        if (C.getCaseValue()->getZExtValue() == V)
          To = C.getCaseSuccessor();
      enterBlock(F, To, F.BB);
      continue;
    }
    case Instruction::Ret: {
      const auto &R = cast<ReturnInst>(I);
      std::optional<Val> V;
      if (R.getReturnValue())
        V = eval(F, R.getReturnValue());
      returnFrom(Ln, std::move(V));
      if (Ln.St == Lane::Running) {
        // Continue after the call in the caller (a call, not an invoke).
        Frame &Caller = Ln.Stack.back();
        if (isa<CallInst>(*Caller.It))
          ++Caller.It;
      }
      continue;
    }
    case Instruction::Unreachable:
      Ln.St = Lane::Done; // a trap or __builtin_unreachable: the lane ends
      continue;
    case Instruction::Call:
    case Instruction::Invoke: {
      const auto &CB = cast<CallBase>(I);
      const Function *Callee = CB.getCalledFunction();
      if (!Callee)
        stop("an indirect call" + where(I));
      if (Callee->isIntrinsic()) {
        Intrinsic::ID ID = Callee->getIntrinsicID();
        if (ID == Intrinsic::amdgcn_s_barrier) {
          Ln.St = Lane::AtBarrier;
          Ln.Waiting = &CB;
          return;
        }
        if (isCollective(ID)) {
          Ln.St = Lane::AtCollective;
          Ln.Waiting = &CB;
          return;
        }
        if (isUnmodelledCrossLane(Callee->getName()))
          stop("the cross-lane operation " + Callee->getName() + where(I));
        if (!intrinsic(Ln, F, CB, *Callee))
          opaqueCall(F, CB);
        ++F.It;
        continue;
      }
      if (Callee->isDeclaration()) {
        opaqueCall(F, CB);
        ++F.It;
        continue;
      }
      call(Ln, F, CB, *Callee);
      continue;
    }
    default:
      break;
    }
    // Instructions with a value, executed element by element.
    Val R;
    if (const auto *B = dyn_cast<BinaryOperator>(&I)) {
      Val A = eval(F, B->getOperand(0)), C = eval(F, B->getOperand(1));
      unsigned Bits = I.getType()->getScalarSizeInBits();
      for (unsigned E = 0; E < A.size(); ++E)
        R.push_back(binop(*B, A[E], C[E], Bits));
    } else if (const auto *U = dyn_cast<UnaryOperator>(&I)) {
      Val A = eval(F, U->getOperand(0));
      for (Scalar S : A) {
        S.F = -S.F;
        R.push_back(S);
      }
    } else if (const auto *C = dyn_cast<CmpInst>(&I)) {
      Val A = eval(F, C->getOperand(0)), B = eval(F, C->getOperand(1));
      unsigned Bits = C->getOperand(0)->getType()->getScalarSizeInBits();
      for (unsigned E = 0; E < A.size(); ++E) {
        bool V = C->isFPPredicate() ? fcmp(C->getPredicate(), A[E].F, B[E].F)
                                    : icmp(C->getPredicate(), A[E], B[E], Bits);
        R.push_back(intS(V, 1, T.unite(A[E].T, B[E].T), Ex.unite(A[E].X, B[E].X)));
      }
    } else if (const auto *S = dyn_cast<SelectInst>(&I)) {
      Val Cn = eval(F, S->getCondition()), A = eval(F, S->getTrueValue()),
          B = eval(F, S->getFalseValue());
      if (Cn.size() == 1)
        reportChosenShifts(F, (Cn[0].I & 1) ? S->getTrueValue() : S->getFalseValue());
      for (unsigned E = 0; E < A.size(); ++E) {
        const Scalar &C = Cn.size() > 1 ? Cn[E] : Cn[0];
        Scalar V = (C.I & 1) ? A[E] : B[E];
        V.T = T.unite(V.T, C.T);
        V.X = Ex.unite(V.X, C.X);
        R.push_back(V);
      }
    } else if (const auto *C = dyn_cast<CastInst>(&I)) {
      Val A = eval(F, C->getOperand(0));
      if (A.size() != 1 && C->getOpcode() == Instruction::BitCast &&
          !C->getDestTy()->isVectorTy())
        stop("a bitcast of a vector to a scalar" + where(I));
      if (C->getOpcode() == Instruction::BitCast && C->getDestTy()->isVectorTy() &&
          cast<FixedVectorType>(C->getDestTy())->getNumElements() != A.size())
        stop("a bitcast that regroups vector elements" + where(I));
      for (const Scalar &S : A)
        R.push_back(castOp(*C, S));
    } else if (const auto *G = dyn_cast<GetElementPtrInst>(&I)) {
      Val P = eval(F, G->getPointerOperand());
      unsigned N = I.getType()->isVectorTy()
                       ? cast<FixedVectorType>(I.getType())->getNumElements()
                       : 1;
      for (unsigned E = 0; E < N; ++E) {
        Scalar S = P.size() > 1 ? P[E] : P[0];
        uint32_t Taint = S.T;
        S.I += gepOffset(F, *cast<GEPOperator>(G), E, Taint);
        S.T = Taint;
        R.push_back(S);
      }
    } else if (const auto *Ld = dyn_cast<LoadInst>(&I)) {
      R = load(eval(F, Ld->getPointerOperand())[0], Ld->getType());
    } else if (const auto *St = dyn_cast<StoreInst>(&I)) {
      store(eval(F, St->getPointerOperand())[0], eval(F, St->getValueOperand()),
            St->getValueOperand()->getType(), I);
    } else if (const auto *A = dyn_cast<AllocaInst>(&I)) {
      Scalar S;
      S.K = Scalar::Ptr;
      S.Obj = newObject(Object::Private);
      (void)A;
      R.push_back(S);
    } else if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
      Scalar P = eval(F, RMW->getPointerOperand())[0];
      Scalar V = eval(F, RMW->getValOperand())[0];
      Type *Ty = RMW->getValOperand()->getType();
      Scalar Old = loadScalar(P, Ty, 0);
      Scalar New = V;
      unsigned Bits = Ty->getScalarSizeInBits();
      switch (RMW->getOperation()) {
      case AtomicRMWInst::Xchg: break;
      case AtomicRMWInst::Add: New.I = (Old.I + V.I) & mask(Bits); break;
      case AtomicRMWInst::Sub: New.I = (Old.I - V.I) & mask(Bits); break;
      case AtomicRMWInst::And: New.I = Old.I & V.I; break;
      case AtomicRMWInst::Or: New.I = Old.I | V.I; break;
      case AtomicRMWInst::Xor: New.I = Old.I ^ V.I; break;
      case AtomicRMWInst::Max: New.I = sext(Old.I, Bits) > sext(V.I, Bits) ? Old.I : V.I; break;
      case AtomicRMWInst::Min: New.I = sext(Old.I, Bits) < sext(V.I, Bits) ? Old.I : V.I; break;
      case AtomicRMWInst::UMax: New.I = std::max(Old.I, V.I); break;
      case AtomicRMWInst::UMin: New.I = std::min(Old.I, V.I); break;
      case AtomicRMWInst::FAdd: New.F = Old.F + V.F; break;
      case AtomicRMWInst::FSub: New.F = Old.F - V.F; break;
      case AtomicRMWInst::FMax: New.F = std::fmax(Old.F, V.F); break;
      case AtomicRMWInst::FMin: New.F = std::fmin(Old.F, V.F); break;
      default: stop("an atomic operation the model does not know" + where(I));
      }
      // Old includes the Uninit mark of LDS nobody initialised; an atomic
      // into global memory accumulates what every lane adds.
      New.T = T.unite(New.T, Objs[P.Obj].Sp == Object::Global ? 0 : Old.T);
      New.X = Ex.unite(V.X, Old.X);
      storeScalar(P, New, Ty, 0, I, /*Record=*/false);
      if (Objs[P.Obj].Sp == Object::Global) {
        // An atomic accumulates what every lane adds.
        Object &O = Objs[P.Obj];
        O.Cells[P.I].S.T = T.unite(Old.T, New.T);
        record(O, P.I, O.Cells[P.I].S, I, /*Accumulate=*/true, waveDependent(P.T));
      }
      R.push_back(Old);
    } else if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
      Scalar P = eval(F, CX->getPointerOperand())[0];
      Scalar Cmp = eval(F, CX->getCompareOperand())[0];
      Scalar New = eval(F, CX->getNewValOperand())[0];
      Type *Ty = CX->getNewValOperand()->getType();
      Scalar Old = loadScalar(P, Ty, 0);
      bool Eq = Ty->isPointerTy() ? (Old.Obj == Cmp.Obj && Old.I == Cmp.I)
                                  : (Old.I & mask(Ty->getScalarSizeInBits())) ==
                                        (Cmp.I & mask(Ty->getScalarSizeInBits()));
      if (Eq) {
        New.T = T.unite(New.T, Old.T);
        storeScalar(P, New, Ty, 0, I, /*Record=*/false);
        if (Objs[P.Obj].Sp == Object::Global)
          record(Objs[P.Obj], P.I, New, I, /*Accumulate=*/true, waveDependent(P.T));
      }
      R.push_back(Old);
      R.push_back(intS(Eq, 1, Old.T));
    } else if (const auto *EV = dyn_cast<ExtractValueInst>(&I)) {
      Val A = eval(F, EV->getAggregateOperand());
      if (EV->getNumIndices() != 1 || EV->getIndices()[0] >= A.size())
        stop("an extractvalue of a nested aggregate" + where(I));
      R.push_back(A[EV->getIndices()[0]]);
    } else if (const auto *EE = dyn_cast<ExtractElementInst>(&I)) {
      Val A = eval(F, EE->getVectorOperand());
      Scalar Ix = eval(F, EE->getIndexOperand())[0];
      R.push_back(Ix.I < A.size() ? A[Ix.I] : Scalar());
    } else if (const auto *IE = dyn_cast<InsertElementInst>(&I)) {
      Val A = eval(F, IE->getOperand(0));
      Scalar V = eval(F, IE->getOperand(1))[0];
      Scalar Ix = eval(F, IE->getOperand(2))[0];
      if (Ix.I < A.size())
        A[Ix.I] = V;
      R = A;
    } else if (const auto *SV = dyn_cast<ShuffleVectorInst>(&I)) {
      Val A = eval(F, SV->getOperand(0)), B = eval(F, SV->getOperand(1));
      for (int M : SV->getShuffleMask())
        R.push_back(M < 0 ? Scalar() : unsigned(M) < A.size() ? A[M] : B[M - A.size()]);
    } else if (isa<FreezeInst>(&I)) {
      R = eval(F, I.getOperand(0));
    } else if (isa<FenceInst>(&I)) {
    } else {
      stop(Twine("the instruction '") + I.getOpcodeName() + "'" + where(I));
    }
    if (!I.getType()->isVoidTy())
      F.Regs[&I] = std::move(R);
    ++F.It;
  }
}

} // namespace wavecheck::model::detail
