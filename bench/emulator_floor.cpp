// The per-lane-fiber floor for bench/emulator's reduction, measured on this machine.
//
//   emulator_floor REPS
//
// A floor of about 0.73 s on the 2-core build VM was measured earlier for a 2^24-float
// block reduction (256-thread blocks, 6-step shuffle ladder per wave, one barrier, a second
// ladder in wave 0) run with one fiber per lane. This program is that design stripped of
// everything but the switches and the shuffle arithmetic, so that bench/emulator can report the
// emulator against a floor taken in the same run, next to that earlier figure:
//   - one Boost.Context fiber per lane (boost::context::detail::jump_fcontext, the switch the
//     emulator uses), kept alive across blocks: a lane's fiber loops over the worker's blocks;
//   - chaining lane to lane: a lane reaching a shuffle or the barrier switches straight to the
//     next lane of its wave, the wave's last lane computes the shuffle for all 64 and switches
//     to the wave's first (one switch per lane per wave operation, no scheduler);
//   - stack tops offset by 1088-byte steps, the next lane's context prefetched, MXCSR's
//     exception flags set before the fibers are made (each of these was measured to matter);
//   - no runtime checks, no inactive-lane tracking, no HIP API: the kernel is written into the
//     lane function (the same arithmetic as bench/emulator_bench.hip's block_reduce).
// Two worker threads take blocks from an atomic counter, as the emulator's workers do.
// Prints "reduce-floor SECONDS", "cpu SECONDS" per repetition and "check VALUE" (the same
// weighted checksum as emulator_bench, so the results can be compared).
#include <boost/context/detail/fcontext.hpp>

#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sys/mman.h>
#include <thread>
#include <vector>
#include <xmmintrin.h>

