// Shared helpers for the kernels of this project (kept from the CUDA build).
#pragma once

#include <hip/hip_runtime.h>

#define WARP_SIZE 32

#define HIP_RETURN_IF_ERROR(expr)        \
  do {                                   \
    const hipError_t err_ = (expr);      \
    if (err_ != hipSuccess) return err_; \
  } while (0)

__host__ __device__ inline int ceil_div(int a, int b) { return (a + b - 1) / b; }

inline hipError_t device_warp_size(int* warp_size) {
  int device = 0;
  HIP_RETURN_IF_ERROR(hipGetDevice(&device));
  return hipDeviceGetAttribute(warp_size, hipDeviceAttributeWarpSize, device);
}
