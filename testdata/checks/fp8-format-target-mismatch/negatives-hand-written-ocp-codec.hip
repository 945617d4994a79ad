// Aspect: hand-written FP8 codecs that are not findings. An OCP E4M3
// encoder on gfx942 in a unit that never converts with the target's FP8 (it
// writes bytes for a file format read elsewhere), and an FNUZ encoder on
// gfx942.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch
#include <hip/hip_runtime.h>
#include <stdint.h>

__device__ uint8_t toFileByte(float f) {
  uint32_t bits = __float_as_uint(f);
  int32_t e = int32_t((bits >> 23) & 0xff) - 127 + 7;
  if (e <= 0)
    return 0;
  return uint8_t(((bits >> 31) << 7) | (e << 3) | ((bits >> 20) & 0x7));
}

__global__ void pack(const float *x, uint8_t *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = toFileByte(x[i]);
}
