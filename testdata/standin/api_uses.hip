// A small particle and signal-processing program written for wavecheck's
// stand-in header test: it uses, in host and device code, the HIP API that
// ported benchmarks lean on (device math, rounding and bit intrinsics, half and
// bfloat16 pairs, vector-type arithmetic, system-scope and unsafe atomics,
// pitched, mapped and pinned memory, texture objects, graphs, peer access and
// device attributes). It must parse without a compiler error with the stand-in
// headers. One kernel carries a planted wave64 bug (the lines marked PLANTED):
// a warp vote kept in 32 bits, which drops lanes 32-63 of a 64-lane wavefront.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <hip/hip_cooperative_groups.h>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

struct __align__(16) Particle {
  float4 pos;
  float4 vel;
};

// ---- device math ------------------------------------------------------------
__global__ void trajectories(const Particle *in, float *angle, double *energy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 p = in[i].pos;
  float r = hypotf(p.x, p.y);
  float s, c;
  sincosf(p.z, &s, &c);
  angle[i] = acosf(fminf(1.0f, p.x / r)) + coshf(p.w) * s - c;
  double d = hypot((double)p.x, (double)p.y) + exp10((double)p.z) + cbrt((double)p.w);
  if (signbit(d) || isnan(d)) d = 0.0;
  long q = lrintf(p.x * 4.0f);
  int k = abs((int)q - 3);
  double m = abs(-d) + rint(d) + sqrt(d) + ceil(d) + (double)k;
  energy[i] = m;
}

// ---- rounding and bit intrinsics ----------------------------------------------
__global__ void rounding(const float *a, const double *b, unsigned int *bits,
                         unsigned long long *wide, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float f = __fadd_rn(__fdiv_rn(a[i], 3.0f), 1.0f);
  double g = __dadd_rn(b[i], __drcp_rn(b[i] + 1.0));
  unsigned long long h = __umul64hi((unsigned long long)i * 0x9e3779b97f4a7c15ull, 77ull);
  unsigned int p = __byte_perm((unsigned int)i, 0x01020304u, 0x3210u);
  int hi = __double2hiint(g);
  int lo = __float2int_rd(f);
  bits[i] = p ^ (unsigned int)hi ^ (unsigned int)lo;
  wide[i] = h;
}

// ---- vector types ----------------------------------------------------------------
__global__ void integrate(Particle *ps, uint4 *histogram, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Particle p = ps[i];
  p.pos = p.pos + p.vel * dt;
  p.vel = p.vel + 0.5f;
  uint4 bin = make_uint4(1u, 0u, 0u, 0u);
  bin += make_uint4((unsigned)i & 1u, 0u, 1u, 0u);
  histogram[i] += bin;
  ps[i] = p;
}

// ---- half and bfloat16 ------------------------------------------------------------
__global__ void mixed_precision(const __half2 *h, const __hip_bfloat162 *b, float2 *out,
                                int *rounded, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 sum = __hadd2(h[i], h[i]);
  float2 f = __half22float2(sum);
  __hip_bfloat162 bb = __float22bfloat162_rn(f);
  float2 g = __bfloat1622float2(bb);
  rounded[i] = __half2int_rn(__low2half(sum));
  out[i] = make_float2(f.x + g.x + __bfloat162float(b[i].x), f.y + g.y);
}

// Half and bfloat16 arithmetic as mixed-precision kernels write it: a product
// of two halves accumulated into a half, negated pairs, base-2 exponentials,
// pair shuffles within a 32-lane logical warp, pair atomics.
__global__ void half_pairs(__half2 *h, __hip_bfloat162 *b, __half *acc, __hip_bfloat16 *bacc,
                           const __half *x, const __hip_bfloat16 *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  acc[i] += x[i] * x[i];
  bacc[i] += y[i] * y[i];
  __half2 e = h2exp2(-h[i]);
  e = e + __shfl_xor(e, 1, 32);
  __hip_bfloat162 d = __hsub2(b[i], b[i]);
  d = __shfl_down(d, 1, 32);
  unsafeAtomicAdd(&h[0], e);
  unsafeAtomicAdd(&b[0], d);
  atomicAdd(&acc[0], hexp2(x[i]));
}

