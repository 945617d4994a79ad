// bench/emulator's program: the emulator against a plain C++ loop on the same work.
// Built by bench/emulator with wavesan-cc at -O2 (the plain loops are compiled in the same
// translation unit with the same flags: they are the floor).
//
//   emulator_bench reduce-emu|reduce-plain|gemm-emu|gemm-plain REPS
//
// prints two lines per repetition: `<case> <seconds>` (wall time of the launch and the
// synchronisation, or of the loop) and `cpu <seconds>` (the process's CPU time over the
// same interval, all threads), then `check <value>` so the work cannot be optimised
// away and the emulated and plain results can be compared by the script.
//
// reduce: 2^24 floats, 256-thread blocks, one element per thread; each wave folds with a
//         __shfl_down ladder from warpSize / 2, lane 0 parks the wave sum in shared memory,
//         one __syncthreads, wave 0 folds the partials and writes the block's sum.
//         (the per-lane-fiber floor for this kernel, measured on the 2-core build VM, is
//         ~0.73 s, ~70x the plain loop; bench/README.md.)
// gemm:   C = A B for 256 x 256 float matrices, 16 x 16 thread blocks, each block stages
//         16 x 16 tiles of A and B in shared memory (two barriers per k-tile).
#include <hip/hip_runtime.h>

#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

constexpr int kReduceN = 1 << 24;
constexpr int kReduceBlock = 256;
constexpr int kGemmN = 256;
constexpr int kTile = 16;

__global__ void block_reduce(const float *x, float *out) {
  __shared__ float partials[32];
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;
  const int waves = blockDim.x / warpSize;
  float v = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down(v, offset);
  if (lane == 0) partials[wave] = v;
  __syncthreads();
  if (wave == 0) {
    float p = lane < waves ? partials[lane] : 0.0f;
    for (int offset = warpSize / 2; offset > 0; offset /= 2) p += __shfl_down(p, offset);
    if (lane == 0) out[blockIdx.x] = p;
  }
}

__global__ void tiled_gemm(const float *a, const float *b, float *c, int n) {
  __shared__ float ta[kTile][kTile];
  __shared__ float tb[kTile][kTile];
  const int row = blockIdx.y * kTile + threadIdx.y;
  const int col = blockIdx.x * kTile + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += kTile) {
    ta[threadIdx.y][threadIdx.x] = a[row * n + k0 + threadIdx.x];
    tb[threadIdx.y][threadIdx.x] = b[(k0 + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < kTile; ++k) acc += ta[threadIdx.y][k] * tb[k][threadIdx.x];
    __syncthreads();
  }
  c[row * n + col] = acc;
}

void plain_reduce(const float *x, float *out) {
  for (int b = 0; b < kReduceN / kReduceBlock; ++b) {
    float s = 0.0f;
    for (int t = 0; t < kReduceBlock; ++t) s += x[b * kReduceBlock + t];
    out[b] = s;
  }
}

void plain_gemm(const float *a, const float *b, float *c, int n) {
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) c[i * n + j] = 0.0f;
    for (int k = 0; k < n; ++k) {
      const float aik = a[i * n + k];
      for (int j = 0; j < n; ++j) c[i * n + j] += aik * b[k * n + j];
    }
  }
}

