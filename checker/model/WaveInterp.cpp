//===--- WaveInterp.cpp - one workgroup of a kernel, lane by lane ----------===//
#include "model/WaveInterp.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include <deque>
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"
#include <cmath>
#include <cstring>

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

namespace {

/// Thrown (and caught in runWorkgroup) when the run cannot go on.
struct NotModelled {
  std::string Why;
};

[[noreturn]] void stop(const Twine &Why) { throw NotModelled{Why.str()}; }

std::string where(const Instruction &I) {
  std::string S;
  if (const DebugLoc &L = I.getDebugLoc())
    S = " at line " + std::to_string(L.getLine());
  return S;
}

struct Scalar {
  enum Kind : uint8_t { Undef, Int, Flt, Ptr } K = Undef;
  uint64_t I = 0;  ///< integer bits (masked to the type's width) or pointer offset
  double F = 0;    ///< a float's value
  uint32_t Obj = 0; ///< a pointer's memory object (0: none)
  uint32_t T = 0;  ///< taint set id (0: none)
  uint32_t X = 0; ///< set (Machine::Ex) of the cross-lane ops on the value's way
};
using Val = SmallVector<Scalar, 1>;

/// Interned taint sets with memoised unions.
class Taints {
public:
  explicit Taints(unsigned Bits) : Bits(Bits) { Sets.emplace_back(Bits); }
  uint32_t single(unsigned Elem) {
    auto [It, New] = Singles.try_emplace(Elem, 0);
    if (New) {
      It->second = uint32_t(Sets.size());
      Sets.emplace_back(Bits);
      grow(Sets.back(), Elem);
      Sets.back().set(Elem);
    }
    return It->second;
  }
  uint32_t unite(uint32_t A, uint32_t B) {
    if (A == B || !B)
      return A;
    if (!A)
      return B;
    if (A > B)
      std::swap(A, B);
    auto [It, New] = Unions.try_emplace({A, B}, 0);
    if (New) {
      // The larger set copied once, the other ORed in (|= grows it as needed).
      const BitVector &SA = Sets[A], &SB = Sets[B];
      BitVector U = SA.size() >= SB.size() ? SA : SB;
      U |= SA.size() >= SB.size() ? SB : SA;
      It->second = uint32_t(Sets.size());
      Sets.push_back(std::move(U));
      if (Sets.size() > MaxTaintSets)
        stop("more than " + Twine(MaxTaintSets) + " distinct sets of inputs");
    }
    return It->second;
  }
  const BitVector &get(uint32_t Id) const { return Sets[Id]; }

private:
  static void grow(BitVector &V, unsigned N) {
    if (V.size() <= N)
      V.resize(N + 1);
  }
  unsigned Bits;
  /// A deque: growing it moves no set (BitVector's move is not noexcept, so
  /// a vector would copy every set each time it grows).
  std::deque<BitVector> Sets;
  DenseMap<unsigned, uint32_t> Singles;
  DenseMap<std::pair<uint32_t, uint32_t>, uint32_t> Unions;
};

struct Cell {
  Scalar S;
  unsigned Size = 0;
};

struct Object {
  enum Space { Global, LDS, Private, Constant, ImplicitArg, Dispatch, Opaque } Sp = Opaque;
  unsigned Arg = 0;                        ///< Global: argument (or derived) id
  const GlobalVariable *GV = nullptr;      ///< LDS / Constant
  std::map<uint64_t, Cell> Cells;
};

struct Frame {
  const Function *F = nullptr;
  const BasicBlock *BB = nullptr;
  BasicBlock::const_iterator It;
  DenseMap<const Value *, Val> Regs;
  const CallBase *Call = nullptr; ///< in the caller
};

struct Lane {
  unsigned Tid = 0, X = 0, Y = 0, Z = 0;
  unsigned Wave = 0, InWave = 0;
  std::vector<Frame> Stack;
  enum State { Running, AtCollective, AtBarrier, Done } St = Running;
  const CallBase *Waiting = nullptr;
};

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

uint64_t mask(unsigned Bits) { return Bits >= 64 ? ~0ull : (1ull << Bits) - 1; }
int64_t sext(uint64_t V, unsigned Bits) {
  return Bits >= 64 ? int64_t(V) : SignExtend64(V & mask(Bits), Bits);
}

class Machine {
public:
  Machine(const Function &K, const Launch &L, ElementTable &E)
      : K(K), L(L), E(E), DL(K.getParent()->getDataLayout()), T(256) {}

