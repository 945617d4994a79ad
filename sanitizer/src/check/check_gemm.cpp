//===--- check_gemm.cpp - check_gemm: reference, tolerance, comparison ----===//
///
/// \file
/// check_gemm decodes the operands once, computes the reference (host:
/// OpenBLAS sgemm; or another backend) and (|A||B|)_ij for the tolerance (a
/// second sgemm on |A|, |B|), compares element by element and, on a mismatch,
/// asks diagnoseGemm (check_gemm_diagnose.cpp) for a known signature.
///
//===----------------------------------------------------------------------===//
#include "gemm_internal.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>

namespace wavesan {
using namespace check_detail;

namespace check_detail {

size_t GemmContext::row(size_t I) const {
  return Spec.C == Layout::RowMajor ? I / Spec.N : I % Spec.M;
}
size_t GemmContext::col(size_t I) const {
  return Spec.C == Layout::RowMajor ? I % Spec.N : I / Spec.M;
}

namespace {
double finiteAbs(double V) { return std::isfinite(V) ? std::fabs(V) : 0; }
} // namespace

double GemmContext::tolerance(size_t I, double Model, double Widen,
                              const std::vector<float> *Abs) const {
  // Higham 2002, section 3.5, eq. 3.13: |C - fl(A B)| <= gamma_K |A||B| for any
  // order of the K-term sums (FMA or not); alpha and the two scales add three
  // roundings (gamma_{K+3}), beta * C and the final addition two (gamma_2). The
  // kernel and the reference each carry that error; both then round to CType.
  // The per-element constants, once per check (the comparison of 2^26 elements
  // spends most of its time here otherwise).
  if (!Tol.Ready) {
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
    Tol.Ready = true;
  }
  const double P = static_cast<double>((Abs ? *Abs : AbsAB)[I]) * Tol.AbsFactor * Widen;
  const double Q = std::fabs(static_cast<double>(Spec.Beta) * C0[I]);
  const double T = Tol.GK3 * Tol.Alpha * P + Tol.G2 * Q +
                   Tol.UOut * (finiteAbs(User[I]) + finiteAbs(Model)) + Tol.Floor;
  return T * Scale;
}

bool GemmContext::explains(const std::vector<float> &Model, double Widen,
                           const std::vector<float> *Abs) const {
  for (size_t I = 0; I < User.size(); ++I)
    if (!within(User[I], Model[I], tolerance(I, Model[I], Widen, Abs)))
      return false;
  return true;
}

std::vector<float> GemmContext::absProduct(const std::vector<float> &MA,
                                           const std::vector<float> &MB) const {
  GemmSpec Abs = Spec;
  Abs.Beta = 0;
  std::vector<float> P(Spec.M * Spec.N, 0.0f);
  sgemmDecoded(Abs, absolute(MA).data(), absolute(MB).data(), P.data(), 1.0f, 0.0f, Spec.K);
  return P;
}

std::vector<float> GemmContext::model(const std::vector<float> &MA, const std::vector<float> &MB,
                                      size_t K) const {
  std::vector<float> C = C0;
  sgemmDecoded(Spec, MA.data(), MB.data(), C.data(), effectiveAlpha(Spec), Spec.Beta, K);
  for (float &V : C)
    V = roundTo(Spec.CType, V);
  return C;
}

} // namespace check_detail

namespace {

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

CheckResult check_gemm(const GemmSpec &S, const void *A, const void *B, const void *CIn,
                       const void *UserC, const CheckOptions &O) {
  validateHostGemm(S, A, B, CIn, "check_gemm");
  validateOptions(O, "check_gemm");
  const size_t MN = S.M * S.N;
  if (!UserC && MN)
    throw std::invalid_argument("wavesan: check_gemm: null UserC; expected the kernel's C (" +
                                std::to_string(S.M) + " x " + std::to_string(S.N) +
                                " elements of " + dtypeName(S.CType) + ")");
  GemmContext Ctx;
  Ctx.Spec = S;
  Ctx.ARaw = A;
  Ctx.BRaw = B;
  Ctx.Scale = O.ToleranceScale;
  Ctx.HostRef = O.Reference == Backend::Host;
  Ctx.A = decodeToF32(S.AType, A, S.M * S.K, "A");
  Ctx.B = decodeToF32(S.BType, B, S.K * S.N, "B");
  Ctx.C0 = S.Beta != 0 ? decodeToF32(S.CType, CIn, MN, "C") : std::vector<float>(MN, 0.0f);
  if (Ctx.HostRef) {
    Ctx.Ref = Ctx.model(Ctx.A, Ctx.B, S.K);
  } else {
    std::vector<unsigned char> Buf(MN * dtypeBytes(S.CType));
    if (S.Beta != 0 && MN)
      std::memcpy(Buf.data(), CIn, Buf.size());
    referenceGemm(O.Reference, S, A, B, Buf.data());
    Ctx.Ref = decodeToF32(S.CType, Buf.data(), MN, "C");
  }
  Ctx.AbsAB = Ctx.absProduct(Ctx.A, Ctx.B);
  Ctx.User = decodeToF32(S.CType, UserC, MN, "UserC");

  CheckResult R;
  Tally T(S.CType, O.Worst);
  for (size_t I = 0; I < MN; ++I)
    T.add(I, Ctx.User[I], Ctx.Ref[I], Ctx.tolerance(I, Ctx.Ref[I]));
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
