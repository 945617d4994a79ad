//===--- AsanBuild.h - tests built with AddressSanitizer --------------------===//
///
/// \file
/// Whether the test binary, and so the whole build (CMakePresets.json's asan-ubsan
/// preset, scripts/test-asan), is built with AddressSanitizer; and the ASAN_OPTIONS a
/// child program gets when a test needs an option of its own under ASan.
///
//===----------------------------------------------------------------------===//
#ifndef WAVESAN_TESTS_ASANBUILD_H
#define WAVESAN_TESTS_ASANBUILD_H

#include <cstdlib>
#include <string>

#if defined(__SANITIZE_ADDRESS__)
#define WAVESAN_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WAVESAN_TEST_ASAN 1
#endif
#endif
#ifndef WAVESAN_TEST_ASAN
#define WAVESAN_TEST_ASAN 0
#endif

namespace wavesan::test {

constexpr bool AsanBuild = WAVESAN_TEST_ASAN != 0;

/// This process's ASAN_OPTIONS with \p Extra appended (a later option wins).
inline std::string asanOptionsWith(const std::string &Extra) {
  const char *Now = std::getenv("ASAN_OPTIONS");
  return Now && *Now ? std::string(Now) + ":" + Extra : Extra;
}

/// ASan's own SIGSEGV/SIGBUS/SIGFPE handlers off: a program that faults on purpose then
/// reaches wavesan's handler with no handler installed before it, as without ASan (with
/// them, ASan's handler gets the signal after wavesan's report and exits 1).
constexpr const char *AsanNoSignalHandlers = "handle_segv=0:handle_sigbus=0:handle_sigfpe=0";

} // namespace wavesan::test

#endif
