//===--- host_reference.cpp - Backend::Host: OpenBLAS GEMM, fp64 reductions -===//
///
/// \file
/// The fast host reference (docs/wavesan-check.md, "Host reference"):
///
/// - GEMM: A and B decoded to fp32 (exact: every f16, bf16 and FP8 value is a
///   binary32 value), then one cblas_sgemm (OpenBLAS) with the layouts and
///   transposes mapped onto its arguments, alpha = Alpha * ScaleA * ScaleB, and
///   the result rounded to C's dtype. Products of two decoded inputs are exact
///   in fp32 when their significands fit in 24 bits and the product stays in
///   binary32's normal range: FP8 (<= 4-bit significands, |a*b| >= 2^-34), f16
///   (11 bits, 22-bit products, |a*b| >= 2^-48) always; bf16 (8 bits, 16-bit
///   products) unless |a*b| < 2^-126 or overflows. Only the K-term sums round.
/// - Reductions: sums in fp64 (int64 for i32, exact), with Neumaier's
///   compensated summation for f64 inputs; min/max exact (they never round),
///   ignoring NaN as fmin/fmax and gfx942's v_min_f32/v_max_f32 do.
///
//===----------------------------------------------------------------------===//
#include "host_internal.h"
#include "bulk.h"

#include "wavesan/numeric.h"

#include <fmt/format.h>

#include <cblas.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>

