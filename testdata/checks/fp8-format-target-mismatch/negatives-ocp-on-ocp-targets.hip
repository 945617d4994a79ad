// Aspect: negatives-ocp-on-ocp-targets. OCP FP8 on gfx950 and gfx12, whose
// hardware computes OCP: HIP types and tags, CUDA's types (OCP too) and 448.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --offload-arch=gfx950,gfx1200 --passes=host,device
#include <hip/hip_fp8.h>
#include <hip/library_types.h>
#include <cuda_fp8.h>

constexpr float kFp8E4m3Max = 448.0f;

__global__ void quantise(const float *x, __hip_fp8_e4m3 *y, __nv_fp8_e5m2 *g, float amax) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = kFp8E4m3Max / amax;
  y[i] = __hip_fp8_e4m3(fminf(x[i] * s, 448.f));
  g[i] = __nv_fp8_e5m2(x[i]);
}

__device__ __hip_fp8x4_e4m3 pack(float4 v) { return __hip_fp8x4_e4m3(v); }

hipDataType gemm_input_type() { return HIP_R_8F_E4M3; }
