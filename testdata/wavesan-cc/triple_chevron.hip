// wavesan-cc test input: '<<<...>>>' launches that wavesan-cc rewrites for the emulator
// (a plain launch at line 25, a qualified one with all four configuration arguments at
// line 27, a template kernel whose argument is deduced at line 29), and decoys it must
// leave alone: kernel<<<1, 1>>>() in a comment,
/* scale<<<2, 64>>>(p) in a block comment, */
#include <hip/hip_runtime.h>

#include <cstdio>
#include <ostream>

__global__ void scale(float *p) { p[threadIdx.x] *= 2.0f; }

template <class T> __global__ void add(T *p, T v) { p[threadIdx.x] += v; }

template <class T> struct Box;
template <class T> std::ostream &operator<<(std::ostream &, const Box<T> &);
template <class T> struct Box { friend std::ostream &operator<<<>(std::ostream &, const Box &); };

int main() {
  const char *text = "scale<<<1, 1>>>(p)";   // a string literal
  const char *raw = R"x(scale<<<1, 1>>>(p))x"; int big = 1'000'000; char lt = '<';
  float *p = nullptr;
  hipMalloc(&p, 64 * sizeof(float));
  hipMemset(p, 0, 64 * sizeof(float));
  add<<<dim3(1), dim3(64)>>>(p, 1.0f);
  (void)big; (void)lt;
	::scale  <<<1, 64, 0, 0>>>(p);
  float h[64];
  add<<<1, 64>>>(p, 0.25f); hipMemcpy(h, p, sizeof h, hipMemcpyDeviceToHost);
  std::printf("%s|%s|%g %g|%d\n", text, raw, h[0], h[63], __LINE__);
  return 0;
}
