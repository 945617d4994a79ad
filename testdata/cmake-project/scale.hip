// Clean: one thread per element, no wave-size assumption.
#include <hip/hip_runtime.h>

__global__ void scale(float *out, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] *= a;
}
