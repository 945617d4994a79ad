//===--- gtest.h - GoogleTest assertions for wavesan's diff -----------------===//
///
/// \file
/// EXPECT_/ASSERT_WAVESAN_REDUCTION and EXPECT_/ASSERT_WAVESAN_GEMM check a
/// kernel's output with wavesan::diff_reduction / diff_gemm (diff.h). On a
/// mismatch the failure message is exactly DiffResult::Report (the report
/// block ending with its SUMMARY line), whose "at" line is the assertion's file
/// and line in the current test. More text can be streamed as with any gtest
/// assertion:
///
///   EXPECT_WAVESAN_REDUCTION(Spec, In.data(), In.size(), Out.data(), Out.size());
///   ASSERT_WAVESAN_GEMM(Spec, A, B, /*CIn=*/nullptr, C, Options) << "shape " << M;
///
/// Arguments: those of diff_reduction(Spec, In, N, UserOut, UserOutCount
/// [, DiffOptions]) and diff_gemm(Spec, A, B, CIn, UserC [, DiffOptions]).
/// The ASSERT_ forms return from the test on failure. A spec the check cannot
/// use throws std::invalid_argument, which gtest reports as an exception.
///
/// Exit status: a failing macro fails its test, and the binary exits 1 through
/// GoogleTest (its message is not printed by wavesan::report()). A binary whose
/// tests all pass but which printed a wavesan error report (a kernel finding, or a
/// check with DiffOptions::Emit) exits with `exitcode` instead of 0: gtest_main
/// returns RUN_ALL_TESTS(), and the fail_at_exit handler (report.h) turns that
/// status 0 into exitcode. A binary with a failed test keeps GoogleTest's 1.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/diff.h"

#include <gtest/gtest.h>

#include <string>

namespace wavesan::gtest_detail {

/// \p O with the assertion's position and, as function, the current test's name; when
/// no Label names the kernel, the test (Suite.Name) stands for it in the report.
inline DiffOptions at(DiffOptions O, const char *File, unsigned Line) {
  O.File = File;
  O.Line = Line;
  if (const ::testing::TestInfo *T = ::testing::UnitTest::GetInstance()->current_test_info()) {
    O.Function = T->name();
    if (!O.Label) {
      static thread_local std::string TestName; // lives past the check that prints it
      TestName = std::string(T->test_suite_name()) + "." + T->name();
      O.Label = TestName.c_str();
    }
  }
  return O;
}

/// diff_reduction with the assertion's position in the report.
inline DiffResult reduction(const char *File, unsigned Line, const ReduceSpec &S, const void *In,
                             size_t N, const double *Out, size_t Count,
                             const DiffOptions &O = DiffOptions{}) {
  return diff_reduction(S, In, N, Out, Count, at(O, File, Line));
}
inline DiffResult reduction(const char *File, unsigned Line, const ReduceSpec &S, const void *In,
                             size_t N, const float *Out, size_t Count,
                             const DiffOptions &O = DiffOptions{}) {
  return diff_reduction(S, In, N, Out, Count, at(O, File, Line));
}
/// diff_gemm with the assertion's position in the report.
inline DiffResult gemm(const char *File, unsigned Line, const GemmSpec &S, const void *A,
                        const void *B, const void *CIn, const void *UserC,
                        const DiffOptions &O = DiffOptions{}) {
  return diff_gemm(S, A, B, CIn, UserC, at(O, File, Line));
}

} // namespace wavesan::gtest_detail

// The failure message is the report itself: GTEST_NONFATAL_FAILURE_ /
// GTEST_FATAL_FAILURE_ add no "Failed" or "Value of:" prefix.
#define WAVESAN_GTEST_CHECK_(Call, Fail)                                                       \
  GTEST_AMBIGUOUS_ELSE_BLOCKER_                                                                \
  if (const ::wavesan::DiffResult wavesan_gtest_result_ = (Call); wavesan_gtest_result_.Pass) \
    ;                                                                                          \
  else                                                                                         \
    Fail(wavesan_gtest_result_.Report.c_str())

#define EXPECT_WAVESAN_REDUCTION(...)                                                          \
  WAVESAN_GTEST_CHECK_(::wavesan::gtest_detail::reduction(__FILE__, __LINE__, __VA_ARGS__),    \
                       GTEST_NONFATAL_FAILURE_)
#define ASSERT_WAVESAN_REDUCTION(...)                                                          \
  WAVESAN_GTEST_CHECK_(::wavesan::gtest_detail::reduction(__FILE__, __LINE__, __VA_ARGS__),    \
                       GTEST_FATAL_FAILURE_)
#define EXPECT_WAVESAN_GEMM(...)                                                               \
  WAVESAN_GTEST_CHECK_(::wavesan::gtest_detail::gemm(__FILE__, __LINE__, __VA_ARGS__),         \
                       GTEST_NONFATAL_FAILURE_)
#define ASSERT_WAVESAN_GEMM(...)                                                               \
  WAVESAN_GTEST_CHECK_(::wavesan::gtest_detail::gemm(__FILE__, __LINE__, __VA_ARGS__),         \
                       GTEST_FATAL_FAILURE_)
