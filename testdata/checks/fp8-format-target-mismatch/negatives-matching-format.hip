// Aspect: negatives-matching-format. FNUZ FP8 on gfx942, the format its
// hardware computes: types, tags, the 240 bound and PyTorch's fnuz dtypes.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --passes=host,device
#include <hip/hip_fp8.h>
#include <hip/library_types.h>

#define OUT_DTYPE at::kFloat8_e4m3fnuz
#define FP8_MAX 240.0f

typedef __hip_fp8_e4m3_fnuz fp8;

__global__ void quantise(const float *x, fp8 *y, __hip_fp8x2_e5m2_fnuz *g, float amax) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = FP8_MAX / amax;
  y[i] = fp8(fminf(fmaxf(x[i] * s, -240.f), 240.f));
  g[i] = __hip_fp8x2_e5m2_fnuz(float2{x[i], x[i]});
}

__device__ __hip_fp8_storage_t encode(float v) {
  return __hip_cvt_float_to_fp8(v, __HIP_SATFINITE, __HIP_E4M3_FNUZ);
}

hipDataType gemm_input_type() { return HIP_R_8F_E4M3_FNUZ; }
