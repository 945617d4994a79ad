// Aspect: FP8 bytes of one format read as the other in two steps: the
// pointer first cast to a byte pointer or converted to 'void *' and kept in
// a local, then cast (or bit-cast, element by element) to the other format,
// also after pointer arithmetic. Wrong on every target; here gfx942.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch
#include <hip/hip_fp8.h>
#include <stdint.h>

__global__ void bytesViaLocal(const __hip_fp8_e4m3 *ocp, __hip_fp8_e4m3_fnuz *out) {
  const uint8_t *p = reinterpret_cast<const uint8_t *>(ocp);
  const __hip_fp8_e4m3_fnuz *q = reinterpret_cast<const __hip_fp8_e4m3_fnuz *>(p);
// CHECK-MESSAGES: :[[@LINE-1]]:34: warning: reinterprets OCP FP8 bytes as FNUZ ('__hip_fp8_e4m3' to '__hip_fp8_e4m3_fnuz'): the same byte decodes to half the value in FNUZ [fp8-format-target-mismatch]
  out[threadIdx.x] = q[threadIdx.x];
}

__global__ void bytesViaVoid(const __hip_fp8_e4m3 *ocp, __hip_fp8_e4m3_fnuz *out) {
  const void *raw = ocp;
  auto *q = static_cast<const __hip_fp8_e4m3_fnuz *>(raw);
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: reinterprets OCP FP8 bytes as FNUZ ('__hip_fp8_e4m3' to '__hip_fp8_e4m3_fnuz') [fp8-format-target-mismatch]
  out[threadIdx.x] = q[threadIdx.x];
}

__global__ void bytesAtOffset(const __hip_fp8_e4m3_fnuz *fnuz, __hip_fp8_e4m3 *out) {
  const unsigned char *bytes = (const unsigned char *)fnuz;
  const unsigned char *row = bytes + 64 * blockIdx.x;
  out[threadIdx.x] = *reinterpret_cast<const __hip_fp8_e4m3 *>(row + threadIdx.x);
// CHECK-MESSAGES: :[[@LINE-1]]:23: warning: reinterprets FNUZ FP8 bytes as OCP ('__hip_fp8_e4m3_fnuz' to '__hip_fp8_e4m3'): the same byte decodes to twice the value in OCP [fp8-format-target-mismatch]
}

__device__ __hip_fp8_e4m3_fnuz byteAsFnuz(const __hip_fp8_e4m3 *ocp, int i) {
  const uint8_t *p = reinterpret_cast<const uint8_t *>(ocp);
  return __builtin_bit_cast(__hip_fp8_e4m3_fnuz, p[i]);
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: reinterprets OCP FP8 bytes as FNUZ ('__hip_fp8_e4m3' to '__hip_fp8_e4m3_fnuz') [fp8-format-target-mismatch]
}
