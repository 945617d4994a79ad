/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. Covers the host runtime API subset that ported code
 * commonly calls: hipError_t, dim3, streams/events, memory, device queries
 * (hipDeviceProp_t, hipDeviceGetAttribute), the <<<>>> launch hooks and
 * hipLaunchKernelGGL. Declarations only. Written from the public HIP runtime
 * API documentation (ROCm 6.x/7.x). Error numbers follow the documented
 * values; other enumerator values are not ROCm's and must not be relied on. */
#ifndef WAVECHECK_STANDIN_HIP_RUNTIME_API_H
#define WAVECHECK_STANDIN_HIP_RUNTIME_API_H

#include <stddef.h>
#include <stdint.h>
#include <hip/hip_common.h>

typedef enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorNotInitialized = 3,
  hipErrorInitializationError = 3,
  hipErrorDeinitialized = 4,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorInvalidContext = 201,
  hipErrorFileNotFound = 301,
  hipErrorNotFound = 500,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchTimeOut = 702,
  hipErrorLaunchFailure = 719,
  hipErrorCooperativeLaunchTooLarge = 720,
  hipErrorNotSupported = 801,
  hipErrorUnknown = 999
} hipError_t;

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4
} hipMemcpyKind;

/* The enumerations and flag macros, generated from a HIP installation
 * (scripts/gen-standin-api). */
#include <hip/amd_detail/api_names.h>

typedef struct hipDeviceProp_t {
  char name[256];
  char gcnArchName[256]; /* e.g. "gfx942:sramecc+:xnack-" */
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize; /* the device's wave size: 64 on gfx9, 32 on gfx10+ */
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  size_t sharedMemPerMultiprocessor;
  size_t maxSharedMemoryPerMultiProcessor;
  int memoryClockRate;
  int memoryBusWidth;
  int concurrentKernels;
  int pciBusID;
  int pciDeviceID;
  int managedMemory;
  int cooperativeLaunch;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int ECCEnabled;
  int asyncEngineCount;
  int deviceOverlap;
  int unifiedAddressing;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int directManagedMemAccessFromHost;
  int hostNativeAtomicSupported;
  int kernelExecTimeoutEnabled;
  int isMultiGpuBoard;
  int pciDomainID;
  int regsPerMultiprocessor;
  int maxBlocksPerMultiProcessor;
  int persistingL2CacheMaxSize;
  int clockInstructionRate; /* kHz */
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int maxTexture1D;
  int maxTexture1DLinear;
  int maxTexture2D[2];
  int maxTexture3D[3];
  int tccDriver;
  size_t sharedMemPerBlockOptin;
  struct {
    unsigned hasGlobalInt32Atomics : 1;
    unsigned hasSharedInt32Atomics : 1;
    unsigned hasFloatAtomicAdd : 1;
    unsigned hasDoubles : 1;
    unsigned hasWarpVote : 1;
    unsigned hasWarpBallot : 1;
    unsigned hasWarpShuffle : 1;
    unsigned hasSyncThreadsExt : 1;
  } arch;
} hipDeviceProp_t;

typedef struct hipFuncAttributes {
  size_t sharedSizeBytes;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int maxDynamicSharedSizeBytes;
} hipFuncAttributes;

typedef struct ihipStream_t *hipStream_t;
typedef struct ihipEvent_t *hipEvent_t;
typedef struct ihipCtx_t *hipCtx_t;
typedef int hipDevice_t;
typedef void *hipDeviceptr_t;

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
};


extern "C" {
hipError_t hipInit(unsigned int flags);
hipError_t hipGetDeviceCount(int *count);
hipError_t hipGetDevice(int *device);
hipError_t hipSetDevice(int device);
hipError_t hipDeviceGet(hipDevice_t *device, int ordinal);
hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device);
hipError_t hipDeviceGetAttribute(int *value, hipDeviceAttribute_t attr, int device);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char *hipGetErrorString(hipError_t error);
const char *hipGetErrorName(hipError_t error);
hipError_t hipDriverGetVersion(int *version);
hipError_t hipRuntimeGetVersion(int *version);

hipError_t hipMalloc(void **ptr, size_t size);
hipError_t hipMallocManaged(void **ptr, size_t size, unsigned int flags = hipMemAttachGlobal);
hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags = hipHostMallocDefault);
hipError_t hipFree(void *ptr);
hipError_t hipHostFree(void *ptr);
hipError_t hipMemcpy(void *dst, const void *src, size_t bytes, hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void *dst, const void *src, size_t bytes, hipMemcpyKind kind,
                          hipStream_t stream = 0);
