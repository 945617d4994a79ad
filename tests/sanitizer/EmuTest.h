//===--- EmuTest.h - fixture and buffer helpers of emu_test -----*- C++ -*-===//
///
/// \file
/// The Emu fixture (resets reports and engine overrides around each test) and the
/// device buffer copies that EmuTest.cpp and EmuMemoryTest.cpp (one executable,
/// emu_test) share.
///
//===----------------------------------------------------------------------===//
#ifndef WAVESAN_TESTS_EMUTEST_H
#define WAVESAN_TESTS_EMUTEST_H

#include <hip/hip_runtime.h>

#include "wavesan/report.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

namespace emu_test {

/// Resets reports and engine overrides around each test.
class Emu : public ::testing::Test {
protected:
  void SetUp() override {
    wavesan::resetReports();
    wavesan::setWaveSize(64);
    wavesan::setWorkers(0);
    wavesan::setKernelTimeout(-1);
    wavesan::setLockstepLds(-1);
  }
  void TearDown() override {
    wavesan::setWaveSize(64);
    wavesan::setWorkers(0);
    wavesan::setKernelTimeout(-1);
    wavesan::setLockstepLds(-1);
  }
};

template <class T> T *deviceCopy(const std::vector<T> &Host) {
  T *D = nullptr;
  EXPECT_EQ(hipMalloc(&D, Host.size() * sizeof(T)), hipSuccess);
  EXPECT_EQ(hipMemcpy(D, Host.data(), Host.size() * sizeof(T), hipMemcpyHostToDevice), hipSuccess);
  return D;
}
template <class T> std::vector<T> hostCopy(const T *D, size_t N) {
  std::vector<T> H(N);
  EXPECT_EQ(hipMemcpy(H.data(), D, N * sizeof(T), hipMemcpyDeviceToHost), hipSuccess);
  return H;
}

} // namespace emu_test

#endif