// ---- atomics and cooperative groups ---------------------------------------------
__global__ void accumulate(const float *v, float *total, double *dtotal, int *flags,
                           unsigned int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsafeAtomicAdd(total, v[i]);
  unsafeAtomicAdd(dtotal, (double)v[i]);
  atomicAdd_system(count, 1u);
  atomicOr_system(flags, 1 << (i % 31));
  atomicCAS_system(flags + 1, 0, i);
  cg::coalesced_group active = cg::coalesced_threads();
  if (active.thread_rank() == 0) atomicMax_system(flags + 2, (int)active.size());
}

// The planted bug: the vote of a 64-lane wavefront kept in an unsigned int.
__global__ void count_positive(const float *v, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int vote = __ballot(i < n && v[i] > 0.0f); // PLANTED
  if (__lane_id() == 0) atomicAdd(count, __popc(vote)); // PLANTED (counts 32 lanes)
}

template <int Block, typename T> __global__ void scale(T *v, T f, int n) {
  int i = blockIdx.x * Block + threadIdx.x;
  if (i < n) v[i] = std::fabs(v[i]) * f > (T)INT_MAX ? T(0) : v[i] * f;
}

// ---- host side ---------------------------------------------------------------------
#define CHECK(x)                                                                       \
  do {                                                                                 \
    hipError_t e = (x);                                                                \
    if (e != hipSuccess) {                                                             \
      fprintf(stderr, "%s: %s\n", #x, hipGetErrorString(e));                           \
      return 1;                                                                        \
    }                                                                                  \
  } while (0)

int main() {
  const int n = 4096;
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  int integrated = 0, managed = 0, peer = 0;
  CHECK(hipDeviceGetAttribute(&integrated, hipDeviceAttributeIntegrated, 0));
  CHECK(hipDeviceGetAttribute(&managed, hipDeviceAttributeManagedMemory, 0));
  printf("%s: %d units, L2 %d bytes, maps host memory: %d, %s\n", prop.name,
         prop.multiProcessorCount, prop.l2CacheSize, prop.canMapHostMemory,
         prop.concurrentManagedAccess ? "coherent" : "not coherent");
  CHECK(hipFuncSetCacheConfig(reinterpret_cast<const void *>(trajectories),
                              hipFuncCachePreferL1));

  // Pinned, mapped and registered host memory.
  Particle *host = nullptr;
  CHECK(hipMallocHost((void **)&host, n * sizeof(Particle)));
  float *mapped = nullptr;
  CHECK(hipHostMalloc((void **)&mapped, n * sizeof(float), hipHostMallocMapped));
  std::vector<float> staging(n, 1.0f);
  CHECK(hipHostRegister(staging.data(), n * sizeof(float), hipHostRegisterMapped));
  float *staging_dev = nullptr;
  CHECK(hipHostGetDevicePointer((void **)&staging_dev, staging.data(), 0));

  // Pitched 2-D and 3-D memory.
  float *image = nullptr;
  size_t pitch = 0;
  CHECK(hipMallocPitch((void **)&image, &pitch, 256 * sizeof(float), 128));
  hipPitchedPtr volume;
  CHECK(hipMalloc3D(&volume, make_hipExtent(64 * sizeof(float), 64, 64)));
  CHECK(hipMemcpy2D(image, pitch, staging.data(), 256 * sizeof(float), 256 * sizeof(float),
                    16, hipMemcpyHostToDevice));

  // A texture object over the image.
  hipResourceDesc res = {};
  res.resType = hipResourceTypePitch2D;
  res.res.pitch2D.devPtr = image;
  res.res.pitch2D.desc = hipCreateChannelDesc<float>();
  res.res.pitch2D.width = 256;
  res.res.pitch2D.height = 128;
  res.res.pitch2D.pitchInBytes = pitch;
  hipTextureDesc td = {};
  td.readMode = hipReadModeElementType;
  hipTextureObject_t tex = 0;
  CHECK(hipCreateTextureObject(&tex, &res, &td, nullptr));

  // Managed memory, prefetch, peers.
  Particle *ps = nullptr;
  CHECK(hipMallocManaged((void **)&ps, n * sizeof(Particle)));
  CHECK(hipMemPrefetchAsync(ps, n * sizeof(Particle), 0, 0));
  CHECK(hipDeviceCanAccessPeer(&peer, 0, 1));
  if (peer) CHECK(hipDeviceEnablePeerAccess(1, 0));

  float *angle, *v, *total;
  double *energy, *dtotal;
  int *flags, *rounded, *count;
  unsigned int *bits, *ucount;
  unsigned long long *wide;
  uint4 *hist;
  __half2 *h;
  __hip_bfloat162 *b;
  float2 *out;
  CHECK(hipMalloc(&angle, n * sizeof(float)));
  CHECK(hipMalloc(&v, n * sizeof(float)));
  CHECK(hipMalloc(&total, sizeof(float)));
  CHECK(hipMalloc(&energy, n * sizeof(double)));
  CHECK(hipMalloc(&dtotal, sizeof(double)));
  CHECK(hipMalloc(&flags, 3 * sizeof(int)));
  CHECK(hipMalloc(&rounded, n * sizeof(int)));
  CHECK(hipMalloc(&count, sizeof(int)));
  CHECK(hipMalloc(&bits, n * sizeof(unsigned int)));
  CHECK(hipMalloc(&ucount, sizeof(unsigned int)));
  CHECK(hipMalloc(&wide, n * sizeof(unsigned long long)));
  CHECK(hipMalloc(&hist, n * sizeof(uint4)));
  CHECK(hipMalloc(&h, n * sizeof(__half2)));
  CHECK(hipMalloc(&b, n * sizeof(__hip_bfloat162)));
  CHECK(hipMalloc(&out, n * sizeof(float2)));

  // Timing without events' timestamps, then a captured graph of two kernels.
  hipEvent_t done;
  CHECK(hipEventCreateWithFlags(&done, hipEventDisableTiming));
  hipStream_t s;
  CHECK(hipStreamCreate(&s));
  dim3 grid((n + 255) / 256), block(256);
  hipGraph_t graph;
  hipGraphExec_t exec;
  CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  hipLaunchKernelGGL(trajectories, grid, block, 0, s, ps, angle, energy, n);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<256, float>), grid, block, 0, s, v, 0.5f, n);
  CHECK(hipStreamEndCapture(s, &graph));
  CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  CHECK(hipGraphLaunch(exec, s));
  rounding<<<grid, block, 0, s>>>(v, energy, bits, wide, n);
  integrate<<<grid, block, 0, s>>>(ps, hist, 0.01f, n);
  mixed_precision<<<grid, block, 0, s>>>(h, b, out, rounded, n);
  accumulate<<<grid, block, 0, s>>>(v, total, dtotal, flags, ucount, n);
  count_positive<<<grid, block, 0, s>>>(v, count, n);
  CHECK(hipEventRecord(done, s));
  CHECK(hipEventSynchronize(done));

  unsigned long limit = ULONG_MAX;
  printf("%lu %f\n", limit, std::fabs(-1.0));
  CHECK(hipDestroyTextureObject(tex));
  CHECK(hipGraphExecDestroy(exec));
  CHECK(hipGraphDestroy(graph));
  CHECK(hipHostUnregister(staging.data()));
  CHECK(hipHostFree(mapped));
  CHECK(hipFreeHost(host));
  return 0;
}
