// wavesan report golden: the kernel names reports print. A template kernel in a namespace
// launched as "(ns::red<24>)" is reported as ns::red<24>, in function ns::red; a launch
// through a function pointer is reported with the pointee's name (this program is linked
// with -rdynamic so that the dynamic symbol table has it). Each kernel narrows a ballot.
#include <hip/hip_runtime.h>

namespace ns {
template <int N> __global__ void red(int *out) {
  int mask = __ballot(threadIdx.x >= N);
  out[threadIdx.x] = mask;
}
} // namespace ns

__global__ void by_pointer(int *out) {
  unsigned mask = __ballot(1);
  out[threadIdx.x] = static_cast<int>(mask);
}

int main() {
  int *out = nullptr;
  hipMalloc(&out, 64 * sizeof(int));
  hipLaunchKernelGGL((ns::red<24>), dim3(304), dim3(64), 0, 0, out);
  void (*fp)(int *) = by_pointer;
  hipLaunchKernelGGL(fp, dim3(304), dim3(64), 0, 0, out);
  hipFree(out);
  return 0;
}
