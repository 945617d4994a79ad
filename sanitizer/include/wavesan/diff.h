//===--- diff.h - compare a kernel's output with a trusted reference -------===//
///
/// \file
/// The diff that names the bug: diff_reduction / diff_gemm compute the
/// reference result of the same inputs (by default on the host: OpenBLAS sgemm,
/// fp64 sums), compare the user's output element by element within a tolerance
/// derived from rounding-error analysis, and on a mismatch build a report in
/// the runtime's format (report.h) with the mismatch count, the worst elements,
/// a ULP histogram and, when the error has a known signature, a diagnosis with
/// the rule id (wave64-partial-reduction, wave64-hardcoded-warp-size,
/// fp8-format-target-mismatch, gemm-transposed-output, gemm-tile-mismatch,
/// gemm-k-tail-missing).
///
/// Tolerances (source: N. J. Higham, Accuracy and Stability of Numerical
/// Algorithms, 2nd ed., SIAM 2002; gamma_n = n u / (1 - n u), Lemma 3.1):
///   - sum of n terms accumulated with unit roundoff u (2^-24 for f32, 2^-53
///     for f64): |error| <= gamma_n(u) * sum |x_i|, for ANY order of
///     additions (section 4.2, eq. 4.4; pairwise, tree and shuffle ladders
///     included), plus the host reference's own error;
///   - min/max: exact (they never round), unless the inputs are wider than the
///     accumulator (then one rounding, u * |result|);
///   - reduction results stored in a coarser type than they are exact in
///     (DiffOptions::OutType, e.g. f64 sums stored as f32): + u_out * |result|
///     (one more rounding, Theorem 2.2) + half the output's smallest subnormal;
///   - GEMM, fp32 accumulation: gamma_{K+3}(2^-24) * |alpha'| * (|A||B|)_ij
///     (section 3.5, eq. 3.13, with alpha and the two scales as three more
///     roundings) + gamma_2 * |beta * C_ij| for both the kernel and the
///     reference, + the output type's rounding u_out * (|user| + |reference|).
/// docs/wavesan-check.md gives the details and the report format.
///
/// Errors: a spec or pointer the check cannot use throws std::invalid_argument
/// naming the input and what was expected; a reference backend that is not
/// built or has no device throws std::runtime_error (reference.h).
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/reference.h"

#include <cstddef>
#include <source_location>
#include <string>

