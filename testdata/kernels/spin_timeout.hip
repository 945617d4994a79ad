// Family: a kernel that never finishes (runtime kind kernel-timeout).
//
// consume waits until a flag in global memory is set, then writes 42 to out. The flag is
// set by a separate kernel, `produce`, launched before it on the same stream.
//
// correct: produce runs first, so consume finds the flag set and returns at once.
// buggy:   the produce launch was dropped (say, behind a feature flag): consume spins on a
//          flag that nothing will set. On a GPU this is a hung kernel and a watchdog reset;
//          the emulator's watchdog reports kernel-timeout after kernel_timeout_s.
//
// Grid: compute units x 64 threads for both kernels (only one thread of produce writes).
// Expected:
//   correct, wave 32 and 64: out = 42; no report.
//   buggy, wave 32 and 64: kernel-timeout is reported once kernel_timeout_s has passed, and
//                          the program gets an error (kernel_error 1) and exits normally
//                          (the test kills it after a hard bound otherwise).
#include "harness.h"

__global__ void produce(int *flag) {
  if (threadIdx.x == 0 && blockIdx.x == 0) atomicExch(flag, 1);
}

__global__ void consume(int *flag, int *out) {
  while (atomicAdd(flag, 0) == 0) {
  }
  if (threadIdx.x == 0 && blockIdx.x == 0) *out = 42;
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  int *d_flag = kernels_zeros<int>(1);
  int *d_out = kernels_zeros<int>(1);
  if (!buggy) {
    // A full grid, so the launch is not reported as underfilled.
    hipLaunchKernelGGL(produce, dim3(kernels_compute_units()), dim3(64), 0, 0, d_flag);
    KERNELS_HIP_CHECK(hipGetLastError());
  }
  hipLaunchKernelGGL(consume, dim3(kernels_compute_units()), dim3(64), 0, 0, d_flag, d_out);
  // A stopped kernel surfaces as an error from hipGetLastError or the synchronisation.
  const hipError_t launch = hipGetLastError();
  const hipError_t sync = hipDeviceSynchronize();
  std::printf("kernel_error %d\n", launch == hipSuccess && sync == hipSuccess ? 0 : 1);
  std::printf("out %d\n", kernels_to_host(d_out, 1)[0]);
  KERNELS_HIP_CHECK(hipFree(d_flag));
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
