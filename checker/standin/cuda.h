/* Stand-in header written for wavecheck; NOT NVIDIA's CUDA header and contains
 * no CUDA code. Covers a small part of the CUDA driver API (CUresult,
 * CUdevice, CUdeviceptr, CUstream, cuInit, cuDeviceGet, cuDeviceGetAttribute,
 * cuMemAlloc) mapped onto HIP; includes the runtime stand-in. CUDA_VERSION is
 * deliberately not defined. From the public CUDA driver API documentation. */
#ifndef WAVECHECK_STANDIN_CUDA_H
#define WAVECHECK_STANDIN_CUDA_H

#include <cuda_runtime.h>

typedef hipError_t CUresult;
typedef hipDevice_t CUdevice;
typedef hipDeviceptr_t CUdeviceptr;
typedef hipCtx_t CUcontext;
typedef hipStream_t CUstream;
typedef hipEvent_t CUevent;
typedef hipDeviceAttribute_t CUdevice_attribute;

#define CUDA_SUCCESS hipSuccess
#define CUDA_ERROR_INVALID_VALUE hipErrorInvalidValue
#define CUDA_ERROR_OUT_OF_MEMORY hipErrorOutOfMemory
#define CUDA_ERROR_NOT_INITIALIZED hipErrorNotInitialized
#define CUDA_ERROR_NO_DEVICE hipErrorNoDevice
#define CU_DEVICE_ATTRIBUTE_WARP_SIZE hipDeviceAttributeWarpSize
#define CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT hipDeviceAttributeMultiprocessorCount
#define CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK hipDeviceAttributeMaxThreadsPerBlock

#define cuInit hipInit
#define cuDeviceGet hipDeviceGet
#define cuDeviceGetCount hipGetDeviceCount
#define cuDeviceGetAttribute hipDeviceGetAttribute
#define cuMemAlloc hipMalloc
#define cuMemFree hipFree
#define cuStreamSynchronize hipStreamSynchronize
#define cuCtxSynchronize hipDeviceSynchronize

#endif
