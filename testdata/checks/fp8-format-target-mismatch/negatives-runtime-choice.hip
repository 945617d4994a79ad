// Aspect: negatives-runtime-choice. Code that handles both formats and picks one
// at run time (a function naming both, or both maxima) is left alone on gfx942.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch
#include <hip/hip_fp8.h>

template <typename Fp8>
__global__ void quantise(const float *x, Fp8 *y, float bound) {
  y[threadIdx.x] = Fp8(fminf(fmaxf(x[threadIdx.x], -bound), bound));
}

float fp8_e4m3_max(bool ocp_device) {
  if (ocp_device)
    return 448.f;
  return 240.f;
}

void launch(const float *x, void *y, bool ocp_device, hipStream_t s) {
  float bound = fp8_e4m3_max(ocp_device);
  if (ocp_device)
    quantise<<<1, 64, 0, s>>>(x, static_cast<__hip_fp8_e4m3 *>(y), bound);
  else
    quantise<<<1, 64, 0, s>>>(x, static_cast<__hip_fp8_e4m3_fnuz *>(y), bound);
}

__device__ float decode(__hip_fp8_storage_t b, bool fnuz) {
  return __half(__hip_cvt_fp8_to_halfraw(b, fnuz ? __HIP_E4M3_FNUZ : __HIP_E4M3));
}
