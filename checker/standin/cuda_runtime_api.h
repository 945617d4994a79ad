/* Stand-in header written for wavecheck; NOT NVIDIA's CUDA header. Same
 * content as the stand-in <cuda_runtime.h> (CUDA runtime names mapped onto
 * HIP). From the public CUDA runtime API documentation. */
#ifndef WAVECHECK_STANDIN_CUDA_RUNTIME_API_H
#define WAVECHECK_STANDIN_CUDA_RUNTIME_API_H
#include <cuda_runtime.h>
#endif
