//===--- EmuFaultKernels.cpp - kernels that fault, for emu_fault_test ------===//
///
/// \file
/// One program, one faulting kernel per case (its only argument): `null`, `divide`,
/// `recurse`, `big-frame`, `trap`, `previous-handler` (null with a SIGSEGV handler
/// installed first) and `host` (a launch that does not fault, then a null store in host
/// code). Built against wavesan-emu (so with its -fstack-clash-protection) and run by
/// EmuFaultTest.cpp in a fresh process per case, with WAVESAN_OPTIONS of its choosing.
///
//===----------------------------------------------------------------------===//
#include <hip/hip_runtime.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace {

// Lane 7 of block 1 stores through the pointer it is given (null).
__global__ void null_store(int *p) {
  if (blockIdx.x == 1 && threadIdx.x == 7)
    p[threadIdx.x] = 1;
}

// Lane 5 of block 1 divides by the divisor it is given (0).
__global__ void divide(int *out, int divisor) {
  out[threadIdx.x] = 100 / (blockIdx.x == 1 && threadIdx.x == 5 ? divisor : 1);
}

// Deep recursion with a 1 KiB frame per call: lane 3 recurses `depth` times (far more
// than 256 KiB of stack), the others once.
__device__ int deep(int n) {
  volatile char frame[1024];
  frame[0] = static_cast<char>(n);
  return n ? deep(n - 1) + frame[0] : 0;
}
__global__ void recurse(int *out, int depth) {
  out[threadIdx.x] = deep(threadIdx.x == 3 ? depth : 1);
}

// A 1 MiB local array, more than the fiber stack and its guard together: without
// stack-clash probing, the store would land 1 MiB below the stack's top, past the
// guard, in whatever is mapped there (another lane's stack). Every lane waits at a
// barrier first, so that the block has 64 live stacks.
__global__ void big_frame(int *out, int index) {
  __syncthreads();
  volatile char big[1 << 20];
  big[index] = 1;
  out[threadIdx.x] = big[index];
}

__global__ void trap(int *out) {
  if (threadIdx.x == 9)
    __builtin_trap();
  out[threadIdx.x] = 1;
}

int *buffer() {
  int *D = nullptr;
  hipMalloc(&D, 64 * sizeof(int));
  return D;
}

// The handler of `previous-handler`: says so and exits 42.
void previousHandler(int) {
  static const char Text[] = "previous handler ran\n";
  (void)!write(2, Text, sizeof Text - 1);
  _exit(42);
}

} // namespace

int main(int argc, char **argv) {
  const char *Case = argc == 2 ? argv[1] : "";
  if (!std::strcmp(Case, "null")) {
    hipLaunchKernelGGL(null_store, dim3(2), dim3(64), 0, 0, static_cast<int *>(nullptr));
  } else if (!std::strcmp(Case, "divide")) {
    hipLaunchKernelGGL(divide, dim3(2), dim3(64), 0, 0, buffer(), 0);
  } else if (!std::strcmp(Case, "recurse")) {
    hipLaunchKernelGGL(recurse, dim3(1), dim3(64), 0, 0, buffer(), 1 << 20);
  } else if (!std::strcmp(Case, "big-frame")) {
    hipLaunchKernelGGL(big_frame, dim3(1), dim3(64), 0, 0, buffer(), 0);
  } else if (!std::strcmp(Case, "trap")) {
    hipLaunchKernelGGL(trap, dim3(1), dim3(64), 0, 0, buffer());
  } else if (!std::strcmp(Case, "previous-handler")) {
    signal(SIGSEGV, previousHandler);
    hipLaunchKernelGGL(null_store, dim3(2), dim3(64), 0, 0, static_cast<int *>(nullptr));
  } else if (!std::strcmp(Case, "host")) {
    hipLaunchKernelGGL(divide, dim3(1), dim3(64), 0, 0, buffer(), 1);
    volatile int *Null = nullptr;
    *Null = 1;
  } else {
    std::fprintf(stderr, "usage: %s null|divide|recurse|big-frame|trap|previous-handler|host "
                 "(got '%s')\n", argc > 0 ? argv[0] : "emu_fault_kernels", Case);
    return 2;
  }
  std::printf("no fault\n");
  return 0;
}
