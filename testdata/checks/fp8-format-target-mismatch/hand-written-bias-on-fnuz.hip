// Aspect: a reference FP8 encoder written by hand with the OCP exponent
// biases (7 for E4M3, 15 for E5M2), checked against the FNUZ conversions of
// gfx942 in the same unit. The hardware's bytes carry one more in the
// exponent field, so every normal value differs from the reference and the
// test's verification fails on the GPU. Also a hand-written decoder with the
// OCP bias. Not reported: the same encoder with the FNUZ bias, an OCP encoder
// in host code (a storage format), and a `+ 7` that is no exponent bias.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch
#include <hip/hip_runtime.h>
#include <hip/hip_fp8.h>
#include <stdint.h>

__device__ uint8_t encodeE4M3(float f) {
  uint32_t bits = __float_as_uint(f);
  uint8_t sign = (bits >> 31) & 1;
  int32_t e32 = int32_t((bits >> 23) & 0xff) - 127;
  int32_t e8 = e32 + 7;
// CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 7 is the OCP E4M3 exponent bias, but this target computes FP8 in FNUZ, whose E4M3 bias is 8: this hand-written encoder does not match the FNUZ conversions of this translation unit (the same byte decodes to half the value in FNUZ, OCP E4M3 saturates at 448 and FNUZ at 240, and 0x80 (-0 in OCP) is NaN in FNUZ) [fp8-format-target-mismatch]
  if (e8 <= 0)
    return sign << 7;
  uint8_t m = (bits >> 20) & 0x7;
  return (sign << 7) | (e8 << 3) | m;
}

__device__ uint8_t encodeE5M2(float f) {
  uint32_t bits = __float_as_uint(f);
  int32_t exponent = int32_t((bits >> 23) & 0xff) - 127;
  int32_t biased = 15 + exponent;
// CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 15 is the OCP E5M2 exponent bias, but this target computes FP8 in FNUZ, whose E5M2 bias is 16: this hand-written encoder does not match the FNUZ conversions of this translation unit (the same byte decodes to half the value in FNUZ, and 0x80 (-0 in OCP) is NaN in FNUZ) [fp8-format-target-mismatch]
  if (biased <= 0)
    return 0;
  return uint8_t((bits >> 31) << 7) | uint8_t(biased << 2) | uint8_t((bits >> 21) & 0x3);
}

__device__ float decodeE4M3(uint8_t b) {
  int e = ((b >> 3) & 0xf) - 7;
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 7 is the OCP E4M3 exponent bias, but this target computes FP8 in FNUZ, whose E4M3 bias is 8: this hand-written decoder does not match the FNUZ conversions of this translation unit (the same byte decodes to half the value in FNUZ, OCP E4M3 saturates at 448 and FNUZ at 240, and 0x80 (-0 in OCP) is NaN in FNUZ) [fp8-format-target-mismatch]
  uint32_t bits = (uint32_t(b >> 7) << 31) | (uint32_t(e + 127) << 23) | (uint32_t(b & 0x7) << 20);
  return __uint_as_float(bits);
}

// Not reported: the FNUZ bias, as gfx942 computes.
__device__ uint8_t encodeE4M3Fnuz(float f) {
  uint32_t bits = __float_as_uint(f);
  int32_t e = int32_t((bits >> 23) & 0xff) - 127 + 8;
  if (e <= 0)
    return 0;
  return uint8_t(((bits >> 31) << 7) | (e << 3) | ((bits >> 20) & 0x7));
}

// Not reported: a host encoder of a storage format (block scales written to
// a file in OCP E4M3, whatever the GPU computes in).
static inline uint8_t scaleForFile(float f) {
  uint32_t bits;
  __builtin_memcpy(&bits, &f, 4);
  int e = int((bits >> 23) & 0xff) - 127 + 7;
  if (e <= 0)
    return 0;
  return uint8_t((e << 3) | ((bits >> 20) & 0x7));
}

// Not reported: a `+ 7` that rounds a count up to bytes.
__device__ int bytesOf(int bits) {
  int n = bits + 7;
  return n >> 3;
}

__global__ void compare(const float *x, uint8_t *ref, uint8_t *hw, float *back, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  ref[i] = encodeE4M3(x[i]) ^ encodeE5M2(x[i]) ^ encodeE4M3Fnuz(x[i]) ^ uint8_t(bytesOf(i));
  hw[i] = __hip_cvt_float_to_fp8(x[i], __HIP_SATFINITE, __HIP_E4M3_FNUZ);
  back[i] = decodeE4M3(hw[i]);
}
unsigned char hostScale(float f) { return scaleForFile(f); }
