// warpSize is a device value, not a constant expression (ROCm 7). Everything
// here compiles; the NEGATIVE checks are in the 'neg_*' snippets of the report.
#include <hip/hip_runtime.h>

template <int N> struct Fixed { int v[N]; };

__global__ void uses_warpsize(int* out) {
  int lanes = warpSize;                 // readable in device code
  int lane = threadIdx.x & (warpSize - 1);
  int warp = threadIdx.x / warpSize;
  if (warpSize == 64) out[0] = 1;       // a runtime comparison is fine
  out[lane + warp] = lanes + __shfl(lane, 0, warpSize);
}
