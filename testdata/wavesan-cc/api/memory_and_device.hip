// Symbols, typed memsets, pitched and 2D copies, host memory, async allocation, device
// attributes, limits, flags and versions. Expected output: CcApiTest.MemoryAndDevice.
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>

__constant__ int Coeff[4];
__device__ float Scale;

__global__ void useSymbols(int *out) { out[threadIdx.x] = Coeff[threadIdx.x] * int(Scale); }

int main() {
  // Symbols: by name (with HIP_SYMBOL), with an offset, and read back.
  const int c[4] = {1, 2, 3, 4};
  const float s = 10.0f;
  int e0 = hipMemcpyToSymbol(HIP_SYMBOL(Coeff), c, sizeof c);
  int e1 = hipMemcpyToSymbol(Scale, &s, sizeof s);
  const int seven = 7;
  int e2 = hipMemcpyToSymbol(Coeff, &seven, sizeof seven, 2 * sizeof(int));
  // Past the end of the 16-byte symbol: hipErrorInvalidValue (1).
  int e3 = hipMemcpyToSymbol(Coeff, c, sizeof c, sizeof(int));
  int *out;
  hipMalloc(&out, 4 * sizeof(int));
  hipLaunchKernelGGL(useSymbols, dim3(1), dim3(4), 0, 0, out);
  int h[4], back[4];
  hipMemcpy(h, out, sizeof h, hipMemcpyDeviceToHost);
  hipMemcpyFromSymbol(back, HIP_SYMBOL(Coeff), sizeof back);
  size_t symSize = 0;
  void *symAddr = nullptr;
  hipGetSymbolSize(&symSize, HIP_SYMBOL(Coeff));
  hipGetSymbolAddress(&symAddr, HIP_SYMBOL(Coeff));
  std::printf("symbols %d %d %d %d kernel %d %d %d %d back %d size %zu addr %d\n", e0, e1, e2,
              e3, h[0], h[1], h[2], h[3], back[2], symSize, symAddr == static_cast<void *>(Coeff));

  // Typed memsets.
  uint8_t *buf;
  hipMalloc(&buf, 16);
  hipMemsetD32(buf, 0x11223344, 2);
  hipMemsetD16(buf + 8, 0xabcd, 2);
  hipMemsetD8Async(buf + 12, 0x5a, 4, nullptr);
  uint8_t hb[16];
  hipMemcpy(hb, buf, 16); // the kind defaults to hipMemcpyDefault
  std::printf("memset %02x %02x %02x %02x %02x %02x\n", hb[0], hb[3], hb[4], hb[8], hb[9], hb[15]);

  // Pitched 2D: a 3 x 5-byte block into rows 256 bytes apart, and back densely.
  void *pitched;
  size_t pitch = 0;
  hipMallocPitch(&pitched, &pitch, 5, 3);
  const char src[15] = {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o'};
  char dense[16] = {};
  hipMemcpy2D(pitched, pitch, src, 5, 5, 3, hipMemcpyHostToDevice);
  hipMemcpy2D(dense, 5, pitched, pitch, 5, 3, hipMemcpyDeviceToHost);
  std::printf("2d pitch %zu row2 %c%c bad %d %s\n", pitch, static_cast<char *>(pitched)[2 * pitch],
              static_cast<char *>(pitched)[2 * pitch + 4],
              hipMemcpy2D(dense, 4, src, 5, 5, 3, hipMemcpyHostToHost), dense);

  // Host memory is device-accessible; async allocation; a null pointer is invalid (1).
  int *pinned = nullptr, *devView = nullptr, *async = nullptr;
  hipHostMalloc(&pinned, 64, hipHostMallocMapped | hipHostMallocPortable);
  hipHostGetDevicePointer(&devView, pinned, 0);
  int ea = hipMallocAsync(&async, 64, nullptr), ef = hipFreeAsync(async, nullptr);
  std::printf("host %d async %d %d null %d\n", devView == pinned, ea, ef,
              hipMallocAsync(static_cast<void **>(nullptr), 64, nullptr));
  size_t freeB = 0, totalB = 0;
  hipMemGetInfo(&freeB, &totalB);
  std::printf("meminfo total %zu free<=total %d\n", totalB, freeB > 0 && freeB <= totalB);

  // Attributes of the gfx942 profile.
  const hipDeviceAttribute_t attrs[] = {
      hipDeviceAttributeWarpSize, hipDeviceAttributeMaxThreadsPerBlock,
      hipDeviceAttributeMultiprocessorCount, hipDeviceAttributeMaxSharedMemoryPerBlock,
      hipDeviceAttributeClockRate, hipDeviceAttributeComputeCapabilityMajor,
      hipDeviceAttributeComputeCapabilityMinor, hipDeviceAttributeMaxBlockDimZ,
      hipDeviceAttributeCooperativeLaunch};
  std::printf("attrs");
  for (hipDeviceAttribute_t a : attrs) {
    int v = -1;
    hipDeviceGetAttribute(&v, a, 0);
    std::printf(" %d", v);
  }
  int bad = 0;
  std::printf(" dev1 %d\n", hipDeviceGetAttribute(&bad, hipDeviceAttributeWarpSize, 1));

  // Limits, flags, versions, function attributes, events without timing (invalid handle, 400).
  size_t heap = 0;
  hipDeviceSetLimit(hipLimitMallocHeapSize, 1 << 20);
  hipDeviceGetLimit(&heap, hipLimitMallocHeapSize);
  int driver = 0, runtime = 0;
  hipDriverGetVersion(&driver);
  hipRuntimeGetVersion(&runtime);
  hipEvent_t a, b;
  hipEventCreateWithFlags(&a, hipEventDisableTiming);
  hipEventCreateWithFlags(&b, hipEventDisableTiming);
  hipEventRecord(a);
  hipEventRecord(b);
  float ms = 0;
  std::printf("heap %zu init %d %d flags %d %d version %d %d funcattr %d %d elapsed %d\n", heap,
              hipInit(0), hipInit(1), hipSetDeviceFlags(hipDeviceScheduleYield),
              hipSetDeviceFlags(0x100), driver == runtime, driver >= 60000000,
              hipFuncSetAttribute(useSymbols, hipFuncAttributeMaxDynamicSharedMemorySize, 65536),
              hipFuncSetAttribute(reinterpret_cast<const void *>(useSymbols),
                                  hipFuncAttributeMaxDynamicSharedMemorySize, 65537),
              hipEventElapsedTime(&ms, a, b));
  hipEventDestroy(a);
  hipEventDestroy(b);
  hipHostFree(pinned);
  hipFree(pitched);
  hipFree(buf);
  hipFree(out);
  return 0;
}