hipError_t hipMemset(void *dst, int value, size_t bytes);
hipError_t hipMemsetAsync(void *dst, int value, size_t bytes, hipStream_t stream = 0);
hipError_t hipMemGetInfo(size_t *free_bytes, size_t *total_bytes);
hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t bytes,
                             size_t offset = 0, hipMemcpyKind kind = hipMemcpyHostToDevice);
hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t bytes,
                               size_t offset = 0, hipMemcpyKind kind = hipMemcpyDeviceToHost);

hipError_t hipStreamCreate(hipStream_t *stream);
hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipEventCreate(hipEvent_t *event);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream = 0);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop);
hipError_t hipEventDestroy(hipEvent_t event);

hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, const void *func);
hipError_t hipFuncSetAttribute(const void *func, hipFuncAttribute attr, int value);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, const void *func,
                                                        int blockSize, size_t dynSharedMem);
hipError_t hipLaunchKernel(const void *func, dim3 grid, dim3 block, void **args,
                           size_t sharedMem, hipStream_t stream);

/* Looked up by clang for the <<<grid, block, shmem, stream>>> syntax. */
hipError_t __hipPushCallConfiguration(dim3 grid, dim3 block, size_t sharedMem = 0,
                                      hipStream_t stream = 0);
hipError_t __hipPopCallConfiguration(dim3 *grid, dim3 *block, size_t *sharedMem,
                                     hipStream_t *stream);
} /* extern "C" */

/* C++ conveniences documented for HIP: typed pointers, symbols, kernels. */
/* A C-style cast, as HIP's own: `hipMalloc(&p, n)` with `const float *p` compiles. */
#define __WC_VP(p) ((void **)(p))
#define __WC_CVP(f) reinterpret_cast<const void *>(f)
template <class T> inline hipError_t hipMalloc(T **p, size_t n) { return hipMalloc(__WC_VP(p), n); }
template <class T> inline hipError_t hipMallocManaged(T **p, size_t n, unsigned int f = 1) {
  return hipMallocManaged(__WC_VP(p), n, f);
}
template <class T> inline hipError_t hipHostMalloc(T **p, size_t n, unsigned int f = 0) {
  return hipHostMalloc(__WC_VP(p), n, f);
}
template <class T>
inline hipError_t hipMemcpyToSymbol(const T &symbol, const void *src, size_t bytes, size_t offset = 0,
                                    hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol(__WC_CVP(&symbol), src, bytes, offset, kind);
}
template <class T>
inline hipError_t hipMemcpyFromSymbol(void *dst, const T &symbol, size_t bytes, size_t offset = 0,
                                      hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol(dst, __WC_CVP(&symbol), bytes, offset, kind);
}
template <class F> inline hipError_t hipFuncGetAttributes(hipFuncAttributes *a, F f) {
  return hipFuncGetAttributes(a, __WC_CVP(f));
}
template <class F> inline hipError_t hipFuncSetAttribute(F f, hipFuncAttribute a, int v) {
  return hipFuncSetAttribute(__WC_CVP(f), a, v);
}
template <class F>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *n, F f, int block, size_t shm) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(n, __WC_CVP(f), block, shm);
}
template <class F>
hipError_t hipOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, F f, size_t shm = 0,
                                             int blockSizeLimit = 0);
#undef __WC_VP
#undef __WC_CVP

#define HIP_SYMBOL(sym) (sym)
#define HIP_KERNEL_NAME(...) __VA_ARGS__

#if defined(__HIP__)
/* hipLaunchKernelGGL(kernel, grid, block, sharedMemBytes, stream, args...):
 * expands to a triple-chevron launch of the kernel itself, so the AST keeps
 * the real callee and the launch configuration (a CUDAKernelCallExpr). */
/* The kernel is not passed on to another macro: HIP_KERNEL_NAME(k<A, B>) would
 * expand there and its commas split the arguments. */
#define hipLaunchKernelGGL(kernel, grid, block, shmem, stream, ...) \
  do { \
    kernel<<<(grid), (block), (shmem), (stream)>>>(__VA_ARGS__); \
  } while (0)
#endif

#include <hip/amd_detail/host_api_more.h>

#endif
