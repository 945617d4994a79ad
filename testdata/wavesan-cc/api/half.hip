// __half, __half2 and __hip_bfloat16: conversions of exactly known values, the rounding
// modes, integer conversions, arithmetic, comparisons and a shuffle of halves in a kernel.
// Expected output: CcApiTest.HalfAndBfloat16.
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <cstdio>

// Lane i holds i/2 as a half; it takes its xor-1 neighbour's value v and writes v*2+1,
// and the pair (1.5, 1.5) + (1, 2).
__global__ void halves(__half *out, __half2 *out2) {
  const int i = threadIdx.x;
  __half h = __float2half(static_cast<float>(i) * 0.5f);
  h = __shfl_xor(h, 1);
  out[i] = __hfma(h, __half{2}, __half{1});
  out2[i] = __hadd2(__float2half2_rn(1.5f), __half2{1, 2});
}

int main() {
  // binary16 bits: 1 = 0x3c00, the largest finite 65504 = 0x7bff, 65520 rounds up to
  // infinity 0x7c00, 2^-24 is the smallest subnormal 0x0001, 0.1 rounds to 0x2e66,
  // -2 = 0xc000.
  std::printf("bits %04x %04x %04x %04x %04x %04x\n", __half_as_ushort(__float2half(1.0f)),
              __half_as_ushort(__float2half(65504.0f)), __half_as_ushort(__float2half(65520.0f)),
              __half_as_ushort(__float2half(5.9604644775390625e-8f)),
              __half_as_ushort(__float2half(0.1f)), __half_as_ushort(__float2half(-2.0f)));
  // 1/3: the nearest half is 0x3555 (0.333251953125, below); rounding up gives 0x3556.
  const float Third = 1.0f / 3.0f;
  std::printf("third rn %04x rz %04x rd %04x ru %04x; -third rd %04x ru %04x\n",
              __half_as_ushort(__float2half_rn(Third)), __half_as_ushort(__float2half_rz(Third)),
              __half_as_ushort(__float2half_rd(Third)), __half_as_ushort(__float2half_ru(Third)),
              __half_as_ushort(__float2half_rd(-Third)),
              __half_as_ushort(__float2half_ru(-Third)));
  // Overflow toward zero stays finite; a tiny negative value rounded down is -2^-24.
  std::printf("1e6 rz %04x; -1e-10 rd %04x ru %04x\n", __half_as_ushort(__float2half_rz(1e6f)),
              __half_as_ushort(__float2half_rd(-1e-10f)),
              __half_as_ushort(__float2half_ru(-1e-10f)));
  std::printf("int rn(2.5) %d rn(3.5) %d ru(2.25) %d rd(-2.25) %d rz(-2.75) %d; int2half(7) %g\n",
              __half2int_rn(__half(2.5f)), __half2int_rn(__half(3.5f)),
              __half2int_ru(__half(2.25f)), __half2int_rd(__half(-2.25f)),
              __half2int_rz(__half(-2.75f)), __half2float(__int2half_rn(7)));
  // Arithmetic: 1.5 * 2 + 0.25 = 3.25; saturation clamps to [0, 1]; comparisons.
  const __half A = 1.5f, B = 2.0f, C = 0.25f;
  const __half2 P = __halves2half2(A, B);
  std::printf("fma %g sat %g %g heq %d hlt %d heq2 %g %g hbeq2 %d max %g abs %g\n",
              __half2float(__hfma(A, B, C)), __half2float(__hadd_sat(A, B)),
              __half2float(__hsub_sat(A, B)), __heq(A, A), __hlt(B, A),
              __low2float(__heq2(P, __half2(1.5f, 3.0f))),
              __high2float(__heq2(P, __half2(1.5f, 3.0f))), __hbeq2(P, P),
              __half2float(__hmax(A, B)), __half2float(__habs(__hneg(C))));
  const float2 F = __half22float2(__hmul2(P, P));
  std::printf("hmul2 %g %g hsqrt(2.25) %g\n", F.x, F.y, __half2float(hsqrt(__half(2.25f))));
  // bfloat16: 1 = 0x3f80, 3.140625 = 0x4049 exactly, 1 + 2^-8 is a tie that rounds to
  // even (0x3f80), 1 + 3 * 2^-8 is a tie too, to the even 0x3f82.
  std::printf("bf16 %04x %04x %04x %04x back %g sum %g\n", __float2bfloat16(1.0f).data,
              __float2bfloat16(3.140625f).data, __float2bfloat16(1.00390625f).data,
              __float2bfloat16(1.01171875f).data, __bfloat162float(__float2bfloat16(3.140625f)),
              __bfloat162float(__hadd(__float2bfloat16(1.5f), __float2bfloat16(0.25f))));

  __half *dout;
  __half2 *dout2;
  hipMalloc(&dout, 64 * sizeof(__half));
  hipMalloc(&dout2, 64 * sizeof(__half2));
  hipLaunchKernelGGL(halves, dim3(1), dim3(64), 0, 0, dout, dout2);
  __half out[64];
  __half2 out2[64];
  hipMemcpy(out, dout, sizeof out, hipMemcpyDeviceToHost);
  hipMemcpy(out2, dout2, sizeof out2, hipMemcpyDeviceToHost);
  std::printf("kernel %g %g %g pair %g %g\n", __half2float(out[0]), __half2float(out[5]),
              __half2float(out[63]), __low2float(out2[7]), __high2float(out2[7]));
  hipFree(dout);
  hipFree(dout2);
  return 0;
}
