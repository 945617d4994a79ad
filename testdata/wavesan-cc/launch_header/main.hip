// wavesan-cc test input: launches in a header found through -I (include/fill.cuh), one
// through a macro, and a multi-line launch in this file (lines 19-20). Prints the values
// written and the line of the print (22), so that a rewrite that moved lines shows.
#include <fill.cuh>

#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  int block = argc > 1 ? std::atoi(argv[1]) : 64;
  const int n = 130;
  int *d = nullptr;
  hipMalloc(&d, n * sizeof(int));
  hipMemset(d, 0, n * sizeof(int));
  fill_on_device(d, 7, n, block);
  int h[n];
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  FILL_ONE_BLOCK(d, 3, 2, block);
  fill<int><<<1,
              block>>>(d + 2, 5, 1);
  hipMemcpy(h, d, 3 * sizeof(int), hipMemcpyDeviceToHost);
  std::printf("%d %d %d %d|%d\n", h[0], h[2], h[3], h[129], __LINE__);
  return 0;
}
