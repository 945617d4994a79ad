//===--- gemm_internal.h - state shared by diff_gemm and its diagnoses ----===//
#pragma once

#include "bulk.h"
#include "diff_common.h"
#include "host_internal.h"

#include <cmath>
#include <string>
#include <vector>

namespace wavesan::diff_detail {

/// The per-check constants of GemmContext::tolerance (Higham 2002, section 3.5).
struct GemmTolerance {
  double UOut = 0, Alpha = 0, AbsFactor = 0, GK3 = 0, G2 = 0, Floor = 0, Beta = 0, Scale = 1;
  /// Tolerance of one element: \p AbsAB = (|A||B|)_ij, \p C0 = C_ij before the
  /// kernel, \p User and \p Model the two values compared.
  double of(double AbsAB, double Widen, double C0, double User, double Model) const {
    const double P = AbsAB * AbsFactor * Widen;
    const double Q = std::fabs(Beta * C0);
    const double T = GK3 * Alpha * P + G2 * Q + UOut * (finiteAbs(User) + finiteAbs(Model)) + Floor;
    return T * Scale;
  }
  static double finiteAbs(double V) { return std::isfinite(V) ? std::fabs(V) : 0; }
};

/// Everything diff_gemm computed, in fp32, C-shaped arrays in Spec.C's layout.
struct GemmContext {
  GemmSpec Spec;
  const void *ARaw = nullptr, *BRaw = nullptr;
  std::vector<float> A, B;   ///< decoded operands, stored layouts
  FloatBuffer C0;            ///< C before the kernel (empty when Beta == 0: zeros)
  FloatBuffer Ref;           ///< the reference, rounded to CType
  FloatBuffer AbsAB;         ///< (|A||B|)_ij (fp32 sgemm of |A|, |B|)
  FloatBuffer User;          ///< the kernel's C, decoded (a view of it when CType is f32)
  double Scale = 1;          ///< DiffOptions::ToleranceScale
  unsigned Threads = 0;      ///< DiffOptions::Threads
  bool HostRef = true;
  GemmTolerance Tol;         ///< set by prepareTolerance()

  /// Computes Tol from Spec and Scale (once, before any tolerance()).
  void prepareTolerance();
  /// C_ij before the kernel (0 when Beta == 0: C is not read).
  float c0(size_t I) const { return C0.empty() ? 0.0f : C0[I]; }
  /// Tolerance of element \p I against a value \p Model (the reference or a
  /// model of a bug), with the |A||B| term widened by \p Widen (models whose
  /// operands were read differently: up to 4x larger values).
  /// \p Abs: (|A||B|)_ij of other operands (a model's own, M x N), else AbsAB.
  double tolerance(size_t I, double Model, double Widen = 1, const float *Abs = nullptr) const {
    return Tol.of((Abs ? Abs : AbsAB.data())[I], Widen, c0(I), User[I], Model);
  }
  /// True when every element of User is within tolerance of \p Model (M x N).
  bool explains(const float *Model, double Widen = 1, const float *Abs = nullptr) const;
  /// (|A||B|)_ij of decoded operands \p A, \p B (fp32 sgemm of |A|, |B|, all K).
  FloatBuffer absProduct(const std::vector<float> &A, const std::vector<float> &B) const;
  /// Row and column of element \p I of C.
  size_t row(size_t I) const;
  size_t col(size_t I) const;
  /// The fp32 reference for other inputs: \p A, \p B decoded operands, only
  /// the first \p K K steps; rounded to CType.
  FloatBuffer model(const std::vector<float> &A, const std::vector<float> &B, size_t K) const;
};

/// A recognised signature.
struct GemmDiagnosis {
  ReportKind Kind = ReportKind::GemmMismatch;
  std::string Text; ///< "" when nothing matched
};

/// Tries the known signatures in order: FP8 format swapped, exact ratio,
/// transposed store, C all zero, missing K tail, wrong/missing 16x16 tiles.
GemmDiagnosis diagnoseGemm(const GemmContext &Ctx);

} // namespace wavesan::diff_detail