  RunOutcome run();

private:
  const Function &K;
  const Launch &L;
  ElementTable &E;
  const DataLayout &DL;
  Taints T;
  std::vector<Object> Objs{Object()}; // object 0: no object
  std::vector<Lane> Lanes;
  DenseMap<const GlobalVariable *, uint32_t> GlobalObjs;
  std::map<std::pair<uint32_t, uint64_t>, uint32_t> DerivedObjs; // pointer loaded from memory
  unsigned NextDerivedArg = 1000;
  RunOutcome Out;
  const Lane *Cur = nullptr;
  uint32_t ImplicitObj = 0, DispatchObj = 0;
  uint32_t WaveMark = T.single(ElementTable::WaveDependent);
  /// Sets of cross-lane operations, as Taints over their index in ExList.
  Taints Ex{64};
  std::vector<const Instruction *> ExList;
  DenseMap<const Instruction *, unsigned> ExIds;
  uint32_t exchange(const Instruction &I) {
    auto [It, New] = ExIds.try_emplace(&I, unsigned(ExList.size()));
    if (New)
      ExList.push_back(&I);
    return Ex.single(It->second);
  }
  uint32_t SlotMark = T.single(ElementTable::WaveSlot);

  uint32_t newObject(Object::Space S, unsigned Arg = 0, const GlobalVariable *GV = nullptr) {
    Object O;
    O.Sp = S;
    O.Arg = Arg;
    O.GV = GV;
    Objs.push_back(std::move(O));
    return uint32_t(Objs.size() - 1);
  }

  uint32_t globalObject(const GlobalVariable *GV) {
    auto [It, New] = GlobalObjs.try_emplace(GV, 0);
    if (New) {
      unsigned AS = GV->getType()->getAddressSpace();
      It->second = newObject(AS == 3 ? Object::LDS : Object::Constant, 0, GV);
    }
    return It->second;
  }

  // --- values ------------------------------------------------------------
  Scalar intS(uint64_t V, unsigned Bits, uint32_t Taint = 0, uint32_t X = 0) {
    Scalar S;
    S.K = Scalar::Int;
    S.I = V & mask(Bits);
    S.T = Taint;
    S.X = X;
    return S;
  }
  Scalar fltS(double V, uint32_t Taint = 0, uint32_t X = 0) {
    Scalar S;
    S.K = Scalar::Flt;
    S.F = V;
    S.T = Taint;
    S.X = X;
    return S;
  }

