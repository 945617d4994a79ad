// Aspect: FP8 data handed over as 'void *' (or a byte pointer) to a kernel or
// function that views that parameter as the other format: the call is
// reported, with a note where the parameter is read. Wrong on every target;
// here gfx90a, which has no FP8 hardware.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --offload-arch=gfx90a
#include <hip/hip_fp8.h>
#include <stdint.h>

__global__ void consumeFnuz(const void *data, float *out) {
  const auto *v = static_cast<const __hip_fp8_e4m3_fnuz *>(data);
  out[threadIdx.x] = float(v[threadIdx.x]);
}

__device__ float decodeOcp(const uint8_t *bytes, int i) {
  return float(reinterpret_cast<const __hip_fp8_e5m2 *>(bytes)[i]);
}

__global__ void decodeAll(const __hip_fp8_e5m2_fnuz *g, float *out) {
  out[threadIdx.x] = decodeOcp(reinterpret_cast<const uint8_t *>(g), threadIdx.x);
// CHECK-MESSAGES: :[[@LINE-1]]:32: warning: passes FNUZ FP8 bytes ('__hip_fp8_e5m2_fnuz') as 'const uint8_t *' to 'decodeOcp', which reads them as OCP ('__hip_fp8_e5m2'): the same byte decodes to twice the value in OCP [fp8-format-target-mismatch]
}

void launch(const __hip_fp8_e4m3 *ocp, float *out) {
  hipLaunchKernelGGL(consumeFnuz, dim3(1), dim3(64), 0, 0, ocp, out);
// CHECK-MESSAGES: :[[@LINE-1]]:60: warning: passes OCP FP8 bytes ('__hip_fp8_e4m3') as 'const void *' to 'consumeFnuz', which reads them as FNUZ ('__hip_fp8_e4m3_fnuz') [fp8-format-target-mismatch]
  const void *raw = ocp;
  consumeFnuz<<<1, 64>>>(raw, out);
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: passes OCP FP8 bytes ('__hip_fp8_e4m3') as 'const void *' to 'consumeFnuz' [fp8-format-target-mismatch]
}

// The same through a lambda's parameter.
__global__ void viaLambda(const __hip_fp8_e4m3 *ocp, float *out) {
  auto view = [](const void *bytes) { return static_cast<const __hip_fp8_e4m3_fnuz *>(bytes); };
  out[threadIdx.x] = float(view(ocp)[threadIdx.x]);
// CHECK-MESSAGES: :[[@LINE-1]]:33: warning: passes OCP FP8 bytes ('__hip_fp8_e4m3') as 'const void *' to a lambda, which reads them as FNUZ ('__hip_fp8_e4m3_fnuz') [fp8-format-target-mismatch]
}
