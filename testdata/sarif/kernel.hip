// wavecheck SARIF golden input: four findings, three with a note, two on
// identical lines (fingerprint occurrence counter), one after a non-ASCII
// comment (columns in code points).
#include <hip/hip_runtime.h>

__global__ void scale(float *out) {
  int tid = threadIdx.x;
  int lane = tid % 32;
  out[tid] *= lane + __popcll(__ballot(lane > 1));
}

__global__ void shift(float *out) {
  int tid = threadIdx.x;
  int lane = tid % 32;
  out[tid] += lane + __popcll(__ballot(lane > 1));
}

__global__ void vote(float *out, unsigned long long *masks) {
  int tid = threadIdx.x;
  unsigned m = 0xffffffff;
  out[tid] = __shfl_xor_sync(m, out[tid], 1);
  /* é */ masks[tid] = __popc(__ballot(out[tid] > 0.f));
}
