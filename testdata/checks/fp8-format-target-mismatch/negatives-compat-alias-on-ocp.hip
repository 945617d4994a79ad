// Aspect (negative only): the same compatibility alias (CUDA's OCP name for
// HIP's OCP type) used in device code for targets whose hardware computes
// OCP: both names are right there, in both passes.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --offload-arch=gfx950,gfx1200 --passes=host,device
#include <hip/hip_runtime.h>
#include <hip/hip_fp8.h>
#include <cstdint>

typedef __hip_fp8_e4m3 __nv_fp8_e4m3;

__device__ float widen_code(uint8_t code) {
  uint32_t raw = code;
  const __nv_fp8_e4m3 s = *reinterpret_cast<const __nv_fp8_e4m3 *>(&raw);
  return static_cast<float>(s);
}

__global__ void widen_all(const uint8_t *codes, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = widen_code(codes[i]);
}
