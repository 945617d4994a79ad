// HIP vector types: layout, make_*, elementwise and scalar-broadcast arithmetic, in a
// kernel and on the host. Expected output: CcApiTest.VectorTypes.
#include <hip/hip_runtime.h>

#include <cstdio>

static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3: three floats");
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4: 16-byte aligned");
static_assert(sizeof(double2) == 16 && alignof(double2) == 16, "double2: 16-byte aligned");
static_assert(sizeof(uchar4) == 4 && alignof(uchar4) == 4, "uchar4: one word");
static_assert(sizeof(char3) == 3 && sizeof(int2) == 8 && alignof(int2) == 8, "char3, int2");

// Each lane i: ((1, 2, 3, 4) + i) * 2 - (0, 0, 0, 1), halved, plus the broadcast of in[i].x.
__global__ void arith(const int4 *in, float4 *out, int4 *bits) {
  const int i = threadIdx.x;
  float4 a = make_float4(1, 2, 3, 4);
  a += static_cast<float>(i);
  a = a * 2.0f - make_float4(0, 0, 0, 1);
  a /= 2;
  out[i] = a + float4(static_cast<float>(in[i].x));
  int4 b = in[i] << 1; // (2i, 2, 4, 6)
  b |= 1;              // (2i | 1, 3, 5, 7)
  bits[i] = (b ^ make_int4(0, 1, 1, 1)) % 5;
}

int main() {
  constexpr int N = 64;
  int4 hin[N];
  for (int i = 0; i < N; ++i)
    hin[i] = make_int4(i, 1, 2, 3);
  int4 *din, *dbits;
  float4 *dout;
  hipMalloc(&din, sizeof hin);
  hipMalloc(&dout, N * sizeof(float4));
  hipMalloc(&dbits, N * sizeof(int4));
  hipMemcpy(din, hin, sizeof hin, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(arith, dim3(1), dim3(N), 0, 0, din, dout, dbits);
  float4 out[N];
  int4 bits[N];
  hipMemcpy(out, dout, sizeof out, hipMemcpyDeviceToHost);
  hipMemcpy(bits, dbits, sizeof bits, hipMemcpyDeviceToHost);
  for (int i : {0, 3, 63})
    std::printf("out[%d] %g %g %g %g bits %d %d %d %d\n", i, out[i].x, out[i].y, out[i].z,
                out[i].w, bits[i].x, bits[i].y, bits[i].z, bits[i].w);

  // Host: comparisons, unary ops, scalar on the left, integer wrap of uchar.
  float2 p = make_float2(1.5f, -2.0f);
  float2 q = 3.0f - p;
  uchar4 u = make_uchar4(250, 1, 2, 3);
  u += 10;
  double2 d = make_double2(1.25, 2.5) * 2.0;
  int3 k = -make_int3(1, -2, 3);
  ++k;
  std::printf("q %g %g eq %d ne %d u %d %d d %g %g k %d %d %d c[2] %d\n", q.x, q.y,
              q == make_float2(1.5f, 5.0f), p != float2(1.5f), u.x, u.w, d.x, d.y, k.x, k.y,
              k.z, make_char4(1, 2, 3, 4)[2]);
  hipFree(din);
  hipFree(dout);
  hipFree(dbits);
  return 0;
}
