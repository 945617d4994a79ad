/* Stand-in header written for wavecheck; NOT NVIDIA's CUDA header. Maps the
 * CUDA bfloat16 names (__nv_bfloat16, __nv_bfloat162, conversions) onto the HIP
 * stand-in <hip/hip_bf16.h>. From the public CUDA/HIP bf16 documentation. */
#ifndef WAVECHECK_STANDIN_CUDA_BF16_H
#define WAVECHECK_STANDIN_CUDA_BF16_H
#include <hip/hip_bf16.h>
typedef __hip_bfloat16 __nv_bfloat16;
typedef __hip_bfloat162 __nv_bfloat162;
typedef __hip_bfloat16_raw __nv_bfloat16_raw;
#endif
