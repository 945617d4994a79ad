//===--- DriverTest.h - shared helpers of the driver tests -----*- C++ -*-===//
///
/// \file
/// The fixture and the JSON report accessors that DriverTest.cpp and
/// DriverInputsTest.cpp (one executable, driver_test) share.
///
//===----------------------------------------------------------------------===//
#ifndef WAVECHECK_TESTS_DRIVERTEST_H
#define WAVECHECK_TESTS_DRIVERTEST_H

#include "Harness.h"

#include "llvm/Support/JSON.h"
#include <set>
#include <string>

namespace wavecheck::test {

using DriverTest = TempDirTest;

inline const llvm::json::Array &findings(const llvm::json::Object &R) {
  static const llvm::json::Array Empty;
  const llvm::json::Array *A = R.getArray("findings");
  return A ? *A : Empty;
}
inline const llvm::json::Array &errors(const llvm::json::Object &R) {
  static const llvm::json::Array Empty;
  const llvm::json::Array *A = R.getArray("errors");
  return A ? *A : Empty;
}
inline std::set<std::string> strings(const llvm::json::Object &F, llvm::StringRef Key) {
  std::set<std::string> S;
  if (const llvm::json::Array *A = F.getArray(Key))
    for (const llvm::json::Value &V : *A)
      S.insert(V.getAsString()->str());
  return S;
}

} // namespace wavecheck::test

#endif
