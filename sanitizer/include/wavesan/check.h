//===--- check.h - the diff under its former names (deprecated) ------------===//
///
/// \file
/// The diff's API was named "check" before it took the name of the command
/// that runs it (`wavesan diff`): this header keeps the old names working and
/// marks them deprecated. New code includes wavesan/diff.h and uses
///
///   CheckOptions    -> DiffOptions
///   CheckResult     -> DiffResult
///   check_reduction -> diff_reduction
///   check_gemm      -> diff_gemm
///
/// and links the CMake target wavesan::wavesan-diff (wavesan::wavesan-check
/// still links it). Each old function forwards to the new one, so results,
/// reports and errors are the same; the position a report's "at" line shows is
/// still the call of the old function when the options are defaulted (the
/// default argument is evaluated there). An error message names the new
/// function.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/diff.h"

#include <cstddef>

namespace wavesan {

using CheckOptions [[deprecated("use wavesan::DiffOptions (wavesan/diff.h)")]] = DiffOptions;
using CheckResult [[deprecated("use wavesan::DiffResult (wavesan/diff.h)")]] = DiffResult;

/// diff_reduction under its former name.
[[deprecated("use wavesan::diff_reduction (wavesan/diff.h)")]] inline DiffResult
check_reduction(const ReduceSpec &Spec, const void *In, size_t N, const double *UserOut,
                size_t UserOutCount, const DiffOptions &Options = {}) {
  return diff_reduction(Spec, In, N, UserOut, UserOutCount, Options);
}
/// diff_reduction (fp32 results) under its former name.
[[deprecated("use wavesan::diff_reduction (wavesan/diff.h)")]] inline DiffResult
check_reduction(const ReduceSpec &Spec, const void *In, size_t N, const float *UserOut,
                size_t UserOutCount, const DiffOptions &Options = {}) {
  return diff_reduction(Spec, In, N, UserOut, UserOutCount, Options);
}
/// diff_gemm under its former name.
[[deprecated("use wavesan::diff_gemm (wavesan/diff.h)")]] inline DiffResult
check_gemm(const GemmSpec &Spec, const void *A, const void *B, const void *CIn,
           const void *UserC, const DiffOptions &Options = {}) {
  return diff_gemm(Spec, A, B, CIn, UserC, Options);
}

} // namespace wavesan
