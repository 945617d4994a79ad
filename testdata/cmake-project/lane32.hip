// A CUDA-ism: each 32-lane group's leader stores the count of a ballot, which
// covers the whole 64-lane wavefront: lanes 0 and 32 each store the count of
// all 64 lanes, not of their own 32 (wave64-hardcoded-warp-size).
#include <hip/hip_runtime.h>

__global__ void lanes(int *out) {
  int tid = threadIdx.x;
  out[tid] = tid % 32 == 0 ? __popcll(__ballot(out[tid] > 0)) : 0;
}