namespace {

namespace fc = boost::context::detail;

constexpr int kN = 1 << 24;
constexpr int kBlock = 256;
constexpr int kWave = 64;
constexpr int kWaves = kBlock / kWave;
constexpr size_t kStackBytes = 256 * 1024; // as the emulator's; untouched pages cost nothing
constexpr size_t kShiftStep = 1088;

struct Worker {
  fc::fcontext_t Ctx[kBlock]; // suspended lanes
  fc::fcontext_t Main = nullptr;
  uint32_t Val[kBlock];        // shuffle operands, then results
  float Partials[kWaves];
  uint64_t Block = 0;
  const float *X = nullptr;
  float *Out = nullptr;
  std::atomic<uint64_t> *Next = nullptr;
  uint64_t NumBlocks = 0;
  void *Stacks[kBlock] = {};
};

thread_local Worker *W = nullptr;

/// Stores the context that switched here: a lane's (data = its index) or the worker's
/// main context (data = -1).
inline void resumedBy(fc::transfer_t T) {
  const intptr_t From = reinterpret_cast<intptr_t>(T.data);
  if (From >= 0) W->Ctx[From] = T.fctx;
  else W->Main = T.fctx;
}

/// Switch from lane \p From to lane \p To; returns when \p From is resumed.
inline void switchLane(int From, int To) {
  __builtin_prefetch(W->Ctx[To]);
  __builtin_prefetch(static_cast<char *>(W->Ctx[To]) + 64);
  resumedBy(fc::jump_fcontext(W->Ctx[To], reinterpret_cast<void *>(intptr_t(From))));
}

/// Lane \p I's __shfl_down(v, Off) over its 64-lane wave.
inline float shflDown(int I, float V, int Off) {
  W->Val[I] = std::bit_cast<uint32_t>(V);
  const int Lane = I % kWave, First = I - Lane;
  if (Lane != kWave - 1) {
    switchLane(I, I + 1);
  } else {
    uint32_t Res[kWave];
    for (int L = 0; L < kWave; ++L)
      Res[L] = L + Off < kWave ? W->Val[First + L + Off] : W->Val[First + L];
    std::memcpy(&W->Val[First], Res, sizeof Res);
    switchLane(I, First);
  }
  return std::bit_cast<float>(W->Val[I]);
}

void laneMain(fc::transfer_t T) {
  // First entry (priming): data is the lane's index; park at once.
  const int I = static_cast<int>(reinterpret_cast<intptr_t>(T.data));
  W->Main = T.fctx;
  resumedBy(fc::jump_fcontext(W->Main, reinterpret_cast<void *>(intptr_t(I))));
  for (;;) {
    const uint64_t B = W->Block;
    const int Lane = I % kWave, Wave = I / kWave;
    float V = W->X[B * kBlock + I];
    for (int Off = kWave / 2; Off > 0; Off /= 2) V += shflDown(I, V, Off);
    if (Lane == 0) W->Partials[Wave] = V;
    // __syncthreads: lanes chain through the block; the block's last lane releases lane 0.
    switchLane(I, I != kBlock - 1 ? I + 1 : 0);
    if (Wave == 0) {
      float P = Lane < kWaves ? W->Partials[Lane] : 0.0f;
      for (int Off = kWave / 2; Off > 0; Off /= 2) P += shflDown(I, P, Off);
      if (Lane == 0) W->Out[B] = P;
    }
    // Exit: the next lane, or after the block's last lane the next block (lane 0).
    if (I != kBlock - 1) {
      switchLane(I, I + 1);
    } else {
      W->Block = W->Next->fetch_add(1, std::memory_order_relaxed);
      if (W->Block >= W->NumBlocks) {
        resumedBy(fc::jump_fcontext(W->Main, reinterpret_cast<void *>(intptr_t(I))));
        std::abort(); // never resumed
      }
      switchLane(I, 0);
    }
  }
}

void workerMain(const float *X, float *Out, std::atomic<uint64_t> *Next, uint64_t NumBlocks) {
  Worker Self;
  W = &Self;
  _mm_setcsr(_mm_getcsr() | 0x3Fu); // every context made below starts with these flags
  Self.X = X;
  Self.Out = Out;
  Self.Next = Next;
  Self.NumBlocks = NumBlocks;
  for (int I = 0; I < kBlock; ++I) {
    void *Base = mmap(nullptr, kStackBytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (Base == MAP_FAILED) std::abort();
    Self.Stacks[I] = Base;
    const size_t Top = kStackBytes - (I % 61) * kShiftStep;
    fc::fcontext_t Fresh = fc::make_fcontext(static_cast<char *>(Base) + Top, Top, laneMain);
    // Priming: the lane learns its index and parks; the returned context is the parked lane.
    Self.Ctx[I] = fc::jump_fcontext(Fresh, reinterpret_cast<void *>(intptr_t(I))).fctx;
  }
  Self.Block = Next->fetch_add(1, std::memory_order_relaxed);
  if (Self.Block < NumBlocks)
    resumedBy(fc::jump_fcontext(Self.Ctx[0], reinterpret_cast<void *>(intptr_t(-1))));
  for (void *B : Self.Stacks) munmap(B, kStackBytes); // parked lanes hold no resources
}

double cpuSeconds() {
  timespec T{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &T);
  return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s REPS\n", argv[0]);
    return 2;
  }
  const int Reps = std::atoi(argv[1]);
  std::vector<float> X(kN), Out(kN / kBlock);
  for (int I = 0; I < kN; ++I) X[I] = static_cast<float>(I % 7) - 3.0f;
  for (int R = 0; R < Reps; ++R) {
    const auto Start = std::chrono::steady_clock::now();
    const double Cpu = cpuSeconds();
    std::atomic<uint64_t> Next{0};
    std::thread T1(workerMain, X.data(), Out.data(), &Next, uint64_t(kN / kBlock));
    std::thread T2(workerMain, X.data(), Out.data(), &Next, uint64_t(kN / kBlock));
    T1.join();
    T2.join();
    std::printf("reduce-floor %.6f\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count());
    std::printf("cpu %.6f\n", cpuSeconds() - Cpu);
  }
  double Check = 0;
  for (size_t B = 0; B < Out.size(); ++B) Check += Out[B] * static_cast<double>(B % 5 + 1);
  std::printf("check %.1f\n", Check);
  return 0;
}
