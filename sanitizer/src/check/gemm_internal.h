//===--- gemm_internal.h - state shared by check_gemm and its diagnoses ----===//
#pragma once

#include "check_common.h"
#include "host_internal.h"

#include <string>
#include <vector>

namespace wavesan::check_detail {

/// Everything check_gemm computed, in fp32, C-shaped arrays in Spec.C's layout.
struct GemmContext {
  GemmSpec Spec;
  const void *ARaw = nullptr, *BRaw = nullptr;
  std::vector<float> A, B;   ///< decoded operands, stored layouts
  std::vector<float> C0;     ///< C before the kernel (zeros when Beta == 0)
  std::vector<float> Ref;    ///< the reference, rounded to CType
  std::vector<float> AbsAB;  ///< (|A||B|)_ij (fp32 sgemm of |A|, |B|)
  std::vector<float> User;   ///< the kernel's C, decoded
  double Scale = 1;          ///< CheckOptions::ToleranceScale
  bool HostRef = true;
  /// tolerance()'s per-check constants, computed on its first call (Spec fixed by then).
  mutable struct {
    bool Ready = false;
    double UOut = 0, Alpha = 0, AbsFactor = 0, GK3 = 0, G2 = 0, Floor = 0;
  } Tol;

  /// Tolerance of element \p I against a value \p Model (the reference or a
  /// model of a bug), with the |A||B| term widened by \p Widen (models whose
  /// operands were read differently: up to 4x larger values).
  /// \p Abs: (|A||B|)_ij of other operands (a model's own), else AbsAB.
  double tolerance(size_t I, double Model, double Widen = 1,
                   const std::vector<float> *Abs = nullptr) const;
  /// True when every element of User is within tolerance of \p Model.
  bool explains(const std::vector<float> &Model, double Widen = 1,
                const std::vector<float> *Abs = nullptr) const;
  /// (|A||B|)_ij of decoded operands \p A, \p B (fp32 sgemm of |A|, |B|, all K).
  std::vector<float> absProduct(const std::vector<float> &A, const std::vector<float> &B) const;
  /// Row and column of element \p I of C.
  size_t row(size_t I) const;
  size_t col(size_t I) const;
  /// The fp32 reference for other inputs: \p A, \p B decoded operands, only
  /// the first \p K K steps; rounded to CType.
  std::vector<float> model(const std::vector<float> &A, const std::vector<float> &B,
                           size_t K) const;
};

/// A recognised signature.
struct GemmDiagnosis {
  ReportKind Kind = ReportKind::GemmMismatch;
  std::string Text; ///< "" when nothing matched
};

/// Tries the known signatures in order: FP8 format swapped, exact ratio,
/// transposed store, C all zero, missing K tail, wrong/missing 16x16 tiles.
GemmDiagnosis diagnoseGemm(const GemmContext &Ctx);

} // namespace wavesan::check_detail
