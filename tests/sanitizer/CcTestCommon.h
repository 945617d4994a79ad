//===--- CcTestCommon.h - what the cc_test sources share --------*- C++ -*-===//
///
/// \file
/// The CcTest fixture (a fresh directory per test, CcHarness.h) and the paths and
/// goldens the wavesan-cc driver, rewrite and sanitizer tests (one executable,
/// cc_test) share.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "CcHarness.h"

#include <string>

namespace cc_test {

using Result = wavesan::test::CcResult;
/// One fixture class for the suite "CcTest" in every source of cc_test.
using CcTest = wavesan::test::CcDirTest;
using wavesan::test::fileExists;

inline const std::string Cc = WAVESAN_CC;
inline const std::string Data = std::string(WAVESAN_TESTDATA_DIR) + "/wavesan-cc";

/// What testdata/wavesan-cc/device_props.hip prints for the default target.
constexpr const char *Profile = "arch gfx942:sramecc+:xnack- wave 64 cus 304\n";

/// wavesan-clang: the wrapper under its second name, next to wavesan-cc.
inline std::string clangName(const std::string &CcPath) {
  return CcPath.substr(0, CcPath.rfind('/') + 1) + "wavesan-clang";
}

} // namespace cc_test
