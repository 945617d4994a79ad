// wavesan report golden: a ballot result narrowed to int while lanes 32-63 hold set bits
// (lane-mask-truncated, rule wave64-lane-mask-width). One block of 64 threads, so the
// launch also gets the launch-underfilled-grid note. The report names the plain kernel
// name (not "void narrow(int*)"), the target type as written ('int') and the ballot's line.
#include <hip/hip_runtime.h>

__global__ void narrow(int *out) {
  int mask = __ballot(1); // all 64 lanes vote: lanes 32-63 are lost in an int
  out[threadIdx.x] = mask;
}

int main() {
  int *out = nullptr;
  hipMalloc(&out, 64 * sizeof(int));
  hipLaunchKernelGGL(narrow, dim3(1), dim3(64), 0, 0, out);
  hipDeviceSynchronize();
  hipFree(out);
  return 0;
}
