//===--- EmuLaunchTest.cpp - bounds of launches and of the engine's setters -===//
///
/// \file
/// Part of emu_test: setWorkers and setKernelTimeout refuse values past the bounds
/// of their options (workers, kernel_timeout_s) as setWaveSize does (exit status 2
/// naming the value and the bound; run in forked children, which launch nothing).
///
//===----------------------------------------------------------------------===//
#include "EmuTest.h"
#include "ReportChild.h"

#include <hip/hip_runtime.h>

#include <gtest/gtest.h>

namespace {

using namespace emu_test;
using wavesan::test::ChildResult;
using wavesan::test::runInChild;

// 5000 threads threw std::system_error (abort) when the launch started them; 1e10 s
// overflowed the watchdog's wait, so every launch timed out at once.
TEST_F(Emu, SetWorkersAndSetKernelTimeoutAreBounded) {
  ChildResult R = runInChild(nullptr, [] {
    wavesan::setWorkers(1024);
    wavesan::setWorkers(0);
    wavesan::setWorkers(5000);
    _exit(12);
  });
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Err, "wavesan: bad worker count 5000 passed to setWorkers: expected 0 to 1024 "
                   "(0: the option workers)\n");
  R = runInChild(nullptr, [] {
    wavesan::setKernelTimeout(1e6);
    wavesan::setKernelTimeout(-1);
    wavesan::setKernelTimeout(1e10);
    _exit(12);
  });
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Err, "wavesan: bad kernel timeout 10000000000 passed to setKernelTimeout: "
                   "expected at most 1000000 seconds (0 disables the watchdog, a negative "
                   "value goes back to the option)\n");
}

} // namespace
