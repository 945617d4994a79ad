// Runs reduce_kernels.cu's kernels. No argument: blockSum over 2 blocks of 256 threads on
// the values 1..512, printing the two block sums (by hand: 1 + ... + 256 = 32896 and
// 257 + ... + 512 = 98432). "overflow": fillTile launched with 64 threads for its
// 32-element tile.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstring>

#include "reduce_kernels.cu"

int main(int argc, char **argv) {
  int *out;
  hipMalloc(&out, 64 * sizeof(int));
  if (argc > 1 && std::strcmp(argv[1], "overflow") == 0) {
    fillTile<<<1, 64>>>(out);
    hipDeviceSynchronize();
    hipFree(out);
    return 0;
  }
  int h[512];
  for (int i = 0; i < 512; ++i)
    h[i] = i + 1;
  int *in;
  hipMalloc(&in, sizeof h);
  hipMemcpy(in, h, sizeof h, hipMemcpyHostToDevice);
  blockSum<<<2, 256, 256 * sizeof(int)>>>(in, out);
  int sums[2];
  hipMemcpy(sums, out, sizeof sums, hipMemcpyDeviceToHost);
  std::printf("sums %d %d\n", sums[0], sums[1]);
  hipFree(in);
  hipFree(out);
  return 0;
}
