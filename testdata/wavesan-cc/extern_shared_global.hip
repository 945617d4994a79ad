// wavesan-cc test program (tests/sanitizer/CcTest.cpp, ExternSharedAtNamespaceScopeIsAnError):
// `extern __shared__` outside a function body cannot be rewritten; wavesan-cc names it.
#include <hip/hip_runtime.h>

extern __shared__ float scratch[];

namespace detail {
  extern __shared__ int counts[];
}

__global__ void fill(float *out) { out[threadIdx.x] = scratch[threadIdx.x]; }

int main() { return 0; }