#define CHECK(expr)                                                                       \
  do {                                                                                    \
    if ((expr) != hipSuccess) {                                                           \
      std::fprintf(stderr, "%s failed\n", #expr);                                         \
      std::exit(3);                                                                       \
    }                                                                                     \
  } while (0)

/// The engine's counters for the last launch (wavesan/emu/control.h): context switches per
/// resolved wave operation and per lane call of one.
void print_stats(const char *which) {
  const wavesan::LaunchStats st = wavesan::lastLaunchStats();
  std::printf("wavesan-stats %s workers=%u wave=%u lanes=%llu wave_ops=%llu wave_op_calls=%llu "
              "barriers=%llu switches=%llu switches_per_wave_op=%.3f "
              "switches_per_lane_call=%.3f fibers_created=%llu peak_fibers_per_worker=%u\n",
              which, st.Workers, st.WaveSize, (unsigned long long)st.Lanes,
              (unsigned long long)st.WaveOps, (unsigned long long)st.WaveOpCalls,
              (unsigned long long)st.Barriers, (unsigned long long)st.Switches,
              st.WaveOps ? double(st.Switches) / double(st.WaveOps) : 0.0,
              st.WaveOpCalls ? double(st.Switches) / double(st.WaveOpCalls) : 0.0,
              (unsigned long long)st.FibersCreated, st.PeakFibersPerWorker);
}

/// CPU time of the whole process (every worker thread), seconds.
double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s reduce-emu|reduce-plain|gemm-emu|gemm-plain REPS\n",
                 argv[0]);
    return 2;
  }
  const std::string which = argv[1];
  const int reps = std::atoi(argv[2]);
  if (which == "reduce-emu" || which == "reduce-plain") {
    std::vector<float> x(kReduceN);
    for (int i = 0; i < kReduceN; ++i) x[i] = static_cast<float>(i % 7) - 3.0f;
    std::vector<float> out(kReduceN / kReduceBlock);
    float *d_x = nullptr, *d_out = nullptr;
    if (which == "reduce-emu") {
      CHECK(hipMalloc(&d_x, x.size() * sizeof(float)));
      CHECK(hipMalloc(&d_out, out.size() * sizeof(float)));
      CHECK(hipMemcpy(d_x, x.data(), x.size() * sizeof(float), hipMemcpyHostToDevice));
    }
    for (int r = 0; r < reps; ++r) {
      const auto start = std::chrono::steady_clock::now();
      const double cpu_start = process_cpu_seconds();
      if (which == "reduce-emu") {
        hipLaunchKernelGGL(block_reduce, dim3(kReduceN / kReduceBlock), dim3(kReduceBlock), 0,
                           0, d_x, d_out);
        CHECK(hipGetLastError());
        CHECK(hipDeviceSynchronize());
      } else {
        plain_reduce(x.data(), out.data());
      }
      std::printf("%s %.6f\n", which.c_str(), seconds_since(start));
      std::printf("cpu %.6f\n", process_cpu_seconds() - cpu_start);
    }
    if (which == "reduce-emu") print_stats("reduce");
    if (which == "reduce-emu")
      CHECK(hipMemcpy(out.data(), d_out, out.size() * sizeof(float), hipMemcpyDeviceToHost));
    double check = 0;
    for (size_t b = 0; b < out.size(); ++b) check += out[b] * static_cast<double>(b % 5 + 1);
    std::printf("check %.1f\n", check);
    hipFree(d_x); // null (a no-op) for reduce-plain
    hipFree(d_out);
  } else if (which == "gemm-emu" || which == "gemm-plain") {
    const int n = kGemmN;
    std::vector<float> a(n * n), b(n * n), c(n * n);
    for (int i = 0; i < n * n; ++i) {
      a[i] = static_cast<float>(i % 5) - 2.0f;
      b[i] = static_cast<float>(i % 3) - 1.0f;
    }
    float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
    if (which == "gemm-emu") {
      CHECK(hipMalloc(&d_a, a.size() * sizeof(float)));
      CHECK(hipMalloc(&d_b, b.size() * sizeof(float)));
      CHECK(hipMalloc(&d_c, c.size() * sizeof(float)));
      CHECK(hipMemcpy(d_a, a.data(), a.size() * sizeof(float), hipMemcpyHostToDevice));
      CHECK(hipMemcpy(d_b, b.data(), b.size() * sizeof(float), hipMemcpyHostToDevice));
    }
    for (int r = 0; r < reps; ++r) {
      const auto start = std::chrono::steady_clock::now();
      const double cpu_start = process_cpu_seconds();
      if (which == "gemm-emu") {
        hipLaunchKernelGGL(tiled_gemm, dim3(n / kTile, n / kTile), dim3(kTile, kTile), 0, 0,
                           d_a, d_b, d_c, n);
        CHECK(hipGetLastError());
        CHECK(hipDeviceSynchronize());
      } else {
        plain_gemm(a.data(), b.data(), c.data(), n);
      }
      std::printf("%s %.6f\n", which.c_str(), seconds_since(start));
      std::printf("cpu %.6f\n", process_cpu_seconds() - cpu_start);
    }
    if (which == "gemm-emu") print_stats("gemm");
    if (which == "gemm-emu")
      CHECK(hipMemcpy(c.data(), d_c, c.size() * sizeof(float), hipMemcpyDeviceToHost));
    double check = 0;
    for (int i = 0; i < n * n; ++i) check += c[i] * static_cast<double>(i % 7 + 1);
    std::printf("check %.1f\n", check);
    hipFree(d_a); // null (a no-op) for gemm-plain
    hipFree(d_b);
    hipFree(d_c);
  } else {
    std::fprintf(stderr, "unknown case '%s': expected reduce-emu, reduce-plain, gemm-emu or "
                         "gemm-plain\n", which.c_str());
    return 2;
  }
  return 0;
}
