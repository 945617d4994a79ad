// Aspect (negative): 'void *' and byte parameters that receive the format
// they are read as, and a function that reads its bytes as either format,
// chosen at run time: silent (gfx90a: no FP8 hardware, so only
// reinterpretations could be reported).
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --offload-arch=gfx90a
#include <hip/hip_fp8.h>
#include <stdint.h>

__global__ void consumeFnuz(const void *data, float *out) {
  const auto *v = static_cast<const __hip_fp8_e4m3_fnuz *>(data);
  out[threadIdx.x] = float(v[threadIdx.x]);
}

__device__ float readAny(const uint8_t *bytes, bool ocp, int i) {
  return ocp ? float(reinterpret_cast<const __hip_fp8_e4m3 *>(bytes)[i])
             : float(reinterpret_cast<const __hip_fp8_e4m3_fnuz *>(bytes)[i]);
}

__global__ void decode(const __hip_fp8_e4m3 *x, const __hip_fp8_e4m3_fnuz *y, float *out) {
  out[threadIdx.x] = readAny((const uint8_t *)x, true, threadIdx.x) +
                     readAny((const uint8_t *)y, false, threadIdx.x);
}

void launch(const __hip_fp8_e4m3_fnuz *fnuz, float *out) {
  hipLaunchKernelGGL(consumeFnuz, dim3(1), dim3(64), 0, 0, fnuz, out);
  consumeFnuz<<<1, 64>>>(static_cast<const void *>(fnuz), out);
}

__global__ void viaLambda(const __hip_fp8_e4m3_fnuz *fnuz, float *out) {
  auto view = [](const void *bytes) { return static_cast<const __hip_fp8_e4m3_fnuz *>(bytes); };
  out[threadIdx.x] = float(view(fnuz)[threadIdx.x]);
}
