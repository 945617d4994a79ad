// Aspect (negative only): workgroups split row-major into (batch, head) that
// share only a vector of one element per thread (a per-head decay, read once):
// no panel is streamed, so there is no L2 traffic for the remap to save.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>

__global__ void decay_heads(const float *decay, const float *state, float *out, int heads,
                            int head_size) {
  const int tid = threadIdx.x;
  const int batch = blockIdx.x / heads;
  const int head = blockIdx.x % heads;
  const float d = decay[head * head_size + tid];
  const int at = (batch * heads + head) * head_size + tid;
  out[at] = state[at] * d;
}
