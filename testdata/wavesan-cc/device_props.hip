// wavesan-cc test program (tests/sanitizer/CcTest.cpp): prints device 0's gfx942 profile.
// WAVESAN_CC_TEST_VALUE (-D) and __OPTIMIZE__ (-O2) show that flags pass through.
#include <hip/hip_runtime.h>

#include <cstdio>

int main() {
  hipDeviceProp_t prop;
  if (hipGetDeviceProperties(&prop, 0) != hipSuccess) {
    std::fprintf(stderr, "hipGetDeviceProperties failed\n");
    return 2;
  }
  std::printf("arch %s wave %d cus %d\n", prop.gcnArchName, prop.warpSize,
              prop.multiProcessorCount);
#ifdef WAVESAN_CC_TEST_VALUE
  std::printf("value %d\n", WAVESAN_CC_TEST_VALUE);
#endif
#ifdef __OPTIMIZE__
  std::printf("optimized\n");
#endif
  return 0;
}