  Scalar constScalar(const Constant *C) {
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

  Val constVal(const Constant *C) {
    Val V;
    if (auto *VT = dyn_cast<FixedVectorType>(C->getType())) {
      for (unsigned I = 0; I < VT->getNumElements(); ++I)
        V.push_back(constScalar(C->getAggregateElement(I)));
      return V;
    }
    V.push_back(constScalar(C));
    return V;
  }

  Val &reg(Frame &F, const Value *V) { return F.Regs[V]; }

  Val eval(Frame &F, const Value *V) {
    if (const auto *C = dyn_cast<Constant>(V))
      return constVal(C);
    auto It = F.Regs.find(V);
    if (It == F.Regs.end())
      stop("a value used before it is defined");
    return It->second;
  }

  // --- memory --------------------------------------------------------------
  uint64_t hashOf(uint64_t A, uint64_t B) { return hash_combine(A, B); }

  Scalar freshInput(const Object &O, uint64_t Off, Type *Ty) {
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

  Scalar derivedPointer(const Object &O, uint64_t Off, uint32_t Taint) {
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

  Scalar launchValue(const Object &O, uint64_t Off, Type *Ty) {
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

  static Scalar convert(Scalar S, Type *Ty) {
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

  static uint64_t floatBits(double F, unsigned Bits) {
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

  Scalar loadScalar(const Scalar &P, Type *Ty, uint64_t Extra) {
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
      S = Any ? (Ty->isFloatingPointTy() ? fltS(1.0, Overlap) : intS(hashOf(Off, 7) % 64, Ty->getScalarSizeInBits(), Overlap))
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
      S = Ty->isFloatingPointTy() ? fltS(0) : Ty->isPointerTy() ? Scalar() : intS(0, Ty->getScalarSizeInBits());
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

  Val load(const Scalar &P, Type *Ty) {
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

  void storeScalar(const Scalar &P, const Scalar &S, Type *Ty, uint64_t Extra,
                   const Instruction &At, bool Record = true) {
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

  void undefinedShift(const Instruction &B, unsigned Bits, uint64_t By) {
    Out.Undefined.push_back({&B,
                             "shifts a " + std::to_string(Bits) + "-bit value by " +
                                 std::to_string(By) + ", which is undefined",
                             Cur ? Cur->Tid : 0});
  }

  /// Depth of the arithmetic between a shift and the select that passes its
  /// result on (`(1ull << n) - 1` is one step): 4.
  static constexpr unsigned MaxSelectDepth = 4;

  /// Every use of \p I reaches a select as the value chosen (not the
  /// condition), through at most MaxSelectDepth arithmetic steps or casts.
  static bool feedsOnlySelects(const Instruction &I, unsigned Depth = 0) {
    if (I.use_empty())
      return false;
    for (const User *U : I.users()) {
      if (const auto *S = dyn_cast<SelectInst>(U)) {
        if (S->getCondition() == &I)
          return false;
        continue;
      }
      if (Depth < MaxSelectDepth && (isa<BinaryOperator>(U) || isa<CastInst>(U)) &&
          feedsOnlySelects(*cast<Instruction>(U), Depth + 1))
        continue;
      return false;
    }
    return true;
  }

  /// The select chose \p V: the out-of-range shifts it was computed from
  /// (deferred by feedsOnlySelects) are undefined now.
  void reportChosenShifts(Frame &F, const Value *V, unsigned Depth = 0) {
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || Depth > MaxSelectDepth)
      return;
    if (const auto *B = dyn_cast<BinaryOperator>(I)) {
      if (B->isShift() && B->getType()->isIntegerTy()) {
        unsigned Bits = B->getType()->getIntegerBitWidth();
        Val Amount = eval(F, B->getOperand(1));
        if (Amount.size() == 1 && Amount[0].I >= Bits)
          undefinedShift(*B, Bits, Amount[0].I);
      }
      reportChosenShifts(F, B->getOperand(0), Depth + 1);
      reportChosenShifts(F, B->getOperand(1), Depth + 1);
    } else if (const auto *C = dyn_cast<CastInst>(I)) {
      reportChosenShifts(F, C->getOperand(0), Depth + 1);
    }
  }

  bool waveDependent(uint32_t Taint) {
    const BitVector &B = T.get(Taint);
    return B.size() > ElementTable::WaveDependent && B[ElementTable::WaveDependent];
  }

  void record(const Object &O, uint64_t Off, const Scalar &V, const Instruction &At,
              bool Accumulate, bool WaveAddress = false) {
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

  void store(const Scalar &P, const Val &V, Type *Ty, const Instruction &At) {
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

  void copyMemory(const Scalar &Dst, const Scalar &Src, uint64_t N, const Instruction &At) {
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

  // --- arithmetic ----------------------------------------------------------
  Scalar binop(const BinaryOperator &B, const Scalar &A, const Scalar &C, unsigned Bits) {
    uint32_t Taint = T.unite(A.T, C.T);
    uint32_t X = Ex.unite(A.X, C.X);
    if (B.getType()->isFPOrFPVectorTy()) {
      double R = 0;
      switch (B.getOpcode()) {
      case Instruction::FAdd: R = A.F + C.F; break;
      case Instruction::FSub: R = A.F - C.F; break;
      case Instruction::FMul: R = A.F * C.F; break;
      case Instruction::FDiv: R = A.F / C.F; break;
      case Instruction::FRem: R = std::fmod(A.F, C.F); break;
      default: stop("a float operation the model does not know" + where(B));
      }
      return fltS(R, Taint, X);
    }
    uint64_t a = A.I & mask(Bits), c = C.I & mask(Bits), R = 0;
    switch (B.getOpcode()) {
    case Instruction::Add: R = a + c; break;
    case Instruction::Sub: R = a - c; break;
    case Instruction::Mul: R = a * c; break;
    case Instruction::And: R = a & c; break;
    case Instruction::Or: R = a | c; break;
    case Instruction::Xor: R = a ^ c; break;
    case Instruction::UDiv: R = c ? a / c : 0; break;
    case Instruction::URem: R = c ? a % c : 0; break;
    case Instruction::SDiv: R = c ? uint64_t(sext(a, Bits) / (sext(c, Bits) ? sext(c, Bits) : 1)) : 0; break;
    case Instruction::SRem: R = c ? uint64_t(sext(a, Bits) % (sext(c, Bits) ? sext(c, Bits) : 1)) : 0; break;
    case Instruction::Shl:
    case Instruction::LShr:
    case Instruction::AShr:
      if (c >= Bits) {
        // A result only a select passes on is judged there (a guarded
        // `warpSize == 64 ? ~0ull : (1ull << warpSize) - 1`, whose shift the
        // optimiser hoists out of the branch).
        if (!feedsOnlySelects(B))
          undefinedShift(B, Bits, c);
        R = 0;
        break;
      }
      R = B.getOpcode() == Instruction::Shl    ? a << c
          : B.getOpcode() == Instruction::LShr ? a >> c
                                               : uint64_t(sext(a, Bits) >> c);
      break;
    default:
      stop("an integer operation the model does not know" + where(B));
    }
    return intS(R, Bits, Taint, X);
  }

  bool icmp(CmpInst::Predicate P, const Scalar &A, const Scalar &C, unsigned Bits) {
    uint64_t a = A.I, c = C.I;
    if (A.K == Scalar::Ptr || C.K == Scalar::Ptr) {
      a = (uint64_t(A.Obj) << 40) | A.I;
      c = (uint64_t(C.Obj) << 40) | C.I;
      Bits = 64;
    }
    a &= mask(Bits);
    c &= mask(Bits);
    int64_t sa = sext(a, Bits), sc = sext(c, Bits);
    switch (P) {
    case CmpInst::ICMP_EQ: return a == c;
    case CmpInst::ICMP_NE: return a != c;
    case CmpInst::ICMP_UGT: return a > c;
    case CmpInst::ICMP_UGE: return a >= c;
    case CmpInst::ICMP_ULT: return a < c;
    case CmpInst::ICMP_ULE: return a <= c;
    case CmpInst::ICMP_SGT: return sa > sc;
    case CmpInst::ICMP_SGE: return sa >= sc;
    case CmpInst::ICMP_SLT: return sa < sc;
    case CmpInst::ICMP_SLE: return sa <= sc;
    default: return false;
    }
  }

  static bool fcmp(CmpInst::Predicate P, double a, double c) {
    bool U = std::isnan(a) || std::isnan(c);
    switch (P) {
    case CmpInst::FCMP_FALSE: return false;
    case CmpInst::FCMP_TRUE: return true;
    case CmpInst::FCMP_OEQ: return !U && a == c;
    case CmpInst::FCMP_OGT: return !U && a > c;
    case CmpInst::FCMP_OGE: return !U && a >= c;
    case CmpInst::FCMP_OLT: return !U && a < c;
    case CmpInst::FCMP_OLE: return !U && a <= c;
    case CmpInst::FCMP_ONE: return !U && a != c;
    case CmpInst::FCMP_ORD: return !U;
    case CmpInst::FCMP_UNO: return U;
    case CmpInst::FCMP_UEQ: return U || a == c;
    case CmpInst::FCMP_UGT: return U || a > c;
    case CmpInst::FCMP_UGE: return U || a >= c;
    case CmpInst::FCMP_ULT: return U || a < c;
    case CmpInst::FCMP_ULE: return U || a <= c;
    case CmpInst::FCMP_UNE: return U || a != c;
    default: return false;
    }
  }

  Scalar castOp(const CastInst &C, const Scalar &S) {
    Type *To = C.getDestTy()->getScalarType();
    Type *From = C.getSrcTy()->getScalarType();
    unsigned FB = From->getScalarSizeInBits(), TB = To->getScalarSizeInBits();
    Scalar R = S;
    switch (C.getOpcode()) {
    case Instruction::Trunc: R.I = S.I & mask(TB); break;
    case Instruction::ZExt: R.I = S.I & mask(FB); break;
    case Instruction::SExt: R.I = uint64_t(sext(S.I, FB)) & mask(TB); break;
    case Instruction::FPTrunc:
    case Instruction::FPExt:
      R.F = TB == 32 ? double(float(S.F)) : S.F;
      break;
    case Instruction::FPToSI: R = intS(uint64_t(int64_t(S.F)), TB, S.T, S.X); break;
    case Instruction::FPToUI: R = intS(S.F <= 0 ? 0 : uint64_t(S.F), TB, S.T, S.X); break;
    case Instruction::SIToFP: R = fltS(double(sext(S.I, FB)), S.T, S.X); break;
    case Instruction::UIToFP: R = fltS(double(S.I & mask(FB)), S.T, S.X); break;
    case Instruction::BitCast:
      if (To->isFloatingPointTy() && S.K == Scalar::Int)
        R = convert(S, To);
      else if (To->isIntegerTy() && S.K == Scalar::Flt)
        R = intS(floatBits(S.F, TB), TB, S.T, S.X);
      break;
    case Instruction::AddrSpaceCast: break;
    case Instruction::PtrToInt:
      R = intS((uint64_t(S.Obj) << 40) | (S.I & mask(40)), TB, S.T, S.X);
      break;
    case Instruction::IntToPtr:
      R.K = Scalar::Ptr;
      R.Obj = uint32_t(S.I >> 40);
      R.I = S.I & mask(40);
      if (R.Obj >= Objs.size())
        R.Obj = 0;
      break;
    default:
      stop("a cast the model does not know" + where(C));
    }
    return R;
  }

  uint64_t gepOffset(Frame &F, const GEPOperator &G, unsigned Elem, uint32_t &Taint) {
    int64_t Off = 0;
    auto Idx = G.idx_begin();
    for (gep_type_iterator GTI = gep_type_begin(G); GTI != gep_type_end(G); ++GTI, ++Idx) {
      Val IV = eval(F, *Idx);
      const Scalar &S = IV.size() > 1 ? IV[Elem] : IV[0];
      Taint = T.unite(Taint, S.T);
      int64_t N = sext(S.I, (*Idx)->getType()->getScalarSizeInBits());
      if (StructType *ST = GTI.getStructTypeOrNull())
        Off += DL.getStructLayout(ST)->getElementOffset(unsigned(N));
      else
        Off += N * int64_t(GTI.getSequentialElementStride(DL));
    }
    return uint64_t(Off);
  }

  // --- intrinsics and calls ----------------------------------------------
  /// True when the call was handled here (the lane keeps running).
  bool intrinsic(Lane &Ln, Frame &F, const CallBase &CB, const Function &Callee);
  void collective(std::vector<Lane *> &G, const CallBase &CB);
  void stepLane(Lane &Ln);
  void enterBlock(Frame &F, const BasicBlock *To, const BasicBlock *From);
  void call(Lane &Ln, Frame &F, const CallBase &CB, const Function &Callee);
  void opaqueCall(Frame &F, const CallBase &CB);
  void returnFrom(Lane &Ln, std::optional<Val> V);
};

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
    case Intrinsic::rint: case Intrinsic::nearbyint: case Intrinsic::roundeven: R = std::nearbyint(a); break;
    case Intrinsic::round: R = std::round(a); break;
    case Intrinsic::minnum: case Intrinsic::minimum: case Intrinsic::minimumnum: R = std::fmin(a, b); break;
    case Intrinsic::maxnum: case Intrinsic::maximum: case Intrinsic::maximumnum: R = std::fmax(a, b); break;
    case Intrinsic::copysign: R = std::copysign(a, b); break;
    case Intrinsic::amdgcn_rcp: R = 1.0 / a; break;
    case Intrinsic::amdgcn_rsq: R = 1.0 / std::sqrt(a); break;
    case Intrinsic::amdgcn_exp2: R = std::exp2(a); break;
    case Intrinsic::amdgcn_log: R = std::log2(a); break;
    default:
      R = 0.25 + double(hash_combine(int64_t(a * 1e6), int64_t(b * 1e6), int64_t(c * 1e6)) % 1000) / 1000.0;
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

} // namespace

RunOutcome runWorkgroup(const Function &Kernel, const Launch &L, ElementTable &Elements) {
  return Machine(Kernel, L, Elements).run();
}

namespace {

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

} // namespace

} // namespace wavecheck::model