namespace wavesan {

/// How to diff.
struct DiffOptions {
  /// Where the reference is computed: Host (fast, default), Cpu (the reference
  /// kernels on the emulator), Hip (a real AMD GPU).
  Backend Reference = Backend::Host;
  /// Multiplies every tolerance (1 = the error-analysis bound). Must be >= 0.
  double ToleranceScale = 1.0;
  /// How many of the worst elements the report lists.
  size_t Worst = 5;
  /// diff_reduction: the dtype the kernel stored its results in (f64, f32,
  /// f16, bf16 or i32). A result rounded into a narrower type may be off by
  /// that type's unit roundoff u_out * |reference| (Higham 2002, Theorem 2.2)
  /// on top of the accumulation error. The `const float *` overload treats F64
  /// (the default) as F32: its results are fp32 values.
  DType OutType = DType::F64;
  /// Names the user's kernel in the report ("in kernel <Label>"); null prints
  /// "<unknown>".
  const char *Label = nullptr;
  /// The caller's position for the report's "at" and SUMMARY lines: by default
  /// where the DiffOptions object was made (a defaulted DiffOptions argument:
  /// the call of diff_*); the GoogleTest macros pass __FILE__ / __LINE__.
  std::source_location Where = std::source_location::current();
  /// When set, replace Where's file, line and function (the GoogleTest macros
  /// set File and Line from __FILE__ / __LINE__ and Function to the test name).
  const char *File = nullptr;
  unsigned Line = 0;
  const char *Function = nullptr;
  /// Also hand a failing check's finding to wavesan::report() (stderr or
  /// log_path, suppressions, reportCount(), halt_on_error).
  bool Emit = false;
  /// Threads for the element-wise work on the host (the comparison, the host
  /// reference's per-result sums, the tolerances, the GEMM diagnoses' element
  /// tests): 0 = one per core (std::thread::hardware_concurrency()); at most
  /// 256 (more counts as 256), and no more than there are chunks of 65536
  /// elements. The result does not depend on it: the work is cut into fixed
  /// chunks and the partial results merge independently of which thread ran
  /// which chunk. OpenBLAS's sgemm uses its own threads (OPENBLAS_NUM_THREADS).
  unsigned Threads = 0;
};

/// The outcome of a diff.
struct DiffResult {
  bool Pass = true;
  /// Results / elements compared, and how many exceed their tolerance.
  size_t Compared = 0, Mismatches = 0;
  /// The largest distance from the reference, in ULPs of the accumulation type
  /// (reductions) or of C's dtype (GEMM); inf for a NaN/inf mismatch.
  double MaxUlp = 0;
  /// "" when passing, else the report kind: reduction-mismatch,
  /// reduction-partial-wave, reduction-half-wave, gemm-mismatch,
  /// gemm-fp8-format, gemm-transposed-output, gemm-tile-mismatch,
  /// gemm-k-tail-missing (report_kinds.inc).
  std::string Kind;
  /// The rule id of the diagnosis ("" when passing): wave64-partial-reduction,
  /// wave64-hardcoded-warp-size, fp8-format-target-mismatch,
  /// gemm-transposed-output, gemm-tile-mismatch, gemm-k-tail-missing, or
  /// reference-mismatch when no known signature matches.
  std::string Rule;
  /// One line: what the error looks like ("" when passing or undiagnosed).
  std::string Diagnosis;
  /// Failing: the full report block, ending with the SUMMARY line. Passing: one
  /// line "wavesan: <what> matches the <backend> reference (...)".
  std::string Report;
};

/// Checks a reduction's results. \p In: N elements of Spec.In (host memory);
/// \p UserOut: the kernel's UserOutCount results as double, result w covering
/// elements [w*S, (w+1)*S) with S = WaveSize (Scope Wave) or BlockSize (Block),
/// one result for Device (reduceResultCount, reference.h). A count that differs
/// from reduceResultCount is a mismatch (and for Scope Wave, twice the count is
/// recognised as one result per 32-lane half-wave).
DiffResult diff_reduction(const ReduceSpec &Spec, const void *In, size_t N,
                            const double *UserOut, size_t UserOutCount,
                            const DiffOptions &Options = {});
/// As above, for results in fp32 (converted exactly to double).
DiffResult diff_reduction(const ReduceSpec &Spec, const void *In, size_t N,
                            const float *UserOut, size_t UserOutCount,
                            const DiffOptions &Options = {});

/// Checks a GEMM's output. \p A, \p B in the spec's types and layouts (see
/// GemmSpec), \p CIn: C before the kernel ran (M x N of CType; may be null when
/// Beta == 0), \p UserC: the kernel's C (M x N of CType, layout Spec.C).
DiffResult diff_gemm(const GemmSpec &Spec, const void *A, const void *B, const void *CIn,
                       const void *UserC, const DiffOptions &Options = {});

/// gamma_n(u) = n u / (1 - n u) (Higham, Lemma 3.1); +inf when n u >= 1.
double gamma(double N, double U);

/// Unit roundoff of a floating-point dtype: 2^-24 (f32), 2^-53 (f64), 2^-11
/// (f16), 2^-8 (bf16), 2^-4 (E4M3), 2^-3 (E5M2); 0 for i32.
double unitRoundoff(DType T);

/// Distance of \p User from \p Ref in units in the last place of \p T at Ref:
/// |User - Ref| / ulp_T(Ref), with ulp_T(x) = 2^(max(e, emin) - p + 1) for
/// x in [2^e, 2^(e+1)) (precision p, min normal exponent emin; Goldberg/Higham
/// section 2.1). 0 when both are the same NaN class or equal infinities, +inf
/// when exactly one is NaN or the infinities differ. For i32: |User - Ref|.
double ulpDistance(double User, double Ref, DType T);

} // namespace wavesan
