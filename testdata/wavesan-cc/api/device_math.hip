// Bit casts, integer intrinsics, rounding conversions and device math with exactly known
// results, computed in a kernel. Expected output: CcApiTest.DeviceMath.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void math(const float *in, float *f, int *i, double *d, unsigned long long *u) {
  if (threadIdx.x != 0)
    return;
  i[0] = __float_as_int(1.0f);                    // 0x3f800000
  f[0] = __int_as_float(0x40490fdb);              // pi as float: 3.14159274
  i[1] = static_cast<int>(__float_as_uint(-0.0f)); // 0x80000000
  f[1] = __uint_as_float(0x7f800000u);            // +inf
  i[2] = __double2hiint(1.0);                     // 0x3ff00000
  i[3] = __double2loint(1.0);                     // 0
  d[0] = __hiloint2double(0x40000000, 0);         // 2
  u[0] = static_cast<unsigned long long>(__double_as_longlong(-2.0)); // 0xc000000000000000
  i[4] = static_cast<int>(__umulhi(0x80000000u, 6u));  // 3
  i[5] = __mulhi(-2, 0x40000000);                      // -1
  u[1] = __umul64hi(1ull << 63, 10ull);                // 5
  i[6] = static_cast<int>(__byte_perm(0x33221100u, 0x77665544u, 0x5410u)); // 0x55441100
  i[7] = static_cast<int>(__brev(1u));                 // 0x80000000
  i[8] = __clz(1) * 100 + __ffs(0x10) * 10 + __popcll(0xf0f0ull); // 3100 + 50 + 8
  i[9] = __float2int_rn(2.5f) * 1000 + __float2int_ru(2.1f) * 100 + (__float2int_rd(-1.5f) + 5) * 10 +
         __float2int_rz(-1.9f) + 1;                    // 2000 + 300 + 30 + 0
  i[10] = __float2int_rn(3e9f) == 2147483647;          // saturates
  f[2] = __saturatef(1.5f) + __saturatef(-0.5f);       // 1
  f[3] = rhypotf(3.0f, 4.0f);                          // 0.2
  f[4] = rcbrtf(8.0f);                                 // 0.5
  float s, c;
  sincospif(1.5f, &s, &c);                             // -1, 0 exactly
  f[5] = s;
  f[6] = c;
  f[7] = erfinvf(0.0f);                                // 0
  f[8] = __fdividef(1.0f, 4.0f) + __fmul_rn(2.0f, 3.0f) + __fadd_rn(0.5f, 0.25f); // 7
  d[1] = __drcp_rn(8.0) + __dadd_rn(1.0, 2.0);         // 3.125
  f[9] = __ldg(&in[1]);                                // 42
  i[11] = min(3, 7u) * 10 + max(-1, 2);                // 32
  long long t0 = clock64(), t1 = clock64();
  i[12] = t1 >= t0 && wall_clock64() > 0;
  i[13] = abs(-5) + static_cast<int>(abs(-2.5) * 2);   // 10
  __builtin_nontemporal_store(__builtin_nontemporal_load(&in[1]) + 1.0f, &f[10]); // 43
}

int main() {
  float *in, *f;
  int *i;
  double *d;
  unsigned long long *u;
  hipMallocManaged(&in, 2 * sizeof(float));
  hipMallocManaged(&f, 16 * sizeof(float));
  hipMallocManaged(&i, 16 * sizeof(int));
  hipMallocManaged(&d, 4 * sizeof(double));
  hipMallocManaged(&u, 4 * sizeof(unsigned long long));
  in[1] = 42.0f;
  hipLaunchKernelGGL(math, dim3(1), dim3(64), 0, 0, in, f, i, d, u);
  hipDeviceSynchronize();
  std::printf("casts %08x %.9g %08x %g %08x %d %g %016llx\n", i[0], f[0], i[1], f[1], i[2], i[3],
              d[0], u[0]);
  std::printf("int %d %d %llu %08x %08x %d %d %d\n", i[4], i[5], u[1], i[6], i[7], i[8], i[9],
              i[10]);
  std::printf("float %g %g %g %g %g %g %g %g %g\n", f[2], f[3], f[4], f[5], f[6], f[7], f[8],
              d[1], f[9]);
  std::printf("misc %d %d %d %g\n", i[11], i[12], i[13], f[10]);
  return 0;
}
