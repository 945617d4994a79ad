// Aspect: an attention kernel whose workgroup id is split into (head, query
// block): the K and V panels of one head are read by every query block of it,
// and with round-robin dispatch each XCD fetches them again.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>
#ifdef USE_BF16_STORAGE
#include <hip/hip_bf16.h>
#endif

__global__ void attentionForward(const float *q, const float *k, const float *v, float *o,
                                 int seqLen, int headDim, int numQBlocks) {
  const int wg = blockIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: workgroup id 'wg' is mapped row-major onto output tiles without the XCD remap [xcd-tile-order]
  const int head = wg / numQBlocks;
  const int qBlock = wg % numQBlocks;
  const size_t headOffset = (size_t)head * seqLen * headDim;
  const float *qRows = q + headOffset + (size_t)qBlock * 64 * headDim;
  const float *kHead = k + headOffset;
  const float *vHead = v + headOffset;
  float score = 0.0f, out = 0.0f;
  for (int j = 0; j < seqLen; ++j) {
    float s = 0.0f;
    for (int d = 0; d < headDim; ++d)
      s += qRows[threadIdx.x * headDim + d] * kHead[j * headDim + d];
    score += __expf(s);
    out += __expf(s) * vHead[j * headDim + threadIdx.y];
  }
  o[headOffset + (size_t)(qBlock * 64 + threadIdx.x) * headDim + threadIdx.y] = out / score;
}
