// Kernels of a CUDA-style port kept in a .cu file that main.hip includes (not a source
// of its own), as some ports do. wavesan-cc rewrites the __shared__ declarations here
// too, and compiles the program with -fwavesan-lockstep because this file reads shared
// memory through a volatile pointer.
//
// blockSum: a block reduction whose last steps, for the first 32 lanes, add in shared
// memory without any synchronisation (the warp-synchronous tail CUDA code wrote for
// 32-lane warps). On a 64-lane wavefront that runs each instruction for all lanes at
// once it is right; run lane after lane, lane 0 would add its neighbours before they
// have added theirs.
//
// fillTile: a 32-element __shared__ tile that a launch of 64 threads overflows.

__device__ void warpTail(volatile int *s, unsigned tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
}

__global__ void blockSum(const int *in, int *out) {
  extern __shared__ int partial[];
  const unsigned tid = threadIdx.x;
  partial[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid < 32)
    warpTail(partial, tid);
  if (tid == 0)
    out[blockIdx.x] = partial[0];
}

__global__ void fillTile(int *out) {
  __shared__ int tile[32];
  tile[threadIdx.x] = static_cast<int>(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x % 32];
}
