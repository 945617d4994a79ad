/* Stand-in header written for wavecheck; NOT NVIDIA's CUDA header. In CUDA it
 * declares threadIdx/blockIdx/blockDim/gridDim/warpSize; here those come from
 * the HIP stand-in <hip/hip_runtime.h> (ROCm 7 semantics: warpSize is not a
 * constant expression). From the public CUDA/HIP documentation. */
#ifndef WAVECHECK_STANDIN_DEVICE_LAUNCH_PARAMETERS_H
#define WAVECHECK_STANDIN_DEVICE_LAUNCH_PARAMETERS_H
#include <hip/hip_runtime.h>
#endif
