//===--- WaveArith.cpp - the interpreter's arithmetic, casts, addresses ---===//
///
/// \file
/// Integer and float operations, comparisons, casts and GEP offsets on the
/// Scalars of a run (model/WaveMachine.h), each result carrying the taints
/// and cross-lane operations of its operands; and the shifts by the width or
/// more, reported as undefined where the run uses their result.
///
//===----------------------------------------------------------------------===//
#include "model/WaveMachine.h"

#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include <cmath>

namespace wavecheck::model::detail {

void Machine::undefinedShift(const Instruction &B, unsigned Bits, uint64_t By) {
  Out.Undefined.push_back({&B,
                           "shifts a " + std::to_string(Bits) + "-bit value by " +
                               std::to_string(By) + ", which is undefined",
                           Cur ? Cur->Tid : 0});
}

bool Machine::feedsOnlySelects(const Instruction &I, unsigned Depth) {
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

void Machine::reportChosenShifts(Frame &F, const Value *V, unsigned Depth) {
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

Scalar Machine::binop(const BinaryOperator &B, const Scalar &A, const Scalar &C,
                      unsigned Bits) {
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
  case Instruction::SDiv:
    R = c ? uint64_t(sext(a, Bits) / (sext(c, Bits) ? sext(c, Bits) : 1)) : 0;
    break;
  case Instruction::SRem:
    R = c ? uint64_t(sext(a, Bits) % (sext(c, Bits) ? sext(c, Bits) : 1)) : 0;
    break;
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

bool Machine::icmp(CmpInst::Predicate P, const Scalar &A, const Scalar &C, unsigned Bits) {
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

bool Machine::fcmp(CmpInst::Predicate P, double a, double c) {
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

Scalar Machine::castOp(const CastInst &C, const Scalar &S) {
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

uint64_t Machine::gepOffset(Frame &F, const GEPOperator &G, unsigned Elem,
                            uint32_t &Taint) {
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

} // namespace wavecheck::model::detail
