// A CUDA-ism: the lane index assumes 32-lane warps (wave64-hardcoded-warp-size).
#include <hip/hip_runtime.h>

__global__ void lanes(int *out) {
  int tid = threadIdx.x;
  out[tid] = tid % 32;
}
