/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. Public entry point of the HIP FP8 API (OCP and FNUZ
 * types); see amd_detail/amd_hip_fp8.h. From the public HIP documentation
 * (ROCm 6.x/7.x). */
#ifndef WAVECHECK_STANDIN_HIP_FP8_H
#define WAVECHECK_STANDIN_HIP_FP8_H
/* ROCm's FP8 header converts to and from half and bfloat16: it brings their
 * headers in, and sources rely on that. */
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <hip/amd_detail/amd_hip_fp8.h>
#endif
