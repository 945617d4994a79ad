// wavesan report golden: __syncthreads() reached by only half of a block (threads 64-127
// return early), so the barrier can never complete (barrier-deadlock). The report lists
// the waiting and the missing threads; the launch fails instead of hanging.
#include <hip/hip_runtime.h>

__global__ void half_barrier(float *data) {
  if (threadIdx.x >= 64)
    return;
  data[threadIdx.x] *= 2.0f;
  __syncthreads();
  data[threadIdx.x] += data[63 - threadIdx.x];
}

int main() {
  float *data = nullptr;
  hipMalloc(&data, 128 * sizeof(float));
  hipMemset(data, 0, 128 * sizeof(float));
  hipError_t err = hipLaunchKernelGGL(half_barrier, dim3(1), dim3(128), 0, 0, data);
  std::printf("launch: %s\n", hipGetErrorName(err));
  hipFree(data);
  return 0;
}
