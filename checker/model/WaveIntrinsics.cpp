//===--- WaveIntrinsics.cpp - intrinsics and cross-lane operations --------===//
///
/// \file
/// The intrinsics one lane executes alone (work-item and workgroup ids, the
/// wave size and mbcnt, the launch objects, memcpy and memset, integer and
/// float math) and the cross-lane operations the lanes of a wavefront
/// waiting at the same call execute together (ds_bpermute, ballot,
/// readfirstlane, readlane): methods of the Machine of model/WaveMachine.h.
///
//===----------------------------------------------------------------------===//
#include "model/WaveMachine.h"

#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include <cmath>

namespace wavecheck::model::detail {

bool Machine::intrinsic(Lane &Ln, Frame &F, const CallBase &CB, const Function &Callee) {
  Intrinsic::ID ID = Callee.getIntrinsicID();
  auto Arg = [&](unsigned I) { return eval(F, CB.getArgOperand(I))[0]; };
  auto Set = [&](Scalar S) { F.Regs[&CB] = Val{S}; };
  unsigned RB = CB.getType()->isIntegerTy() ? CB.getType()->getIntegerBitWidth() : 0;
  switch (ID) {
  case Intrinsic::amdgcn_workitem_id_x: Set(intS(Ln.X, 32)); return true;
  case Intrinsic::amdgcn_workitem_id_y: Set(intS(Ln.Y, 32)); return true;
  case Intrinsic::amdgcn_workitem_id_z: Set(intS(Ln.Z, 32)); return true;
  case Intrinsic::amdgcn_workgroup_id_x: Set(intS(L.Block, 32)); return true;
  case Intrinsic::amdgcn_workgroup_id_y:
  case Intrinsic::amdgcn_workgroup_id_z: Set(intS(0, 32)); return true;
  case Intrinsic::amdgcn_wavefrontsize: Set(intS(L.WaveSize, 32, WaveMark)); return true;
  case Intrinsic::amdgcn_mbcnt_lo: {
    Scalar M = Arg(0), A = Arg(1);
    unsigned Below = std::min(Ln.InWave, 32u);
    uint64_t Bits = M.I & mask(Below);
    Set(intS(popcount(Bits) + A.I, 32, T.unite(T.unite(M.T, A.T), WaveMark)));
    return true;
  }
  case Intrinsic::amdgcn_mbcnt_hi: {
    Scalar M = Arg(0), A = Arg(1);
    unsigned Below = L.WaveSize == 64 && Ln.InWave > 32 ? Ln.InWave - 32 : 0;
    uint64_t Bits = M.I & mask(Below);
    Set(intS(popcount(Bits) + A.I, 32, T.unite(T.unite(M.T, A.T), WaveMark)));
    return true;
  }
  case Intrinsic::amdgcn_implicitarg_ptr:
  case Intrinsic::amdgcn_dispatch_ptr: {
    Scalar S;
    S.K = Scalar::Ptr;
    bool Implicit = ID == Intrinsic::amdgcn_implicitarg_ptr;
    // One object of each per run.
    uint32_t &Slot = Implicit ? ImplicitObj : DispatchObj;
    if (!Slot)
      Slot = newObject(Implicit ? Object::ImplicitArg : Object::Dispatch);
    S.Obj = Slot;
    Set(S);
    return true;
  }
  case Intrinsic::amdgcn_s_waitcnt:
  case Intrinsic::amdgcn_s_sleep:
  case Intrinsic::amdgcn_sched_barrier:
  case Intrinsic::amdgcn_wave_barrier:
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::assume:
  case Intrinsic::experimental_noalias_scope_decl:
  case Intrinsic::donothing:
    return true;
  case Intrinsic::memcpy:
  case Intrinsic::memmove: {
    Scalar D = Arg(0), S = Arg(1), N = Arg(2);
    copyMemory(D, S, N.I, CB);
    return true;
  }
  case Intrinsic::memset: {
    Scalar D = Arg(0), B = Arg(1), N = Arg(2);
    if (!D.Obj || N.I > (1u << 20))
      stop("a memset the model cannot follow" + where(CB));
    Object &O = Objs[D.Obj];
    for (auto C = O.Cells.lower_bound(D.I); C != O.Cells.end() && C->first < D.I + N.I;)
      C = O.Cells.erase(C);
    for (uint64_t I = 0; I < N.I; ++I) {
      O.Cells[D.I + I] = {intS(B.I, 8, B.T), 1};
      if (O.Sp == Object::Global)
        record(O, D.I + I, O.Cells[D.I + I].S, CB, false);
    }
    return true;
  }
  case Intrinsic::smax: case Intrinsic::smin: case Intrinsic::umax: case Intrinsic::umin: {
    Scalar A = Arg(0), B = Arg(1);
    int64_t sa = sext(A.I, RB), sb = sext(B.I, RB);
    uint64_t R = ID == Intrinsic::smax ? (sa > sb ? A.I : B.I)
                 : ID == Intrinsic::smin ? (sa < sb ? A.I : B.I)
                 : ID == Intrinsic::umax ? std::max(A.I, B.I)
                                         : std::min(A.I, B.I);
    Set(intS(R, RB, T.unite(A.T, B.T), Ex.unite(A.X, B.X)));
    return true;
  }
  case Intrinsic::abs: {
    Scalar A = Arg(0);
    int64_t S = sext(A.I, RB);
    Set(intS(uint64_t(S < 0 ? -S : S), RB, A.T, A.X));
    return true;
  }
  case Intrinsic::ctpop: case Intrinsic::ctlz: case Intrinsic::cttz: {
    Scalar A = Arg(0);
    uint64_t V = A.I & mask(RB), R;
    if (ID == Intrinsic::ctpop)
      R = popcount(V);
    else if (ID == Intrinsic::ctlz)
      R = V ? countl_zero(V) - (64 - RB) : RB;
    else
      R = V ? countr_zero(V) : RB;
    Set(intS(R, RB, A.T, A.X));
    return true;
  }
  case Intrinsic::fshl: case Intrinsic::fshr: {
    Scalar A = Arg(0), B = Arg(1), C = Arg(2);
    APInt a(RB, A.I), b(RB, B.I);
    unsigned S = unsigned(C.I % RB);
    APInt R = ID == Intrinsic::fshl ? (S ? (a.shl(S) | b.lshr(RB - S)) : a)
                                    : (S ? (b.lshr(S) | a.shl(RB - S)) : b);
    Set(intS(R.getZExtValue(), RB, T.unite(T.unite(A.T, B.T), C.T), Ex.unite(A.X, B.X)));
    return true;
  }
  default:
    break;
  }
  if (CB.getType()->isFPOrFPVectorTy() && !CB.getType()->isVectorTy()) {
    // Float math: computed, taints merged.
    std::vector<Scalar> A;
    for (unsigned I = 0; I < CB.arg_size(); ++I)
      A.push_back(Arg(I));
    uint32_t Taint = 0;
    uint32_t X = 0;
    for (const Scalar &S : A) {
      Taint = T.unite(Taint, S.T);
      X = Ex.unite(X, S.X);
    }
    double a = A.size() > 0 ? A[0].F : 0, b = A.size() > 1 ? A[1].F : 0,
           c = A.size() > 2 ? A[2].F : 0, R;
    switch (ID) {
    case Intrinsic::fma: case Intrinsic::fmuladd: R = a * b + c; break;
    case Intrinsic::fabs: R = std::fabs(a); break;
    case Intrinsic::sqrt: R = std::sqrt(a); break;
    case Intrinsic::exp: R = std::exp(a); break;
    case Intrinsic::exp2: R = std::exp2(a); break;
    case Intrinsic::log: R = std::log(a); break;
    case Intrinsic::log2: R = std::log2(a); break;
    case Intrinsic::sin: R = std::sin(a); break;
    case Intrinsic::cos: R = std::cos(a); break;
    case Intrinsic::pow: R = std::pow(a, b); break;
    case Intrinsic::floor: R = std::floor(a); break;
    case Intrinsic::ceil: R = std::ceil(a); break;
    case Intrinsic::trunc: R = std::trunc(a); break;
    case Intrinsic::rint:
    case Intrinsic::nearbyint:
    case Intrinsic::roundeven:
      R = std::nearbyint(a);
      break;
    case Intrinsic::round: R = std::round(a); break;
    case Intrinsic::minnum:
    case Intrinsic::minimum:
    case Intrinsic::minimumnum:
      R = std::fmin(a, b);
      break;
    case Intrinsic::maxnum:
    case Intrinsic::maximum:
    case Intrinsic::maximumnum:
      R = std::fmax(a, b);
      break;
    case Intrinsic::copysign: R = std::copysign(a, b); break;
    case Intrinsic::amdgcn_rcp: R = 1.0 / a; break;
    case Intrinsic::amdgcn_rsq: R = 1.0 / std::sqrt(a); break;
    case Intrinsic::amdgcn_exp2: R = std::exp2(a); break;
    case Intrinsic::amdgcn_log: R = std::log2(a); break;
    default:
      R = 0.25 +
          double(hash_combine(int64_t(a * 1e6), int64_t(b * 1e6), int64_t(c * 1e6)) % 1000) /
              1000.0;
    }
    Set(fltS(R, Taint, X));
    return true;
  }
  return false;
}

void Machine::collective(std::vector<Lane *> &G, const CallBase &CB) {
  Intrinsic::ID ID = CB.getCalledFunction()->getIntrinsicID();
  unsigned W = L.WaveSize;
  // The active lanes of the wave, by lane number.
  std::vector<Lane *> ByLane(W, nullptr);
  for (Lane *Ln : G)
    ByLane[Ln->InWave] = Ln;
  auto Arg = [&](Lane *Ln, unsigned I) { return eval(Ln->Stack.back(), CB.getArgOperand(I))[0]; };
  switch (ID) {
  case Intrinsic::amdgcn_ds_bpermute: {
    std::vector<Scalar> Data(W), Addr(W);
    for (Lane *Ln : G) {
      Addr[Ln->InWave] = Arg(Ln, 0);
      Data[Ln->InWave] = Arg(Ln, 1);
    }
    for (Lane *Ln : G) {
      const Scalar &A = Addr[Ln->InWave];
      unsigned Src = unsigned((A.I >> 2) & (W - 1));
      Scalar R = ByLane[Src] ? Data[Src] : intS(0, 32);
      R.T = T.unite(T.unite(R.T, A.T), WaveMark);
      R.X = Ex.unite(R.X, exchange(CB));
      Ln->Stack.back().Regs[&CB] = Val{R};
    }
    break;
  }
  case Intrinsic::amdgcn_ballot: {
    uint64_t M = 0;
    uint32_t Taint = 0;
    for (Lane *Ln : G) {
      Scalar P = Arg(Ln, 0);
      if (P.I & 1)
        M |= 1ull << Ln->InWave;
      Taint = T.unite(Taint, P.T);
    }
    unsigned RB = CB.getType()->getIntegerBitWidth();
    for (Lane *Ln : G)
      Ln->Stack.back().Regs[&CB] = Val{intS(M, RB, T.unite(Taint, WaveMark), exchange(CB))};
    break;
  }
  case Intrinsic::amdgcn_readfirstlane: {
    Scalar First = Arg(G.front(), 0);
    for (Lane *Ln : G)
      if (Ln->InWave < G.front()->InWave)
        First = Arg(Ln, 0);
    First.X = Ex.unite(First.X, exchange(CB));
    for (Lane *Ln : G)
      Ln->Stack.back().Regs[&CB] = Val{First};
    break;
  }
  case Intrinsic::amdgcn_readlane: {
    for (Lane *Ln : G) {
      unsigned Src = unsigned(Arg(Ln, 1).I & (W - 1));
      Scalar R = ByLane[Src] ? Arg(ByLane[Src], 0) : intS(0, CB.getType()->getScalarSizeInBits());
      R.X = Ex.unite(R.X, exchange(CB));
      Ln->Stack.back().Regs[&CB] = Val{R};
    }
    break;
  }
  default:
    stop("a cross-lane operation the model does not know" + where(CB));
  }
  for (Lane *Ln : G) {
    ++Ln->Stack.back().It;
    Ln->St = Lane::Running;
    Ln->Waiting = nullptr;
  }
}

} // namespace wavecheck::model::detail
