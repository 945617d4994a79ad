// Aspect: negatives-guarded-branches. Each format only in the branch written for
// it (HIP_FP8_TYPE_OCP/HIP_FP8_TYPE_FNUZ, __gfx942__/__gfx950__): silent on gfx942
// in both passes, although the host pass sees HIP_FP8_TYPE_OCP = 1.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --passes=host,device
#include <hip/hip_fp8.h>

#if HIP_FP8_TYPE_OCP
typedef __hip_fp8_e4m3 fp8_act;
#define FP8_ACT_INTERP __HIP_E4M3
#define FP8_ACT_MAX 448.0f
#else
typedef __hip_fp8_e4m3_fnuz fp8_act;
#define FP8_ACT_INTERP __HIP_E4M3_FNUZ
#define FP8_ACT_MAX 240.0f
#endif

#if !HIP_FP8_TYPE_FNUZ
using fp8_grad = __hip_fp8_e5m2;
#elif HIP_FP8_TYPE_FNUZ
using fp8_grad = __hip_fp8_e5m2_fnuz;
#endif

__device__ float bound(float x) {
#if defined(__gfx950__) || defined(__gfx1200__) || defined(__gfx1201__)
  return fminf(x, 448.f);
#elif defined(__gfx942__)
  return fminf(x, 240.f);
#else
  return x;
#endif
}

__global__ void store(const float *x, fp8_act *y, __hip_fp8_storage_t *raw) {
  int i = threadIdx.x;
  y[i] = fp8_act(fminf(x[i], FP8_ACT_MAX));
  raw[i] = __hip_cvt_float_to_fp8(x[i], __HIP_SATFINITE, FP8_ACT_INTERP);
#ifdef __gfx950__
  __hip_fp8_e5m2 g = x[i];
#else
  __hip_fp8_e5m2_fnuz g = x[i];
#endif
  raw[i] ^= g.__x;
}
