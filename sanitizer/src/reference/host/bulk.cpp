//===--- bulk.cpp - chunked threads and uninitialised buffers -------------===//
#include "bulk.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <new>
#include <sys/mman.h>
#include <thread>
#include <vector>

namespace wavesan::host_detail {

unsigned workerCount(unsigned Requested) {
  if (Requested > 0)
    return std::min(Requested, MaxWorkers);
  return std::clamp(std::thread::hardware_concurrency(), 1u, MaxWorkers);
}

void forChunks(size_t Count, size_t Chunk, unsigned Workers,
               const std::function<void(size_t, size_t, unsigned)> &Fn) {
  const size_t Chunks = (Count + Chunk - 1) / Chunk;
  const unsigned Threads =
      static_cast<unsigned>(std::min<size_t>(std::max(1u, Workers), std::max<size_t>(1, Chunks)));
  if (Threads <= 1) {
    for (size_t B = 0; B < Count; B += Chunk)
      Fn(B, std::min(Count, B + Chunk), 0);
    return;
  }
  std::atomic<size_t> Next{0};
  std::atomic<bool> Stop{false};
  std::exception_ptr First;
  std::mutex FirstLock;
  auto Run = [&](unsigned Worker) {
    try {
      for (size_t K; !Stop.load(std::memory_order_relaxed) &&
                     (K = Next.fetch_add(1, std::memory_order_relaxed)) < Chunks;)
        Fn(K * Chunk, std::min(Count, (K + 1) * Chunk), Worker);
    } catch (...) {
      Stop = true;
      std::lock_guard<std::mutex> G(FirstLock);
      if (!First)
        First = std::current_exception();
    }
  };
  std::vector<std::thread> Pool;
  Pool.reserve(Threads - 1);
  try {
    for (unsigned W = 1; W < Threads; ++W)
      Pool.emplace_back(Run, W);
  } catch (...) { // no thread could be started: the ones running and this one finish the work
  }
  Run(0);
  for (std::thread &T : Pool)
    T.join();
  if (First)
    std::rethrow_exception(First);
}

namespace {
constexpr size_t HugePage = size_t(2) << 20;
} // namespace

void FloatBuffer::Free::operator()(float *P) const { bulkFree(P, Bytes); }

namespace {

/// Freed large blocks kept for the next check (see bulkAllocate): at most
/// CacheBlocks blocks and CacheBytes bytes, the most recently freed last.
struct Cached {
  void *P;
  size_t Bytes;
};
constexpr size_t CacheBlocks = 4, CacheBytes = size_t(1) << 30;
struct CacheState {
  std::mutex Lock;
  std::vector<Cached> Blocks;
};
/// Never destroyed: blocks freed during static destruction still find it, and the
/// blocks it holds at exit stay reachable (not leaks).
CacheState &cache() {
  static CacheState *C = new CacheState;
  return *C;
}

size_t roundedSize(size_t Bytes) { return (Bytes + HugePage - 1) / HugePage * HugePage; }

} // namespace

void *bulkAllocate(size_t Bytes) {
  if (Bytes > SIZE_MAX - HugePage)
    throw std::bad_alloc();
  if (Bytes < 2 * HugePage) {
    void *P = std::malloc(Bytes ? Bytes : 1);
    if (!P)
      throw std::bad_alloc();
    return P;
  }
  const size_t Rounded = roundedSize(Bytes);
  {
    // A block freed by an earlier check, of this size up to twice it: its pages are
    // already mapped (fresh pages cost a fault and the kernel's zero-fill each).
    CacheState &C = cache();
    std::lock_guard<std::mutex> G(C.Lock);
    for (size_t I = C.Blocks.size(); I-- > 0;)
      if (C.Blocks[I].Bytes >= Rounded && C.Blocks[I].Bytes / 2 <= Rounded) {
        void *P = C.Blocks[I].P;
        C.Blocks.erase(C.Blocks.begin() + static_cast<std::ptrdiff_t>(I));
        return P;
      }
  }
  void *P = std::aligned_alloc(HugePage, Rounded);
  if (!P)
    throw std::bad_alloc();
  madvise(P, Rounded, MADV_HUGEPAGE); // advice only: fine when refused
  return P;
}

void bulkFree(void *P, size_t Bytes) {
  if (!P)
    return;
  if (Bytes < 2 * HugePage) {
    std::free(P);
    return;
  }
  // At least roundedSize(Bytes): a block taken from the cache for a smaller request
  // may be larger than that, never smaller.
  std::vector<void *> Drop;
  {
    CacheState &C = cache();
    std::lock_guard<std::mutex> G(C.Lock);
    C.Blocks.push_back({P, roundedSize(Bytes)});
    size_t Total = 0;
    for (const Cached &B : C.Blocks)
      Total += B.Bytes;
    while (!C.Blocks.empty() && (C.Blocks.size() > CacheBlocks || Total > CacheBytes)) {
      Total -= C.Blocks.front().Bytes;
      Drop.push_back(C.Blocks.front().P);
      C.Blocks.erase(C.Blocks.begin());
    }
  }
  for (void *D : Drop)
    std::free(D);
}

FloatBuffer::FloatBuffer(size_t N) : Size(N) {
  if (N == 0)
    return;
  if (N > SIZE_MAX / sizeof(float))
    throw std::bad_alloc();
  Own = std::unique_ptr<float, Free>(static_cast<float *>(bulkAllocate(N * sizeof(float))),
                                     Free{N * sizeof(float)});
  Ptr = Own.get();
}

FloatBuffer FloatBuffer::view(const float *Data, size_t N) {
  FloatBuffer B;
  B.Ptr = const_cast<float *>(Data);
  B.Size = N;
  return B;
}

} // namespace wavesan::host_detail
