// FP8 types of both families, vector forms, hipDataType, HIP_FP8_TYPE_* macros
#include <hip/hip_runtime.h>
#include <hip/hip_fp8.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <hip/library_types.h>

#if !defined(HIP_FP8_TYPE_OCP) || !defined(HIP_FP8_TYPE_FNUZ)
#error "FP8 format macros missing"
#endif
#if defined(__HIP_DEVICE_COMPILE__)
#if defined(__gfx942__) && !(HIP_FP8_TYPE_FNUZ == 1 && HIP_FP8_TYPE_OCP == 0)
#error "gfx942 must be FNUZ"
#endif
#if defined(__gfx950__) && !(HIP_FP8_TYPE_FNUZ == 0 && HIP_FP8_TYPE_OCP == 1)
#error "gfx950 must be OCP"
#endif
#if (defined(__gfx1100__) || defined(__gfx90a__)) && (HIP_FP8_TYPE_FNUZ || HIP_FP8_TYPE_OCP)
#error "gfx1100/gfx90a have no FP8"
#endif
#else
#if !(HIP_FP8_TYPE_FNUZ == 1 && HIP_FP8_TYPE_OCP == 1)
#error "host pass: both macros are 1"
#endif
#endif

static_assert(HIP_R_8F_E4M3 == 28 && HIP_R_8F_E5M2 == 29, "OCP tags");
static_assert(HIP_R_8F_E4M3_FNUZ == 1000 && HIP_R_8F_E5M2_FNUZ == 1001, "FNUZ tags");
static_assert(sizeof(__hip_fp8_e4m3) == 1 && sizeof(__hip_fp8x2_e5m2_fnuz) == 2 &&
              sizeof(__hip_fp8x4_e4m3_fnuz) == 4, "fp8 sizes");

__global__ void quantize(const float* in, __hip_fp8_e4m3_fnuz* q_fnuz, __hip_fp8_e4m3* q_ocp,
                         __hip_fp8_e5m2* e5, __hip_fp8_e5m2_fnuz* e5f, float* out) {
  int i = threadIdx.x;
  float v = fminf(fmaxf(in[i], -448.f), 448.f);   // OCP clamp value
  q_fnuz[i] = __hip_fp8_e4m3_fnuz(v);
  q_ocp[i] = v;
  e5[i] = __hip_fp8_e5m2(in[i]);
  e5f[i] = __hip_fp8_e5m2_fnuz(in[i]);
  __hip_fp8x2_e4m3 p2 = float2{1.0f, 2.0f};
  __hip_fp8x4_e4m3_fnuz p4 = make_float4(1.f, 2.f, 3.f, 4.f);
  __hip_fp8x2_e5m2_fnuz p2f = make_float2(1.f, 2.f);
  __hip_fp8x4_e5m2 p4o = make_float4(1.f, 2.f, 3.f, 4.f);
  float2 f2 = p2; float4 f4 = p4;
  __hip_fp8_storage_t s = __hip_cvt_float_to_fp8(v, __HIP_SATFINITE, __HIP_E4M3_FNUZ);
  __half_raw hr = __hip_cvt_fp8_to_halfraw(s, __HIP_E4M3);
  __half h = __float2half(v); __hip_bfloat16 b = __float2bfloat16(v);
  out[i] = float(q_fnuz[i]) + float(q_ocp[i]) + f2.x + f4.w + float(float2(p2f).y) +
           float4(p4o).z + __half2float(h) + __bfloat162float(b) + float(__half(hr)) + (h + h);
}

void pick_type(hipDataType* a, hipDataType* b, __hip_fp8_interpretation_t* fmt) {
  *a = HIP_R_8F_E4M3_FNUZ; *b = HIP_R_16BF;
  *fmt = HIP_FP8_TYPE_FNUZ ? __HIP_E4M3_FNUZ : __HIP_E4M3;
  __hip_fp8_e4m3 host_side(1.5f); (void)float(host_side);
}
