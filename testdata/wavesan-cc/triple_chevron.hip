// wavesan-cc test input: two '<<<...>>>' launches (lines 17 and 19) that wavesan-cc must
// name with file:line:col, and decoys it must skip: kernel<<<1, 1>>>() in a comment,
/* scale<<<2, 64>>>(p) in a block comment, */
#include <hip/hip_runtime.h>

#include <ostream>

__global__ void scale(float *p) { p[threadIdx.x] *= 2.0f; }

template <class T> struct Box;
template <class T> std::ostream &operator<<(std::ostream &, const Box<T> &);
template <class T> struct Box { friend std::ostream &operator<<<>(std::ostream &, const Box &); };

int main() {
  const char *text = "scale<<<1, 1>>>(p)";   // a string literal
  const char *raw = R"x(scale<<<1, 1>>>(p))x"; int big = 1'000'000; char lt = '<';
  scale<<<dim3(4), dim3(64)>>>(nullptr);
  (void)text; (void)raw; (void)big; (void)lt;
	::scale  <<<1, 64, 0, 0>>>(nullptr);
  return 0;
}
