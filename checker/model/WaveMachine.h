//===--- WaveMachine.h - the interpreter's state and its Machine ----------===//
///
/// \file
/// Internal to the wave model's interpreter (model/WaveInterp.h), not
/// installed: the values, memory objects, lanes and frames of one run, and
/// the Machine that runs a workgroup. Its methods live by concept in
///  - WaveInterp.cpp: the run of the workgroup (lanes stepped in turn, met at
///    cross-lane operations and barriers);
///  - WaveMemory.cpp: constants, the memory objects, loads and stores, and
///    what a store to global memory records;
///  - WaveArith.cpp: arithmetic, comparisons, casts, addresses and the
///    shifts by the width or more;
///  - WaveIntrinsics.cpp: intrinsics and the cross-lane operations;
///  - WaveLane.cpp: one lane's instructions, branches and calls.
///
/// Everything here is in wavecheck::model::detail, which sees LLVM's names.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_MODEL_WAVEMACHINE_H
#define WAVECHECK_MODEL_WAVEMACHINE_H

#include "model/WaveInterp.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace wavecheck::model::detail {

using namespace llvm;

/// Thrown (and caught in runWorkgroup) when the run cannot go on.
struct NotModelled {
  std::string Why;
};

[[noreturn]] inline void stop(const Twine &Why) { throw NotModelled{Why.str()}; }

inline std::string where(const Instruction &I) {
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

inline uint64_t mask(unsigned Bits) { return Bits >= 64 ? ~0ull : (1ull << Bits) - 1; }
inline int64_t sext(uint64_t V, unsigned Bits) {
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

  // --- values (WaveMemory.cpp) --------------------------------------------
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
  Scalar constScalar(const Constant *C);
  Val constVal(const Constant *C);

  Val &reg(Frame &F, const Value *V) { return F.Regs[V]; }

  Val eval(Frame &F, const Value *V) {
    if (const auto *C = dyn_cast<Constant>(V))
      return constVal(C);
    auto It = F.Regs.find(V);
    if (It == F.Regs.end())
      stop("a value used before it is defined");
    return It->second;
  }

  // --- memory (WaveMemory.cpp) --------------------------------------------
  uint64_t hashOf(uint64_t A, uint64_t B) { return hash_combine(A, B); }

  Scalar freshInput(const Object &O, uint64_t Off, Type *Ty);
  Scalar derivedPointer(const Object &O, uint64_t Off, uint32_t Taint);
  Scalar launchValue(const Object &O, uint64_t Off, Type *Ty);
  static Scalar convert(Scalar S, Type *Ty);
  static uint64_t floatBits(double F, unsigned Bits);
  Scalar loadScalar(const Scalar &P, Type *Ty, uint64_t Extra);
  Val load(const Scalar &P, Type *Ty);
  void storeScalar(const Scalar &P, const Scalar &S, Type *Ty, uint64_t Extra,
                   const Instruction &At, bool Record = true);

  bool waveDependent(uint32_t Taint) {
    const BitVector &B = T.get(Taint);
    return B.size() > ElementTable::WaveDependent && B[ElementTable::WaveDependent];
  }

  void record(const Object &O, uint64_t Off, const Scalar &V, const Instruction &At,
              bool Accumulate, bool WaveAddress = false);
  void store(const Scalar &P, const Val &V, Type *Ty, const Instruction &At);
  void copyMemory(const Scalar &Dst, const Scalar &Src, uint64_t N, const Instruction &At);

  // --- arithmetic (WaveArith.cpp) ------------------------------------------
  void undefinedShift(const Instruction &B, unsigned Bits, uint64_t By);

  /// Depth of the arithmetic between a shift and the select that passes its
  /// result on (`(1ull << n) - 1` is one step): 4.
  static constexpr unsigned MaxSelectDepth = 4;

  /// Every use of \p I reaches a select as the value chosen (not the
  /// condition), through at most MaxSelectDepth arithmetic steps or casts.
  static bool feedsOnlySelects(const Instruction &I, unsigned Depth = 0);
  /// The select chose \p V: the out-of-range shifts it was computed from
  /// (deferred by feedsOnlySelects) are undefined now.
  void reportChosenShifts(Frame &F, const Value *V, unsigned Depth = 0);

  Scalar binop(const BinaryOperator &B, const Scalar &A, const Scalar &C, unsigned Bits);
  bool icmp(CmpInst::Predicate P, const Scalar &A, const Scalar &C, unsigned Bits);
  static bool fcmp(CmpInst::Predicate P, double a, double c);
  Scalar castOp(const CastInst &C, const Scalar &S);
  uint64_t gepOffset(Frame &F, const GEPOperator &G, unsigned Elem, uint32_t &Taint);

  // --- intrinsics and calls (WaveIntrinsics.cpp; the lane: WaveLane.cpp) ---
  /// True when the call was handled here (the lane keeps running).
  bool intrinsic(Lane &Ln, Frame &F, const CallBase &CB, const Function &Callee);
  void collective(std::vector<Lane *> &G, const CallBase &CB);
  void stepLane(Lane &Ln);
  void enterBlock(Frame &F, const BasicBlock *To, const BasicBlock *From);
  void call(Lane &Ln, Frame &F, const CallBase &CB, const Function &Callee);
  void opaqueCall(Frame &F, const CallBase &CB);
  void returnFrom(Lane &Ln, std::optional<Val> V);
};

} // namespace wavecheck::model::detail

#endif
