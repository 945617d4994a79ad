// host API: device properties, attributes, memory, launches (GGL and <<<>>>)
#include <hip/hip_runtime.h>
#include <cstdio>
#include <vector>

template <typename T> __global__ void scale(T* p, T s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= s;
}
__global__ void noargs() {}
__global__ void kernel(float* p, int n) { if ((int)threadIdx.x < n) p[threadIdx.x] = warpSize; }

#define CHECK(x) do { hipError_t e_ = (x); if (e_ != hipSuccess) { \
  fprintf(stderr, "%s: %s\n", #x, hipGetErrorString(e_)); return 1; } } while (0)

int run() {
  int count = 0;
  if (hipGetDeviceCount(&count) == hipErrorNoDevice) return 0;
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  printf("%s %s warp=%d cus=%d maxtpb=%d smem=%zu\n", prop.name, prop.gcnArchName, prop.warpSize,
         prop.multiProcessorCount, prop.maxThreadsPerBlock, prop.sharedMemPerBlock);
  int ws = 0;
  CHECK(hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, 0));
  float* d = nullptr; int n = 64;
  CHECK(hipMalloc(&d, n * sizeof(float)));
  CHECK(hipMalloc((void**)&d, n * sizeof(float)));
  std::vector<float> h(n, 1.0f);
  CHECK(hipMemcpy(d, h.data(), n * sizeof(float), hipMemcpyHostToDevice));
  CHECK(hipMemset(d, 0, n * sizeof(float)));
  hipStream_t s; CHECK(hipStreamCreate(&s));
  hipLaunchKernelGGL(kernel, dim3(1), dim3(64), 0, 0, d, n);
  hipLaunchKernelGGL(noargs, dim3(1), dim3(ws), 0, s);
  hipLaunchKernelGGL(scale<float>, dim3((n + 255) / 256), dim3(256), 0, s, d, 2.0f, n);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<float>), 1, 64, 0, 0, d, 2.0f, n);
  kernel<<<dim3(1), dim3(prop.warpSize)>>>(d, n);
  scale<<<1, 64, 0, s>>>(d, 3.0f, n);
  CHECK(hipGetLastError());
  CHECK(hipDeviceSynchronize());
  CHECK(hipMemcpy(h.data(), d, n * sizeof(float), hipMemcpyDeviceToHost));
  int blocks = 0; CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, 256, 0));
  CHECK(hipStreamDestroy(s));
  CHECK(hipFree(d));
  return 0;
}
int main() { return run(); }
