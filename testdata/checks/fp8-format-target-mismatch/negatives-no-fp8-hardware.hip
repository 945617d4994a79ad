// Aspect: negatives-no-fp8-hardware. gfx90a (MI200) and gfx1100 (RDNA3) have no
// FP8 hardware: either format is emulated in software, so neither is flagged.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --offload-arch=gfx90a,gfx1100 --passes=host,device
#include <hip/hip_fp8.h>
#include <cuda_fp8.h>

__global__ void store_ocp(const float *x, __hip_fp8_e4m3 *y) {
  y[threadIdx.x] = __hip_fp8_e4m3(fminf(x[threadIdx.x], 448.f));
}

__global__ void store_fnuz(const float *x, __hip_fp8_e4m3_fnuz *y) {
  y[threadIdx.x] = __hip_fp8_e4m3_fnuz(fminf(x[threadIdx.x], 240.f));
}

__device__ __nv_fp8_e4m3 leftover(float v) { return __nv_fp8_e4m3(v); }
