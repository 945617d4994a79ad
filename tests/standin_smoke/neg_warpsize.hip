#include <hip/hip_runtime.h>
template <int N> struct Fixed { int v[N]; };
#if NEG == 1
int file_scope[warpSize];
#elif NEG == 2
__global__ void k(float* o) { __shared__ float s[warpSize]; s[0] = 1; o[0] = s[0]; }
#elif NEG == 3
__global__ void k(int* o) { Fixed<warpSize> f{}; o[0] = f.v[0]; }
#elif NEG == 4
static_assert(warpSize == 64, "wave64");
#elif NEG == 5
__global__ void k(int* o) { constexpr int w = warpSize; o[0] = w; }
#elif NEG == 6
__global__ void k(int* o) { int a[warpSize]; a[0] = 1; o[0] = a[0]; }
#elif NEG == 7
__global__ void k(int* o) { static int a[warpSize]; o[0] = a[0]; }
#endif
