//===- CcSanitizerTest.cpp - wavesan-cc programs under AddressSanitizer -----===//
///
/// Programs built with `wavesan-cc -fsanitize=address`: ASan reports name the kernel's
/// source line, the engine's fiber stacks are announced to ASan (no false reports, no
/// leaks after a deadlocked block), and a lane's stack overflow is a kernel-fault report.
///
//===----------------------------------------------------------------------===//

#include "CcTestCommon.h"
#include "AsanBuild.h"

#include <algorithm>
#include <csignal>
#include <string>

namespace {

using namespace cc_test;

TEST_F(CcTest, AddressSanitizerReportsOverflowLine) {
  Result B = run(Cc + " -fsanitize=address -g -O1 " + Data + "/asan_oob.hip -o oob");
  ASSERT_EQ(B.Status, 0) << B.Err;
  Result R = run("ASAN_OPTIONS=detect_leaks=0 ./oob global");
  EXPECT_NE(R.Status, 0);
  EXPECT_NE(R.Err.find("ERROR: AddressSanitizer: heap-buffer-overflow"), std::string::npos)
      << R.Err;
  // asan_oob.hip line 16 is the out-of-bounds store in the kernel.
  EXPECT_NE(R.Err.find("SUMMARY: AddressSanitizer: heap-buffer-overflow"), std::string::npos);
  EXPECT_NE(R.Err.find("asan_oob.hip:16 in store_global"), std::string::npos) << R.Err;
  // Dynamic shared memory (HIP_DYNAMIC_SHARED): the block's buffer is a heap block of the
  // launch's shmem bytes, so one element past it is caught too (line 25).
  Result S = run("ASAN_OPTIONS=detect_leaks=0 ./oob shared");
  EXPECT_NE(S.Status, 0);
  EXPECT_NE(S.Err.find("SUMMARY: AddressSanitizer: heap-buffer-overflow"), std::string::npos)
      << S.Err;
  EXPECT_NE(S.Err.find("asan_oob.hip:25 in store_shared"), std::string::npos) << S.Err;
  // A size that is not a multiple of hipMalloc's 256-byte alignment (100 ints): ASan's
  // allocator knows the exact size, so one element past it is a heap-buffer-overflow too,
  // not a "use-after-poison" inside a rounded-up block (line 32).
  Result Odd = run("ASAN_OPTIONS=detect_leaks=0 ./oob odd");
  EXPECT_NE(Odd.Status, 0);
  EXPECT_NE(Odd.Err.find("ERROR: AddressSanitizer: heap-buffer-overflow"), std::string::npos)
      << Odd.Err;
  EXPECT_NE(Odd.Err.find("asan_oob.hip:32 in store_odd"), std::string::npos) << Odd.Err;
  // The in-bounds run is clean.
  Result Ok = run("ASAN_OPTIONS=detect_leaks=0 ./oob none");
  EXPECT_EQ(Ok.Status, 0) << Ok.Err;
  EXPECT_EQ(Ok.Out, "ok\n");
}

TEST_F(CcTest, AddressSanitizerKnowsFiberStacks) {
  // Kernels run on the engine's fiber stacks; the engine announces each switch to ASan
  // (__sanitizer_start/finish_switch_fiber). Without that, unwinding a lane (the kernel's
  // own throw, or the forced unwind of a deadlocked block) printed "ASan is ignoring
  // requested __asan_handle_no_return" and the next launch aborted with a false
  // stack-buffer-underflow. Leak detection stays on: the pooled stacks must not leak.
  Result B = run(Cc + " -fsanitize=address -g -O1 " + Data + "/asan_fibers.hip -o fibers");
  ASSERT_EQ(B.Status, 0) << B.Err;
  // fail_at_exit=0: the status then says only whether LeakSanitizer found a leak.
  Result R = run("WAVESAN_OPTIONS=fail_at_exit=0 ./fibers");
  EXPECT_EQ(R.Status, 0) << R.Err;
  // asan_fibers.hip's header comment: the deadlocked launch fails; the later launches
  // sum to 304 * 32768.
  EXPECT_EQ(R.Out, "dead_failed 1\nsum 9961472\n") << R.Err;
  const std::string Summary = "SUMMARY: wavesan: barrier-deadlock " + Data +
                              "/asan_fibers.hip:21 in dead\n";
  EXPECT_NE(R.Err.find(Summary), std::string::npos) << R.Err;
  EXPECT_EQ(R.Err.find("AddressSanitizer"), std::string::npos) << R.Err;
  EXPECT_EQ(R.Err.find("ASan is ignoring"), std::string::npos) << R.Err;
  EXPECT_EQ(R.Err.find("LeakSanitizer"), std::string::npos) << R.Err;
  // Nothing but the one wavesan report block (6 lines) and its repeat count (the other
  // 303 deadlocked blocks, one line) on stderr.
  EXPECT_EQ(std::count(R.Err.begin(), R.Err.end(), '\n'), 7) << R.Err;
  EXPECT_NE(R.Err.find("in dead: 303 more times at this site (reported once)\n"),
            std::string::npos) << R.Err;
}

TEST_F(CcTest, LargeLocalArrayIsAStackOverflowReport) {
  // stack_overflow.hip's header comment: a 1 MiB local array per lane, larger than the
  // fiber stack and its guard. wavesan-cc's -fstack-clash-protection makes the frame
  // fault in the guard: a kernel-fault report, then SIGSEGV (128 + 11 from the shell).
  Result B = run(Cc + " -O2 " + Data + "/stack_overflow.hip -o overflow");
  ASSERT_EQ(B.Status, 0) << B.Err;
  // Under ASan (scripts/test-asan) the runtime, and so the program, links ASan: without
  // ASan's SIGSEGV handler, the signal ends the program as in a build without ASan.
  const std::string Asan = wavesan::test::AsanBuild
                               ? "ASAN_OPTIONS='" + wavesan::test::asanOptionsWith(
                                                        wavesan::test::AsanNoSignalHandlers) +
                                     "' "
                               : "";
  Result R = run(Asan + "WAVESAN_OPTIONS=workers=1 ./overflow");
  EXPECT_EQ(R.Status, 128 + SIGSEGV) << R.Err;
  EXPECT_EQ(R.Out, "") << R.Err;
  EXPECT_NE(R.Err.find("ERROR: wavesan: kernel-fault in kernel scratch\n  stack overflow: the "
                       "lane used up its 256 KiB fiber stack"),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("SUMMARY: wavesan: kernel-fault " + Data +
                       "/stack_overflow.hip:24 in scratch\n"),
            std::string::npos)
      << R.Err;
}

TEST_F(CcTest, AddressSanitizerFindsNoLeakAfterADeadlock) {
  // A deadlocked block is unwound lane by lane. Without telling ASan that each unwound lane
  // leaves its stack for the worker's, ASan took the last lane's stack for the worker
  // thread's, LeakSanitizer scanned that instead, and every buffer of the Worker object on
  // the thread's stack was a "direct leak" (exit 1), here in the launch that ends the
  // program (barrier_deadlock.hip, the report golden).
  const std::string Src =
      std::string(WAVESAN_TESTDATA_DIR) + "/wavesan-reports/barrier_deadlock.hip";
  Result B = run(Cc + " -fsanitize=address -g -O1 " + Src + " -o deadlock");
  ASSERT_EQ(B.Status, 0) << B.Err;
  for (const char *Workers : {"1", "2"}) {
    // fail_at_exit=0: the status then says only whether LeakSanitizer found a leak.
    Result R = run(std::string("WAVESAN_OPTIONS=fail_at_exit=0:workers=") + Workers +
                   " ./deadlock");
    EXPECT_EQ(R.Status, 0) << R.Err;
    EXPECT_EQ(R.Out, "launch: hipErrorLaunchFailure\n");
    EXPECT_EQ(R.Err.find("LeakSanitizer"), std::string::npos) << R.Err;
    EXPECT_NE(R.Err.find("SUMMARY: wavesan: barrier-deadlock " + Src + ":10 in half_barrier\n"),
              std::string::npos)
        << R.Err;
  }
}

} // namespace
