//===--- CcMemoryFaultTest.cpp - memory faults are reports, not crashes -----===//
///
/// \file
/// testdata/wavesan-cc/memory_faults.hip built with wavesan-cc (with and without
/// AddressSanitizer) and run once per mode: an overflow of a static `__shared__` array
/// is an `lds-out-of-bounds` report (an ASan heap-buffer-overflow at the line under
/// ASan), a double hipFree a `double-free` report, a free of a stack address or of an
/// address inside a buffer an `invalid-free` report; the calls return
/// hipErrorInvalidValue and the program's buffered stdout survives.
///
//===----------------------------------------------------------------------===//
#include "CcHarness.h"

#include <regex>
#include <string>

namespace {

using wavesan::test::CcProgramTest;
using Result = wavesan::test::CcResult;

const std::string Cc = WAVESAN_CC;
const std::string Program = wavesan::test::ccSource("memory_faults.hip");

size_t count(const std::string &S, const std::string &Part) {
  return wavesan::test::occurrences(S, Part);
}

/// One build of memory_faults.hip for the whole suite (each build takes seconds).
class CcMemoryFault : public CcProgramTest {
protected:
  static void SetUpTestSuite() { build("memory_faults.hip", "faults"); }
};

TEST_F(CcMemoryFault, StaticSharedOverflowIsReportedOnce) {
  Result R = run("./faults shared");
  EXPECT_EQ(R.Status, 1) << R.Err; // fail_at_exit: an error report was printed
  // tile[t] = t + 1, out[t] = tile[63 - t]: the stray store did not touch the array.
  EXPECT_EQ(R.Out, "out[0] 64 out[63] 1\nfree hipSuccess\n") << R.Err;
  // Both blocks overflow; the site is reported once.
  EXPECT_EQ(count(R.Err, "ERROR: wavesan: lds-out-of-bounds in kernel fill_tile\n"), 1u)
      << R.Err;
  EXPECT_NE(R.Err.find("  __shared__ array 'tile' (256 bytes) was written out of bounds by a "
                       "lane of this block: a write at byte offset 256 (the array ends at "
                       "256);"),
            std::string::npos)
      << R.Err;
  EXPECT_TRUE(std::regex_search(
      R.Err, std::regex("\n  at [^\n]*memory_faults\\.hip:19 in fill_tile, block \\([01],0,0\\)\n")))
      << R.Err;
  EXPECT_NE(R.Err.find("SUMMARY: wavesan: lds-out-of-bounds " + Program + ":19 in fill_tile\n"),
            std::string::npos)
      << R.Err;
}

TEST_F(CcMemoryFault, InBoundsSharedArrayIsClean) {
  Result R = run("./faults none");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_EQ(R.Out, "out[0] 64 out[63] 1\nfree hipSuccess\n");
  EXPECT_EQ(R.Err, "");
}

// wavesan-cc's rewrite of `static __shared__ float tile[N][N + 1]` (a template extent) keeps
// the array's type (sizeof) and block sharing; `__shared__ int a[4], b[4];` is left alone.
TEST_F(CcMemoryFault, RewrittenDeclarationsKeepTheirMeaning) {
  Result R = run("./faults variants");
  EXPECT_EQ(R.Status, 0) << R.Err;
  EXPECT_EQ(R.Out, "variants 3 11 17 size 288\n") << R.Err;
  EXPECT_EQ(R.Err, "");
}

TEST_F(CcMemoryFault, DoubleFreeReturnsInvalidValueAndReports) {
  Result R = run("./faults double");
  EXPECT_EQ(R.Status, 1) << R.Err;
  EXPECT_EQ(R.Out, "first hipSuccess\nsecond hipErrorInvalidValue\nlast error "
                   "hipErrorInvalidValue\n")
      << R.Err;
  EXPECT_EQ(count(R.Err, "ERROR: wavesan: double-free in host code\n"), 1u) << R.Err;
  EXPECT_TRUE(std::regex_search(
      R.Err, std::regex("\n  hipFree\\(0x[0-9a-f]+\\) of memory already freed: the 256-byte "
                        "block \\[0x[0-9a-f]+, 0x[0-9a-f]+\\) returned by hipMalloc; the call "
                        "fails with hipErrorInvalidValue and frees nothing\n")))
      << R.Err;
  EXPECT_TRUE(std::regex_search(R.Err, std::regex("\n  at \\./faults\\+0x[0-9a-f]+ in ")))
      << R.Err;
  EXPECT_TRUE(std::regex_search(
      R.Err, std::regex("\nSUMMARY: wavesan: double-free \\./faults\\+0x[0-9a-f]+ in ")))
      << R.Err;
}

TEST_F(CcMemoryFault, FreeOfStackAddressIsInvalidFree) {
  Result R = run("./faults foreign");
  EXPECT_EQ(R.Status, 1) << R.Err;
  EXPECT_EQ(R.Out, "foreign hipErrorInvalidValue\nfree hipSuccess\n") << R.Err;
  EXPECT_EQ(count(R.Err, "ERROR: wavesan: invalid-free in host code\n"), 1u) << R.Err;
  EXPECT_NE(R.Err.find(") of memory that hipMalloc, hipMallocManaged or hipHostMalloc did not "
                       "return"),
            std::string::npos)
      << R.Err;
  EXPECT_EQ(R.Err.find("double-free"), std::string::npos) << R.Err;
}

TEST_F(CcMemoryFault, FreeInsideABufferIsInvalidFree) {
  Result R = run("./faults interior");
  EXPECT_EQ(R.Status, 1) << R.Err;
  // hipHostFree(d + 1) frees nothing: the later hipFree(d) still succeeds.
  EXPECT_EQ(R.Out, "interior hipErrorInvalidValue\nfree hipSuccess\n") << R.Err;
  EXPECT_TRUE(std::regex_search(
      R.Err, std::regex("\n  hipHostFree\\(0x[0-9a-f]+\\) of an address 4 bytes inside the "
                        "256-byte block \\[0x[0-9a-f]+, 0x[0-9a-f]+\\) returned by hipMalloc, "
                        "not its start;")))
      << R.Err;
}

TEST_F(CcMemoryFault, HaltOnErrorKeepsBufferedOutput) {
  Result R = run("WAVESAN_OPTIONS=halt_on_error=1:exitcode=9 ./faults double");
  EXPECT_EQ(R.Status, 9) << R.Err;
  EXPECT_EQ(R.Out, "first hipSuccess\n") << R.Err; // printed before the report, flushed
  EXPECT_EQ(count(R.Err, "ERROR: wavesan: double-free"), 1u) << R.Err;
}

#ifdef WAVESAN_TEST_ASAN
// Under AddressSanitizer the array is a heap block of exactly its size: the store one past
// it is a heap-buffer-overflow at its source line, in the lane that made it.
TEST_F(CcMemoryFault, AddressSanitizerReportsStaticSharedOverflowLine) {
  Result B = run(Cc + " -fsanitize=address -g -O1 '" + Program + "' -o faults_asan");
  ASSERT_EQ(B.Status, 0) << B.Err;
  Result R = run("ASAN_OPTIONS=detect_leaks=0 ./faults_asan shared");
  EXPECT_NE(R.Status, 0);
  EXPECT_NE(R.Err.find("ERROR: AddressSanitizer: heap-buffer-overflow"), std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("memory_faults.hip:21"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("0 bytes to the right of 256-byte region"), std::string::npos) << R.Err;
  Result Ok = run("ASAN_OPTIONS=detect_leaks=0 ./faults_asan none");
  EXPECT_EQ(Ok.Status, 0) << Ok.Err;
  EXPECT_EQ(Ok.Out, "out[0] 64 out[63] 1\nfree hipSuccess\n");
}
#endif

} // namespace
