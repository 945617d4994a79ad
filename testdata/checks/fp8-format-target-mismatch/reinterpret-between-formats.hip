// Aspect: reinterpret-between-formats. Bytes of one FP8 format read as the
// other: wrong on every target, so flagged on gfx90a (no FP8 hardware) too.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --offload-arch=gfx90a
#include <hip/hip_fp8.h>

__global__ void ocp_to_fnuz_wrong(const __hip_fp8_e4m3 *in, __hip_fp8_e4m3_fnuz *out, int n) {
  const auto *view = reinterpret_cast<const __hip_fp8_e4m3_fnuz *>(in);
// CHECK-MESSAGES: :[[@LINE-1]]:22: warning: reinterprets OCP FP8 bytes as FNUZ ('__hip_fp8_e4m3' to '__hip_fp8_e4m3_fnuz'): the same byte decodes to half the value in FNUZ, OCP E4M3 saturates at 448 and FNUZ at 240, and 0x80 (-0 in OCP) is NaN in FNUZ; convert the values through float instead [fp8-format-target-mismatch]
  int i = threadIdx.x;
  if (i < n)
    out[i] = view[i];
}

__device__ void via_void(__hip_fp8x4_e5m2_fnuz *dst, __hip_fp8x4_e5m2 *src) {
  __hip_fp8x4_e5m2 *p = (__hip_fp8x4_e5m2 *)(void *)dst;
// CHECK-MESSAGES: :[[@LINE-1]]:25: warning: reinterprets FNUZ FP8 bytes as OCP ('__hip_fp8x4_e5m2_fnuz' to '__hip_fp8x4_e5m2'): the same byte decodes to twice the value in OCP, and 0x80 (NaN in FNUZ) is -0 in OCP; convert the values through float instead [fp8-format-target-mismatch]
  *p = *src;
}

__device__ __hip_fp8_e5m2 bits_of(__hip_fp8_e5m2_fnuz g) {
  return __builtin_bit_cast(__hip_fp8_e5m2, g);
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: reinterprets FNUZ FP8 bytes as OCP ('__hip_fp8_e5m2_fnuz' to '__hip_fp8_e5m2') [fp8-format-target-mismatch]
}

__device__ float read_as_fnuz(__hip_fp8_e4m3 &x) {
  return reinterpret_cast<__hip_fp8_e4m3_fnuz &>(x);
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: reinterprets OCP FP8 bytes as FNUZ ('__hip_fp8_e4m3' to '__hip_fp8_e4m3_fnuz') [fp8-format-target-mismatch]
}

union Fp8Pun {
// CHECK-MESSAGES: :[[@LINE-1]]:7: warning: overlays OCP FP8 bytes with FNUZ ('__hip_fp8_e4m3' and '__hip_fp8_e4m3_fnuz') [fp8-format-target-mismatch]
  __hip_fp8_e4m3 ocp;
  __hip_fp8_e4m3_fnuz fnuz[1];
};

void upload(__hip_fp8_e4m3_fnuz *dev, const __hip_fp8_e4m3 *host, size_t n) {
  hipMemcpy(dev, host, n, hipMemcpyHostToDevice);
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: copies OCP FP8 bytes into FNUZ ('__hip_fp8_e4m3' to '__hip_fp8_e4m3_fnuz') [fp8-format-target-mismatch]
}

// Correct: a value conversion through float, a copy within one format, and a
// view of the bytes as plain storage.
__device__ void convert(const __hip_fp8_e4m3 *in, __hip_fp8_e4m3_fnuz *out, int i) {
  out[i] = __hip_fp8_e4m3_fnuz(float(in[i]));
}
void same_format(__hip_fp8_e4m3 *a, const __hip_fp8_e4m3 *b, size_t n) {
  hipMemcpy(a, b, n, hipMemcpyDeviceToDevice);
  auto *bytes = reinterpret_cast<const __hip_fp8_storage_t *>(b);
  (void)bytes;
}
