/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm or clang code. Umbrella header: qualifiers, host runtime
 * API, vector types, built-in variables and device functions, wave-level
 * functions and device math. Like ROCm it does not pull in hip_fp16.h,
 * hip_bf16.h or hip_fp8.h. Written from the public HIP documentation
 * (ROCm 6.x/7.x), for parsing with clang -nogpuinc on machines without ROCm. */
#ifndef WAVECHECK_STANDIN_HIP_RUNTIME_H
#define WAVECHECK_STANDIN_HIP_RUNTIME_H

/* Like a real HIP compile (clang's HIP wrapper), make malloc/free and printf
 * visible: clang's cuda_wrappers/<new> relies on ::malloc/::free. */
#include <stdlib.h>
#include <stdio.h>
/* ROCm's runtime header brings these in on the way (sources use INT_MAX,
 * ULONG_MAX, memcpy, uint32_t without including them). */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <hip/hip_common.h>
#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>
#if defined(__HIP__)
#include <hip/amd_detail/amd_device_functions.h>
#include <hip/amd_detail/amd_warp_functions.h>
#include <hip/amd_detail/amd_math_functions.h>
/* Dynamic shared memory, as documented for HIP. */
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#endif

#endif
