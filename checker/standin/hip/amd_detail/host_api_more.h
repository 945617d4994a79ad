/* Stand-in header written for wavecheck; NOT a ROCm header and contains no ROCm
 * code. The rest of the host runtime API that ported benchmarks call: pinned and
 * mapped host memory, pitched and 3-D copies, texture objects, peer access,
 * prefetch and memory advice, cache configuration, graphs and stream capture,
 * more stream and event calls. Declarations only (wavecheck never runs host
 * code). Written from the public HIP runtime API documentation (ROCm 6.x/7.x);
 * the enumerations and flags come from api_names.h. */
#ifndef WAVECHECK_STANDIN_HOST_API_MORE_H
#define WAVECHECK_STANDIN_HOST_API_MORE_H

/* ---- pitched and 3-D memory ------------------------------------------------ */
struct hipPitchedPtr {
  void *ptr;
  size_t pitch; /* bytes per row */
  size_t xsize; /* row width in bytes */
  size_t ysize; /* rows */
};
struct hipExtent {
  size_t width, height, depth; /* width in bytes for linear memory */
};
struct hipPos {
  size_t x, y, z;
};
typedef struct ihipArray_t *hipArray_t;
typedef hipArray_t hipArray_const_t;

enum hipChannelFormatKind {
  hipChannelFormatKindSigned = 0,
  hipChannelFormatKindUnsigned = 1,
  hipChannelFormatKindFloat = 2,
  hipChannelFormatKindNone = 3
};
struct hipChannelFormatDesc {
  int x, y, z, w; /* bits per component */
  enum hipChannelFormatKind f;
};
struct hipMemcpy3DParms {
  hipArray_t srcArray;
  struct hipPos srcPos;
  struct hipPitchedPtr srcPtr;
  hipArray_t dstArray;
  struct hipPos dstPos;
  struct hipPitchedPtr dstPtr;
  struct hipExtent extent;
  hipMemcpyKind kind;
};

/* ---- texture objects ------------------------------------------------------- */
typedef unsigned long long hipTextureObject_t;
typedef unsigned long long hipSurfaceObject_t;
enum hipResourceType {
  hipResourceTypeArray = 0,
  hipResourceTypeMipmappedArray = 1,
  hipResourceTypeLinear = 2,
  hipResourceTypePitch2D = 3
};
enum hipTextureAddressMode {
  hipAddressModeWrap = 0,
  hipAddressModeClamp = 1,
  hipAddressModeMirror = 2,
  hipAddressModeBorder = 3
};
enum hipTextureFilterMode { hipFilterModePoint = 0, hipFilterModeLinear = 1 };
enum hipTextureReadMode { hipReadModeElementType = 0, hipReadModeNormalizedFloat = 1 };
struct hipResourceDesc {
  enum hipResourceType resType;
  union {
    struct { hipArray_t array; } array;
    struct { void *devPtr; struct hipChannelFormatDesc desc; size_t sizeInBytes; } linear;
    struct {
      void *devPtr;
      struct hipChannelFormatDesc desc;
      size_t width, height, pitchInBytes;
    } pitch2D;
  } res;
};
struct hipTextureDesc {
  enum hipTextureAddressMode addressMode[3];
  enum hipTextureFilterMode filterMode;
  enum hipTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
};
struct hipResourceViewDesc;

/* ---- graphs ---------------------------------------------------------------- */
typedef struct ihipGraph *hipGraph_t;
typedef struct hipGraphExec *hipGraphExec_t;
typedef struct hipGraphNode *hipGraphNode_t;
typedef void (*hipHostFn_t)(void *userData);
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status, void *userData);

struct hipPointerAttribute_t {
  hipMemoryType type;
  int device;
  void *devicePointer;
  void *hostPointer;
  int isManaged;
  unsigned int allocationFlags;
};

