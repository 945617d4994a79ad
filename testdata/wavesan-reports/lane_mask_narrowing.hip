// wavesan report golden: a ballot result narrowed to int while lanes 32-63 hold set bits
// (lane-mask-truncated, rule wave64-lane-mask-width); main returns 0 and the process exits 1
// (fail_at_exit). One block: the under-filled grid note only with report_underfilled_grid=1.
// Reports name the plain kernel (not "void narrow(int*)"), the type as written, the line.
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
