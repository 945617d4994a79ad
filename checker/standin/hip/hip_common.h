/* Stand-in header written for wavecheck; it is NOT the ROCm/HIP header of the
 * same name and contains no ROCm or clang code. Covers: the HIP/CUDA function
 * and variable qualifier macros (__global__, __device__, __host__, __shared__,
 * __constant__, __managed__, __forceinline__, __launch_bounds__) and platform
 * macros. Written from the public HIP and CUDA documentation (ROCm 6.x/7.x).
 * Used only to parse sources with clang -nogpuinc on machines without ROCm. */
#ifndef WAVECHECK_STANDIN_HIP_COMMON_H
#define WAVECHECK_STANDIN_HIP_COMMON_H

#include <hip/hip_version.h>

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif

#if defined(__HIP__) || defined(__CUDA__)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
/* As ROCm: the maximum work-group size becomes amdgpu_flat_work_group_size in
 * the device pass (what the code generator turns into the kernel's bound). */
#if defined(__HIP_DEVICE_COMPILE__)
#define __wavecheck_flat_wg(max, ...) __attribute__((amdgpu_flat_work_group_size(1, max)))
#define __launch_bounds__(...) __wavecheck_flat_wg(__VA_ARGS__, 0)
#else
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#endif
#else /* plain C++ (host compiler): qualifiers vanish */
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#endif
/* Alignment of a type or variable, in bytes (CUDA's __align__(n)). */
#define __align__(n) __attribute__((aligned(n)))

/* __noinline__ is a keyword of clang in CUDA/HIP mode: not redefined here. */
#define __forceinline__ inline __attribute__((always_inline))

/* The wave size as the compiler sees it: the target's in the device pass; 64
 * in the host pass, as clang's old host-side default was. */
#if defined(__HIP_DEVICE_COMPILE__)
#define __WAVECHECK_WAVE_SIZE __builtin_amdgcn_wavefrontsize()
#else
#define __WAVECHECK_WAVE_SIZE 64
#endif

#endif
