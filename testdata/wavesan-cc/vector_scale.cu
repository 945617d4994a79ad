// wavesan-cc test program (.cu input, tests/sanitizer/CcTest.cpp): a kernel launched with
// hipLaunchKernelGGL doubles 1000 ints; prints the sum of the results.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

__global__ void scale(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2 * in[i];
}

int main() {
  const int n = 1000;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = i;
  int *in = nullptr, *out = nullptr;
  if (hipMalloc(&in, n * sizeof(int)) != hipSuccess || hipMalloc(&out, n * sizeof(int)) != hipSuccess)
    return 2;
  hipMemcpy(in, host.data(), n * sizeof(int), hipMemcpyHostToDevice);
  hipLaunchKernelGGL(scale, dim3((n + 255) / 256), dim3(256), 0, 0, in, out, n);
  if (hipGetLastError() != hipSuccess || hipDeviceSynchronize() != hipSuccess)
    return 3;
  hipMemcpy(host.data(), out, n * sizeof(int), hipMemcpyDeviceToHost);
  long long sum = 0;
  for (int v : host)
    sum += v;
  std::printf("sum %lld\n", sum);
  hipFree(in);
  hipFree(out);
  return 0;
}
