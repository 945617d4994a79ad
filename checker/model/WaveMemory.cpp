//===--- WaveMemory.cpp - the interpreter's constants, loads and stores ---===//
///
/// \file
/// The values and memory of a run (model/WaveMachine.h): constants as
/// Scalars, the inputs a load of global memory nobody stored invents (a
/// hash of the element, with its taint), the launch parameters of the
/// implicit-argument and dispatch objects, loads and stores of cells, and
/// what a store to global memory records in the run's outcome.
///
//===----------------------------------------------------------------------===//
#include "model/WaveMachine.h"

#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include <cstring>

namespace wavecheck::model::detail {

Scalar Machine::constScalar(const Constant *C) {
  if (const auto *CI = dyn_cast<ConstantInt>(C))
    return intS(CI->getValue().getZExtValue(), CI->getBitWidth());
  if (const auto *CF = dyn_cast<ConstantFP>(C))
    return fltS(CF->getValueAPF().convertToDouble());
  if (isa<ConstantPointerNull>(C)) {
    Scalar S;
    S.K = Scalar::Ptr;
    return S;
  }
  if (isa<UndefValue>(C)) { // undef and poison: 0 of the type
    if (C->getType()->isFloatingPointTy())
      return fltS(0);
    if (C->getType()->isPointerTy()) {
      Scalar S;
      S.K = Scalar::Ptr;
      return S;
    }
    return intS(0, C->getType()->getScalarSizeInBits());
  }
  if (const auto *GV = dyn_cast<GlobalVariable>(C)) {
    Scalar S;
    S.K = Scalar::Ptr;
    S.Obj = globalObject(GV);
    return S;
  }
  if (const auto *CE = dyn_cast<ConstantExpr>(C)) {
    if (CE->getOpcode() == Instruction::AddrSpaceCast || CE->getOpcode() == Instruction::BitCast)
      return constScalar(CE->getOperand(0));
    if (const auto *G = dyn_cast<GEPOperator>(CE)) {
      Scalar Base = constScalar(cast<Constant>(G->getPointerOperand()));
      APInt Off(64, 0);
      if (!G->accumulateConstantOffset(DL, Off))
        stop("a constant address the model cannot compute");
      Base.I += Off.getSExtValue();
      return Base;
    }
  }
  if (isa<Function>(C)) {
    Scalar S;
    S.K = Scalar::Ptr;
    return S;
  }
  stop("a constant of a kind the model does not know");
}

Val Machine::constVal(const Constant *C) {
  Val V;
  if (auto *VT = dyn_cast<FixedVectorType>(C->getType())) {
    for (unsigned I = 0; I < VT->getNumElements(); ++I)
      V.push_back(constScalar(C->getAggregateElement(I)));
    return V;
  }
  V.push_back(constScalar(C));
  return V;
}

Scalar Machine::freshInput(const Object &O, uint64_t Off, Type *Ty) {
  unsigned Elem = E.id(O.Arg, Off, Cur ? Cur->Tid : 0);
  if (Elem >= MaxInputElements + ElementTable::FirstInput)
    stop("more than " + Twine(MaxInputElements) + " input elements read by one workgroup");
  uint32_t Taint = T.single(Elem);
  Out.InputsRead.resize(std::max<unsigned>(Out.InputsRead.size(), Elem + 1));
  Out.InputsRead.set(Elem);
  uint64_t H = hashOf(O.Arg, Off);
  if (Ty->isFloatingPointTy())
    return fltS(0.5 + double(H % 1000) / 1000.0, Taint);
  if (Ty->isPointerTy())
    return derivedPointer(O, Off, Taint);
  return intS(H % 64, Ty->getIntegerBitWidth(), Taint);
}

Scalar Machine::derivedPointer(const Object &O, uint64_t Off, uint32_t Taint) {
  uint32_t Parent = uint32_t(&O - Objs.data());
  auto [It, New] = DerivedObjs.try_emplace({Parent, Off}, 0);
  if (New) {
    // Its argument id comes from the parent's and the offset, so both
    // runs give the same pointer the same id.
    unsigned Arg = NextDerivedArg + unsigned(hashOf(O.Arg, Off) % 100000) * 8;
    It->second = newObject(Object::Global, Arg);
  }
  Scalar S;
  S.K = Scalar::Ptr;
  S.Obj = It->second;
  S.T = Taint;
  return S;
}

Scalar Machine::launchValue(const Object &O, uint64_t Off, Type *Ty) {
  uint64_t V = 0;
  if (O.Sp == Object::ImplicitArg) {
    switch (Off) {
    case 0: V = L.GridBlocksX; break;
    case 4: case 8: V = 1; break;
    case 12: V = L.BlockX; break;
    case 14: V = L.BlockY; break;
    case 16: V = L.BlockZ; break;
    default: V = 0;
    }
  } else { // hsa_kernel_dispatch_packet_t
    switch (Off) {
    case 4: V = L.BlockX; break;
    case 6: V = L.BlockY; break;
    case 8: V = L.BlockZ; break;
    case 12: V = uint64_t(L.GridBlocksX) * L.BlockX; break;
    case 16: V = L.BlockY; break;
    case 20: V = L.BlockZ; break;
    default: V = 0;
    }
  }
  if (!Ty->isIntegerTy())
    stop("a launch parameter read as a non-integer");
  return intS(V, Ty->getIntegerBitWidth());
}

Scalar Machine::convert(Scalar S, Type *Ty) {
  // A cell read back with another type of the same size (a bitcast
  // through memory).
  if (Ty->isFloatingPointTy() && S.K == Scalar::Int) {
    APInt Bits(Ty->getPrimitiveSizeInBits(), S.I);
    S.F = APFloat(Ty->getFltSemantics(), Bits).convertToDouble();
    S.K = Scalar::Flt;
  } else if (Ty->isIntegerTy() && S.K == Scalar::Flt) {
    S.I = floatBits(S.F, Ty->getIntegerBitWidth());
    S.K = Scalar::Int;
  }
  return S;
}

uint64_t Machine::floatBits(double F, unsigned Bits) {
  if (Bits == 64) {
    uint64_t B;
    std::memcpy(&B, &F, 8);
    return B;
  }
  if (Bits == 32) {
    float G = float(F);
    uint32_t B;
    std::memcpy(&B, &G, 4);
    return B;
  }
  APFloat A(F);
  bool Lost;
  A.convert(Bits == 16 ? APFloat::IEEEhalf() : APFloat::IEEEsingle(),
            APFloat::rmNearestTiesToEven, &Lost);
  return A.bitcastToAPInt().getZExtValue();
}

Scalar Machine::loadScalar(const Scalar &P, Type *Ty, uint64_t Extra) {
  if (!P.Obj)
    stop("a load through a null or unknown pointer");
  Object &O = Objs[P.Obj];
  uint64_t Off = P.I + Extra;
  unsigned Size = unsigned(DL.getTypeStoreSize(Ty));
  auto It = O.Cells.find(Off);
  if (It != O.Cells.end() && It->second.Size == Size) {
    Scalar S = convert(It->second.S, Ty);
    S.T = T.unite(S.T, P.T);
    return S;
  }
  // A partial overlap: bytes of other cells; the taint of what overlaps.
  uint32_t Overlap = 0;
  bool Any = false;
  for (auto C = O.Cells.lower_bound(Off >= 16 ? Off - 16 : 0);
       C != O.Cells.end() && C->first < Off + Size; ++C)
    if (C->first + C->second.Size > Off) {
      Overlap = T.unite(Overlap, C->second.S.T);
      Any = true;
    }
  Scalar S;
  switch (O.Sp) {
  case Object::Global:
    S = Any ? (Ty->isFloatingPointTy()
                   ? fltS(1.0, Overlap)
                   : intS(hashOf(Off, 7) % 64, Ty->getScalarSizeInBits(), Overlap))
            : freshInput(O, Off, Ty);
    break;
  case Object::ImplicitArg:
  case Object::Dispatch:
    S = launchValue(O, Off, Ty);
    break;
  case Object::Constant: {
    if (O.GV && O.GV->getName() == "__oclc_ABI_version") {
      S = intS(500, Ty->getIntegerBitWidth());
      break;
    }
    if (O.GV && O.GV->hasDefinitiveInitializer()) {
      Constant *C = ConstantFoldLoadFromConst(const_cast<Constant *>(O.GV->getInitializer()),
                                              Ty, APInt(64, Off), DL);
      if (C && !isa<ConstantExpr>(C)) {
        S = constScalar(C);
        break;
      }
    }
    // A constant with no visible value (__constant__ filled by the host):
    // an input of its own.
    Object Copy;
    Copy.Arg = 500 + unsigned(hashOf(0, reinterpret_cast<uintptr_t>(O.GV)) % 400);
    S = freshInput(Copy, Off, Ty);
    break;
  }
  case Object::LDS:
  case Object::Private:
    S = Ty->isFloatingPointTy() ? fltS(0)
        : Ty->isPointerTy()     ? Scalar()
                                : intS(0, Ty->getScalarSizeInBits());
    if (Ty->isPointerTy())
      S.K = Scalar::Ptr;
    S.T = T.unite(Any ? Overlap : 0, T.single(ElementTable::Uninit));
    break;
  case Object::Opaque:
    stop("a load from memory the model does not know");
  }
  S.T = T.unite(S.T, P.T);
  return S;
}

Val Machine::load(const Scalar &P, Type *Ty) {
  Val V;
  if (auto *VT = dyn_cast<FixedVectorType>(Ty)) {
    uint64_t ES = DL.getTypeStoreSize(VT->getElementType());
    for (unsigned I = 0; I < VT->getNumElements(); ++I)
      V.push_back(loadScalar(P, VT->getElementType(), I * ES));
    return V;
  }
  if (Ty->isAggregateType())
    stop("a load of an aggregate");
  V.push_back(loadScalar(P, Ty, 0));
  return V;
}

void Machine::storeScalar(const Scalar &P, const Scalar &S, Type *Ty, uint64_t Extra,
                          const Instruction &At, bool Record) {
  if (!P.Obj)
    stop("a store through a null or unknown pointer" + where(At));
  Object &O = Objs[P.Obj];
  if (O.Sp == Object::Constant || O.Sp == Object::ImplicitArg || O.Sp == Object::Dispatch)
    stop("a store to constant memory" + where(At));
  uint64_t Off = P.I + Extra;
  unsigned Size = unsigned(DL.getTypeStoreSize(Ty));
  // Cells this one overlaps go.
  for (auto C = O.Cells.lower_bound(Off >= 16 ? Off - 16 : 0);
       C != O.Cells.end() && C->first < Off + Size;)
    if (C->first + C->second.Size > Off && C->first != Off)
      C = O.Cells.erase(C);
    else
      ++C;
  Scalar V = S;
  V.T = T.unite(V.T, P.T); // where it goes depends on the address
  if (O.Sp != Object::Global && waveDependent(P.T))
    V.T = T.unite(V.T, SlotMark);
  O.Cells[Off] = {V, Size};
  if (O.Sp == Object::Global && Record)
    record(O, Off, V, At, /*Accumulate=*/false, waveDependent(P.T));
}

void Machine::record(const Object &O, uint64_t Off, const Scalar &V,
                     const Instruction &At, bool Accumulate, bool WaveAddress) {
  StoredValue &SV = Out.Global[{O.Arg, Off}];
  SV.WaveAddress |= WaveAddress;
  if (!Accumulate && SV.Store && Cur && SV.Thread != Cur->Tid)
    SV.Raced = true;
  BitVector B = T.get(V.T);
  if (Accumulate && SV.Store) {
    if (SV.Taint.size() < B.size())
      SV.Taint.resize(B.size());
    if (B.size() < SV.Taint.size())
      B.resize(SV.Taint.size());
    SV.Taint |= B;
  } else {
    SV.Taint = std::move(B);
  }
  SV.Store = &At;
  for (unsigned I : Ex.get(V.X).set_bits())
    if (llvm::find(SV.Exchanges, ExList[I]) == SV.Exchanges.end())
      SV.Exchanges.push_back(ExList[I]);
  SV.Thread = Cur ? Cur->Tid : 0;
  SV.IsFloat = V.K == Scalar::Flt;
  SV.Float = V.F;
  SV.Bits = V.K == Scalar::Flt ? 0 : V.I + (uint64_t(V.Obj) << 48);
}

void Machine::store(const Scalar &P, const Val &V, Type *Ty, const Instruction &At) {
  if (auto *VT = dyn_cast<FixedVectorType>(Ty)) {
    uint64_t ES = DL.getTypeStoreSize(VT->getElementType());
    for (unsigned I = 0; I < VT->getNumElements(); ++I)
      storeScalar(P, V[I], VT->getElementType(), I * ES, At);
    return;
  }
  if (Ty->isAggregateType())
    stop("a store of an aggregate" + where(At));
  storeScalar(P, V[0], Ty, 0, At);
}

void Machine::copyMemory(const Scalar &Dst, const Scalar &Src, uint64_t N,
                         const Instruction &At) {
  if (!Dst.Obj || !Src.Obj)
    stop("a memcpy through an unknown pointer" + where(At));
  if (N > (1u << 20))
    stop("a memcpy larger than 1 MiB" + where(At));
  std::vector<std::pair<uint64_t, Cell>> Copied;
  Object &S = Objs[Src.Obj];
  for (auto C = S.Cells.lower_bound(Src.I); C != S.Cells.end() && C->first < Src.I + N; ++C)
    Copied.push_back({C->first - Src.I, C->second});
  Object &D = Objs[Dst.Obj];
  for (auto C = D.Cells.lower_bound(Dst.I); C != D.Cells.end() && C->first < Dst.I + N;)
    C = D.Cells.erase(C);
  for (auto &[Off, C] : Copied) {
    D.Cells[Dst.I + Off] = C;
    if (D.Sp == Object::Global)
      record(D, Dst.I + Off, C.S, At, false);
  }
}

} // namespace wavecheck::model::detail
