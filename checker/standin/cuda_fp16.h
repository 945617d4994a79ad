/* Stand-in header written for wavecheck; NOT NVIDIA's CUDA header. The CUDA
 * fp16 names (__half, __half2, half, __float2half, __hadd, ...) are the same
 * as HIP's: this includes the HIP stand-in <hip/hip_fp16.h>. From the public
 * CUDA/HIP fp16 documentation. */
#ifndef WAVECHECK_STANDIN_CUDA_FP16_H
#define WAVECHECK_STANDIN_CUDA_FP16_H
#include <hip/hip_fp16.h>
#endif