namespace wavesan {
namespace host_detail {
namespace {

std::string err(const char *Caller, const std::string &What) {
  return std::string("wavesan: ") + Caller + ": " + What;
}

/// The 256 fp32 values of an FP8 format's bytes.
const std::array<float, 256> &fp8Table(Fp8Format F) {
  static const auto Tables = [] {
    std::array<std::array<float, 256>, 4> T{};
    for (unsigned Fmt = 0; Fmt < 4; ++Fmt)
      for (unsigned B = 0; B < 256; ++B)
        T[Fmt][B] = decodeFp8(static_cast<uint8_t>(B), static_cast<Fp8Format>(Fmt));
    return T;
  }();
  return Tables[static_cast<unsigned>(F)];
}

/// Calls F(index, value) for elements [Begin, End) of a buffer of type T, the
/// value as double (exact).
template <typename Fn>
void forEach(DType T, const void *Data, size_t Begin, size_t End, Fn &&F) {
  const unsigned char *P = static_cast<const unsigned char *>(Data);
  switch (T) {
  case DType::I32:
    for (size_t I = Begin; I < End; ++I) {
      int32_t V;
      std::memcpy(&V, P + 4 * I, 4);
      F(I, static_cast<double>(V));
    }
    return;
  case DType::F32:
    for (size_t I = Begin; I < End; ++I) {
      float V;
      std::memcpy(&V, P + 4 * I, 4);
      F(I, static_cast<double>(V));
    }
    return;
  case DType::F64:
    for (size_t I = Begin; I < End; ++I) {
      double V;
      std::memcpy(&V, P + 8 * I, 8);
      F(I, V);
    }
    return;
  case DType::F16:
  case DType::BF16:
    for (size_t I = Begin; I < End; ++I) {
      uint16_t V;
      std::memcpy(&V, P + 2 * I, 2);
      F(I, static_cast<double>(T == DType::F16 ? decodeFp16(V) : decodeBf16(V)));
    }
    return;
  default: {
    const std::array<float, 256> &Tab = fp8Table(dtypeFp8Format(T));
    for (size_t I = Begin; I < End; ++I)
      F(I, static_cast<double>(Tab[P[I]]));
  }
  }
}

/// One group's reduction over the lanes [LaneBegin, LaneEnd) of each wavefront.
struct GroupAcc {
  ReduceOp Op;
  double Sum = 0, Comp = 0, Abs = 0, Best;
  int64_t ISum = 0;
  bool Int = false, Any = false;
  explicit GroupAcc(ReduceOp O, bool IsInt) : Op(O), Int(IsInt) {
    Best = O == ReduceOp::Min ? std::numeric_limits<double>::infinity()
                              : -std::numeric_limits<double>::infinity();
  }
  void add(double V) {
    Abs += std::fabs(V);
    switch (Op) {
    case ReduceOp::Sum:
      if (Int) {
        ISum += static_cast<int64_t>(V);
      } else { // Neumaier (Higham, Accuracy and Stability, 2nd ed., section 4.3)
        double T = Sum + V;
        Comp += std::fabs(Sum) >= std::fabs(V) ? (Sum - T) + V : (V - T) + Sum;
        Sum = T;
      }
      return;
    case ReduceOp::Min:
      Best = std::fmin(Best, V);
      return;
    case ReduceOp::Max:
      Best = std::fmax(Best, V);
      return;
    }
  }
  double result() const {
    if (Op != ReduceOp::Sum)
      return Best;
    if (Int)
      return static_cast<double>(ISum);
    // Comp is meaningless once the sum is inf or NaN (inf - inf).
    return std::isfinite(Sum) ? Sum + Comp : Sum;
  }
};

} // namespace

Stored storedA(const GemmSpec &S) { return S.TransA ? Stored{S.K, S.M} : Stored{S.M, S.K}; }
Stored storedB(const GemmSpec &S) { return S.TransB ? Stored{S.N, S.K} : Stored{S.K, S.N}; }

std::vector<float> decodeToF32(DType T, const void *Data, size_t Count, const char *What) {
  std::vector<float> Out(Count);
  decodeInto(T, Data, Count, Out.data(), What);
  return Out;
}

void decodeInto(DType T, const void *Data, size_t Count, float *Out, const char *What) {
  if (Count == 0)
    return;
  const unsigned char *P = static_cast<const unsigned char *>(Data);
  switch (T) {
  case DType::F32:
    std::memcpy(Out, Data, Count * 4);
    break;
  case DType::BF16:
    for (size_t I = 0; I < Count; ++I) {
      uint16_t V;
      std::memcpy(&V, P + 2 * I, 2);
      Out[I] = decodeBf16(V);
    }
    break;
  case DType::F16:
    for (size_t I = 0; I < Count; ++I) {
      uint16_t V;
      std::memcpy(&V, P + 2 * I, 2);
      Out[I] = decodeFp16(V);
    }
    break;
  case DType::E4M3Ocp:
  case DType::E4M3Fnuz:
  case DType::E5M2Ocp:
  case DType::E5M2Fnuz: {
    const std::array<float, 256> &Tab = fp8Table(dtypeFp8Format(T));
    for (size_t I = 0; I < Count; ++I)
      Out[I] = Tab[P[I]];
    break;
  }
  default:
    throw std::invalid_argument(std::string("wavesan: GEMM operand ") + What + " has dtype " +
                                dtypeName(T) +
                                "; expected f32, f16, bf16, e4m3-ocp, e4m3-fnuz, e5m2-ocp or "
                                "e5m2-fnuz");
  }
}

std::vector<float> absolute(const std::vector<float> &V) {
  std::vector<float> Out(V.size());
  for (size_t I = 0; I < V.size(); ++I)
    Out[I] = std::fabs(V[I]);
  return Out;
}

float effectiveAlpha(const GemmSpec &S) {
  return static_cast<float>(static_cast<double>(S.Alpha) * S.ScaleA * S.ScaleB);
}

void sgemmDecoded(const GemmSpec &S, const float *A, const float *B, float *C, float Alpha,
                  float Beta, size_t K) {
  if (S.M == 0 || S.N == 0)
    return;
  const CBLAS_ORDER Order = S.C == Layout::RowMajor ? CblasRowMajor : CblasColMajor;
  auto Map = [&](Layout L, bool Trans, Stored St, CBLAS_TRANSPOSE &T, blasint &Ld) {
    // A stored matrix in the other layout than C's is its own transpose in C's order.
    T = (Trans != (L != S.C)) ? CblasTrans : CblasNoTrans;
    size_t LdV = L == Layout::RowMajor ? St.Cols : St.Rows;
    Ld = static_cast<blasint>(LdV ? LdV : 1);
  };
  CBLAS_TRANSPOSE TA, TB;
  blasint Lda, Ldb;
  Map(S.A, S.TransA, storedA(S), TA, Lda);
  Map(S.B, S.TransB, storedB(S), TB, Ldb);
  const blasint Ldc = static_cast<blasint>(S.C == Layout::RowMajor ? S.N : S.M);
  if (Beta == 0) // BLAS convention: C is not read (OpenBLAS would keep a NaN of C * 0)
    std::memset(C, 0, S.M * S.N * sizeof(float));
  if (K == 0) {
    if (Beta != 0)
      for (size_t I = 0; I < S.M * S.N; ++I)
        C[I] *= Beta;
    return;
  }
  cblas_sgemm(Order, TA, TB, static_cast<blasint>(S.M), static_cast<blasint>(S.N),
              static_cast<blasint>(K), Alpha, A, Lda, B, Ldb, Beta, C, Ldc);
}

float roundTo(DType T, float V) {
  switch (T) {
  case DType::BF16: return decodeBf16(encodeBf16(V));
  case DType::F16: return decodeFp16(encodeFp16(V));
  default: return V;
  }
}

void encodeFromF32(DType T, const float *Src, size_t Count, void *Dst) {
  unsigned char *P = static_cast<unsigned char *>(Dst);
  if (T == DType::F32) {
    std::memcpy(Dst, Src, Count * 4);
    return;
  }
  for (size_t I = 0; I < Count; ++I) {
    uint16_t V = T == DType::BF16 ? encodeBf16(Src[I]) : encodeFp16(Src[I]);
    std::memcpy(P + 2 * I, &V, 2);
  }
}

void validateHostGemm(const GemmSpec &S, const void *A, const void *B, const void *C,
                      const char *Caller) {
  auto Input = [&](DType T, const char *Field) {
    if (!dtypeValid(T) || T == DType::I32 || T == DType::F64)
      throw std::invalid_argument(err(Caller, std::string("GemmSpec::") + Field + " is " +
                                                  dtypeName(T) +
                                                  "; expected f32, f16, bf16 or an FP8 "
                                                  "format (e4m3-ocp, e4m3-fnuz, e5m2-ocp, "
                                                  "e5m2-fnuz)"));
  };
  Input(S.AType, "AType");
  Input(S.BType, "BType");
  auto Finite = [&](float V, const char *Field) {
    if (!std::isfinite(V))
      throw std::invalid_argument(err(Caller, fmt::format("GemmSpec::{} is {}; expected a "
                                                          "finite number",
                                                          Field, V)));
  };
  Finite(S.Alpha, "Alpha");
  Finite(S.Beta, "Beta");
  Finite(S.ScaleA, "ScaleA");
  Finite(S.ScaleB, "ScaleB");
  if (S.CType != DType::F32 && S.CType != DType::BF16 && S.CType != DType::F16)
    throw std::invalid_argument(err(Caller, std::string("GemmSpec::CType is ") +
                                                dtypeName(S.CType) +
                                                "; expected f32, bf16 or f16"));
  const size_t Limit = static_cast<size_t>(std::numeric_limits<int32_t>::max());
  if (S.M > Limit || S.N > Limit || S.K > Limit || (S.M && S.N > Limit / S.M) ||
      (S.M && S.K > Limit / S.M) || (S.K && S.N > Limit / S.K))
    throw std::invalid_argument(err(Caller, "GemmSpec M x N x K = " + std::to_string(S.M) +
                                                " x " + std::to_string(S.N) + " x " +
                                                std::to_string(S.K) +
                                                " is too large; expected each matrix to have "
                                                "fewer than 2^31 elements"));
  if ((!A && S.M * S.K) || (!B && S.K * S.N))
    throw std::invalid_argument(err(Caller, std::string("null pointer for ") +
                                                (!A && S.M * S.K ? "A" : "B") +
                                                "; expected the operand's elements"));
  if (!C && S.Beta != 0 && S.M * S.N)
    throw std::invalid_argument(err(Caller, "null pointer for C with Beta = " +
                                                std::to_string(S.Beta) +
                                                "; C is read when Beta != 0"));
}

void validateHostReduce(const ReduceSpec &S, const void *In, size_t N, const char *Caller) {
  if (!dtypeValid(S.In))
    throw std::invalid_argument(err(Caller, "ReduceSpec::In is not a valid DType"));
  if (S.Acc != DType::F32 && S.Acc != DType::F64)
    throw std::invalid_argument(err(Caller, std::string("ReduceSpec::Acc is ") +
                                                dtypeName(S.Acc) + "; expected f32 or f64"));
  if (S.WaveSize != 32 && S.WaveSize != 64)
    throw std::invalid_argument(err(Caller, "ReduceSpec::WaveSize is " +
                                                std::to_string(S.WaveSize) +
                                                "; expected 64 (gfx942) or 32"));
  if (S.BlockSize == 0 || S.BlockSize % S.WaveSize || S.BlockSize > 1024)
    throw std::invalid_argument(err(Caller, "ReduceSpec::BlockSize is " +
                                                std::to_string(S.BlockSize) +
                                                "; expected a multiple of WaveSize (" +
                                                std::to_string(S.WaveSize) +
                                                ") no larger than 1024"));
  if (static_cast<unsigned>(S.Op) > 2 || static_cast<unsigned>(S.Scope) > 2)
    throw std::invalid_argument(err(Caller, "ReduceSpec::Op or Scope is not a valid value"));
  if (!In && N)
    throw std::invalid_argument(err(Caller, "null input pointer with N = " +
                                                std::to_string(N) +
                                                "; expected N elements of ReduceSpec::In"));
}

size_t groupSize(const ReduceSpec &S, size_t N) {
  switch (S.Scope) {
  case ReduceScope::Wave: return S.WaveSize;
  case ReduceScope::Block: return S.BlockSize;
  case ReduceScope::Device: return N ? N : 1;
  }
  return 1;
}

size_t groupCount(const ReduceSpec &S, size_t N) {
  if (S.Scope == ReduceScope::Device)
    return 1;
  size_t G = groupSize(S, N);
  return (N + G - 1) / G;
}

Doubles reduceGroups(ReduceOp Op, DType In, const void *Data, size_t N, size_t Group,
                     size_t Groups, unsigned WaveSize, unsigned LaneBegin, unsigned LaneEnd,
                     Doubles *AbsSum, unsigned Threads) {
  Doubles Out(Groups);
  if (AbsSum)
    AbsSum->assign(Groups, 0.0);
  const bool Int = In == DType::I32;
  const bool Fast = In != DType::F64 && !Int && Op == ReduceOp::Sum;
  // Each group is reduced by one thread, in the same order whatever the thread
  // count: the chunks (about ReduceChunk elements of whole groups) only decide
  // which thread writes which results.
  const size_t PerChunk = std::max<size_t>(1, ReduceChunk / std::max<size_t>(1, Group));
  forChunks(Groups, PerChunk, workerCount(Threads), [&](size_t GB, size_t GE, unsigned) {
    for (size_t G = GB; G < GE; ++G) {
      const size_t Begin = G * Group, End = std::min(N, Begin + Group);
      GroupAcc Acc(Op, Int);
      if (Fast && LaneBegin == 0 && LaneEnd >= WaveSize) {
        // Plain fp64 sums of <= 24-bit-significand values, four partial sums:
        // error <= gamma_{n-1}(2^-53) * sum|x_i| (Higham, eq. 4.4, any order).
        double P[4] = {0, 0, 0, 0}, A[4] = {0, 0, 0, 0};
        size_t I = Begin;
        if (In == DType::F32) {
          const float *F = static_cast<const float *>(Data);
          for (; I + 4 <= End; I += 4)
            for (int L = 0; L < 4; ++L) {
              P[L] += F[I + L];
              A[L] += std::fabs(static_cast<double>(F[I + L]));
            }
        }
        forEach(In, Data, I, End, [&](size_t, double V) {
          P[0] += V;
          A[0] += std::fabs(V);
        });
        Out[G] = (P[0] + P[1]) + (P[2] + P[3]);
        if (AbsSum)
          (*AbsSum)[G] = (A[0] + A[1]) + (A[2] + A[3]);
        continue;
      }
      for (size_t W = Begin; W < End; W += WaveSize) {
        size_t B = W + LaneBegin, E = std::min(End, W + LaneEnd);
        if (B < E)
          forEach(In, Data, B, E, [&](size_t, double V) { Acc.add(V); });
      }
      Out[G] = Acc.result();
      if (AbsSum)
        (*AbsSum)[G] = Acc.Abs;
    }
  });
  return Out;
}

} // namespace host_detail

using namespace host_detail;

std::vector<double> hostReferenceReduce(const ReduceSpec &Spec, const void *In, size_t N) {
  validateHostReduce(Spec, In, N, "hostReferenceReduce");
  const Doubles R = reduceGroups(Spec.Op, Spec.In, In, N, groupSize(Spec, N),
                                 groupCount(Spec, N), Spec.WaveSize, 0, Spec.WaveSize);
  return std::vector<double>(R.begin(), R.end());
}

void hostReferenceGemm(const GemmSpec &Spec, const void *A, const void *B, void *C) {
  validateHostGemm(Spec, A, B, C, "hostReferenceGemm");
  if (!C && Spec.M * Spec.N)
    throw std::invalid_argument("wavesan: hostReferenceGemm: null pointer for C; expected M x N "
                                "elements of CType to write the result to");
  const size_t MN = Spec.M * Spec.N;
  // Per-thread scratch for the decoded operands: reused across calls (no page faults or
  // zero-filling of fresh memory on every call), decoded in two halves on two threads.
  thread_local std::vector<float> DA, DB;
  DA.resize(Spec.M * Spec.K);
  DB.resize(Spec.K * Spec.N);
  if (DA.size() + DB.size() >= (size_t(1) << 20)) {
    std::thread Other([&] { decodeInto(Spec.BType, B, DB.size(), DB.data(), "B"); });
    try {
      decodeInto(Spec.AType, A, DA.size(), DA.data(), "A");
    } catch (...) {
      Other.join();
      throw;
    }
    Other.join();
  } else {
    decodeInto(Spec.AType, A, DA.size(), DA.data(), "A");
    decodeInto(Spec.BType, B, DB.size(), DB.data(), "B");
  }
  if (Spec.CType == DType::F32) {
    sgemmDecoded(Spec, DA.data(), DB.data(), static_cast<float *>(C), effectiveAlpha(Spec),
                 Spec.Beta, Spec.K);
    return;
  }
  std::vector<float> DC = Spec.Beta != 0 ? decodeToF32(Spec.CType, C, MN, "C")
                                         : std::vector<float>(MN);
  sgemmDecoded(Spec, DA.data(), DB.data(), DC.data(), effectiveAlpha(Spec), Spec.Beta, Spec.K);
  encodeFromF32(Spec.CType, DC.data(), MN, C);
}

} // namespace wavesan