extern "C" {
/* pinned and mapped host memory */
hipError_t hipMallocHost(void **ptr, size_t size);
hipError_t hipHostAlloc(void **ptr, size_t size, unsigned int flags);
hipError_t hipFreeHost(void *ptr);
hipError_t hipHostRegister(void *host, size_t bytes, unsigned int flags);
hipError_t hipHostUnregister(void *host);
hipError_t hipHostGetDevicePointer(void **device, void *host, unsigned int flags);
hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr);
hipError_t hipMallocAsync(void **ptr, size_t size, hipStream_t stream);
hipError_t hipFreeAsync(void *ptr, hipStream_t stream);

/* pitched, 2-D and 3-D memory */
hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
hipError_t hipMalloc3D(hipPitchedPtr *pitched, hipExtent extent);
hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                       size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                            size_t width, size_t height, hipMemcpyKind kind,
                            hipStream_t stream = 0);
hipError_t hipMemcpy3D(const hipMemcpy3DParms *p);
hipError_t hipMemcpy3DAsync(const hipMemcpy3DParms *p, hipStream_t stream = 0);
hipError_t hipMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset3D(hipPitchedPtr pitched, int value, hipExtent extent);
hipError_t hipMemsetD32(hipDeviceptr_t dst, int value, size_t count);
hipError_t hipMemsetD8(hipDeviceptr_t dst, unsigned char value, size_t count);
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src, size_t bytes);
hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t bytes);
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t bytes);
hipError_t hipMemcpyWithStream(void *dst, const void *src, size_t bytes, hipMemcpyKind kind,
                               hipStream_t stream);
hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src, size_t bytes,
                                  size_t offset, hipMemcpyKind kind, hipStream_t stream = 0);
hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t bytes,
                                    size_t offset, hipMemcpyKind kind, hipStream_t stream = 0);
hipError_t hipGetSymbolAddress(void **devPtr, const void *symbol);
hipError_t hipGetSymbolSize(size_t *size, const void *symbol);
hipError_t hipMallocArray(hipArray_t *array, const hipChannelFormatDesc *desc, size_t width,
                          size_t height = 0, unsigned int flags = 0);
hipError_t hipFreeArray(hipArray_t array);
hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                              size_t spitch, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                            size_t count, hipMemcpyKind kind);
hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w, hipChannelFormatKind f);

/* texture objects */
hipError_t hipCreateTextureObject(hipTextureObject_t *tex, const hipResourceDesc *res,
                                  const hipTextureDesc *desc, const hipResourceViewDesc *view);
hipError_t hipDestroyTextureObject(hipTextureObject_t tex);

/* unified memory, peers */
hipError_t hipMemPrefetchAsync(const void *ptr, size_t bytes, int device, hipStream_t stream = 0);
hipError_t hipMemAdvise(const void *ptr, size_t bytes, hipMemoryAdvise advice, int device);
hipError_t hipDeviceCanAccessPeer(int *canAccess, int device, int peerDevice);
hipError_t hipDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
hipError_t hipDeviceDisablePeerAccess(int peerDevice);
hipError_t hipMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t bytes);
hipError_t hipMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                              size_t bytes, hipStream_t stream = 0);

/* device configuration */
hipError_t hipSetDeviceFlags(unsigned int flags);
hipError_t hipGetDeviceFlags(unsigned int *flags);
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t config);
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *config);
hipError_t hipFuncSetCacheConfig(const void *func, hipFuncCache_t config);
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipFuncSetSharedMemConfig(const void *func, hipSharedMemConfig config);
hipError_t hipDeviceSetLimit(hipLimit_t limit, size_t value);
hipError_t hipDeviceGetLimit(size_t *value, hipLimit_t limit);
hipError_t hipDeviceGetPCIBusId(char *busId, int len, int device);
hipError_t hipDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device);
hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device);
hipError_t hipDeviceComputeCapability(int *major, int *minor, hipDevice_t device);
hipError_t hipChooseDevice(int *device, const hipDeviceProp_t *prop);

/* streams and events */
hipError_t hipStreamCreateWithPriority(hipStream_t *stream, unsigned int flags, int priority);
hipError_t hipStreamQuery(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags = 0);
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback,
                                void *userData, unsigned int flags);
hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void *userData);
hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned int flags);
hipError_t hipEventQuery(hipEvent_t event);
hipError_t hipLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args,
                                      unsigned int sharedMem, hipStream_t stream);

/* graphs and stream capture */
hipError_t hipGraphCreate(hipGraph_t *graph, unsigned int flags);
hipError_t hipGraphDestroy(hipGraph_t graph);
hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode);
hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t *graph);
hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus *status);
hipError_t hipGraphInstantiate(hipGraphExec_t *exec, hipGraph_t graph, hipGraphNode_t *errorNode,
                               char *logBuffer, size_t bufferSize);
hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t *exec, hipGraph_t graph,
                                        unsigned long long flags);
hipError_t hipGraphLaunch(hipGraphExec_t exec, hipStream_t stream);
hipError_t hipGraphExecDestroy(hipGraphExec_t exec);
hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t *nodes, size_t *count);
} /* extern "C" */

/* C++ conveniences: typed pointers, kernels and symbols as in the HIP headers. */
#define __WC_VP(p) reinterpret_cast<void **>(p)
#define __WC_CVP(f) reinterpret_cast<const void *>(f)
template <class T> inline hipError_t hipMallocHost(T **p, size_t n) {
  return hipMallocHost(__WC_VP(p), n);
}
template <class T> inline hipError_t hipMallocPitch(T **p, size_t *pitch, size_t w, size_t h) {
  return hipMallocPitch(__WC_VP(p), pitch, w, h);
}
template <class T> inline hipError_t hipHostGetDevicePointer(T **d, void *h, unsigned int f) {
  return hipHostGetDevicePointer(__WC_VP(d), h, f);
}
template <class T> inline hipError_t hipMallocAsync(T **p, size_t n, hipStream_t s) {
  return hipMallocAsync(__WC_VP(p), n, s);
}
template <class F> inline hipError_t hipFuncSetCacheConfig(F f, hipFuncCache_t c) {
  return hipFuncSetCacheConfig(__WC_CVP(f), c);
}
template <class T>
inline hipError_t hipMemcpyToSymbolAsync(const T &symbol, const void *src, size_t bytes,
                                         size_t offset, hipMemcpyKind kind, hipStream_t s = 0) {
  return hipMemcpyToSymbolAsync(__WC_CVP(&symbol), src, bytes, offset, kind, s);
}
template <class T>
inline hipError_t hipMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t bytes,
                                           size_t offset, hipMemcpyKind kind, hipStream_t s = 0) {
  return hipMemcpyFromSymbolAsync(dst, __WC_CVP(&symbol), bytes, offset, kind, s);
}
template <class T> inline hipError_t hipGetSymbolAddress(void **p, const T &symbol) {
  return hipGetSymbolAddress(p, __WC_CVP(&symbol));
}
template <class F>
inline hipError_t hipLaunchCooperativeKernel(F f, dim3 g, dim3 b, void **a, unsigned int shm,
                                             hipStream_t s) {
  return hipLaunchCooperativeKernel(__WC_CVP(f), g, b, a, shm, s);
}
#undef __WC_VP
#undef __WC_CVP

/* A channel descriptor for element type T (bits of each component). */
template <class T> hipChannelFormatDesc hipCreateChannelDesc();

inline hipPitchedPtr make_hipPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz) {
  return hipPitchedPtr{d, p, xsz, ysz};
}
inline hipExtent make_hipExtent(size_t w, size_t h, size_t d) { return hipExtent{w, h, d}; }
inline hipPos make_hipPos(size_t x, size_t y, size_t z) { return hipPos{x, y, z}; }

#if defined(__HIP__)
/* Texture fetches through a texture object, by element type. */
template <class T> __device__ T tex1Dfetch(hipTextureObject_t tex, int x);
template <class T> __device__ T tex1D(hipTextureObject_t tex, float x);
template <class T> __device__ T tex2D(hipTextureObject_t tex, float x, float y);
template <class T> __device__ T tex3D(hipTextureObject_t tex, float x, float y, float z);
#endif

#endif
