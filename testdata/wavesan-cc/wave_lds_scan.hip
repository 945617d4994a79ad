// A 64-lane inclusive scan in __shared__ memory, three ways. The values 1..64 have the
// prefix sums (i + 1) * (i + 2) / 2: 1 3 6 10 ... 2080.
//  - racy: the Hillis-Steele steps without any synchronisation. On a GPU the wave runs
//    each instruction for all 64 lanes at once, so every lane loads s[i - off] before any
//    lane stores s[i] and the code works there; the emulator runs the lanes one after
//    another between synchronisations. Built with wavesan-cc -fwavesan-lockstep the
//    lanes take each shared-memory access together and the scan is right; with
//    WAVESAN_OPTIONS=lockstep_lds=0 the emulator reports wave-lds-race at the load
//    (line 22) instead.
//  - barriers: __syncthreads() between the load and the store of each step: no report.
//  - syncwarp: the same with __syncwarp() (a wave operation): no report.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void scan(unsigned *out, int mode) {
  __shared__ unsigned s[64]; // unsigned: the racy sums wrap
  const int i = threadIdx.x;
  s[i] = i + 1;
  if (mode == 1) __syncthreads();
  if (mode == 2) __syncwarp();
  for (int off = 1; off < 64; off *= 2) {
    unsigned t = i >= off ? s[i - off] : 0;
    if (mode == 1) __syncthreads();
    if (mode == 2) __syncwarp();
    s[i] += t;
    if (mode == 1) __syncthreads();
    if (mode == 2) __syncwarp();
  }
  out[i] = s[i];
}

int main(int argc, char **argv) {
  const int mode = argc > 1 ? argv[1][0] - '0' : 0;
  unsigned *d;
  hipMalloc(&d, 64 * sizeof(unsigned));
  hipLaunchKernelGGL(scan, dim3(1), dim3(64), 0, 0, d, mode);
  unsigned h[64];
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < 64; ++i)
    wrong += h[i] != unsigned((i + 1) * (i + 2) / 2);
  std::printf("last %u, %d of 64 prefix sums wrong\n", h[63], wrong);
  hipFree(d);
  return 0;
}
