// wavesan-cc test input (CMake HIP project): plain C++ in the same executable.
#include <cstdio>

void report(const float *y, int n, const char *arch) {
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += y[i];
  std::printf("%s y[0]=%g y[999]=%g sum=%g\n", arch, y[0], y[n - 1], sum);
}
