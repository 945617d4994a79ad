//===--- diff_common.h - comparison, histogram and report text of the diff --===//
///
/// \file
/// Internal to wavesan-diff: the element comparison shared by diff_reduction
/// and diff_gemm (tolerance test, ULP distance, worst elements, ULP
/// histogram) and the assembly of the report block through formatReport()
/// (report.h), so that a check's report has the runtime's layout.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/diff.h"
#include "wavesan/report.h"

#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

// The host backend's helpers (sanitizer/src/reference/host/: bulk.h, host_internal.h).
namespace wavesan::host_detail {}

namespace wavesan::diff_detail {

using namespace host_detail;

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
  Tally(DType UlpType, size_t Worst);
  /// Compares one element; returns true when it is within tolerance.
  bool add(size_t Index, double User, double Ref, double Tol);
  /// Compares elements Begin .. Begin + Count - 1 (User[i], Ref[i], Tol[i] for
  /// element Begin + i): the same counts, histogram and worst list as add() on
  /// each, but the common case (finite, within tolerance) runs as one loop
  /// without branches or library calls, which the compiler vectorises; only the
  /// other elements go through add().
  void addBlock(size_t Begin, size_t Count, const double *User, const double *Ref,
                const double *Tol);
  /// Adds the tally of other, disjoint elements (same UlpType and Worst). The
  /// result does not depend on the order of merges: counts add up, MaxUlp is the
  /// larger one, and the worst list is the first Worst of both under the total
  /// order (distance descending, index ascending).
  void merge(const Tally &Other);
  size_t Compared = 0, Mismatches = 0;
  double MaxUlp = 0;
  std::array<size_t, Bins> Histogram{};
  /// The worst mismatches, largest ULP distance first (ties: lower index).
  std::vector<Element> worst() const;
  DType UlpType;

private:
  void insertWorst(const Element &E);
  size_t Worst;
  int P = 0, EMin = 0; // UlpType's precision and minimum normal exponent (0, 0 for i32)
  std::vector<Element> Heap; // min-heap on (Ulp, -Index) of at most Worst entries
};

/// Elements per call of compareAll's Fill, and per chunk of its threads.
constexpr size_t CompareBlock = 1024, CompareChunk = size_t(1) << 16;

/// Fills User, Ref and Tol (as doubles) for the elements [Begin, End) (at most
/// CompareBlock of them), index 0 = element Begin.
using CompareFill =
    std::function<void(size_t Begin, size_t End, double *User, double *Ref, double *Tol)>;

/// Compares \p Count elements on workerCount(\p Threads) threads (chunks of
/// CompareChunk elements, blocks of CompareBlock): the result equals add() on
/// every element in index order, whatever the thread count.
Tally compareAll(size_t Count, DType UlpType, size_t Worst, unsigned Threads,
                 const CompareFill &Fill);

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
void finishFailure(DiffResult &Result, ReportKind Kind, const std::string &Details,
                   const DiffOptions &Options);

/// Throws std::invalid_argument unless ToleranceScale is finite and >= 0.
void validateOptions(const DiffOptions &Options, const char *Caller);

} // namespace wavesan::diff_detail
