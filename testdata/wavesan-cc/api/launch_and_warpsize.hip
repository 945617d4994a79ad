// hipLaunchKernelGGL of template kernels whose template arguments are deduced from the
// launch's arguments, given explicitly, or behind a function pointer; warpSize at run time
// (the emulated wave size, also through a const copy) and the target's constant wave size
// __AMDGCN_WAVEFRONT_SIZE (64); HIP_DYNAMIC_SHARED
// with HIP's trailing semicolon left out; __launch_bounds__ and __align__.
// Expected output: CcApiTest.LaunchAndWarpSize (also under wave_size=32).
#include <hip/hip_runtime.h>

#include <cstdio>

template <class T> __global__ void fill(T *out, T first, size_t n) {
  const size_t i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n)
    out[i] = first + static_cast<T>(i);
}

template <int Scale> __global__ void __launch_bounds__(256) scaled(int *out) {
  HIP_DYNAMIC_SHARED(int, tile)
  tile[threadIdx.x] = static_cast<int>(threadIdx.x) * Scale;
  __syncthreads();
  out[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

struct __align__(16) Quad {
  float v[4];
};

// Lane 0 records the run-time wave size and the constant one.
__global__ void waves(int *out) {
  if (threadIdx.x != 0)
    return;
  int w = warpSize; // run time
  w >>= 1;
  auto copy{warpSize};
  int shift = 0;
  while (copy >>= 1)
    ++shift;
  const int held = warpSize; // a const copy: still the run's wave size
  constexpr int compiled = __AMDGCN_WAVEFRONT_SIZE; // the target's constant: 64
  int wide = 0;
  if constexpr (warpSize > 32 && __AMDGCN_WAVEFRONT_SIZE > 32) // the target's 64
    wide = 1;
  out[0] = w * 2 == held ? held : -held;
  out[1] = shift;
  out[2] = compiled;
  out[3] = wide;
}

int main() {
  float *f;
  long *l;
  int *s, *w;
  hipMallocManaged(&f, 100 * sizeof(float));
  hipMallocManaged(&l, 100 * sizeof(long));
  hipMallocManaged(&s, 256 * sizeof(int));
  hipMallocManaged(&w, 4 * sizeof(int));
  hipMemset(l, 0, 100 * sizeof(long)); // l[50..99] stay 0: the launch covers 50 elements
  // T deduced as float from the launch, n converted from int to size_t.
  hipLaunchKernelGGL(fill, dim3(2), dim3(64), 0, 0, f, 0.5f, 100);
  // Explicit template argument, through HIP_KERNEL_NAME and through a pointer.
  hipLaunchKernelGGL(HIP_KERNEL_NAME(fill<long>), dim3(1), dim3(128), 0, 0, l, 1000L, size_t(50));
  void (*ptr)(int *) = scaled<3>;
  const hipError_t e = hipLaunchKernelGGL(ptr, dim3(1), dim3(256), 256 * sizeof(int), nullptr, s);
  hipLaunchKernelGGL(waves, dim3(1), dim3(64), 0, 0, w);
  hipDeviceSynchronize();
  std::printf("fill %g %g %ld %ld scaled %d %d %d align %zu\n", f[0], f[99], l[49], l[50], e, s[0],
              s[255], alignof(Quad));
  std::printf("warpSize run %d shift %d constant %d wide %d\n", w[0], w[1], w[2], w[3]);
  return 0;
}
