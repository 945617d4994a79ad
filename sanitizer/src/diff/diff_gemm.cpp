//===--- diff_gemm.cpp - diff_gemm: reference, tolerance, comparison ----===//
///
/// \file
/// diff_gemm decodes the operands once, computes the reference (host:
/// OpenBLAS sgemm; or another backend) and (|A||B|)_ij for the tolerance (a
/// second sgemm on |A|, |B|), compares element by element and, on a mismatch,
/// asks diagnoseGemm (diff_gemm_diagnose.cpp) for a known signature.
///
//===----------------------------------------------------------------------===//
#include "gemm_internal.h"

#include <fmt/format.h>

#include <atomic>
#include <cmath>
#include <cstring>

namespace wavesan {
using namespace diff_detail;

namespace diff_detail {

size_t GemmContext::row(size_t I) const {
  return Spec.C == Layout::RowMajor ? I / Spec.N : I % Spec.M;
}
size_t GemmContext::col(size_t I) const {
  return Spec.C == Layout::RowMajor ? I % Spec.N : I / Spec.M;
}

void GemmContext::prepareTolerance() {
  // Higham 2002, section 3.5, eq. 3.13: |C - fl(A B)| <= gamma_K |A||B| for any
  // order of the K-term sums (FMA or not); alpha and the two scales add three
  // roundings (gamma_{K+3}), beta * C and the final addition two (gamma_2). The
  // kernel and the reference each carry that error; both then round to CType.
  // The per-element constants, once per check (GemmTolerance::of).
  const double U = std::ldexp(1.0, -24);
  const double K = static_cast<double>(Spec.K);
  Tol.UOut = Spec.CType == DType::F32 ? 0 : unitRoundoff(Spec.CType);
  Tol.Alpha = std::fabs(static_cast<double>(Spec.Alpha) * Spec.ScaleA * Spec.ScaleB);
  // (|A||B|)_ij came from an fp32 sgemm of non-negative terms: relative error
  // <= gamma_K, hence the (1 + gamma_K) factor.
  Tol.AbsFactor = 1 + gamma(K, U);
  Tol.GK3 = 2 * gamma(K + 3, U);
  Tol.G2 = 2 * gamma(2, U);
  // Underflow: each of the K + 3 roundings may lose up to 2^-150 absolutely in
  // fp32, and rounding to CType up to half its smallest subnormal.
  const double Subnormal = Spec.CType == DType::F16    ? std::ldexp(1.0, -24)
                           : Spec.CType == DType::BF16 ? std::ldexp(1.0, -133)
                                                       : 0;
  Tol.Floor = 2 * (K + 3) * std::ldexp(1.0, -150) + Subnormal;
  Tol.Beta = static_cast<double>(Spec.Beta);
  Tol.Scale = Scale;
}

bool GemmContext::explains(const float *Model, double Widen, const float *Abs) const {
  std::atomic<bool> Fails{false};
  forChunks(User.size(), CompareChunk, workerCount(Threads), [&](size_t B, size_t E, unsigned) {
    for (size_t I = B; I < E && !Fails.load(std::memory_order_relaxed); ++I)
      if (!within(User[I], Model[I], tolerance(I, Model[I], Widen, Abs)))
        Fails = true;
  });
  return !Fails;
}

FloatBuffer GemmContext::absProduct(const std::vector<float> &MA,
                                    const std::vector<float> &MB) const {
  GemmSpec Abs = Spec;
  Abs.Beta = 0;
  FloatBuffer P(Spec.M * Spec.N); // beta = 0: sgemm writes every element without reading
  sgemmDecoded(Abs, absolute(MA).data(), absolute(MB).data(), P.data(), 1.0f, 0.0f, Spec.K);
  return P;
}

FloatBuffer GemmContext::model(const std::vector<float> &MA, const std::vector<float> &MB,
                               size_t K) const {
  const size_t MN = Spec.M * Spec.N;
  FloatBuffer C(MN);
  if (Spec.Beta != 0 && MN)
    std::memcpy(C.data(), C0.data(), MN * sizeof(float));
  sgemmDecoded(Spec, MA.data(), MB.data(), C.data(), effectiveAlpha(Spec), Spec.Beta, K);
  if (Spec.CType != DType::F32)
    forChunks(MN, CompareChunk, workerCount(Threads), [&](size_t B, size_t E, unsigned) {
      for (size_t I = B; I < E; ++I)
        C[I] = roundTo(Spec.CType, C[I]);
    });
  return C;
}

} // namespace diff_detail

namespace {

/// The comparison block of an f32, Beta == 0 GEMM (see diff_gemm): user, reference
/// and tolerance as doubles, no aliasing, so the compiler vectorises it.
void plainFill(size_t Len, const float *__restrict User, const float *__restrict Ref,
               const float *__restrict Abs, double GA, double AbsFactor, double Floor,
               double Scale, double *__restrict U, double *__restrict R, double *__restrict T) {
  for (size_t I = 0; I < Len; ++I) {
    U[I] = User[I];
    R[I] = Ref[I];
    const double P = static_cast<double>(Abs[I]) * AbsFactor * 1.0;
    T[I] = (GA * P + Floor) * Scale;
  }
}

std::string operandText(const char *Name, Layout L, bool Trans, DType T, size_t Rows,
                        size_t Cols) {
  return fmt::format("op({}) {}x{} {} {}{}", Name, Rows, Cols, dtypeName(T),
                     L == Layout::RowMajor ? "row-major" : "column-major",
                     Trans ? " transposed" : "");
}

std::string gemmText(const GemmSpec &S) {
  std::string T = fmt::format(
      "C {}x{} {} {} = {} * op(A) * op(B) + {} * C; {}, {}", S.M, S.N, dtypeName(S.CType),
      S.C == Layout::RowMajor ? "row-major" : "column-major", S.Alpha, S.Beta,
      operandText("A", S.A, S.TransA, S.AType, S.M, S.K),
      operandText("B", S.B, S.TransB, S.BType, S.K, S.N));
  if (S.ScaleA != 1 || S.ScaleB != 1)
    T += fmt::format("; scales A {}, B {}", S.ScaleA, S.ScaleB);
  return T;
}

} // namespace

DiffResult diff_gemm(const GemmSpec &S, const void *A, const void *B, const void *CIn,
                       const void *UserC, const DiffOptions &O) {
  validateHostGemm(S, A, B, CIn, "diff_gemm");
  validateOptions(O, "diff_gemm");
  const size_t MN = S.M * S.N;
  if (!UserC && MN)
    throw std::invalid_argument("wavesan: diff_gemm: null UserC; expected the kernel's C (" +
                                std::to_string(S.M) + " x " + std::to_string(S.N) +
                                " elements of " + dtypeName(S.CType) + ")");
  GemmContext Ctx;
  Ctx.Spec = S;
  Ctx.ARaw = A;
  Ctx.BRaw = B;
  Ctx.Scale = O.ToleranceScale;
  Ctx.Threads = O.Threads;
  Ctx.HostRef = O.Reference == Backend::Host;
  Ctx.prepareTolerance();
  Ctx.A = decodeToF32(S.AType, A, S.M * S.K, "A");
  Ctx.B = decodeToF32(S.BType, B, S.K * S.N, "B");
  if (S.Beta != 0) {
    Ctx.C0 = FloatBuffer(MN);
    decodeInto(S.CType, CIn, MN, Ctx.C0.data(), "C");
  }
  if (Ctx.HostRef) {
    Ctx.Ref = Ctx.model(Ctx.A, Ctx.B, S.K);
  } else {
    std::vector<unsigned char> Buf(MN * dtypeBytes(S.CType));
    if (S.Beta != 0 && MN)
      std::memcpy(Buf.data(), CIn, Buf.size());
    referenceGemm(O.Reference, S, A, B, Buf.data());
    Ctx.Ref = FloatBuffer(MN);
    decodeInto(S.CType, Buf.data(), MN, Ctx.Ref.data(), "C");
  }
  Ctx.AbsAB = Ctx.absProduct(Ctx.A, Ctx.B);
  if (S.CType == DType::F32) {
    Ctx.User = FloatBuffer::view(static_cast<const float *>(UserC), MN);
  } else {
    Ctx.User = FloatBuffer(MN);
    decodeInto(S.CType, UserC, MN, Ctx.User.data(), "UserC");
  }

  DiffResult R;
  const GemmTolerance &Tol = Ctx.Tol;
  const float *User = Ctx.User.data(), *Ref = Ctx.Ref.data(), *Abs = Ctx.AbsAB.data(),
              *C0 = Ctx.C0.empty() ? nullptr : Ctx.C0.data();
  // With f32 C and Beta == 0, GemmTolerance::of adds two zeros (G2 * |0 * C0| and
  // 0 * (|user| + |ref|)) to a non-negative sum: the same value as (GK3 * Alpha) * P +
  // Floor, computed here without them in a loop the compiler vectorises.
  const bool Plain = Tol.UOut == 0 && !C0;
  const double GA = Tol.GK3 * Tol.Alpha;
  Tally T = compareAll(MN, S.CType, O.Worst, O.Threads,
                       [&](size_t B, size_t E, double *U, double *RB, double *TB) {
                         const size_t Len = E - B;
                         const float *UB = User + B, *RefB = Ref + B, *AbsB = Abs + B;
                         if (Plain) {
                           plainFill(Len, UB, RefB, AbsB, GA, Tol.AbsFactor, Tol.Floor, Tol.Scale,
                                     U, RB, TB);
                           return;
                         }
                         for (size_t I = 0; I < Len; ++I) {
                           U[I] = UB[I];
                           RB[I] = RefB[I];
                           TB[I] = Tol.of(AbsB[I], 1, C0 ? C0[B + I] : 0.0f, UB[I], RefB[I]);
                         }
                       });
  R.Compared = T.Compared;
  R.Mismatches = T.Mismatches;
  R.MaxUlp = T.MaxUlp;
  if (R.Mismatches == 0) {
    R.Report = fmt::format("wavesan: gemm ({}) matches the {} reference: {} elements within "
                           "tolerance, max {} ulp of {}\n",
                           gemmText(S), backendName(O.Reference), R.Compared, ulpText(R.MaxUlp),
                           dtypeName(S.CType));
    return R;
  }
  GemmDiagnosis D = diagnoseGemm(Ctx);
  std::string Details = fmt::format(
      "{} of {} elements of C differ from the {} reference beyond the tolerance (max {} ulp of "
      "{})\n",
      R.Mismatches, MN, backendName(O.Reference), ulpText(R.MaxUlp), dtypeName(S.CType));
  Details += "gemm: " + gemmText(S) + "\n";
  if (!D.Text.empty()) {
    Details += "diagnosis: " + D.Text + "\n";
    R.Diagnosis = D.Text;
  }
  std::vector<Element> Worst = T.worst();
  if (!Worst.empty()) {
    Details += "worst elements (row, column: user, reference, distance, tolerance):\n";
    for (const Element &E : Worst)
      Details += fmt::format("  C[{}, {}]: user {}, reference {}, {} ulp, tolerance {:.3g}\n",
                             Ctx.row(E.Index), Ctx.col(E.Index), value(E.User, S.CType),
                             value(E.Ref, S.CType), ulpText(E.Ulp), E.Tol);
  }
  Details += fmt::format("ulp histogram ({} elements by distance in ulp of {}): {}\n", T.Compared,
                         dtypeName(S.CType), histogramLine(T));
  Details += "tolerance: gamma_(K+3)(2^-24) * |alpha| * (|A||B|)_ij + gamma_2(2^-24) * "
             "|beta * C_ij| for the kernel and the reference each, + the rounding to C's "
             "dtype (Higham 2002, eq. 3.13; docs/wavesan-check.md)";
  finishFailure(R, D.Kind, Details, O);
  return R;
}

} // namespace wavesan
