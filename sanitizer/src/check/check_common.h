//===--- check_common.h - comparison, histogram and report text of the diff --===//
///
/// \file
/// Internal to wavesan-check: the element comparison shared by check_reduction
/// and check_gemm (tolerance test, ULP distance, worst elements, ULP
/// histogram) and the assembly of the report block through formatReport()
/// (report.h), so that a check's report has the runtime's layout.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/check.h"
#include "wavesan/report.h"

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace wavesan::check_detail {

/// True when \p User is within \p Tol of \p Ref: |User - Ref| <= Tol, both NaN,
/// or the same infinity.
bool within(double User, double Ref, double Tol);

/// One compared element the report may list.
struct Element {
  size_t Index = 0;
  double User = 0, Ref = 0, Ulp = 0, Tol = 0;
};

/// Accumulates a comparison: counts, the histogram, the worst elements.
class Tally {
public:
  /// Histogram bins by ULP distance: 0, <=1, <=4, <=16, <=256, <=65536,
  /// >65536, nan/inf.
  static constexpr size_t Bins = 8;
  Tally(DType UlpType, size_t Worst) : UlpType(UlpType), Worst(Worst) {}
  /// Compares one element; returns true when it is within tolerance.
  bool add(size_t Index, double User, double Ref, double Tol);
  size_t Compared = 0, Mismatches = 0;
  double MaxUlp = 0;
  std::array<size_t, Bins> Histogram{};
  /// The worst mismatches, largest ULP distance first (ties: lower index).
  std::vector<Element> worst() const;
  DType UlpType;

private:
  size_t Worst;
  std::vector<Element> Heap; // min-heap on (Ulp, -Index) of at most Worst entries
};

/// "0: 12, <=1: 3, ..." (every bin, in order).
std::string histogramLine(const Tally &T);

/// A value as the report prints it: shortest round-trip text of the value in
/// \p T's precision (float for f32 and narrower, double for f64 / i32).
std::string value(double V, DType T);

/// A ULP distance: an integer below 1e9 when integral, else 3 significant
/// digits; "inf" for a NaN/inf mismatch.
std::string ulpText(double Ulp);

/// Fills Result's Kind, Rule, Report (and emits it when Options.Emit) for a
/// failing check of kind \p Kind with the "what" lines \p Details.
void finishFailure(CheckResult &Result, ReportKind Kind, const std::string &Details,
                   const CheckOptions &Options);

/// Throws std::invalid_argument unless ToleranceScale is finite and >= 0.
void validateOptions(const CheckOptions &Options, const char *Caller);

} // namespace wavesan::check_detail
